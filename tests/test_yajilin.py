"""Yajilin: the shared harness with brute force, pzprjs's sample and failing answers, the
SAT twin, formats, generated boards and bad input."""

from __future__ import annotations

import pytest
from puzzlekit_yajilin.genre import Yajilin

import puzzlekit
from puzzlekit import LevelError, interchange
from puzzlekit.core import FALSE, TRUE
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import solve_sat
from puzzlekit.formats.arrows import arrow_body, read_arrow_body
from puzzlekit.testing import PuzzleConformance

GENRE = Yajilin()
SAMPLE = "https://puzz.link/p?yajilin/5/5/m32j10"


class TestYajilin(PuzzleConformance):
    puzzle = "yajilin"
    brute_force = 80


# pzprjs's test/script/yajilin.js: its URL body, its answer (the last, failing nothing) and
# the failing answers, by the error pzprjs names, with the kind ``accept`` gives each.
CLUES = ". . . . . /. . . . . /. . . 3,2 . /. . . . . /. . . . 1,0 /"
ANSWER = (
    ". . . . . /. . . . + /# . # . + /. . + . + /. . . # . /1 1 -1 1 /1 -1 1 -1 /0 0 0 -1 /1 -1 1 1 /1 1 0 0 /"
    "1 -1 1 1 1 /0 1 0 0 1 /0 1 0 0 1 /1 -1 1 0 0 /"
)
FAILING = {
    "lnBranch": (
        ". . . . . /. . . . . /. . . . . /. . . . . /. . . . . /1 1 1 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /"
        "0 1 0 0 0 /0 1 0 0 0 /0 1 0 0 0 /0 0 0 0 0 /",
        "branch",
    ),
    "lnOnShade": (
        ". . . # . /. . . . . /# . # . . /. . . . . /. . . . . /1 1 0 1 /1 0 1 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /"
        "1 0 1 1 0 /0 1 0 0 0 /0 1 0 0 0 /0 0 0 0 0 /",
        "line-on-shaded",
    ),
    "csAdjacent": (
        ". . . . . /. . . . . /# . # . . /. . # . . /. . . . . /1 1 0 1 /1 0 1 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /"
        "1 0 1 1 0 /0 1 0 0 0 /0 1 0 0 0 /0 0 0 0 0 /",
        "touching",
    ),
    "anShadeNe": (
        ". . . . . /. . . . + /# . . . + /. . + . + /. . . # . /1 1 -1 1 /1 -1 1 -1 /0 0 0 -1 /1 -1 1 1 /"
        "1 1 0 0 /1 -1 1 1 1 /0 1 0 0 1 /0 1 0 0 1 /1 -1 1 0 0 /",
        "arrow",
    ),
    "lnDeadEnd": (
        ". . . . . /. . . . + /# . # . + /. . + . + /. . . . . /1 1 0 1 /1 0 1 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /"
        "1 0 1 1 0 /0 1 0 0 0 /0 1 0 0 0 /0 0 0 0 0 /",
        "dead-end",
    ),
    "lnPlLoop": (
        ". . . . . /. . . . + /# . # . + /. . + . + /. . . . . /1 1 0 1 /1 1 0 1 /0 0 0 0 /0 0 1 0 /0 0 1 0 /"
        "1 0 1 1 1 /0 0 0 0 0 /0 0 0 0 0 /0 0 1 1 0 /",
        "loops",
    ),
    "ceEmpty": (
        ". . . . . /. . . . + /# . # . + /. . + . + /. . . . . /1 1 0 1 /1 0 1 0 /0 0 0 0 /0 1 0 1 /0 0 1 0 /"
        "1 0 1 1 1 /0 1 0 0 1 /0 1 0 0 1 /0 0 1 1 0 /",
        "unvisited",
    ),
}


def pzpr_text(source: str) -> str:
    """The drawn level text of a pzprv3 file (the registered reader)."""
    (p,) = puzzlekit.load("yajilin", source)
    return "\n".join(GENRE.write(p.instance, p.own_marks())) + "\n"


def values_of(text: str) -> list[int]:
    (p,) = puzzlekit.load(GENRE, text)
    dom = p.own_marks()
    return [1 if d == TRUE else 0 for d in dom]


def test_the_pzprjs_sample_solves_to_its_answer() -> None:
    (p,) = puzzlekit.load("yajilin", SAMPLE)
    text = "\n".join(GENRE.write(p.instance)) + "\n"
    result = puzzlekit.solve(GENRE, text)
    assert result.status == puzzlekit.Status.UNIQUE
    answer = values_of(pzpr_text("pzprv3/yajilin/5/5/" + CLUES + ANSWER))
    assert list(result.solutions[0].values) == answer
    assert GENRE.accept(p.instance, answer) == []
    assert interchange.encode(p, "url") == SAMPLE
    assert arrow_body(read_arrow_body(5, 5, "m32j10")) == "m32j10"


@pytest.mark.parametrize("error", sorted(FAILING))
def test_pzprjs_s_failing_answers_break_the_rule_pzprjs_names(error: str) -> None:
    state, kind = FAILING[error]
    text = pzpr_text("pzprv3/yajilin/5/5/" + CLUES + state)
    (p,) = puzzlekit.load(GENRE, text)
    found = GENRE.accept(p.instance, values_of(text))
    assert kind in {v.kind for v in found}, [v.message for v in found]


def test_the_sat_twin_agrees_on_random_boards() -> None:
    rng = Rng("yajilin-sat")
    for _ in range(12):
        rows, cols = rng.between(2, 4), rng.between(2, 4)
        tokens = ["."] * (rows * cols)
        for _ in range(rng.between(0, 2)):
            tokens[rng.below(rows * cols)] = f"{rng.between(0, 1)}{rng.choice('^v<>')}"
        text = "\n".join(" ".join(tokens[r * cols : (r + 1) * cols]) for r in range(rows)) + "\n"
        (p,) = puzzlekit.load(GENRE, text)
        ours = puzzlekit.core.count_solutions(GENRE.solving_model(p.instance), 2, 20000, None, record=False)
        sat = solve_sat(GENRE, p.instance, 2, None)
        assert ours.status == sat.status, text
        if ours.status == puzzlekit.Status.UNIQUE:
            assert ours.solutions[0] == sat.solutions[0]


def test_bad_input_is_located() -> None:
    with pytest.raises(LevelError, match="a number and an arrow") as err:
        puzzlekit.load(GENRE, ". .\n. 2?\n", "lvl.txt")
    assert (err.value.line, err.value.col) == (2, 3)
    with pytest.raises(LevelError, match="clue without arrow"):
        pzpr_text("pzprv3/yajilin/1/2/0,1 . /")
    with pytest.raises(LevelError, match="ends after 14") as err:
        puzzlekit.load("yajilin", SAMPLE[:-3])
    assert err.value.col == len(SAMPLE) - 2  # just past the body


def test_hints_explain_in_words() -> None:
    (p,) = puzzlekit.load("yajilin", SAMPLE)
    model = GENRE.solving_model(p.instance)
    engine = puzzlekit.core.engine.Engine(model, max_rung=1, record=True)
    assert engine.start(1)
    words = [model.propagators[e.by].explain(e.var, e.mask, e.note) for e in engine.log or [] if e.by >= 0]
    assert any("shaded" in w for w in words) and all(words)
    assert engine.dom[p.instance.grid.n_edges + 19] == FALSE  # r4c5, under the 0^: not shaded


def test_drawn_state_round_trips() -> None:
    text = pzpr_text("pzprv3/yajilin/5/5/" + CLUES + ANSWER)
    (p,) = puzzlekit.load(GENRE, text)
    drawn = "\n".join(GENRE.write(p.instance, p.own_marks())) + "\n"
    (again,) = puzzlekit.load(GENRE, drawn)
    assert again.own_marks() == p.own_marks() and again.instance == p.instance


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_boards_are_unique_deterministic_and_graded(difficulty: str) -> None:
    made = [puzzlekit.generate("yajilin", size=(6, 6), seed="t", difficulty=difficulty)[0] for _ in "ab"]
    assert made[0].text == made[1].text
    assert f"# tier: {GENRE.difficulties[difficulty]}" in made[0].text
    assert solve_sat(GENRE, made[0].instance, 2, None).status == puzzlekit.Status.UNIQUE


def test_the_editor_s_clue_spots_cycle_arrows_and_numbers() -> None:
    (p,) = puzzlekit.load(GENRE, ". .\n. 1<\n")
    spots = GENRE.clue_spots(p.instance)
    assert [s.value for s in spots] == [None, None, None, 201]
    assert spots[0].values[:4] == (None, 0, 1, 100)  # 0^ 1^ 0v on a 2x2 board
    edited = GENRE.edit_clue(p.instance, 0, 301)
    assert GENRE.write(edited) == ["1>  .", " . 1<"] and GENRE.edit_clue(edited, 3, None).clues[3] is None


@pytest.mark.parametrize("error", ["answer", *sorted(FAILING)])
def test_pzprjs_s_files_are_written_back_as_pzprjs_writes_them(error: str) -> None:
    """Each file of pzprjs's test/script/yajilin.js, read and written again: the same
    values in the same blocks (pzprjs's '/' are line breaks) under the puzzle id pzprjs
    writes, yajirin (its URLs say yajilin)."""
    source = "pzprv3/yajilin/5/5/" + CLUES + (ANSWER if error == "answer" else FAILING[error][0])
    (p,) = puzzlekit.load("yajilin", source)
    assert interchange.encode(p, "pzpr", state=p.own_marks()) == source.replace("/", "\n").replace("yajilin", "yajirin")


def test_a_pzprv3_file_without_marks_reads_back() -> None:
    (p,) = puzzlekit.load("yajilin", SAMPLE)
    written = interchange.encode(p, "pzpr")
    assert written.splitlines()[4:6] == [". . . . . ", ". . . . . "]
    (again,) = puzzlekit.load("yajilin", written)
    assert again.instance == p.instance and puzzlekit.check("yajilin", written).status != "solved"
