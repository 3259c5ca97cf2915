"""Numberlink: the shared harness with brute force, pzprjs's sample and failing answers,
the formats, the level text's errors, the toolkit's paths and the SAT twin."""

from __future__ import annotations

import pytest

import puzzlekit
from puzzlekit import LevelError, interchange
from puzzlekit.core import FALSE, TRUE
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import solve_sat
from puzzlekit.grid import RectGrid
from puzzlekit.grid.paths import path_values, random_paths, split_many, split_paths
from puzzlekit.testing import PuzzleConformance

# pzprjs's own test data (test/script/numlin.js in robx/pzprjs): its URL and its answer.
PZPR_URL = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
PZPR_NUMBERS = "1 . . . . /2 . . 3 . /. . . . . /. 1 . . 2 /. . . . 3 /"
PZPR_ANSWER = "1 -1 1 1 /0 -1 0 0 /0 -1 -1 0 /0 -1 -1 0 /1 1 -1 1 /0 1 1 0 1 /1 1 1 1 1 /1 1 1 1 1 /1 0 1 1 0 /"
PZPR_FILE = "pzprv3/numlin/5/5/" + PZPR_NUMBERS + PZPR_ANSWER
# Its failing answers, by the error pzprjs names, and the kind ``accept`` gives each.
PZPR_FAILING = {
    "lnBranch": ("0 0 0 0 /1 1 1 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 0 /0 1 0 0 0 /0 1 0 0 0 /0 0 0 0 0 /", "branch"),
    "lnCross": (
        "1 0 0 0 /1 1 1 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 1 0 0 0 /0 1 0 0 0 /0 1 0 0 0 /0 0 0 0 0 /",
        "crossing",
    ),
    "lcTripleNum": (
        "1 1 1 1 /1 1 1 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /1 0 0 0 1 /0 0 0 0 1 /0 0 0 0 1 /0 0 0 0 1 /",
        "through-number",
    ),
    "nmConnDiff": (
        "1 1 0 0 /0 0 0 0 /0 0 0 0 /0 0 1 1 /0 0 0 0 /0 0 1 0 0 /0 0 1 0 0 /0 0 1 0 0 /0 0 0 0 0 /",
        "different",
    ),
    "lcOnNum": (
        "0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 1 1 /0 0 0 0 /0 0 1 0 1 /0 0 1 0 1 /0 0 1 0 1 /0 0 0 0 0 /",
        "through-number",
    ),
    "lnDeadEnd": (
        "1 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 1 /0 1 0 0 0 /0 1 0 1 0 /0 0 0 1 0 /0 0 0 1 0 /",
        "dead-end",
    ),
    "lcIsolate": (
        "1 0 0 0 /0 0 0 0 /0 0 1 0 /0 0 0 0 /0 0 1 0 /0 1 0 0 0 /0 1 0 0 0 /0 1 1 1 0 /0 0 1 1 0 /",
        "no-number",
    ),
    "nmNoLine": (
        "1 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 1 /0 1 0 0 0 /0 1 0 1 0 /0 1 0 1 0 /0 0 0 1 0 /",
        "unlinked",
    ),
}


class TestNumberlink(PuzzleConformance):
    puzzle = "numberlink"
    brute_force = 120


def test_the_pzprjs_sample_solves_to_its_answer() -> None:
    result = puzzlekit.solve("numberlink", PZPR_URL)
    assert result.status == puzzlekit.Status.UNIQUE
    assert puzzlekit.check("numberlink", PZPR_FILE).status == "solved"
    (answer,) = puzzlekit.load("numberlink", PZPR_FILE)
    assert list(result.solutions[0].values) == [1 if d == TRUE else 0 for d in answer.own_marks()]


@pytest.mark.parametrize("error", sorted(PZPR_FAILING))
def test_pzprjs_s_failing_answers_break_the_rule_pzprjs_names(error: str) -> None:
    lines, kind = PZPR_FAILING[error]
    checked = puzzlekit.check("numberlink", "pzprv3/numlin/5/5/" + PZPR_NUMBERS + lines)
    assert checked.status != "solved"
    assert kind in {v.kind for v in checked.violations}, checked.violations


def test_an_empty_board_has_no_lines_and_no_solution() -> None:
    (p,) = puzzlekit.load("numberlink", "pzprv3/numlin/5/5")  # pzprjs's brNoLine case
    assert [v.kind for v in p.genre.accept(p.instance, [0] * 40)] == ["empty"]
    assert puzzlekit.solve("numberlink", "...\n...\n").status == puzzlekit.Status.NONE


def test_cells_may_stay_empty_and_detours_make_a_second_solution() -> None:
    assert puzzlekit.solve("numberlink", "1.1\n").status == puzzlekit.Status.UNIQUE
    assert puzzlekit.solve("numberlink", "1.1\n...\n").status == puzzlekit.Status.MULTIPLE  # straight or round
    assert puzzlekit.solve("numberlink", "12\n21\n").status == puzzlekit.Status.NONE  # they would cross


def test_url_and_file_round_trip_as_pzprjs_writes_them() -> None:
    (p,) = puzzlekit.load("numberlink", PZPR_URL)
    assert interchange.encode(p, "url") == PZPR_URL
    written = interchange.encode(p, "pzpr")
    assert written.startswith("pzprv3\nnumlin\n5\n5\n1 . . . . \n")
    (again,) = puzzlekit.load("numberlink", written)
    assert again.instance == p.instance
    (wide,) = puzzlekit.load("numberlink", "12 . 12\n")
    assert wide.instance.numbers == (12, 0, 12) and puzzlekit.load("numberlink", interchange.encode(wide, "url"))


def test_drawn_text_reads_back_lines_crosses_and_wide_numbers() -> None:
    (p,) = puzzlekit.load("numberlink", PZPR_FILE)
    dom = p.own_marks()
    drawn = "\n".join(p.genre.write(p.instance, dom)) + "\n"
    (again,) = puzzlekit.load("numberlink", drawn)
    assert again.own_marks() == dom and again.instance == p.instance
    (wide,) = puzzlekit.load("numberlink", "10 . 10\n. . .\n")
    lines = [TRUE, TRUE] + [FALSE] * 5  # across the top row
    drawn = wide.genre.write(wide.instance, lines)
    assert drawn == ["10- .-10", "  +  +", " .  .  ."]
    (again,) = puzzlekit.load("numberlink", "\n".join(drawn) + "\n")
    assert (
        again.instance == wide.instance and again.own_marks()[:2] == [TRUE, TRUE] and TRUE not in again.own_marks()[2:]
    )


def test_bad_levels_are_located() -> None:
    with pytest.raises(LevelError) as err:
        puzzlekit.load("numberlink", "1.\n.x2\n", "lvl.txt")
    assert err.value.line == 2
    with pytest.raises(LevelError, match="expected '-' \\(a line\\)"):
        puzzlekit.load("numberlink", "1-.?.\n")
    with pytest.raises(LevelError, match="expected 1 \\(a line\\), -1"):
        puzzlekit.load("numberlink", "pzprv3/numlin/1/2/1 1 /7 /")


def test_pictures_draw_lines_and_numbers() -> None:
    (p,) = puzzlekit.load("numberlink", PZPR_FILE)
    dom = p.own_marks()
    svg = p.genre.draw_svg(p.instance, dom)
    assert svg.count(">3<") == 2
    plain = p.genre.pretty(p.instance, dom)
    assert "─" in plain and "│" in plain and plain.splitlines()[0].startswith(" 1─┐")


def test_the_sat_twin_agrees_on_generated_boards() -> None:
    genre = puzzlekit.load("numberlink", PZPR_URL)[0].genre
    rng = Rng("numberlink-sat")
    for size in (6, 8):
        grid = RectGrid(size, size)
        paths = random_paths(grid, rng)
        from puzzlekit_numberlink.genre import Board

        board = Board(grid, tuple(n for n in _numbers(grid, paths)))
        ours = puzzlekit.core.count_solutions(genre.solving_model(board), 2, 5000, None, record=False)
        sat = solve_sat(genre, board, 2, None)
        assert ours.status == sat.status
        if sat.status == puzzlekit.Status.MULTIPLE:
            assert split_paths(grid, paths, next(s for s in sat.solutions if s != path_values(grid, paths)), rng)


def _numbers(grid: RectGrid, paths: list[list[int]]) -> list[int]:
    from puzzlekit.grid.paths import numbers_of

    return numbers_of(grid, paths)


def test_boards_of_other_shapes_differ() -> None:
    (row,) = puzzlekit.load("numberlink", "1.1\n")
    (column,) = puzzlekit.load("numberlink", "1\n.\n1\n")
    (same,) = puzzlekit.load("numberlink", "1.1\n")
    assert row.instance.numbers == column.instance.numbers and row.instance != column.instance
    assert row.instance == same.instance and hash(row.instance) == hash(same.instance)


def test_pzprjs_unknown_numbers_are_refused_at_their_place() -> None:
    with pytest.raises(LevelError, match="pzprjs's '\\?'") as err:
        puzzlekit.load("numberlink", "https://puzz.link/p?numlin/2/2/.h1")
    assert err.value.col > 0
    with pytest.raises(LevelError, match="pzprjs's '\\?'") as err:
        puzzlekit.load("numberlink", "pzprv3/numlin/2/2/1 . /. - /")
    assert err.value.col == 26  # the '-'


def test_a_second_solution_is_found_near_its_detour_and_nowhere_else() -> None:
    from puzzlekit.core.engine import Engine
    from puzzlekit.grid.paths import nearby_solution

    (p,) = puzzlekit.load("numberlink", "1.1\n...\n")  # the line may dip into the second row
    genre, grid = p.genre, p.instance.grid
    engine = Engine(genre.solving_model(p.instance), max_rung=2)
    assert engine.start(2)
    before = list(engine.dom)
    values = path_values(grid, [[0, 1, 2]])
    other = nearby_solution(engine, grid, values, grid.edge_between(0, 1), lambda v: not genre.accept(p.instance, v))
    assert other is not None and other != values and not genre.accept(p.instance, other)
    assert engine.dom == before  # the engine is left as it was
    (q,) = puzzlekit.load("numberlink", "1.1\n")
    engine = Engine(genre.solving_model(q.instance), max_rung=2)
    assert engine.start(2)
    grid = q.instance.grid
    assert nearby_solution(engine, grid, path_values(grid, [[0, 1, 2]]), 0, lambda v: True) is None


def test_big_boards_are_made_unique_by_local_repairs() -> None:
    (made,) = puzzlekit.generate("numberlink", size=(14, 14), seed="repairs", difficulty="medium")
    (again,) = puzzlekit.generate("numberlink", size=(14, 14), seed="repairs", difficulty="medium")
    assert made.text == again.text
    genre = puzzlekit.load("numberlink", PZPR_URL)[0].genre
    assert solve_sat(genre, made.instance, 2, None).status == puzzlekit.Status.UNIQUE


@pytest.mark.parametrize("seed", ["a", "b", "c", "d"])
def test_split_many_cuts_as_split_paths_does_time_after_time(seed: str) -> None:
    """The cut spots kept up to date (``split_many``) give the cuts, and leave the random
    draws, that listing them again per cut gives: the same seed makes the same board."""
    grid = RectGrid(12, 12)
    rng = Rng(f"split-many-{seed}")
    paths = random_paths(grid, rng)
    drawn = path_values(grid, paths)
    other = [v if rng.chance(2, 3) else 0 for v in drawn]  # some lines taken out: cut there
    ours, theirs = [list(p) for p in paths], [list(p) for p in paths]
    rng_ours, rng_theirs = Rng(f"cut-{seed}"), Rng(f"cut-{seed}")
    times = 3 + other.count(0) // 4  # far past the cut spots: the rest falls to split_paths
    done = split_many(grid, ours, other, rng_ours, times)
    assert done == any([split_paths(grid, theirs, other, rng_theirs) for _ in range(times)])
    assert ours == theirs and len(ours) > len(paths)
    assert rng_ours.below(1 << 30) == rng_theirs.below(1 << 30)
