"""count_solutions: honest about unique, multiple, none and undecided, on hand-made models."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiny_models import CHEAP, DEAR, NotEqual, bits

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import BOOL, EVERY, FALSE, TRUE, Model, Propagator, Rule, Rung, is_fixed, values_of
from puzzlekit.core.search import Status, count_solutions, smallest_domain

LADDER = (Rung(1, "cheap"), Rung(2, "dear"))
SEARCH_RUNG = len(LADDER) + 1


class LessThan(Propagator):
    """x < y, by bounds, repeated until nothing changes (so x < x fails)."""

    def __init__(self, x: int, y: int, rule: Rule = CHEAP) -> None:
        self.x, self.y, self.rule = x, y, rule
        self.watches = (x, y)

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        while True:
            before = (dom[self.x], dom[self.y])
            top_y = dom[self.y].bit_length() - 1
            if not engine.set(self.x, (1 << top_y) - 1):
                return False
            low_x = (dom[self.x] & -dom[self.x]).bit_length() - 1
            if not engine.set(self.y, ~((1 << (low_x + 1)) - 1)):
                return False
            if (dom[self.x], dom[self.y]) == before:
                return True


class Holds(Propagator):
    """A pure checker: fails once every variable in ``xs`` is fixed and ``test`` rejects their values."""

    def __init__(self, xs: Sequence[int], test: Callable[[list[int]], bool], rule: Rule = CHEAP) -> None:
        self.xs, self.test, self.rule = tuple(xs), test, rule
        self.watches = self.xs

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        if not all(is_fixed(dom[x]) for x in self.xs):
            return True
        return self.test([dom[x].bit_length() - 1 for x in self.xs])


class Fix(Propagator):
    """Fixes ``var`` to ``mask`` outright (a stand-in for a deduction on some rung)."""

    def __init__(self, var: int, mask: int, rule: Rule) -> None:
        self.var, self.mask, self.rule = var, mask, rule
        self.watches = ()

    def propagate(self, engine: Engine) -> bool:
        return engine.set(self.var, self.mask)


def free_booleans(count: int) -> Model:
    model = Model(LADDER)
    model.add_vars(count, BOOL)
    return model


def only(values: list[int]) -> Model:
    """Booleans whose only solution is ``values``, found by search (nothing deduces it)."""
    model = free_booleans(len(values))
    model.add(Holds(range(len(values)), lambda got: got == values))
    return model


# -- statuses ------------------------------------------------------------------


def test_a_single_solution_found_by_search_is_unique() -> None:
    outcome = count_solutions(only([1, 0, 1]))
    assert outcome.status is Status.UNIQUE
    assert outcome.solutions == [[1, 0, 1]]
    assert outcome.exhausted is True
    assert outcome.stopped_by is None
    assert outcome.nodes > 0


def test_a_single_solution_found_by_deduction_is_unique_without_search() -> None:
    model = Model(LADDER)
    x, y = model.add_var(bits(0)), model.add_var(bits(0, 1))
    model.add(NotEqual(x, y))
    outcome = count_solutions(model)
    assert outcome.status is Status.UNIQUE
    assert outcome.solutions == [[0, 1]]
    assert outcome.nodes == 0
    assert outcome.exhausted is True


def test_two_solutions_are_multiple() -> None:
    model = free_booleans(2)
    model.add(NotEqual(0, 1))
    outcome = count_solutions(model)
    assert outcome.status is Status.MULTIPLE
    assert sorted(outcome.solutions) == [[0, 1], [1, 0]]


def test_a_contradiction_at_the_root_is_none() -> None:
    model = Model(LADDER)
    x, y = model.add_var(bits(1)), model.add_var(bits(1))
    model.add(NotEqual(x, y))
    outcome = count_solutions(model)
    assert outcome.status is Status.NONE
    assert outcome.solutions == []
    assert outcome.nodes == 0
    assert outcome.exhausted is True
    assert outcome.root == []


def test_no_solution_anywhere_in_the_tree_is_none() -> None:
    model = free_booleans(3)
    model.add(Holds(range(3), lambda got: False))
    outcome = count_solutions(model)
    assert outcome.status is Status.NONE
    assert outcome.exhausted is True
    assert outcome.nodes == 2 + 4 + 8  # the whole binary tree below the root


def test_an_empty_initial_domain_means_no_solution() -> None:
    model = Model(LADDER)
    model.add_var(0)
    model.add_var(BOOL)
    outcome = count_solutions(model)
    assert outcome.status is Status.NONE
    assert outcome.solutions == []


def test_search_leaves_the_engine_at_the_root_state() -> None:
    model = free_booleans(3)
    model.add(NotEqual(0, 1))
    outcome = count_solutions(model)
    assert outcome.engine.dom == outcome.root == [BOOL] * 3


# -- limit ---------------------------------------------------------------------


def test_limit_stops_counting_at_n_solutions() -> None:
    outcome = count_solutions(free_booleans(4), limit=5)
    assert outcome.status is Status.MULTIPLE
    assert len(outcome.solutions) == 5
    assert len({tuple(s) for s in outcome.solutions}) == 5
    assert outcome.exhausted is False
    assert outcome.stopped_by is None  # reaching the limit is not a spent budget


def test_limit_above_the_count_finds_every_solution_and_exhausts_the_tree() -> None:
    outcome = count_solutions(free_booleans(4), limit=100)
    assert outcome.status is Status.MULTIPLE
    assert sorted(outcome.solutions) == [list(v) for v in itertools.product((0, 1), repeat=4)]
    assert outcome.exhausted is True


def test_limit_one_does_not_claim_uniqueness() -> None:
    outcome = count_solutions(only([0, 1, 1]), limit=1)
    assert outcome.solutions == [[0, 1, 1]]
    assert outcome.status is Status.UNDECIDED
    assert outcome.exhausted is False


def test_limit_must_be_at_least_one() -> None:
    with pytest.raises(ValueError):
        count_solutions(free_booleans(1), limit=0)


# -- budgets -------------------------------------------------------------------


def test_spent_node_budget_is_undecided() -> None:
    outcome = count_solutions(only([0] * 10), max_nodes=5)
    assert outcome.status is Status.UNDECIDED
    assert outcome.stopped_by == "max-nodes"
    assert outcome.exhausted is False
    assert outcome.nodes == 5
    assert outcome.solutions == []


def test_one_solution_then_a_spent_budget_is_undecided_not_unique() -> None:
    # "true" is tried first, so all-true is the very first leaf; the rest of the tree is never proved empty.
    outcome = count_solutions(only([1] * 10), max_nodes=12)
    assert outcome.solutions == [[1] * 10]
    assert outcome.status is Status.UNDECIDED
    assert outcome.stopped_by == "max-nodes"


def test_node_budget_big_enough_for_the_whole_tree_proves_uniqueness() -> None:
    full = count_solutions(only([1, 0, 1]), max_nodes=None)
    exact = count_solutions(only([1, 0, 1]), max_nodes=full.nodes)
    assert exact.status is Status.UNIQUE
    assert exact.stopped_by is None
    short = count_solutions(only([1, 0, 1]), max_nodes=full.nodes - 1)
    assert short.status is Status.UNDECIDED


def test_timeout_is_undecided() -> None:
    # The only solution is the very last of 2**30 leaves ("true" is tried first).
    outcome = count_solutions(only([0] * 30), limit=10**9, max_nodes=None, timeout=1e-3)
    assert outcome.status is Status.UNDECIDED
    assert outcome.stopped_by == "timeout"
    assert outcome.exhausted is False


def test_timeout_never_turns_a_partial_count_into_a_proof() -> None:
    outcome = count_solutions(free_booleans(30), limit=10**9, max_nodes=None, timeout=1e-3)
    assert outcome.stopped_by == "timeout"
    # Two solutions prove "multiple" whenever the clock stops; fewer prove nothing.
    expected = Status.MULTIPLE if len(outcome.solutions) >= 2 else Status.UNDECIDED
    assert outcome.status is expected


# -- leaf checks and branchers -------------------------------------------------


def test_leaf_check_rejects_leaves() -> None:
    model = free_booleans(3)
    model.leaf_check = lambda values: sum(values) == 2
    outcome = count_solutions(model, limit=10)
    assert outcome.status is Status.MULTIPLE
    assert sorted(outcome.solutions) == [[0, 1, 1], [1, 0, 1], [1, 1, 0]]


def test_leaf_check_rejecting_every_leaf_means_no_solution() -> None:
    model = free_booleans(2)
    model.leaf_check = lambda values: False
    outcome = count_solutions(model)
    assert outcome.status is Status.NONE
    assert outcome.exhausted is True


def test_leaf_check_has_the_last_word_when_deduction_fixes_everything() -> None:
    model = Model(LADDER)
    model.add_var(TRUE)
    model.add_var(FALSE)
    seen: list[list[int]] = []

    def reject(values: list[int]) -> bool:
        seen.append(values)
        return False

    model.leaf_check = reject
    outcome = count_solutions(model)
    assert seen == [[1, 0]]
    assert outcome.status is Status.NONE
    assert outcome.nodes == 0


def test_custom_brancher_chooses_the_variable() -> None:
    calls: list[list[int]] = []

    def last_open(dom: list[int]) -> int:
        calls.append(list(dom))
        for var in reversed(range(len(dom))):
            if not is_fixed(dom[var]):
                return var
        return -1

    default = count_solutions(free_booleans(2), limit=10)
    model = free_booleans(2)
    model.brancher = last_open
    custom = count_solutions(model, limit=10)
    # Both try "true" first; the default branches on x0 first, the custom one on x1.
    assert default.solutions == [[1, 1], [1, 0], [0, 1], [0, 0]]
    assert custom.solutions == [[1, 1], [0, 1], [1, 0], [0, 0]]
    assert calls[0] == [BOOL, BOOL]


def test_default_brancher_picks_the_first_smallest_open_domain() -> None:
    assert smallest_domain([bits(0), bits(0, 1, 2), bits(1, 2), bits(0, 2)]) == 2
    assert smallest_domain([bits(1), bits(0)]) == -1


# -- rung, root and log --------------------------------------------------------


def test_rung_is_the_search_rung_when_branching_happened() -> None:
    model = only([1, 1])
    model.add(Fix(0, TRUE, CHEAP))
    outcome = count_solutions(model)
    assert outcome.nodes > 0
    assert outcome.rung == SEARCH_RUNG


def test_rung_is_the_dearest_rung_deduction_used_otherwise() -> None:
    model = free_booleans(2)
    model.add(Fix(0, TRUE, CHEAP))
    model.add(Fix(1, FALSE, DEAR))
    assert count_solutions(model).rung == 2
    cheap_only = free_booleans(2)
    cheap_only.add(Fix(0, TRUE, CHEAP))
    cheap_only.add(Fix(1, FALSE, CHEAP))
    assert count_solutions(cheap_only).rung == 1


def test_rung_is_zero_when_nothing_needed_deducing() -> None:
    model = Model(LADDER)
    model.add_var(TRUE)
    outcome = count_solutions(model)
    assert outcome.status is Status.UNIQUE
    assert outcome.rung == 0


def test_rung_does_not_depend_on_recording_the_log() -> None:
    model = free_booleans(2)
    model.add(Fix(0, TRUE, CHEAP))
    model.add(Fix(1, FALSE, DEAR))
    assert count_solutions(model, record=False).rung == count_solutions(model, record=True).rung == 2


def test_max_rung_limits_the_deduction_search_may_lean_on() -> None:
    model = free_booleans(2)
    model.add(Fix(0, TRUE, CHEAP))
    model.add(Fix(1, FALSE, DEAR))
    capped = count_solutions(model, max_rung=1)
    assert capped.root == [TRUE, BOOL]
    assert capped.rung == SEARCH_RUNG
    assert capped.status is Status.MULTIPLE


def test_root_holds_the_domains_after_root_propagation() -> None:
    model = Model(LADDER)
    x = model.add_var(bits(0, 1, 2))
    y = model.add_var(bits(0, 1, 2))
    model.add_var(BOOL)
    model.add(LessThan(x, y))
    outcome = count_solutions(model, limit=100)
    assert outcome.root == [bits(0, 1), bits(1, 2), BOOL]
    assert outcome.nodes > 0
    assert len(outcome.solutions) == 6


def test_log_and_rule_counts_cover_root_propagation_only() -> None:
    model = free_booleans(3)
    fix = model.add(Fix(0, TRUE, DEAR))
    model.add(NotEqual(1, 2))
    outcome = count_solutions(model)
    assert [(e.var, e.mask, e.by) for e in outcome.log] == [(0, TRUE, fix)]
    assert outcome.rule_counts == {"dear": 1}


# -- against brute force -------------------------------------------------------

Constraint = tuple[str, int, int]


def brute_force(domains: list[int], constraints: list[Constraint]) -> list[tuple[int, ...]]:
    """Every assignment within the domains satisfying every constraint."""
    return [
        values
        for values in itertools.product(*(values_of(m) for m in domains))
        if all(values[a] != values[b] if kind == "ne" else values[a] < values[b] for kind, a, b in constraints)
    ]


def build(domains: list[int], constraints: list[Constraint]) -> Model:
    model = Model(LADDER)
    for mask in domains:
        model.add_var(mask)
    for kind, a, b in constraints:
        model.add(NotEqual(a, b) if kind == "ne" else LessThan(a, b))
    return model


small_csp = st.integers(2, 5).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(1, 7), min_size=n, max_size=n),
        st.lists(
            st.tuples(st.sampled_from(["ne", "lt"]), st.integers(0, n - 1), st.integers(0, n - 1)),
            max_size=6,
        ),
    )
)


@settings(max_examples=200, deadline=None)
@given(small_csp)
def test_solution_count_matches_brute_force(csp: tuple[list[int], list[Constraint]]) -> None:
    domains, constraints = csp
    truth = brute_force(domains, constraints)
    outcome = count_solutions(build(domains, constraints), limit=10**6, max_nodes=None, timeout=None)
    assert outcome.exhausted is True
    assert sorted(map(tuple, outcome.solutions)) == sorted(truth)
    expected = Status.NONE if not truth else Status.UNIQUE if len(truth) == 1 else Status.MULTIPLE
    assert outcome.status is expected


@settings(max_examples=100, deadline=None)
@given(small_csp)
def test_count_to_two_agrees_with_brute_force(csp: tuple[list[int], list[Constraint]]) -> None:
    domains, constraints = csp
    truth = brute_force(domains, constraints)
    outcome = count_solutions(build(domains, constraints), limit=2, max_nodes=None, timeout=None)
    expected = Status.NONE if not truth else Status.UNIQUE if len(truth) == 1 else Status.MULTIPLE
    assert outcome.status is expected
    assert len(outcome.solutions) == min(len(truth), 2)
    assert {tuple(s) for s in outcome.solutions} <= set(truth)


def test_a_deadline_stops_root_propagation_too() -> None:
    """A slow propagator at the root: the deadline turns it into 'undecided', not a hang."""
    import time as clock

    slow = Rule("slow", 1, "takes its time")

    class Slow(Propagator):
        rule = slow
        watches = EVERY

        def propagate(self, engine: Engine) -> bool:
            clock.sleep(0.002)
            engine.again()  # never done
            return True

    model = Model((Rung(1, "cheap"),), [BOOL, BOOL])
    model.add(Slow())
    started = clock.perf_counter()
    outcome = count_solutions(model, timeout=0.2)
    assert clock.perf_counter() - started < 5
    assert outcome.status == Status.UNDECIDED
    assert outcome.stopped_by == "timeout"
    assert outcome.rung == model.search_rung


def test_a_deadline_holds_when_every_propagator_run_is_slow() -> None:
    """Runs of 50 ms each (a connectivity check on a 200x200 board): the engine looks at
    the clock after a few runs, not after CLOCK_EVERY of them (which would be 12.8 s)."""
    import time as clock

    slow = Rule("slow", 1, "takes its time")

    class Slow(Propagator):
        rule = slow
        watches = None

        def propagate(self, engine: Engine) -> bool:
            clock.sleep(0.05)
            engine.again()
            return True

    model = Model((Rung(1, "cheap"),), [BOOL])
    model.add(Slow())
    started = clock.perf_counter()
    outcome = count_solutions(model, timeout=0.3)
    assert clock.perf_counter() - started < 2
    assert outcome.stopped_by == "timeout"


def test_the_grade_of_an_undecided_puzzle_is_the_search_rung() -> None:
    model = free_booleans(3)
    outcome = count_solutions(model, max_nodes=0)
    assert outcome.status == Status.UNDECIDED
    assert outcome.nodes == 0
    assert outcome.rung == model.search_rung


def test_the_grade_of_a_root_contradiction_is_the_rung_that_found_it() -> None:
    model = Model(LADDER, [BOOL, BOOL])
    model.add(Fix(0, FALSE, rule=CHEAP))
    model.add(Fix(0, TRUE, rule=DEAR))
    outcome = count_solutions(model)
    assert outcome.status == Status.NONE
    assert outcome.rung == 2
