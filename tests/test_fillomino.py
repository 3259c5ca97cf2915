"""Fillomino: the shared harness with brute force, its rules, formats, pictures and twin."""

from __future__ import annotations

import pytest

import puzzlekit
from puzzlekit import LevelError, interchange
from puzzlekit.testing import PuzzleConformance

# pzprjs's own test data (test/script/fillomino.js in robx/pzprjs): its URL, and its answer.
PZPR_URL = "https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h"
PZPR_GIVENS = ". . 4 . . . /. 5 3 . 2 . /. . . . 5 2 /3 3 . . . . /. 2 . 1 4 . /. . . 3 . . /"
PZPR_ANSWER = "5 5 . 4 4 4 /5 . . 2 . 1 /3 5 3 3 . . /. . 5 5 5 2 /2 . 5 . . 4 /1 3 3 . 4 4 /"
PZPR_BORDERS = "0 0 0 0 0 /" * 6 + "0 0 0 0 0 0 /" * 5
SOLVED = "554444553221353352335552225144133344"
# pzprjs's failing answers for its sample, by the error it names, and the kind we report.
PZPR_WRONG = {
    "bkSizeLt": ". . . . . . /. . . . . . /. . . . . . /. . . . 5 . /. . . . . . /. . . . . . /",
    "bsSameNum": ". . . . . . /. . . . . . /. 3 3 3 . . /. . . . 5 . /. . . . . . /. . . . . . /",
    "bkSizeGt": ". . . . . . /. . . . . . /. . 3 3 . . /. . 5 5 5 . /. . 5 . . . /. . 5 . . . /",
}
PZPR_KINDS = {"bkSizeLt": "empty", "bsSameNum": "region-size", "bkSizeGt": "region-size"}
# Boards from Tatham's own generator (sgt-filling --generate 1 '10x10#seed1', '7x7#a').
TATHAM_IDS = (
    "10x10:8a6i23a6a2448b3a4d9b8b4a6b3a2a75a66c7a9c2b69j9a9b2a3a2a556443a6a5e",
    "5x5:a4b244a1a355a4a55c5a42",
)


class TestFillomino(PuzzleConformance):
    puzzle = "fillomino"
    brute_force = 120


def test_the_pzprjs_sample_solves_to_its_answer() -> None:
    result = puzzlekit.solve("fillomino", PZPR_URL)
    assert result.status == puzzlekit.Status.UNIQUE
    assert "".join(map(str, result.solutions[0].values)) == SOLVED
    checked = puzzlekit.check("fillomino", "pzprv3/fillomino/6/6/" + PZPR_GIVENS + PZPR_ANSWER + PZPR_BORDERS)
    assert checked.status == "solved"


def test_pzprjs_s_failing_answers_break_the_rule_pzprjs_names() -> None:
    for error, answer in PZPR_WRONG.items():
        checked = puzzlekit.check("fillomino", "pzprv3/fillomino/6/6/" + PZPR_GIVENS + answer + PZPR_BORDERS)
        assert checked.status != "solved", error
        assert PZPR_KINDS[error] in {v.kind for v in checked.violations}, (error, checked.violations)


def test_check_says_what_is_wrong_in_words() -> None:
    (p,) = puzzlekit.load("fillomino", "2..\n...\n")
    found = p.genre.accept(p.instance, [2, 2, 2, 1, 3, 1])
    assert found[0].message == "the region of 2 at r1c1 has 3 cells, not 2"
    found = p.genre.accept(p.instance, [1, 0, 0, 0, 0, 0])
    kinds = {v.kind: v for v in found}
    assert kinds["given"].message == "r1c1 holds 1, not its given 2" and kinds["empty"].unfinished


def test_level_errors_are_located() -> None:
    with pytest.raises(LevelError) as err:
        puzzlekit.load("fillomino", "1.\n.x\n", "lvl.txt")
    assert (err.value.line, err.value.col) == (2, 2) and "found 'x'" in str(err.value)
    with pytest.raises(LevelError, match="regions here have 2 at most"):
        puzzlekit.load("fillomino", "3.\n")
    with pytest.raises(LevelError, match="largest"):
        puzzlekit.load("fillomino", "# largest: 9\n1.\n")


def test_wide_numbers_and_a_bound_read_back() -> None:
    text = "# expect: unique\n# largest: 12\n12  .  .\n .  .  .\n .  .  .\n .  .  .\n"
    (p,) = puzzlekit.load("fillomino", text)
    assert p.instance.largest == 12 and p.instance.givens[0] == 12
    (again,) = puzzlekit.load("fillomino", p.text())
    assert (again.instance.givens, again.instance.largest) == (p.instance.givens, p.instance.largest)
    assert puzzlekit.solve("fillomino", text).status == puzzlekit.Status.UNIQUE


def test_url_and_file_round_trip_as_pzprjs_writes_them() -> None:
    (p,) = puzzlekit.load("fillomino", PZPR_URL)
    assert interchange.encode(p, "url") == PZPR_URL
    written = interchange.encode(p, "pzpr")
    assert written.startswith("pzprv3\nfillomino\n6\n6\n. . 4 . . . \n")
    (again,) = puzzlekit.load("fillomino", written)
    assert (again.instance.givens, again.instance.largest) == (p.instance.givens, p.instance.largest)
    with pytest.raises(LevelError, match="variant"):
        puzzlekit.load("fillomino", "pzprv3/fillomino/3/3/t/" + ". . . /" * 3)


def test_tatham_ids_read_write_and_are_unique_under_his_bound() -> None:
    for game_id in TATHAM_IDS:
        (p,) = puzzlekit.load("fillomino", game_id)
        assert p.instance.largest == 9
        assert interchange.encode(p, "tatham") == game_id
    assert puzzlekit.solve("fillomino", TATHAM_IDS[1]).status == puzzlekit.Status.UNIQUE
    with pytest.raises(LevelError, match="random-seed"):
        puzzlekit.load("fillomino", "5x5#12")


def test_sat_twin_agrees_with_propagation() -> None:
    pytest.importorskip("pysat")
    for source in (PZPR_URL, TATHAM_IDS[1], "2..\n...\n", "22\n.2\n"):
        ours = puzzlekit.solve("fillomino", source)
        sat = puzzlekit.solve("fillomino", source, engine="sat")
        assert ours.status == sat.status, source
        if ours.status == puzzlekit.Status.UNIQUE:
            assert list(ours.solutions[0].values) == list(sat.solutions[0].values)


def test_pictures_draw_walls_between_regions() -> None:
    (p,) = puzzlekit.load("fillomino", "pzprv3/fillomino/6/6/" + PZPR_GIVENS + PZPR_ANSWER + PZPR_BORDERS)
    dom = p.own_marks()
    svg = p.genre.draw_svg(p.instance, dom)
    assert svg.count('class="wall') >= 20
    plain = p.genre.pretty(p.instance, dom)
    assert plain.splitlines()[0].startswith("┌") and "│ 5  5│ 4  4  4  4│" in plain


def test_hints_explain_in_words() -> None:
    (p,) = puzzlekit.load("fillomino", "1.\n..\n")
    hint = puzzlekit.hint("fillomino", "1.\n..\n") if hasattr(puzzlekit, "hint") else None
    assert p.instance.givens == (1, 0, 0, 0)
    if hint is not None:
        assert "region of 1" in str(hint) or "1" in str(hint)


def test_boards_pzprjs_wrote_read_and_write_back_the_same() -> None:
    """Seeded random boards made and written by pzprjs itself (tools/pzprjs_fillomino.js)."""
    import json
    from pathlib import Path

    from puzzlekit.core import fixed_values

    boards = json.loads((Path(__file__).parent / "fixtures" / "pzprjs" / "fillomino.json").read_text())
    for board in boards:
        (p,) = puzzlekit.load("fillomino", board["url"])
        assert list(p.instance.givens) == board["givens"], board["url"]
        assert interchange.encode(p, "url").split("?")[1] == board["url"].split("?")[1]
        (f,) = puzzlekit.load("fillomino", board["file"])
        assert list(f.instance.givens) == board["givens"]
        entered = [v if not g and v <= len(board["givens"]) else 0 for g, v in zip(board["givens"], board["numbers"])]
        shown = fixed_values(f.own_marks())
        assert all(shown[c] == v for c, v in enumerate(entered) if v), board["file"]
        head = 4 + board["rows"]  # header, size and givens, as pzprjs wrote them
        assert interchange.encode(f, "pzpr").split("\n")[:head] == board["file"].split("\n")[:head]


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_boards_are_unique_by_sat_need_their_rung_and_repeat(difficulty: str) -> None:
    pytest.importorskip("pysat")
    made = puzzlekit.generate("fillomino", size="6x5", difficulty=difficulty, seed="tests", count=2)
    rung = puzzlekit.default_host().genre("fillomino").difficulties[difficulty]
    for m in made:
        assert puzzlekit.solve("fillomino", m.text, engine="sat").status == puzzlekit.Status.UNIQUE, m.text
        assert m.rung == puzzlekit.solve("fillomino", m.text).stats.rung == rung, m.text
    again = puzzlekit.generate("fillomino", size="6x5", difficulty=difficulty, seed="tests", count=2)
    assert [m.text for m in again] == [m.text for m in made]


def test_random_regions_draw_big_boards_whose_regions_hold_their_size() -> None:
    from puzzlekit.core.rng import Rng
    from puzzlekit.grid import RectGrid, random_regions, size_violations

    grid = RectGrid(20, 20)
    values = random_regions(grid, Rng("tests"), 9)
    assert values is not None and max(values) <= 9 and not size_violations(grid, values)


def live_after(board: object, values: list[int], cells: list[int], rung: int, by_pieces: bool) -> list[int]:
    """The domains of a live engine on ``board``'s one model after the first third of
    ``cells`` given, then every other later cell added a few at a time, as a halving pass
    adds them; ``by_pieces`` False: ``GivenCells`` works the whole board out each run."""
    from puzzlekit.core.engine import Engine

    editable = puzzlekit.default_host().genre("fillomino").clue_model(board)
    if not by_pieces:
        editable.given.applied = None
    first = set(cells[: len(cells) // 3])
    for cell in cells:
        editable.set_clue(cell, values[cell] if cell in first else None)
    live = Engine(editable.model, max_rung=rung)
    assert live.start()
    for cell in cells[len(cells) // 3 :: 2]:
        editable.set_clue(cell, values[cell])
        for reader in editable.readers(cell):
            live.wake(reader)
        if cell % 3 == 0:
            assert live.run()
    assert live.run()
    return live.dom


@pytest.mark.parametrize("seed", range(8))
def test_givens_added_by_pieces_narrow_as_the_whole_board_worked_out_does(seed: int) -> None:
    """``GivenCells`` on a live engine takes only the givens added since its last run (its
    aux slots) and the open pieces beside them, yet lands where working out every cell on
    each run does, at rungs 1 and 2 (the rest of the board allows only more)."""
    from puzzlekit_fillomino.genre import Board

    from puzzlekit.core.rng import Rng
    from puzzlekit.grid import RectGrid, random_regions

    rng = Rng(f"givens{seed}")
    grid = RectGrid(6, 7)
    values = random_regions(grid, rng, 6)
    assert values is not None
    board = Board(grid, tuple(values), grid.n_cells)
    cells = list(range(grid.n_cells))
    rng.shuffle(cells)
    for rung in (1, 2):
        assert live_after(board, values, cells, rung, True) == live_after(board, values, cells, rung, False)


@pytest.mark.parametrize("seed", range(4))
def test_a_given_the_window_calls_needed_is_one_deduction_cannot_do_without(seed: int) -> None:
    """``NumberGivens.needed`` judges a removal on a window round it with the rest known: it
    may say "needed" only where deduction capped at the rung, on the whole board, fails
    without the given (a pass keeps such givens untried), and it does say so of some, on a
    board minimal at rung 1 (so rungs 2 and 3 take some removals)."""
    from dataclasses import replace

    from puzzlekit_fillomino.genre import Board

    from puzzlekit.core.rng import Rng
    from puzzlekit.generation import reduce_clues, unique_at
    from puzzlekit.grid import RectGrid, random_regions

    genre, rng = puzzlekit.default_host().genre("fillomino"), Rng(f"window{seed}")
    grid = RectGrid(8, 9)
    values = random_regions(grid, rng, 8)
    assert values is not None
    full = Board(grid, tuple(values), grid.n_cells)
    board = reduce_clues(genre, full, [[c] for c in range(grid.n_cells)], 1, rng)  # minimal at rung 1
    givens = list(board.givens)
    editable = genre.clue_model(board)
    needed = passed = 0
    for rung in (1, 2, 3):
        for cell in [c for c, g in enumerate(givens) if g][::3]:
            says = editable.needed([cell], values, rung)
            goes = unique_at(genre, replace(board, givens=(*givens[:cell], 0, *givens[cell + 1 :])), rung)
            assert not (says and goes), (rung, cell)
            needed, passed = needed + says, passed + goes
    assert needed and passed


@pytest.mark.parametrize("seed", range(3))
def test_hardening_ranks_givens_by_what_their_window_leaves_open(seed: int) -> None:
    """``NumberGivens.left_open`` counts the open cells of the window round a removed given;
    the window narrows the whole board's start, so it never counts more than deduction
    capped at the rung leaves open on the whole board (and 0 is exactly ``needed``'s "no"),
    and ``ClueTrials.ranked`` (``harden``'s order) sorts the givens by it, with no pass."""
    from dataclasses import replace

    from puzzlekit_fillomino.genre import Board

    from puzzlekit.core import Engine
    from puzzlekit.core.rng import Rng
    from puzzlekit.generation import DEFAULT_BUDGET, ClueTrials, reduce_clues
    from puzzlekit.grid import RectGrid, random_regions

    genre, rng = puzzlekit.default_host().genre("fillomino"), Rng(f"ranked{seed}")
    grid = RectGrid(8, 9)
    values = random_regions(grid, rng, 8)
    assert values is not None
    trials = ClueTrials(genre, Board(grid, tuple(values), grid.n_cells), DEFAULT_BUDGET, None)
    board = reduce_clues(genre, trials.instance, [[c] for c in range(grid.n_cells)], 2, rng, trials=trials)
    editable, givens = trials.editable, list(board.givens)
    assert editable is not None and trials.solution == values
    orbits = [[c] for c, g in enumerate(givens) if g]
    guessed = [editable.left_open(orbit, values, 2) for orbit in orbits]
    for (cell,), left in zip(orbits, guessed):
        engine = Engine(genre.build(replace(board, givens=(*givens[:cell], 0, *givens[cell + 1 :]))), max_rung=2)
        engine.start()
        assert left is not None and left <= sum(1 for d in engine.dom if d & (d - 1))
        assert (left != 0) == editable.needed([cell], values, 2)
    assert trials.ranked(orbits, 2) == [orbits[i] for i in sorted(range(len(orbits)), key=lambda i: guessed[i])]
    assert len(set(guessed)) > 1  # an order that says something
