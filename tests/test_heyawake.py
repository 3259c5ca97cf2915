"""Heyawake: the shared harness with brute force, its rules, formats and pictures."""

from __future__ import annotations

from dataclasses import replace

import pytest
from puzzlekit_heyawake.genre import LADDER, Heyawake

import puzzlekit
from puzzlekit import generation, interchange
from puzzlekit.core import BOOL, FALSE, TRUE, domains_of
from puzzlekit.core.rng import Rng
from puzzlekit.generation import ClueTrials, unique_at
from puzzlekit.grid import LiveLeft, RectGrid, RoomCutter, RoomNumbers, left_open
from puzzlekit.testing import PuzzleConformance

# pzprjs's own test data (test/script/heyawake.js in robx/pzprjs): its URL, and its answer.
PZPR_URL = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"
PZPR_ROOMS = "0 1 1 2 2 3 /0 1 1 2 2 3 /0 1 1 2 2 3 /4 4 4 4 4 3 /5 5 5 6 6 3 /5 5 5 6 6 7 /"
PZPR_NUMBERS = "2 2 . 2 . 2 /" + ". . . . . . /" * 5
PZPR_ANSWER = "# + # + + # /+ + + # + + /# + # + # + /+ + + + + + /+ # + # + # /+ + # + + + /"
PZPR_FILE = "pzprv3/heyawake/6/6/8/" + PZPR_ROOMS + PZPR_NUMBERS + PZPR_ANSWER
PZPR_TOUCHING = (
    "pzprv3/heyawake/6/6/8/"
    + PZPR_ROOMS
    + PZPR_NUMBERS
    + ". . . . . . /" * 2
    + ". # . . . . /" * 2
    + ". . . . . . /" * 2
)


class TestHeyawake(PuzzleConformance):
    puzzle = "heyawake"
    brute_force = 150  # planted unsound rungs show on >= 22% of boards; is_solution makes each cheap


def test_the_pzprjs_sample_solves_to_its_answer() -> None:
    result = puzzlekit.solve("heyawake", PZPR_URL)
    assert result.status == puzzlekit.Status.UNIQUE
    checked = puzzlekit.check("heyawake", PZPR_FILE)
    assert checked.status == "solved"
    (answer,) = puzzlekit.load("heyawake", PZPR_FILE)
    assert list(result.solutions[0].values) == [1 if d == TRUE else 0 for d in answer.own_marks()]


def test_check_names_each_broken_rule_in_words() -> None:
    wrong = puzzlekit.check("heyawake", PZPR_TOUCHING)
    kinds = {v.kind for v in wrong.violations}
    assert "touching" in kinds and wrong.status == "wrong"
    touching = next(v for v in wrong.violations if v.kind == "touching")
    assert touching.message == "two shaded cells touch at r3c2 and r4c2" and touching.cells == (13, 19)
    (p,) = puzzlekit.load("heyawake", "1.. | aab\n... | aab\n")
    found = {v.kind: v for v in p.genre.accept(p.instance, [0] * 6)}
    assert found["room"].message == "the 1 in the room at r1c1 holds 0 shaded cells, not 1" and found["room"].unfinished
    assert "three-rooms" not in found  # rows of rooms a, a, b cross one wall


def test_three_rooms_in_a_row_need_a_shaded_cell() -> None:
    (p,) = puzzlekit.load("heyawake", "... | abc\n")
    found = p.genre.accept(p.instance, [0, 0, 0])
    assert [v.kind for v in found] == ["three-rooms"]
    assert found[0].message == "unshaded cells cross three rooms from r1c1 to r1c3"
    assert puzzlekit.solve("heyawake", "... | abc\n").status == puzzlekit.Status.MULTIPLE  # r1c2 or an end


def test_a_line_of_unmarked_cells_across_three_rooms_is_unfinished_not_solved() -> None:
    """Unmarked cells may still be shaded, so such a line is no error yet, but the board is
    not solved either (the play page said "Solved!" with a third of a daily marked)."""
    (p,) = puzzlekit.load("heyawake", "... | abc\n")
    (found,) = p.genre.accept(p.instance, [0, 2, 0])
    assert found.unfinished
    assert found.message == "nothing shaded yet breaks the line from r1c1 to r1c3 across three rooms"
    assert p.genre.accept(p.instance, [1, 0, 0]) == []  # shaded at an end: the line is broken


def test_the_level_reads_back_numbers_anywhere_in_their_room_and_wide_numbers() -> None:
    (p,) = puzzlekit.load("heyawake", ".2 | aa\n.. | bb\n")
    assert p.instance.numbers == (2, None) and p.instance.spots == (1, 2)
    assert p.text() == ".2 | aa\n.. | bb\n"
    wide = "# expect: none\n10 . | a a\n . . | a a\n".replace("a a", "aa")
    (w,) = puzzlekit.load("heyawake", wide)
    assert w.instance.numbers == (10,) and w.text().splitlines()[1:] == ["10  . | aa", " .  . | aa"]  # right-aligned


def test_layers_are_located_in_the_file() -> None:
    from puzzlekit import LevelError

    with pytest.raises(LevelError) as err:
        puzzlekit.load("heyawake", "1. | ab\n.. | a?\n", "lvl.txt")
    assert (err.value.line, err.value.col) == (2, 7) and "found '?'" in str(err.value)
    with pytest.raises(LevelError) as err:
        puzzlekit.load("heyawake", "1 1 | aa\n", "lvl.txt")
    assert (err.value.line, err.value.col) == (1, 3) and "has two numbers" in str(err.value)
    with pytest.raises(LevelError, match="expected 2 layers side by side"):
        puzzlekit.load("heyawake", "1.\n")


def test_url_and_file_round_trip_as_pzprjs_writes_them() -> None:
    (p,) = puzzlekit.load("heyawake", PZPR_URL)
    assert interchange.encode(p, "url") == PZPR_URL
    written = interchange.encode(p, "pzpr")
    assert written.startswith("pzprv3.1\nheyawake\n6\n6\n1 0 1 0 1 \n")
    (again,) = puzzlekit.load("heyawake", written)
    assert again.instance.rooms.owner == p.instance.rooms.owner and again.instance.numbers == p.instance.numbers
    (old,) = puzzlekit.load("heyawake", PZPR_FILE)  # pzprv3: room numbers, not borders
    assert old.instance.rooms.owner == p.instance.rooms.owner


def test_pictures_draw_walls_numbers_and_shading() -> None:
    (p,) = puzzlekit.load("heyawake", PZPR_FILE)
    dom = p.own_marks()
    svg = p.genre.draw_svg(p.instance, dom)
    assert svg.count('class="wall') >= len(p.instance.rooms.walls)
    plain = p.genre.pretty(p.instance, dom)
    assert plain.splitlines()[0].startswith("┌") and "█" in plain and "│" in plain.splitlines()[1]
    assert p.genre.pretty(p.instance, [BOOL] * 36).count(".") >= 30
    assert domains_of([0, 1])[1] == TRUE and FALSE == 1


# pzprjs's failing answers for its sample (test/script/heyawake.js), by the error it names.
PZPR_SHADINGS = {
    "cuDivideRB": "# . # . . . /. . . # . . /# . # . . . /. # . . . . /. . . . . . /. . . . . . /",
    "bkShadeNe": "# . . . . . /. . . # . . /# . # . # . /. # . . . . /. . . . . . /. . . . . . /",
    "bkUnshadeConsecGt3": "# + # + + # /+ + + # + + /# + # + # + /+ + + + + + /. # . # . # /. . . . . . /",
}
PZPR_KINDS = {"cuDivideRB": "split", "bkShadeNe": "room", "bkUnshadeConsecGt3": "three-rooms"}


def test_pzprjs_s_failing_answers_break_the_rule_pzprjs_names() -> None:
    for error, shading in PZPR_SHADINGS.items():
        checked = puzzlekit.check("heyawake", "pzprv3/heyawake/6/6/8/" + PZPR_ROOMS + PZPR_NUMBERS + shading)
        assert checked.status != "solved", error
        assert PZPR_KINDS[error] in {v.kind for v in checked.violations}, (error, checked.violations)


def test_pzprjs_s_empty_board_reads_as_one_room() -> None:
    (p,) = puzzlekit.load("heyawake", "pzprv3/heyawake/6/6")  # pzprjs's brNoShade case
    assert p.instance.rooms.n == 1 and p.instance.numbers == (None,)


@pytest.mark.parametrize("rung", [2, 3, 4])
def test_numbers_blanked_by_halving_are_those_one_trial_per_room_blanks(rung: int) -> None:
    """``ClueSlots``'s readers (a room's count and patterns, and the trial rung) bring a live
    engine to the fixpoint a fresh one reaches: the same numbers stay either way."""
    genre = Heyawake()
    compared = 0
    for seed in range(8):
        board = genre._planted(RectGrid(6, 6), Rng(f"halves{seed}"), min(rung, 3), None)
        if board is None:
            continue
        orbits = [[room] for room in range(board.rooms.n)]
        Rng(f"order{seed}").shuffle(orbits)
        kept = []
        for live in (True, False):
            generation.LIVE = live
            try:
                trials = ClueTrials(genre, board, max_nodes=200, deadline=None)
                kept.append((trials.blank_each(orbits, rung), trials.instance.numbers))
            finally:
                generation.LIVE = True
        assert kept[0] == kept[1]
        assert unique_at(genre, replace(board, numbers=kept[0][1]), rung)
        compared += 1
    assert compared >= 3


def _settles(seed: str, regrows: int) -> bool:
    """Does a 10x10 board settle at rung 1 (what easy settles at), regrowing up to ``regrows`` times?"""
    genre, grid, rng = Heyawake(), RectGrid(10, 10), Rng(seed)
    cutter = RoomCutter.round_shading(grid, rng, 8)
    build = lambda live: genre._rules(grid, cutter.runs(), cutter.numbered(), live.add, 1)  # noqa: E731
    left = LiveLeft(LADDER, grid.n_cells, build, lambda: cutter.shading.values, 1)
    settled = cutter.settle(left, 4, regrows)
    assert settled == (not left_open(genre.build(RoomNumbers.cut(cutter)), 1))  # the live engine's word
    return settled


def test_settling_regrows_the_rooms_it_is_stuck_on() -> None:
    """A settle stuck on a room no cut mends (a 2x2 room whose one shaded cell could be any
    of three) merges it with the rooms round it and cuts again, instead of giving up."""
    seeds = [f"regrow-{i}" for i in range(10)]
    assert sum(_settles(s, 0) for s in seeds) <= 7
    assert sum(_settles(s, 10) for s in seeds) >= 9


@pytest.mark.parametrize(("cap", "spare"), [(1, 64), (2, 1), (3, 0)])
def test_the_live_engine_leaves_open_what_a_fresh_one_does(cap: int, spare: int, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """``LiveLeft`` after every cut and redrawing agrees with a model and engine built anew
    (``spare`` 0 or 1: free slots run out and the engine is built again)."""
    from puzzlekit.grid import liveleft

    monkeypatch.setattr(liveleft, "SPARE", spare)
    genre, grid, rng = Heyawake(), RectGrid(8, 8), Rng(f"live{cap}")
    cutter = RoomCutter.round_shading(grid, rng, 30)
    build = lambda live: genre._rules(grid, cutter.runs(), cutter.numbered(), live.add, cap)  # noqa: E731
    left = LiveLeft(LADDER, grid.n_cells, build, lambda: cutter.shading.values, cap)
    moves = 0
    for k in range(40):
        room = k % len(cutter.rects)
        moved = cutter.split(room) or (k % 3 == 0 and cutter.reshade(cutter.around(k % grid.n_cells, 1), True))
        moves += bool(moved)
        assert left() == left_open(genre.build(RoomNumbers.cut(cutter)), cap)
    assert moves >= 10
