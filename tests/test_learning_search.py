"""The learning search (puzzlekit.core.cdcl) against the plain depth-first search it replaced,
against brute force, and under spent budgets.

The depth-first search stays reachable as ``count_solutions(..., learning=False)``: it is
the oracle here.  On small boards both count every solution (a high limit), so they must
agree on the whole set of solutions, not only on the status.
"""

from __future__ import annotations

import itertools
import time
from functools import cache
from typing import ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import puzzlekit
from puzzlekit.core import cdcl, search
from puzzlekit.core.cdcl import Cdcl, every_variable, luby
from puzzlekit.core.looptheory import ReachTheory
from puzzlekit.core.search import Status, count_solutions

ALL = 10_000  # a limit no small board reaches: both searches count everything


def counted(genre: str, text: str, learning: bool, limit: int = ALL) -> search.SearchOutcome:
    (puzzle,) = puzzlekit.load(genre, text)
    model = puzzle.genre.build(puzzle.instance)
    return count_solutions(model, limit=limit, timeout=None, max_nodes=None, learning=learning)


def assert_same(genre: str, text: str) -> None:
    new = counted(genre, text, True)
    old = counted(genre, text, False)
    assert new.status == old.status, text
    assert sorted(new.solutions) == sorted(old.solutions), text
    # With the usual limit of two: the same status, and every solution a real one.
    two = counted(genre, text, True, limit=2)
    assert two.status == (Status.MULTIPLE if len(old.solutions) >= 2 else old.status), text
    assert all(s in old.solutions for s in two.solutions)


def grid_text(cells: list[str], cols: int) -> str:
    return "\n".join("".join(cells[i : i + cols]) for i in range(0, len(cells), cols)) + "\n"


@st.composite
def slither_boards(draw: st.DrawFn) -> str:
    rows, cols = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    cells = draw(st.lists(st.sampled_from(".....0123"), min_size=rows * cols, max_size=rows * cols))
    return grid_text(cells, cols)


@st.composite
def masyu_boards(draw: st.DrawFn) -> str:
    rows, cols = draw(st.integers(2, 5)), draw(st.integers(2, 5))
    cells = draw(st.lists(st.sampled_from("......BW"), min_size=rows * cols, max_size=rows * cols))
    return grid_text(cells, cols)


@st.composite
def hashi_boards(draw: st.DrawFn) -> str:
    rows, cols = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    cells = draw(st.lists(st.sampled_from("....12345?"), min_size=rows * cols, max_size=rows * cols))
    return grid_text(cells, cols)


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(slither_boards())
def test_slitherlink_new_and_old_search_find_the_same_solutions(text: str) -> None:
    assert_same("slitherlink", text)


@SETTINGS
@given(masyu_boards())
def test_masyu_new_and_old_search_find_the_same_solutions(text: str) -> None:
    assert_same("masyu", text)


@SETTINGS
@given(hashi_boards())
def test_hashi_new_and_old_search_find_the_same_solutions(text: str) -> None:
    # Bridges are not boolean, so both run the depth-first search; the test keeps that honest.
    try:
        puzzlekit.load("hashiwokakero", text)
    except puzzlekit.PuzzlekitError:
        return  # not a board (an island with no possible partner is refused, for one)
    assert_same("hashiwokakero", text)


@SETTINGS
@given(slither_boards())
def test_the_early_loop_theory_changes_no_answer(text: str) -> None:
    old = counted("slitherlink", text, False)
    search.EARLY_LOOPS = True
    try:
        new = counted("slitherlink", text, True)
    finally:
        search.EARLY_LOOPS = False
    assert new.status == old.status
    assert sorted(new.solutions) == sorted(old.solutions)


@SETTINGS
@given(slither_boards())
def test_feeding_learnt_facts_to_the_deduction_ladder_changes_no_answer(text: str) -> None:
    with_sync = counted("slitherlink", text, True)
    search.ROOT_SYNC = False
    try:
        without = counted("slitherlink", text, True)
    finally:
        search.ROOT_SYNC = True
    assert with_sync.status == without.status
    assert sorted(with_sync.solutions) == sorted(without.solutions)


# A sparse minimal 15x15 board (benchmarks/sets/sparse-minimal-15x15.txt, seed sparse-15x15-0):
# deduction leaves it open and the learning search needs over a hundred decisions.
HARD = """\
..02.1...00....
.....2.2...0...
....2..1...0...
..3.1...23.....
..1..1..0...2..
.12...0.0...22.
1.....1....0.1.
..0....0.0.0...
..1.00...1.2..1
.3.1.00......0.
...3....1....22
..3..13..13.1..
..23.11....0.1.
........11.0...
.0.22.1.3..0.0.
"""


BUDGETS = [1, 7, 50, 120]


@cache
def hard_board() -> tuple[puzzlekit.Puzzle, search.SearchOutcome]:
    (puzzle,) = puzzlekit.load("slitherlink", HARD)
    return puzzle, count_solutions(puzzle.genre.build(puzzle.instance), timeout=None, max_nodes=None)


def test_the_hard_board_needs_the_search() -> None:
    _, outcome = hard_board()
    assert outcome.status == Status.UNIQUE
    assert outcome.nodes > BUDGETS[-1]  # so every budget below ends the search early
    assert outcome.rung == 6  # the search rung: deduction alone did not decide it


@pytest.mark.parametrize("budget", BUDGETS)
def test_a_budget_spent_mid_search_is_undecided_never_a_wrong_unique(budget: int) -> None:
    puzzle, full = hard_board()
    outcome = count_solutions(puzzle.genre.build(puzzle.instance), timeout=None, max_nodes=budget)
    assert outcome.status == Status.UNDECIDED
    assert outcome.stopped_by == "max-nodes"
    assert not outcome.exhausted
    # Whatever it found on the way is a real solution.
    assert all(s in full.solutions for s in outcome.solutions)


def test_a_timeout_is_undecided() -> None:
    puzzle, _ = hard_board()
    model = puzzle.genre.build(puzzle.instance)
    outcome = count_solutions(model, timeout=1e-4, max_nodes=None)
    assert outcome.status == Status.UNDECIDED
    assert outcome.stopped_by == "timeout"


def test_a_deadline_passed_past_the_root_stops_the_learning_search() -> None:
    puzzle, full = hard_board()
    model = puzzle.genre.build(puzzle.instance)
    assert model.cnf is not None
    twin = model.cnf()
    outcome = search.learn_search(model, twin, list(full.root), 2, None, time.perf_counter())
    assert not outcome.exhausted
    assert outcome.stopped_by == "timeout"
    assert outcome.solutions == []


def test_a_limit_of_one_stops_at_the_first_solution_undecided() -> None:
    puzzle, full = hard_board()
    outcome = count_solutions(puzzle.genre.build(puzzle.instance), limit=1, timeout=None, max_nodes=None)
    assert outcome.status == Status.UNDECIDED
    assert outcome.solutions == full.solutions


def test_the_empty_board_has_many_solutions_and_counts_them_exactly() -> None:
    new = counted("slitherlink", "...\n...\n", True)
    old = counted("slitherlink", "...\n...\n", False)
    assert new.status == Status.MULTIPLE
    assert len(new.solutions) == len(old.solutions) > 2
    assert sorted(new.solutions) == sorted(old.solutions)


# -- the solver on its own, against brute force -------------------------------


def brute_models(n: int, clauses: list[list[int]]) -> list[list[int]]:
    out = []
    for bits in itertools.product((0, 1), repeat=n):
        if all(any((lit > 0) == bool(bits[abs(lit) - 1]) for lit in c) for c in clauses):
            out.append(list(bits))
    return out


@settings(max_examples=150, deadline=None)
@given(
    st.integers(1, 8).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(
                st.lists(st.integers(1, n).flatmap(lambda v: st.sampled_from([v, -v])), min_size=1, max_size=3),
                max_size=30,
            ),
        )
    )
)
def test_cdcl_counts_every_model_of_a_small_cnf(case: tuple[int, list[list[int]]]) -> None:
    n, clauses = case
    solver = Cdcl(n, clauses)
    out = solver.solve(ALL, lambda values: True, None, every_variable, None, None)
    assert out.exhausted
    assert sorted(out.solutions) == brute_models(n, clauses)


SMALL_CNF = st.integers(1, 12).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(
            st.lists(st.integers(1, n).flatmap(lambda v: st.sampled_from([v, -v])), min_size=1, max_size=3),
            max_size=40,
        ),
    )
)


@settings(max_examples=150, deadline=None)
@given(SMALL_CNF)
def test_each_decision_is_the_most_active_open_variable(case: tuple[int, list[list[int]]]) -> None:
    """The heap is pushed only for variables it lost, so its entries are not all there is;
    every decision must still be the open variable of highest activity (the lowest of
    equals), as a heap holding every entry would give."""
    n, clauses = case
    solver = Cdcl(n, clauses)
    pick = solver.pick

    def checked() -> int:
        open_vars = [v for v in range(n) if solver.val[2 * v] == 0]
        want = min(open_vars, key=lambda v: (-solver.activity[v], v)) if open_vars else -1
        got = pick()
        assert got == want
        return got

    solver.pick = checked  # type: ignore[method-assign]
    out = solver.solve(ALL, lambda values: True, None, every_variable, None, None)
    assert out.exhausted
    assert sorted(out.solutions) == brute_models(n, clauses)


@settings(max_examples=150, deadline=None)
@given(SMALL_CNF, st.lists(st.integers(-12, 12).filter(bool), max_size=3), st.booleans())
def test_facts_first_then_clauses_count_every_model_either_way(
    case: tuple[int, list[list[int]]], facts: list[int], implications: bool
) -> None:
    """As ``learn_search`` loads a root: facts assigned at level 0, then the clauses (binary
    ones straight into the implication lists when both literals are open); with or without
    implication lists, every model is counted exactly once."""
    n, clauses = case
    facts = [lit for lit in dict.fromkeys(facts) if abs(lit) <= n and -lit not in facts]
    saved = cdcl.IMPLICATIONS
    cdcl.IMPLICATIONS = implications
    try:
        solver = Cdcl(n, [])
    finally:
        cdcl.IMPLICATIONS = saved
    for lit in facts:
        solver.assign(cdcl.internal(lit), None)
    solver.add_clauses(clauses)
    out = solver.solve(ALL, lambda values: True, None, every_variable, None, None)
    assert out.exhausted
    assert sorted(out.solutions) == brute_models(n, clauses + [[lit] for lit in facts])


def test_luby_sequence() -> None:
    assert [luby(i) for i in range(15)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


# -- the reach theory's clauses hold for every solution ------------------------


class RecordingReach(ReachTheory):
    """The reach theory, keeping every clause it hands the search."""

    seen: ClassVar[list[list[int]]] = []

    def check(self, solver: Cdcl) -> list[int] | None:
        before = len(solver.implied)
        lemma = super().check(solver)
        if lemma is not None:
            RecordingReach.seen.append(list(lemma))
        RecordingReach.seen.extend(list(c) for c in solver.implied[before:])
        return lemma


def reach_lemmas(genre: str, text: str) -> tuple[list[list[int]], search.SearchOutcome]:
    RecordingReach.seen = []
    original = search.ReachTheory
    search.ReachTheory = RecordingReach  # type: ignore[misc]
    try:
        outcome = counted(genre, text, True)
    finally:
        search.ReachTheory = original  # type: ignore[misc]
    return RecordingReach.seen, outcome


def holds(clause: list[int], values: list[int]) -> bool:
    return any((values[lit >> 1] == 1) != bool(lit & 1) for lit in clause)


@SETTINGS
@given(slither_boards())
def test_every_reach_clause_holds_for_every_slitherlink_solution(text: str) -> None:
    lemmas, outcome = reach_lemmas("slitherlink", text)
    old = counted("slitherlink", text, False)
    assert sorted(outcome.solutions) == sorted(old.solutions)
    for clause in lemmas:
        assert all(holds(clause, s) for s in old.solutions), (text, clause)


@SETTINGS
@given(masyu_boards())
def test_every_reach_clause_holds_for_every_masyu_solution(text: str) -> None:
    lemmas, outcome = reach_lemmas("masyu", text)
    old = counted("masyu", text, False)
    assert sorted(outcome.solutions) == sorted(old.solutions)
    for clause in lemmas:
        assert all(holds(clause, s) for s in old.solutions), (text, clause)


def test_the_reach_theory_works_on_the_hard_board_and_every_clause_holds() -> None:
    _, full = hard_board()
    lemmas, outcome = reach_lemmas("slitherlink", HARD)
    assert outcome.status == Status.UNIQUE and outcome.solutions == full.solutions
    assert len(lemmas) > 50  # it did take part
    (solution,) = full.solutions
    assert all(holds(clause, solution) for clause in lemmas)


def test_without_the_reach_theory_the_answers_are_the_same() -> None:
    search.REACH = False
    try:
        without = counted("slitherlink", HARD, True, limit=2)
    finally:
        search.REACH = True
    _, full = hard_board()
    assert without.status == full.status and without.solutions == full.solutions
    assert without.nodes > full.nodes  # the theory is what makes this board quick


@pytest.mark.parametrize("text", ["....\n....\n....\n", "..2.\n....\n.1..\n....\n"])
def test_a_thousand_solutions_are_counted_exactly_with_the_reach_theory_backing_off(text: str) -> None:
    # On near-empty boards the reach theory finds little, so it skips looks (see
    # ReachTheory.wait): the count must stay exact all the same.
    new = counted("slitherlink", text, True)
    old = counted("slitherlink", text, False)
    assert len(new.solutions) > 1000
    assert sorted(new.solutions) == sorted(old.solutions)
