"""The root lookahead's pause (issue 23): an early search from a half-deduced root, then the
root goes on from exactly where it paused.

The pause may only make the search quicker.  Whatever it finds, the answer is the one the
search without it gives: the same status and, on every board that is not "multiple", the
same grade (rung), the same root domains, the same rule counts and the same deduction log,
with the same solutions.  ``PAUSE_AFTER = 1`` pauses at the first probe that survives
(if none failed before it), so these small boards take every path: "multiple" from the early search, a solution whose
values the rest of the sweep skips, a tree counted in full, an early budget spent.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_learning_search import HARD  # a sparse minimal 15x15 Slitherlink deduction leaves open

import puzzlekit
from puzzlekit.core import search
from puzzlekit.core.search import SearchOutcome, Status, count_solutions


def grid_text(cells: list[str], cols: int, sep: str = "") -> str:
    return "".join(sep.join(cells[i : i + cols]) + "\n" for i in range(0, len(cells), cols))


@st.composite
def boards(draw: st.DrawFn) -> tuple[str, str]:
    """(genre, level text): small boards of the genres with a lookahead and a clause twin."""
    genre = draw(st.sampled_from(["slitherlink", "masyu", "shikaku", "sudoku", "akari"]))
    if genre == "sudoku":
        cells = draw(st.lists(st.sampled_from("....1234"), min_size=16, max_size=16))
        return genre, grid_text(cells, 4)
    rows, cols = draw(st.integers(2, 5)), draw(st.integers(2, 5))
    alphabet = {"slitherlink": ".....0123", "masyu": "......BW", "shikaku": "....2346", "akari": "....#01"}[genre]
    cells = draw(st.lists(st.sampled_from(alphabet), min_size=rows * cols, max_size=rows * cols))
    return genre, grid_text(cells, cols, " " if genre == "shikaku" else "")


def counted(genre: str, text: str, pause: int, early: int = search.EARLY_NODES, **kw: object) -> SearchOutcome:
    (puzzle,) = puzzlekit.load(genre, text)
    model = puzzle.genre.build(puzzle.instance)
    saved = search.PAUSE_AFTER, search.PAUSE_PART, search.EARLY_NODES
    # PAUSE_PART so large that the pause comes after ``pause`` probes, whatever the board's size
    search.PAUSE_AFTER, search.PAUSE_PART, search.EARLY_NODES = pause, 1 << 30, early
    try:
        return count_solutions(model, timeout=None, **kw)  # type: ignore[arg-type]
    finally:
        search.PAUSE_AFTER, search.PAUSE_PART, search.EARLY_NODES = saved


def assert_same(new: SearchOutcome, old: SearchOutcome, text: str) -> None:
    assert new.status == old.status, text
    assert new.rung == old.rung, text
    if old.status != Status.MULTIPLE:
        assert new.root == old.root, text
        assert new.rule_counts == old.rule_counts, text
        assert [(e.var, e.mask, e.by) for e in new.log] == [(e.var, e.mask, e.by) for e in old.log], text
        assert sorted(new.solutions) == sorted(old.solutions), text


SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(boards(), st.sampled_from([1, 3, 2000]))
def test_a_paused_root_gives_the_answer_and_grade_of_one_never_paused(board: tuple[str, str], early: int) -> None:
    genre, text = board
    try:
        old = counted(genre, text, 0)
    except puzzlekit.PuzzlekitError:
        return  # not a board this genre reads (a clue too big for it): nothing to compare
    assert_same(counted(genre, text, 1, early), old, text)
    plain = counted(genre, text, 0, learning=False)  # the depth-first search: the oracle
    assert old.status == plain.status, text


SETS = Path(__file__).resolve().parent.parent / "benchmarks" / "sets"


@cache
def hard_boards() -> list[tuple[str, str]]:
    """(genre, text) of boards that need the search: famous hard Sudokus, sparse minimal
    10x10 Slitherlinks (benchmarks/sets)."""
    out = []
    for name, genre in (("sudoku-famous", "sudoku"), ("sparse-minimal-10x10", "slitherlink")):
        path = SETS / f"{name}.txt"
        out += [(genre, p.text()) for p in puzzlekit.load(genre, path.read_text(encoding="utf-8"))]
    return out


@st.composite
def opened(draw: st.DrawFn) -> tuple[str, str]:
    """A board of ``hard_boards`` with a few clues taken off (unique or multiple, never none)."""
    genre, text = draw(st.sampled_from(hard_boards()))
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    clues = [(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch != "."]
    off = draw(st.sets(st.sampled_from(clues), max_size=4))
    rows = ["".join("." if (r, c) in off else ch for c, ch in enumerate(line)) for r, line in enumerate(lines)]
    return genre, "\n".join(rows) + "\n"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(opened())
def test_boards_that_need_the_search_keep_answer_and_grade_when_paused(board: tuple[str, str]) -> None:
    genre, text = board
    old = counted(genre, text, 0, record=True)
    assert old.status in (Status.UNIQUE, Status.MULTIPLE)
    assert_same(counted(genre, text, 1, record=True), old, text)
    assert_same(counted(genre, text, 16, 5, record=True), old, text)


@pytest.mark.parametrize("pause", [1, 64, 256])
def test_a_board_that_needs_the_search_keeps_its_grade_root_and_log(pause: int) -> None:
    old = counted("slitherlink", HARD, 0, record=True)
    new = counted("slitherlink", HARD, pause, record=True)
    assert old.status == Status.UNIQUE and old.rung == 6
    assert_same(new, old, HARD)


@pytest.mark.parametrize("budget", [1, 7, 50])
def test_a_budget_spent_with_a_pause_is_undecided(budget: int) -> None:
    new = counted("slitherlink", HARD, 1, max_nodes=budget)
    assert new.status == Status.UNDECIDED
    assert new.stopped_by == "max-nodes"
    assert not new.exhausted


def test_an_open_board_says_multiple_from_the_early_search() -> None:
    # A 2 on every black square of a chessboard: a domino tiling, open to the last cell.
    text = grid_text(["2" if (r + c) % 2 == 0 else "." for r in range(8) for c in range(8)], 8, " ")
    old = counted("shikaku", text, 0)
    new = counted("shikaku", text, 1)
    assert new.status == old.status == Status.MULTIPLE
    assert new.rung == old.rung
    assert len(new.solutions) == 2 and new.solutions[0] != new.solutions[1]


def test_the_lookahead_is_disarmed_once_the_search_is_done() -> None:
    (puzzle,) = puzzlekit.load("slitherlink", HARD)
    model = puzzle.genre.build(puzzle.instance)
    lookahead = search._lookahead(model)
    assert lookahead is not None
    count_solutions(model, timeout=None)
    assert lookahead.pause_after is None
    # and a later engine's deduction is a whole sweep, never a resumed one
    again = count_solutions(model, timeout=None, learning=False)
    assert again.status == Status.UNIQUE


@pytest.mark.parametrize("index", [1, 3, 11, 13])
def test_a_finite_domain_early_search_without_the_small_tree_gives_the_same_answer(index: int) -> None:
    """The early search of a paused finite-domain root goes to learning at once
    (``search.EARLY_SMALL_TREE`` off): the same status, grade, root, rule counts, log and
    solution as with the small tree first, and as a root never paused."""
    sudokus = [text for genre, text in hard_boards() if genre == "sudoku"]
    text = sudokus[index]
    saved = search.EARLY_SMALL_TREE
    try:
        search.EARLY_SMALL_TREE = True
        with_tree = counted("sudoku", text, search.PAUSE_AFTER, record=True)
        search.EARLY_SMALL_TREE = False
        without = counted("sudoku", text, search.PAUSE_AFTER, record=True)
    finally:
        search.EARLY_SMALL_TREE = saved
    never = counted("sudoku", text, 0, record=True)
    assert without.status == Status.UNIQUE
    assert without.nodes < with_tree.nodes  # the early search ran, and spent no small tree
    assert_same(without, with_tree, text)
    assert_same(without, never, text)
