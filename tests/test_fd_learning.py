"""Clause learning for finite-domain models (puzzlekit.core.fdtwin) against the depth-first
search it stands in for, against brute force, and under spent budgets.

The depth-first search is the oracle (``fdtwin.ENABLED = False``).  Small boards leave
fewer open variables than ``fdtwin.MIN_OPEN``, where the learning search would not be
used, so these tests lower it to 0, and ``search.SMALL_TREE`` too (the cheap depth-first
search tried before learning would answer most of them): every board that needs search
is searched by both.
The generic tests cover every installed genre whose SAT encoding declares ``values``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from puzzlekit_sudoku.board import Board as SudokuBoard
from test_hashi_brute_force import assert_agrees, grown_board, random_board
from test_learning_search import hashi_boards

import puzzlekit
from puzzlekit.core import fdtwin, search
from puzzlekit.core.engine import Engine
from puzzlekit.core.model import Model
from puzzlekit.core.rng import Rng
from puzzlekit.core.search import Status, count_solutions
from puzzlekit.engines.sat import SatEncoding, value_table
from puzzlekit.genre import Genre

ALL = 10_000  # a limit few small boards reach: both searches count everything (see assert_same)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(autouse=True)
def learn_everything(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(fdtwin, "MIN_OPEN", 0)
    monkeypatch.setattr(search, "SMALL_TREE", 0)
    monkeypatch.setattr(fdtwin, "SYNC", True)  # off by default; tested both ways (``sync``)
    yield


def counted(
    model: Model, learning: bool, limit: int = ALL, sync: bool = True, max_rung: int | None = None
) -> search.SearchOutcome:
    fdtwin.ENABLED, search.ROOT_SYNC = learning, sync
    try:
        return count_solutions(model, limit=limit, timeout=None, max_nodes=None, max_rung=max_rung)
    finally:
        fdtwin.ENABLED, search.ROOT_SYNC = True, True


def assert_same(genre: Genre, instance: object) -> None:
    """Both searches, after the whole ladder and after its first rung only (so that small
    boards need the search too), count the same solutions."""
    for cap in (None, 1):
        old = counted(genre.build(instance), False, max_rung=cap)
        new = counted(genre.build(instance), True, max_rung=cap)
        assert new.status == old.status, instance
        if len(old.solutions) >= ALL:  # a board with more: each search stops at its own first ALL
            assert len(new.solutions) == ALL, instance
            assert all(not genre.accept(instance, s) for s in new.solutions[:50]), instance
            continue
        assert sorted(new.solutions) == sorted(old.solutions), instance
        unsynced = counted(genre.build(instance), True, sync=False, max_rung=cap)
        assert sorted(unsynced.solutions) == sorted(old.solutions)
        # With the usual limit of two: the same status, and every solution a real one.
        two = counted(genre.build(instance), True, limit=2, max_rung=cap)
        assert two.status == (Status.MULTIPLE if len(old.solutions) >= 2 else old.status), instance
        assert all(s in old.solutions for s in two.solutions)


def declares_values(genre: Genre) -> bool:
    if type(genre).small_board is Genre.small_board or type(genre).sat_encoding is Genre.sat_encoding:
        return False
    try:
        encoding = genre.sat_encoding(genre.small_board(Rng("values?")))
    except puzzlekit.PuzzlekitError:  # an encoding that needs the sat extra, say
        return False
    return getattr(encoding, "values", None) is not None


def value_genres() -> list[str]:
    """Every installed genre with a small-board sampler whose SAT encoding declares values."""
    host = puzzlekit.default_host()
    return sorted(e.genre.name for e in host.genres() if declares_values(e.genre))


@pytest.mark.parametrize("name", value_genres() or ["(none yet)"])
@SETTINGS
@given(seed=st.text(min_size=1, max_size=8))
def test_every_genre_whose_encoding_declares_values_searches_the_same(name: str, seed: str) -> None:
    if name == "(none yet)":
        pytest.skip("no installed genre with a small-board sampler declares values yet")
    genre = puzzlekit.default_host().genre(name)
    board = genre.small_board(Rng(seed))

    class Twinned(type(genre)):  # type: ignore[misc]
        """The genre with its encoding as the model's twin, whether or not its build sets one."""

        def build(self, instance: object) -> Model:
            model = super().build(instance)
            model.cnf = lambda: genre.sat_encoding(instance)
            return model

    assert_same(Twinned(), board)


@SETTINGS
@given(hashi_boards())
def test_hashi_new_and_old_search_find_the_same_solutions(text: str) -> None:
    try:
        (puzzle,) = puzzlekit.load("hashiwokakero", text)
    except puzzlekit.PuzzlekitError:
        return  # not a board (an island with no possible partner is refused, for one)
    assert_same(puzzle.genre, puzzle.instance)


@pytest.mark.parametrize(("rows", "cols", "count", "seed"), [(4, 4, 150, 15), (5, 5, 150, 16), (4, 7, 80, 17)])
def test_learning_agrees_with_brute_force_on_small_bridges(rows: int, cols: int, count: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        assert_agrees(grown_board(rng, rows, cols, rng.choice([0.0, 0.2, 0.5])))
        board = random_board(rng, 3, 4, rng.uniform(0.2, 0.6))
        if any(ch != "." for row in board for ch in row):
            assert_agrees(board)


# -- a board that needs the search, under budgets -----------------------------------------

# 12x12 with 60% '?' islands (benchmarks/bridges_unknowns.py, seed 0): many solutions, and the
# learning search needs about a hundred and fifty decisions to find two.
MANY = """\
............
?..2.?....2.
............
3....?....?.
.?..?..3.1..
......1.....
.2...?.5..?.
............
?...3.?.....
..?..3.?.2..
.?....?...?.
?...........
"""


@cache
def many() -> tuple[puzzlekit.Puzzle, search.SearchOutcome]:
    (puzzle,) = puzzlekit.load("hashiwokakero", MANY)
    return puzzle, counted(puzzle.genre.build(puzzle.instance), True, limit=2)


def test_the_many_bridges_board_needs_the_learning_search() -> None:
    puzzle, outcome = many()
    assert outcome.status == Status.MULTIPLE
    assert outcome.nodes > 60
    assert all(not puzzle.genre.accept(puzzle.instance, s) for s in outcome.solutions)
    assert counted(puzzle.genre.build(puzzle.instance), False, limit=2).status == Status.MULTIPLE


@pytest.mark.parametrize("budget", [1, 7, 30])
@pytest.mark.parametrize("limit", [2, ALL])
def test_a_budget_spent_mid_search_is_undecided_never_a_wrong_unique(budget: int, limit: int) -> None:
    puzzle, _ = many()
    fdtwin.ENABLED = True
    outcome = count_solutions(puzzle.genre.build(puzzle.instance), limit=limit, timeout=None, max_nodes=budget)
    assert outcome.status == Status.UNDECIDED
    assert outcome.stopped_by == "max-nodes"
    assert not outcome.exhausted
    assert len(outcome.solutions) < 2
    assert all(not puzzle.genre.accept(puzzle.instance, s) for s in outcome.solutions)


def test_a_deadline_passed_is_undecided() -> None:
    puzzle, _ = many()
    outcome = count_solutions(puzzle.genre.build(puzzle.instance), timeout=1e-4, max_nodes=None)
    assert outcome.status == Status.UNDECIDED
    assert outcome.stopped_by == "timeout"


def test_a_deadline_passed_past_the_root_stops_the_learning_search() -> None:
    puzzle, full = many()
    model = puzzle.genre.build(puzzle.instance)
    plan = fdtwin.value_plan(model, full.root)
    assert plan is not None
    engine = Engine(model)
    assert engine.start()
    outcome = fdtwin.fd_learn_search(model, *plan, list(engine.dom), 2, None, time.perf_counter(), engine)
    assert not outcome.exhausted
    assert outcome.stopped_by == "timeout"


# -- the contract: SatEncoding.one_hot -------------------------------------------------------


def test_one_hot_numbers_values_first_and_skips_impossible_ones() -> None:
    assert value_table([3, 2]) == [[1, 2, 3], [4, 5]]
    assert value_table([3, 3], [0b110, 0b011]) == [[0, 1, 2], [3, 4, 0]]
    enc = SatEncoding.one_hot([3, 3], [[-2, -3]], domains=[0b110, 0b011])  # not (2, 0)
    assert enc.values == [[0, 1, 2], [3, 4, 0]]
    assert enc.top == 4 and not enc.direct
    assert enc.decode({2, 3}) == [2, 0]
    assert enc.block([2, 0]) == [-2, -3]
    models = _models(enc.top, enc.clauses)
    assert sorted(enc.decode(m) for m in models) == [[1, 0], [1, 1], [2, 1]]


def test_auxiliary_variables_above_the_values_count_in_top() -> None:
    enc = SatEncoding.one_hot([2], [[1, 7], [-7, 2]])
    assert enc.values == [[1, 2]]
    assert enc.top == 7


def test_a_twin_whose_table_does_not_fit_the_model_is_not_used() -> None:
    enc = SatEncoding.one_hot([2, 2], [])
    assert fdtwin.value_twin(enc, [0b11, 0b11]) == [[1, 2], [3, 4]]
    assert fdtwin.value_twin(enc, [0b111, 0b11]) is None  # a value the twin does not know
    assert fdtwin.value_twin(enc, [0b11]) is None  # another number of variables
    assert fdtwin.value_twin(SatEncoding.boolean(2, []), [0b11, 0b11]) is None  # no values


def _models(top: int, clauses: list[list[int]]) -> list[set[int]]:
    out = []
    for bits in range(1 << top):
        true = {v + 1 for v in range(top) if bits >> v & 1}
        if all(any((lit in true) if lit > 0 else (-lit not in true) for lit in c) for c in clauses):
            out.append(true)
    return out


# -- root deduction cut short -----------------------------------------------------------------


def tatham_bridges(count: int) -> list[puzzlekit.Puzzle]:
    """The first boards of a Tatham fixture (tests/fixtures/tatham)."""
    path = Path(__file__).parent / "fixtures" / "tatham" / "bridges-15x15-hard.txt"
    return puzzlekit.load("hashiwokakero", path.read_text())[:count]


@pytest.mark.parametrize("which", range(4))
def test_a_root_cut_short_by_its_share_of_the_timeout_still_gives_the_answer(
    which: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = [*puzzlekit.load("hashiwokakero", MANY), *tatham_bridges(3)][which]
    full = counted(puzzle.genre.build(puzzle.instance), False, limit=2)
    monkeypatch.setattr(search, "ROOT_SHARE", 1e-9)  # the root stops at its first look at the clock
    model = puzzle.genre.build(puzzle.instance)
    cut = count_solutions(model, limit=2, timeout=60, max_nodes=None)
    assert cut.status == full.status
    assert cut.rung == model.search_rung  # deduction did not finish: the grade says search
    if full.status == Status.UNIQUE:
        assert cut.solutions == full.solutions
    assert all(not puzzle.genre.accept(puzzle.instance, s) for s in cut.solutions)


# -- a genre whose values start at 1: a one-hot Sudoku twin made here ------------------------


def sudoku_twin(board: SudokuBoard) -> SatEncoding:
    """Digits 1..n as one-hot values (value 0 never taken), each digit once per house: the
    shape a genre's own encoding has, written here so that the adapter is tested on a
    domain without bit 0 whatever the genres ship."""
    n = board.n
    domains = [(1 << (n + 1)) - 2] * (n * n)  # digits 1..n
    table = value_table([n + 1] * (n * n), domains)
    clauses: list[list[int]] = []
    for house in board.houses.houses:
        cells = house.cells
        for digit in range(1, n + 1):
            lits = [table[cell][digit] for cell in cells]
            clauses += [lits] + [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1 :]]
    for cell, digit in enumerate(board.givens):
        if digit:
            clauses.append([table[cell][digit]])
    return SatEncoding.one_hot([n + 1] * (n * n), clauses, domains=domains)


@settings(SETTINGS, max_examples=30)
@given(seed=st.text(min_size=1, max_size=8), blanks=st.integers(0, 12))
def test_a_one_hot_sudoku_twin_searches_the_same(seed: str, blanks: int) -> None:
    genre = puzzlekit.default_host().genre("sudoku")
    if declares_values(genre):
        pytest.skip("Sudoku's own encoding declares values: the generic test covers it")
    rng = Rng(seed)
    board = genre.small_board(rng)
    cells = list(range(board.n * board.n))
    rng.shuffle(cells)
    givens = list(board.givens)
    for cell in cells[:blanks]:
        givens[cell] = 0
    board = SudokuBoard(board.n, board.box_w, board.box_h, tuple(givens))

    class Twinned(type(genre)):  # type: ignore[misc]
        def build(self, instance: SudokuBoard) -> Model:
            model = super().build(instance)
            model.cnf = lambda: sudoku_twin(instance)
            return model

    assert_same(Twinned(), board)
