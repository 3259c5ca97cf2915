"""Kurodoko: the shared harness with brute force, its rules, formats and pictures, and the
sight-line toolkit it stands on."""

from __future__ import annotations

import pytest

import puzzlekit
from puzzlekit import LevelError, interchange
from puzzlekit.core import BOOL, FALSE, TRUE
from puzzlekit.testing import PuzzleConformance

# pzprjs's own test data (test/script/kurodoko.js in robx/pzprjs): its URL, and its answer.
PZPR_URL = "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i"
PZPR_NUMBERS = ". . . 7 . /5 . . . . /. . 2 . . /. . . . 2 /. 4 . . . /"
PZPR_FILE = "pzprv3/kurodoko/5/5/" + PZPR_NUMBERS + "+ # + + . /+ + # + + /+ # + + # /+ + # + + /# + + + # /"
PZPR_FAILS = {
    "csAdjacent": (". . . . . /. . . . . /. . . . . /. . # . . /. . # . . /", "touching"),
    "cuDivideRB": (". # . . . /. . # . . /. # . . . /. . # . . /. . . # . /", "split"),
    "nmSumViewNe": ("# + + + . /+ + # + + /+ # + + # /+ + # + + /# + + + # /", "view"),
}


class TestKurodoko(PuzzleConformance):
    puzzle = "kurodoko"
    brute_force = 60


def test_the_pzprjs_sample_solves_to_its_answer() -> None:
    result = puzzlekit.solve("kurodoko", PZPR_URL)
    assert result.status == puzzlekit.Status.UNIQUE
    assert puzzlekit.check("kurodoko", PZPR_FILE).status == "solved"
    (answer,) = puzzlekit.load("kurodoko", PZPR_FILE)
    assert list(result.solutions[0].values) == [1 if d == TRUE else 0 for d in answer.own_marks()]


def test_pzprjs_s_failing_answers_break_the_rule_pzprjs_names() -> None:
    for error, (shading, kind) in PZPR_FAILS.items():
        checked = puzzlekit.check("kurodoko", "pzprv3/kurodoko/5/5/" + PZPR_NUMBERS + shading)
        assert checked.status != "solved", error
        assert kind in {v.kind for v in checked.violations}, (error, checked.violations)


def test_pzprjs_s_blank_board_is_not_solved() -> None:
    (blank,) = puzzlekit.load("kurodoko", "pzprv3/kurodoko/5/5/" + PZPR_NUMBERS)  # brNoShade: nothing shaded
    assert puzzlekit.check("kurodoko", blank.text()).status != "solved"


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_boards_are_unique_by_the_sat_twin_and_repeat_by_seed(difficulty: str) -> None:
    pytest.importorskip("pysat")
    made = puzzlekit.generate("kurodoko", size=(6, 6), seed=f"t-{difficulty}", difficulty=difficulty, count=3)
    for m in made:
        ours, sat = puzzlekit.solve("kurodoko", m.text), puzzlekit.solve("kurodoko", m.text, engine="sat")
        assert ours.status == sat.status == puzzlekit.Status.UNIQUE
        assert ours.solutions[0].values == sat.solutions[0].values
        assert puzzlekit.grade("kurodoko", m.text).difficulty == difficulty
    again = puzzlekit.generate("kurodoko", size=(6, 6), seed=f"t-{difficulty}", difficulty=difficulty, count=3)
    assert [m.text for m in again] == [m.text for m in made]


def test_check_says_what_a_number_sees() -> None:
    (p,) = puzzlekit.load("kurodoko", "3..\n...\n")
    found = p.genre.accept(p.instance, [0, 1, 0, 0, 0, 0])
    assert [(v.kind, v.message, v.unfinished) for v in found] == [("view", "the 3 at r1c1 sees 2 cells, not 3", False)]
    assert p.genre.accept(p.instance, [0, 0, 1, 0, 0, 0]) == []
    (many,) = p.genre.accept(p.instance, [0] * 6)
    assert many.message == "the 3 at r1c1 sees 4 cells, not 3" and many.unfinished  # shading may still come


def test_a_hint_explains_its_step_in_words() -> None:
    hint = puzzlekit.hint("kurodoko", "2.2\n...\n")  # the 2s cannot see each other: r1c2 is shaded
    words = "no other count there adds up with the other ways, so the next one is shaded"
    assert hint.text == f"r1c2 is shaded: the 2 at r1c1 sees 0 cells east and no more: {words}"
    (p,) = puzzlekit.load("kurodoko", "2.2\n...\n")
    assert p.genre.build(p.instance).domains[:3] == [FALSE, BOOL, FALSE]  # numbers start unshaded


def test_levels_are_located_and_wide_numbers_read_back() -> None:
    with pytest.raises(LevelError) as err:
        puzzlekit.load("kurodoko", "2.\n.x\n", "lvl.txt")
    assert (err.value.line, err.value.col) == (2, 2) and "found 'x'" in str(err.value)
    (w,) = puzzlekit.load("kurodoko", "10 .\n . .\n")
    assert w.instance.numbers == (10, None, None, None) and w.text().splitlines()[-2:] == ["10  .", " .  ."]


def test_url_file_and_range_id_round_trip() -> None:
    (p,) = puzzlekit.load("kurodoko", PZPR_URL)
    assert interchange.encode(p, "url") == PZPR_URL
    written = interchange.encode(p, "pzpr")
    assert written.startswith("pzprv3\nkurodoko\n5\n5\n. . . 7 . \n")
    (again,) = puzzlekit.load("kurodoko", written)
    assert again.instance.numbers == p.instance.numbers
    assert interchange.encode(p, "tatham") == "5x5:c7a5f2f2a4c"
    (tatham,) = puzzlekit.load("kurodoko", "6x6:c6f5_3a4h7a5_2f4c")  # /usr/games/sgt-range's
    assert interchange.encode(tatham, "tatham") == "6x6:c6f5_3a4h7a5_2f4c"
    assert tatham.instance.numbers[9:12] == (None, 5, 3)


@pytest.mark.parametrize(
    ("source", "col", "words"),
    [
        ("5x5:c7a5f2f2a4", 15, "ends after 22 of 25 cells"),
        ("5x5:c7a5f2f2a4cc", 16, "runs past the board's 25 cells"),
        ("5x5:c7a5f2f2a4!", 15, "expected a number, a-z"),
    ],
)
def test_bad_range_ids_are_refused_at_the_character(source: str, col: int, words: str) -> None:
    with pytest.raises(LevelError) as err:
        puzzlekit.load("kurodoko", source)
    assert err.value.col == col and words in str(err.value), str(err.value)


def test_pictures_draw_numbers_and_shading() -> None:
    (p,) = puzzlekit.load("kurodoko", PZPR_FILE)
    dom = p.own_marks()
    svg = p.genre.draw_svg(p.instance, dom)
    assert svg.count(">2<") == 2 and ">7<" in svg
    plain = p.genre.pretty(p.instance, dom)
    assert "7" in plain and "█" in plain and len(plain.splitlines()) == 5


def test_the_clue_model_keeps_a_number_s_view_across_blanking() -> None:
    """``ClueSlots(keep=True)``: a number blanked and put back is the same ``SeesExactly``
    (so its memo of quiet states lasts the whole reduction); the model solves as before."""
    from puzzlekit.core.clues import Idle

    genre = puzzlekit.default_host().genre("kurodoko")
    (made,) = puzzlekit.generate("kurodoko", size="7x7", difficulty="medium", seed="keep")
    editable = genre.clue_model(made.instance)
    cell = next(c for c, n in enumerate(made.instance.numbers) if n is not None)
    (slot,) = editable.slots[cell]
    view = editable.model.propagators[slot]
    editable.set_clue(cell, None)
    assert isinstance(editable.model.propagators[slot], Idle)
    editable.set_clue(cell, made.instance.numbers[cell])
    assert editable.model.propagators[slot] is view
