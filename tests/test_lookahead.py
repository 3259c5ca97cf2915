"""Lookahead: a value whose probe makes the cheaper rungs contradict goes, and only such a value."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiny_models import CHEAP, DEAR, NotEqual, bits

from puzzlekit.core.engine import Engine
from puzzlekit.core.lookahead import Lookahead
from puzzlekit.core.model import BOOL, FALSE, TRUE, Model, Propagator, Rule, Rung, is_fixed, values_of
from puzzlekit.core.search import Status, count_solutions

LADDER = (Rung(1, "cheap"), Rung(2, "dear"), Rung(3, "lookahead"))
LOOK = Rule("lookahead", 3, "probe every value")


class Implies(Propagator):
    """x == a implies y == b (and so y != b implies x != a)."""

    def __init__(self, x: int, a: int, y: int, b: int, rule: Rule = CHEAP) -> None:
        self.x, self.a, self.y, self.b, self.rule = x, a, y, b, rule
        self.watches = (x, y)

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        if dom[self.x] == 1 << self.a and not engine.set(self.y, 1 << self.b, (self.x,)):
            return False
        return bool(dom[self.y] >> self.b & 1) or engine.set(self.x, ~(1 << self.a), (self.y,))


def with_lookahead(model: Model, probe_rung: int = 1) -> int:
    return model.add(Lookahead(LOOK, probe_rung))


def contradictory_implications() -> tuple[Model, int, int]:
    """Booleans a, b with a -> b and a -> not b: only a = false works, nothing cheap sees it."""
    model = Model(LADDER)
    a, b = model.add_var(BOOL), model.add_var(BOOL)
    model.add(Implies(a, 1, b, 1))
    model.add(Implies(a, 1, b, 0))
    return model, a, b


# -- hand-made cases -----------------------------------------------------------


def test_cheaper_rungs_alone_see_nothing_in_the_example() -> None:
    model, _, _ = contradictory_implications()
    engine = Engine(model)
    assert engine.start() is True
    assert engine.dom == [BOOL, BOOL]


def test_lookahead_removes_a_value_whose_probe_contradicts() -> None:
    model, a, b = contradictory_implications()
    look = with_lookahead(model)
    engine = Engine(model, record=True)
    assert engine.start() is True
    assert engine.dom[a] == FALSE
    assert engine.dom[b] == BOOL
    assert engine.log is not None
    assert [(e.var, e.mask, e.by, e.note) for e in engine.log] == [(a, FALSE, look, TRUE)]
    assert "value 1" in model.propagators[look].explain(a, FALSE, TRUE)


def test_lookahead_leaves_values_whose_probes_survive() -> None:
    model = Model(LADDER)
    a, b = model.add_var(BOOL), model.add_var(bits(0, 1, 2))
    model.add(Implies(a, 1, b, 2))
    with_lookahead(model)
    engine = Engine(model, record=True)
    assert engine.start() is True
    assert engine.dom == [BOOL, bits(0, 1, 2)]
    assert engine.log == []


def test_lookahead_hands_its_progress_to_the_cheaper_rungs() -> None:
    model, a, _ = contradictory_implications()
    c = model.add_var(BOOL)
    model.add(Implies(a, 0, c, 1))
    with_lookahead(model)
    engine = Engine(model)
    assert engine.start() is True
    assert engine.dom[a] == FALSE
    assert engine.dom[c] == TRUE


def test_lookahead_keeps_going_after_a_removal() -> None:
    # Two independent copies of the example: both a's must lose "true".
    model = Model(LADDER)
    a1, b1, a2, b2 = model.add_vars(4, BOOL)
    for a, b in ((a1, b1), (a2, b2)):
        model.add(Implies(a, 1, b, 1))
        model.add(Implies(a, 1, b, 0))
    with_lookahead(model)
    engine = Engine(model)
    assert engine.start() is True
    assert engine.dom == [FALSE, BOOL, FALSE, BOOL]


class Forbids(Propagator):
    """Not (x == a and y == b), checked only once both are fixed (no unit propagation)."""

    def __init__(self, x: int, a: int, y: int, b: int) -> None:
        self.x, self.a, self.y, self.b, self.rule = x, a, y, b, CHEAP
        self.watches = (x, y)

    def propagate(self, engine: Engine) -> bool:
        return not (engine.dom[self.x] == 1 << self.a and engine.dom[self.y] == 1 << self.b)


def test_a_value_that_fails_only_after_a_later_removal_goes_too() -> None:
    # x = true survives its probe while y is open; y = true fails (it forces z both
    # ways), and with y false, x = true fails: the sweep must come round to x again.
    model = Model(LADDER)
    x, y, z = model.add_vars(3, BOOL)
    model.add(Forbids(x, 1, y, 0))
    model.add(Implies(y, 1, z, 0))
    model.add(Implies(y, 1, z, 1))
    with_lookahead(model)
    engine = Engine(model)
    assert engine.start() is True
    assert engine.dom == [FALSE, FALSE, BOOL]


def test_values_merely_narrowed_by_an_earlier_probe_are_still_probed() -> None:
    model = Model(LADDER)
    x, y, z = model.add_var(BOOL), model.add_var(bits(0, 1, 2)), model.add_var(BOOL)
    # Probing x (first in the sweep) narrows y to {1, 2} or {0, 2} without fixing it.
    model.add(NotEqual(x, y))
    # y = 1 would force z both ways.
    model.add(Implies(y, 1, z, 0))
    model.add(Implies(y, 1, z, 1))
    with_lookahead(model)
    engine = Engine(model)
    assert engine.start() is True
    assert engine.dom == [BOOL, bits(0, 2), BOOL]


def test_lookahead_fails_when_every_value_of_a_variable_fails() -> None:
    model = Model(LADDER)
    x, y, z = model.add_vars(3, BOOL)
    # Three booleans pairwise different: every probe contradicts.
    model.add(NotEqual(x, y))
    model.add(NotEqual(y, z))
    model.add(NotEqual(x, z))
    with_lookahead(model)
    assert Engine(model).start() is False
    assert count_solutions(model).status is Status.NONE


def test_probes_use_only_the_rungs_up_to_the_probe_rung() -> None:
    def model_with_dear_implications(probe_rung: int) -> Model:
        model = Model(LADDER)
        a, b = model.add_var(BOOL), model.add_var(BOOL)
        model.add(Implies(a, 1, b, 1, DEAR))
        model.add(Implies(a, 1, b, 0, DEAR))
        with_lookahead(model, probe_rung)
        return model

    blind = Engine(model_with_dear_implications(1))
    assert blind.start() is True
    assert blind.dom == [BOOL, BOOL]
    seeing = Engine(model_with_dear_implications(2))
    assert seeing.start() is True
    assert seeing.dom == [FALSE, BOOL]


def test_probing_leaves_no_trace_of_the_probes() -> None:
    model, a, _ = contradictory_implications()
    slot = model.add_state([42])
    with_lookahead(model)
    engine = Engine(model)
    engine.start()
    # Only the one real narrowing is on the trail, and the aux state is as it was.
    assert engine.trail == [a, BOOL]
    assert engine.aux[slot] == 42


def test_lookahead_must_probe_with_cheaper_rungs() -> None:
    with pytest.raises(ValueError):
        Lookahead(LOOK, probe_rung=3)
    with pytest.raises(ValueError):
        Lookahead(Rule("cheap lookahead", 1, ""), probe_rung=1)


def test_lookahead_runs_only_when_the_engine_reaches_its_rung() -> None:
    model, _, _ = contradictory_implications()
    with_lookahead(model)
    engine = Engine(model, max_rung=2)
    assert engine.start() is True
    assert engine.dom == [BOOL, BOOL]


def test_search_with_lookahead_counts_the_same_solutions() -> None:
    model, a, b = contradictory_implications()
    c = model.add_var(bits(0, 1, 2))
    model.add(NotEqual(b, c))
    with_lookahead(model)
    outcome = count_solutions(model, limit=100)
    assert outcome.root[a] == FALSE
    assert sorted(outcome.solutions) == [[0, 0, 1], [0, 0, 2], [0, 1, 0], [0, 1, 2]]


# -- against brute force -------------------------------------------------------

Constraint = tuple[str, int, int, int, int]


def satisfied(values: tuple[int, ...], constraints: list[Constraint]) -> bool:
    for kind, x, y, a, b in constraints:
        if kind == "ne" and values[x] == values[y]:
            return False
        if kind == "implies" and values[x] == a and values[y] != b:
            return False
    return True


def build(domains: list[int], constraints: list[Constraint], dear: Sequence[bool] = ()) -> Model:
    """The model of the constraints, those whose ``dear`` flag is set on the dear rung."""
    model = Model(LADDER)
    for mask in domains:
        model.add_var(mask)
    for i, (kind, x, y, a, b) in enumerate(constraints):
        rule = DEAR if i < len(dear) and dear[i] else CHEAP
        model.add(NotEqual(x, y, rule) if kind == "ne" else Implies(x, a, y, b, rule))
    return model


def probe_fails(model: Model, dom: list[int], var: int, value: int) -> bool:
    """Does fixing ``var`` to ``value`` make the rung-1 propagators contradict, from ``dom``?"""
    probe = Engine(model, max_rung=1)
    probe.dom = list(dom)
    return not probe.decide(var, 1 << value)


N = 4

random_model = st.tuples(
    st.lists(st.integers(1, 7), min_size=N, max_size=N),
    st.lists(
        st.tuples(
            st.sampled_from(["ne", "implies"]),
            st.integers(0, N - 1),
            st.integers(0, N - 1),
            st.integers(0, 2),
            st.integers(0, 2),
        ).filter(lambda c: c[1] != c[2]),
        max_size=7,
    ),
)


@settings(max_examples=200, deadline=None)
@given(random_model)
def test_lookahead_never_removes_a_value_that_appears_in_a_solution(
    case: tuple[list[int], list[Constraint]],
) -> None:
    domains, constraints = case
    solutions = [
        values for values in itertools.product(*(values_of(m) for m in domains)) if satisfied(values, constraints)
    ]
    model = build(domains, constraints)
    with_lookahead(model)
    engine = Engine(model)
    ok = engine.start()
    if solutions:
        assert ok
        for values in solutions:
            assert all(engine.dom[var] >> value & 1 for var, value in enumerate(values))


@settings(max_examples=200, deadline=None)
@given(random_model)
def test_every_value_lookahead_leaves_survives_its_own_probe(
    case: tuple[list[int], list[Constraint]],
) -> None:
    domains, constraints = case
    model = build(domains, constraints)
    with_lookahead(model)
    engine = Engine(model)
    if not engine.start():
        return
    for var, mask in enumerate(engine.dom):
        if not is_fixed(mask):
            for value in values_of(mask):
                assert not probe_fails(model, engine.dom, var, value)


def reference_fixpoint(domains: list[int], constraints: list[Constraint], dear: list[bool]) -> list[int] | None:
    """Failed-literal probing done the slow way: propagate every rung, probe every open value
    in that state, remove the first that fails, start over; None on a contradiction."""
    model = build(domains, constraints, dear)
    engine = Engine(model)
    if not engine.start():
        return None
    while True:
        failing = [
            (var, value)
            for var, mask in enumerate(engine.dom)
            if not is_fixed(mask)
            for value in values_of(mask)
            if probe_fails(model, engine.dom, var, value)
        ]
        if not failing:
            return engine.dom
        var, value = failing[0]
        if not engine.set(var, ~(1 << value)) or not engine.run():
            return None


@settings(max_examples=300, deadline=None)
@given(random_model, st.lists(st.booleans(), min_size=7, max_size=7))
def test_lookahead_reaches_the_fixpoint_of_probing_every_value_again(
    case: tuple[list[int], list[Constraint]], dear: list[bool]
) -> None:
    """The sweep goes round past its last failure instead of sweeping the whole board again:
    the same fixpoint, dear rungs in between or not."""
    domains, constraints = case
    model = build(domains, constraints, dear)
    with_lookahead(model)
    engine = Engine(model)
    expected = reference_fixpoint(domains, constraints, dear)
    assert engine.start() is (expected is not None)
    if expected is not None:
        assert engine.dom == expected


@settings(max_examples=300, deadline=None)
@given(
    random_model,
    st.lists(st.booleans(), min_size=7, max_size=7),
    st.lists(st.lists(st.integers(0, N - 1), max_size=3), min_size=N, max_size=N),
)
def test_lookahead_with_a_neighbourhood_reaches_the_same_fixpoint(
    case: tuple[list[int], list[Constraint]], dear: list[bool], near: list[list[int]]
) -> None:
    """Judging the variables near a failure first changes the order of the removals, never
    where they end: whatever the neighbourhood says."""
    domains, constraints = case
    model = build(domains, constraints, dear)
    model.add(Lookahead(LOOK, 1, near=near))
    engine = Engine(model)
    expected = reference_fixpoint(domains, constraints, dear)
    assert engine.start() is (expected is not None)
    if expected is not None:
        assert engine.dom == expected


class Clash(Propagator):
    """``x`` true while ``gate`` is false is a contradiction (and nothing cheaper: ``x``
    is not narrowed), so only a probe of ``x`` sees it."""

    def __init__(self, x: int, gate: int) -> None:
        self.x, self.gate, self.rule = x, gate, CHEAP
        self.watches = (x, gate)

    def propagate(self, engine: Engine) -> bool:
        return not (engine.dom[self.x] == TRUE and engine.dom[self.gate] == FALSE)


def backward_chain(k: int, near: list[list[int]] | None) -> tuple[list[int], int]:
    """Variables 0..k-1, each made false by a probe once the next is false (the last by a
    false constant): a chain against the sweep's order. The root state and the probes."""
    model = Model(LADDER)
    xs = [model.add_var(BOOL) for _ in range(k)]
    off = model.add_var(FALSE)
    for x, gate in zip(xs, [*xs[1:], off]):
        model.add(Clash(x, gate))
    look = Lookahead(LOOK, 1, near=None if near is None else [*near, []])
    model.add(look)
    probes = [0]
    probe_with = Lookahead._probe_with

    def counted(*args: object) -> bool:
        probes[0] += 1
        return probe_with(*args)  # type: ignore[arg-type]

    look._probe_with = counted  # type: ignore[method-assign]
    engine = Engine(model)
    assert engine.start()
    return engine.dom, probes[0]


def test_a_chain_against_the_sweep_is_followed_in_one_lap_with_a_neighbourhood() -> None:
    k = 12
    plain, plain_probes = backward_chain(k, None)
    chased, chased_probes = backward_chain(k, [[x - 1] if x else [] for x in range(k)])
    assert plain == chased == [FALSE] * (k + 1)
    assert plain_probes >= k * (k + 1) // 2  # a lap a link: the sweep meets each link once a lap
    assert chased_probes <= 4 * k  # one lap (two values a variable), each link judged as soon as the next fell
