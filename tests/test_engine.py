"""The propagation engine on tiny hand-built models.

Variables hold small bitmask domains (bit v set while value v is possible).  The
propagators here are the textbook ones, "x <= y", "x != y" and "these booleans
sum to k", plus scripted ones that record when they run.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiny_models import CHEAP, DEAR, NotEqual, bits

from puzzlekit.core.engine import DECISION, Engine, LogEntry
from puzzlekit.core.model import BOOL, FALSE, TRUE, Model, Propagator, Rule, Rung, is_fixed, values_of

LADDER = (Rung(1, "cheap"), Rung(2, "dear"), Rung(3, "dearest"))
DEAREST = Rule("dearest", 3, "the dearest rule")


def low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def high(mask: int) -> int:
    return mask.bit_length() - 1


class LessEq(Propagator):
    """x <= y, by bounds."""

    def __init__(self, x: int, y: int, rule: Rule = CHEAP) -> None:
        self.x, self.y, self.rule = x, y, rule
        self.watches = (x, y)

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        # Removing x's top values leaves x's minimum alone, and the other way round: one pass is a fixpoint.
        if not engine.set(self.x, (1 << (high(dom[self.y]) + 1)) - 1, (self.y,)):
            return False
        return engine.set(self.y, ~((1 << low(dom[self.x])) - 1), (self.x,))


class SumIs(Propagator):
    """The booleans ``xs`` hold exactly ``k`` trues."""

    def __init__(self, xs: Sequence[int], k: int, rule: Rule = CHEAP) -> None:
        self.xs, self.k, self.rule = tuple(xs), k, rule
        self.watches = self.xs

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        trues = sum(dom[x] == TRUE for x in self.xs)
        open_ = [x for x in self.xs if dom[x] == BOOL]
        if trues > self.k or trues + len(open_) < self.k:
            return False
        if trues == self.k:
            return all(engine.set(x, FALSE, self.xs) for x in open_)
        if trues + len(open_) == self.k:
            return all(engine.set(x, TRUE, self.xs) for x in open_)
        return True


class Scripted(Propagator):
    """Appends its name to ``journal`` each time it runs, then does ``action``."""

    def __init__(
        self,
        name: str,
        rule: Rule,
        journal: list[str],
        watches: Sequence[int] | None = (),
        action: Callable[[Engine], bool] | None = None,
    ) -> None:
        self.name, self.rule, self.journal, self.watches = name, rule, journal, watches
        self.action = action

    def propagate(self, engine: Engine) -> bool:
        self.journal.append(self.name)
        return self.action(engine) if self.action else True


def drop_top(var: int) -> Callable[[Engine], bool]:
    """An action removing the largest value of ``var`` (while it has two or more)."""

    def act(engine: Engine) -> bool:
        mask = engine.dom[var]
        if is_fixed(mask):
            return True
        return engine.set(var, mask & ~(1 << high(mask)))

    return act


def queues_empty(engine: Engine) -> bool:
    return not any(engine.queues) and not any(engine.queued)


# -- the fixpoint ------------------------------------------------------------


def test_fixpoint_of_a_chain_of_less_or_equal() -> None:
    model = Model(LADDER)
    a = model.add_var(bits(1, 2, 3))
    b = model.add_var(bits(0, 1, 2, 3))
    c = model.add_var(bits(0, 1, 2))
    model.add(LessEq(a, b))
    model.add(LessEq(b, c))
    engine = Engine(model)
    assert engine.start() is True
    # a loses 3 only after b <= c narrowed b, which must wake a <= b again.
    assert engine.dom == [bits(1, 2), bits(1, 2), bits(1, 2)]
    assert queues_empty(engine)


def test_sum_of_booleans_fills_in_the_rest_once_the_count_is_reached() -> None:
    model = Model(LADDER)
    xs = model.add_vars(3, BOOL)
    model.add(SumIs(xs, 1))
    engine = Engine(model)
    assert engine.start() is True
    assert engine.dom == [BOOL] * 3
    assert engine.decide(xs[1], TRUE) is True
    assert engine.dom == [FALSE, TRUE, FALSE]


def test_replace_rewires_as_a_fresh_engine_on_the_changed_model_would() -> None:
    model = Model(LADDER)
    xs = model.add_vars(4, BOOL)
    model.add(SumIs(xs[:2], 1))
    model.add(SumIs(xs[1:3], 1))
    model.add(SumIs(xs[:3], 1, DEAR))
    engine = Engine(model, max_rung=1)
    engine.replace(1, SumIs(xs[2:], 1))
    engine.replace(2, SumIs(xs[1:], 1, DEAR))  # above the cap: never wired either way
    assert engine.watchers == Engine(model, max_rung=1).watchers
    assert engine.start() is True
    assert engine.decide(xs[3], TRUE) is True
    assert engine.dom == [BOOL, BOOL, FALSE, TRUE]  # the new one ruled x2 out; x1 is free now
    with pytest.raises(ValueError, match="rung 1, not 2"):
        engine.replace(0, SumIs(xs[:2], 1, DEAR))


def test_not_equal_chains_through_wakeups() -> None:
    model = Model(LADDER)
    x, y, z = model.add_var(bits(0)), model.add_var(bits(0, 1)), model.add_var(bits(0, 1, 2))
    model.add(NotEqual(y, z))
    model.add(NotEqual(x, y))
    model.add(NotEqual(x, z))
    engine = Engine(model)
    assert engine.start() is True
    assert engine.dom == [bits(0), bits(1), bits(2)]


def test_decide_propagates_from_the_decision() -> None:
    model = Model(LADDER)
    x, y = model.add_var(bits(0, 1, 2)), model.add_var(bits(0, 1, 2))
    model.add(LessEq(x, y))
    engine = Engine(model)
    engine.start()
    assert engine.decide(x, bits(2)) is True
    assert engine.dom == [bits(2), bits(2)]


# -- contradiction -------------------------------------------------------------


def test_contradiction_is_a_return_value_and_leaves_the_queues_empty() -> None:
    journal: list[str] = []
    model = Model(LADDER)
    a, b = model.add_var(bits(3)), model.add_var(bits(0, 1))
    model.add(Scripted("first", CHEAP, journal))
    bad = model.add(LessEq(a, b))
    model.add(Scripted("after", CHEAP, journal))
    model.add(Scripted("dear", DEAR, journal))
    engine = Engine(model)
    assert engine.start() is False
    assert engine.failed == bad
    assert journal == ["first"]  # nothing ran after the failure
    assert queues_empty(engine)


def test_contradiction_after_a_decision_clears_the_dearer_queues_too() -> None:
    journal: list[str] = []
    model = Model(LADDER)
    xs = model.add_vars(3, BOOL)
    model.add(SumIs(xs, 1))
    model.add(Scripted("dear", DEAR, journal, watches=xs))
    engine = Engine(model)
    assert engine.start() is True
    journal.clear()
    engine.set(xs[0], TRUE)  # queued, not yet run
    assert engine.decide(xs[1], TRUE) is False
    assert journal == []
    assert queues_empty(engine)
    assert engine.run() is True  # nothing stale is left to run
    assert journal == []


def test_set_that_would_empty_a_domain_returns_false_and_writes_nothing() -> None:
    model = Model(LADDER)
    x = model.add_var(bits(0, 1))
    engine = Engine(model)
    assert engine.set(x, bits(2)) is False
    assert engine.dom == [bits(0, 1)]
    assert engine.trail == []


def test_set_that_narrows_nothing_wakes_nobody() -> None:
    journal: list[str] = []
    model = Model(LADDER)
    x = model.add_var(bits(0, 1))
    model.add(Scripted("watcher", CHEAP, journal, watches=(x,)))
    engine = Engine(model)
    assert engine.set(x, bits(0, 1, 2)) is True
    assert engine.trail == []
    assert engine.run() is True
    assert journal == []


# -- scheduling ----------------------------------------------------------------


def test_cheaper_rung_runs_to_fixpoint_before_a_dearer_rung_runs() -> None:
    journal: list[str] = []
    model = Model(LADDER)
    x, y = model.add_var(bits(0, 1, 2)), model.add_var(bits(0, 1, 2))
    model.add(Scripted("c1", CHEAP, journal, watches=(x,), action=drop_top(y)))
    model.add(Scripted("c2", CHEAP, journal, watches=(y,)))
    model.add(Scripted("d1", DEAR, journal, action=drop_top(x)))
    model.add(Scripted("d2", DEAR, journal))
    model.add(Scripted("e1", DEAREST, journal))
    engine = Engine(model)
    assert engine.start() is True
    # d1's narrowing of x wakes c1, whose narrowing of y wakes c2: both run before d2.
    assert journal == ["c1", "c2", "d1", "c1", "c2", "d2", "e1"]


def test_a_propagators_own_narrowing_does_not_wake_it_again() -> None:
    journal: list[str] = []
    model = Model(LADDER)
    x = model.add_var(bits(0, 1, 2, 3))
    model.add(Scripted("peel", CHEAP, journal, watches=(x,), action=drop_top(x)))
    engine = Engine(model)
    assert engine.start() is True
    assert journal == ["peel"]
    assert engine.dom == [bits(0, 1, 2)]


def test_again_requeues_the_propagator_that_asked() -> None:
    journal: list[str] = []
    model = Model(LADDER)
    x = model.add_var(bits(0, 1, 2, 3))

    def peel_and_again(engine: Engine) -> bool:
        ok = drop_top(x)(engine)
        if not is_fixed(engine.dom[x]):
            engine.again()
        return ok

    model.add(Scripted("peel", CHEAP, journal, watches=(x,), action=peel_and_again))
    engine = Engine(model)
    assert engine.start() is True
    assert journal == ["peel"] * 3
    assert engine.dom == [bits(0)]
    assert queues_empty(engine)


def test_again_lets_cheaper_rungs_digest_the_progress_first() -> None:
    journal: list[str] = []
    model = Model(LADDER)
    x = model.add_var(bits(0, 1, 2))

    def peel_once_more(engine: Engine) -> bool:
        ok = drop_top(x)(engine)
        if journal.count("dear") < 2:
            engine.again()
        return ok

    model.add(Scripted("cheap", CHEAP, journal, watches=(x,)))
    model.add(Scripted("dear", DEAR, journal, watches=(x,), action=peel_once_more))
    engine = Engine(model)
    assert engine.start() is True
    assert journal == ["cheap", "dear", "cheap", "dear", "cheap"]


def test_run_up_to_a_rung_lets_cheaper_rungs_digest_while_dearer_ones_wait() -> None:
    journal: list[str] = []
    model = Model(LADDER)
    x, y = model.add_var(bits(0, 1, 2)), model.add_var(bits(0, 1, 2))

    def narrow_digest_narrow(engine: Engine) -> bool:
        if not engine.set(x, bits(0, 1)) or not engine.run(1):
            return False
        journal.append("dear, after digesting")
        return engine.set(y, bits(0, 1))

    model.add(Scripted("cheap", CHEAP, journal, watches=(x,)))
    dear = model.add(Scripted("dear", DEAR, journal, action=narrow_digest_narrow))
    model.add(Scripted("dearest", DEAREST, journal, watches=(x,)))
    engine = Engine(model, record=True)
    assert engine.start() is True
    assert journal == ["cheap", "dear", "cheap", "dear, after digesting", "dearest"]
    # The narrowing made after the inner run is still the dear propagator's.
    assert engine.log is not None
    assert [(e.var, e.by) for e in engine.log] == [(x, dear), (y, dear)]


def test_wake_queues_a_propagator_that_watches_nothing() -> None:
    journal: list[str] = []
    model = Model(LADDER)
    x = model.add_var(bits(0, 1))
    index = model.add(Scripted("blind", CHEAP, journal, watches=()))
    engine = Engine(model)
    engine.start()
    assert journal == ["blind"]
    engine.set(x, bits(0))
    engine.run()
    assert journal == ["blind"]  # a narrowing does not reach it
    engine.wake(index)
    engine.wake(index)  # waking twice queues it once
    assert engine.run() is True
    assert journal == ["blind", "blind"]


def test_a_sleeping_propagator_is_passed_by_until_woken_or_reset() -> None:
    journal: list[str] = []
    model = Model(LADDER)
    x = model.add_var(bits(0, 1, 2, 3))
    y = model.add_var(bits(0, 1))
    index = model.add(Scripted("stand-in", CHEAP, journal, watches=(x,)))
    model.add(Scripted("refuter", CHEAP, [], watches=(y,), action=lambda engine: False))
    engine = Engine(model)
    engine.start()
    assert journal == ["stand-in"]
    engine.sleep(index)
    engine.set(x, bits(0, 1, 2))
    assert engine.run() is True
    assert journal == ["stand-in"]  # asleep: the narrowing passes it by
    engine.set(y, bits(0))
    assert engine.run() is False  # a contradiction clears the queues, not the sleep
    engine.set(x, bits(0, 1))
    engine.run()
    assert journal == ["stand-in"]
    engine.wake(index)
    assert engine.run() is True
    assert journal == ["stand-in"] * 2
    engine.set(x, bits(0))
    engine.run()
    assert journal == ["stand-in"] * 3  # awake again
    engine.sleep(index)
    engine.reset()  # everyone awake: the model may have changed
    engine.set(x, bits(3))
    engine.run()
    assert journal == ["stand-in"] * 4
    assert queues_empty(engine)


def test_a_propagator_on_a_queue_does_not_fall_asleep() -> None:
    journal: list[str] = []
    model = Model(LADDER)
    x = model.add_var(bits(0, 1))
    index = model.add(Scripted("queued", CHEAP, journal, watches=(x,)))
    engine = Engine(model)
    engine.set(x, bits(0))
    engine.sleep(index)  # it is on its queue: it stays awake, and runs
    assert engine.run() is True
    assert journal == ["queued"]
    assert queues_empty(engine)


def test_propagator_watching_everything_wakes_on_any_variable() -> None:
    journal: list[str] = []
    model = Model(LADDER)
    xs = model.add_vars(3, bits(0, 1))
    model.add(Scripted("all", CHEAP, journal, watches=None))
    engine = Engine(model)
    engine.start()
    for x in xs:
        engine.set(x, bits(1))
        engine.run()
    assert journal == ["all"] * 4


def test_max_rung_caps_which_propagators_run() -> None:
    journal: list[str] = []
    model = Model(LADDER)
    x = model.add_var(bits(0, 1))
    model.add(Scripted("cheap", CHEAP, journal, watches=(x,)))
    dear = model.add(Scripted("dear", DEAR, journal, watches=(x,)))
    model.add(Scripted("dearest", DEAREST, journal, watches=(x,)))
    engine = Engine(model, max_rung=1)
    assert engine.max_rung == 1
    engine.start()
    engine.decide(x, bits(1))
    engine.wake(dear)
    engine.run()
    assert journal == ["cheap", "cheap"]


def test_max_rung_above_the_ladder_means_every_rung() -> None:
    journal: list[str] = []
    model = Model(LADDER)
    model.add(Scripted("dearest", DEAREST, journal))
    engine = Engine(model, max_rung=99)
    assert engine.max_rung == len(LADDER)
    engine.start()
    assert journal == ["dearest"]


def test_model_refuses_a_rule_off_the_ladder() -> None:
    model = Model(LADDER[:1])
    with pytest.raises(ValueError, match="rung 2"):
        model.add(Scripted("dear", DEAR, []))


# -- the trail -----------------------------------------------------------------


def test_put_and_undo_restore_aux_slots_and_domains() -> None:
    model = Model(LADDER)
    x, y = model.add_var(bits(0, 1, 2)), model.add_var(BOOL)
    slot = model.add_state([5, 7])
    engine = Engine(model)
    assert engine.aux == [5, 7]
    start = engine.mark()
    engine.put(slot, 10)
    engine.set(x, bits(0, 1))
    middle = engine.mark()
    engine.put(slot + 1, 8)
    engine.put(slot, 11)
    engine.put(slot, 12)  # the same slot twice: undo must go latest first
    engine.set(x, bits(1))
    engine.set(y, TRUE)
    assert engine.aux == [12, 8]
    engine.undo(middle)
    assert engine.aux == [10, 7]
    assert engine.dom == [bits(0, 1), BOOL]
    engine.undo(start)
    assert engine.aux == [5, 7]
    assert engine.dom == [bits(0, 1, 2), BOOL]
    assert engine.trail == []


def test_undo_takes_back_everything_propagation_did() -> None:
    model = Model(LADDER)
    a, b, c = model.add_var(bits(0, 1, 2)), model.add_var(bits(0, 1, 2)), model.add_var(bits(0, 1, 2))
    model.add(LessEq(a, b))
    model.add(LessEq(b, c))
    engine = Engine(model)
    engine.start()
    before = list(engine.dom)
    mark = engine.mark()
    assert engine.decide(b, bits(1)) is True
    assert engine.dom == [bits(0, 1), bits(1), bits(1, 2)]
    engine.undo(mark)
    assert engine.dom == before


def test_engine_works_on_a_copy_of_the_model() -> None:
    model = Model(LADDER)
    x = model.add_var(bits(0, 1))
    slot = model.add_state([3])
    engine = Engine(model)
    engine.set(x, bits(1))
    engine.put(slot, 4)
    assert model.domains == [bits(0, 1)]
    assert model.aux == [3]


# -- the deduction log ---------------------------------------------------------


def test_log_records_each_narrowing_in_order() -> None:
    model = Model(LADDER)
    x, y = model.add_var(bits(0, 1, 2)), model.add_var(bits(0, 1, 2))

    def first(engine: Engine) -> bool:
        return engine.set(x, bits(0, 1), (y,), "x is small")

    def second(engine: Engine) -> bool:
        return engine.set(y, bits(1), (x, y), ("a", 1)) and engine.set(x, bits(0))

    p0 = model.add(Scripted("first", CHEAP, [], action=first))
    p1 = model.add(Scripted("second", DEAR, [], action=second))
    engine = Engine(model, record=True)
    engine.start()
    assert engine.log == [
        LogEntry(x, bits(0, 1), p0, (y,), "x is small"),
        LogEntry(y, bits(1), p1, (x, y), ("a", 1)),
        LogEntry(x, bits(0), p1, (), None),
    ]


def test_log_marks_search_decisions() -> None:
    model = Model(LADDER)
    x, y = model.add_var(BOOL), model.add_var(BOOL)
    index = model.add(NotEqual(x, y))
    engine = Engine(model, record=True)
    engine.start()
    engine.decide(x, TRUE)
    assert engine.log == [LogEntry(x, TRUE, DECISION, (), None), LogEntry(y, FALSE, index, (x,), None)]


def test_no_log_is_kept_unless_asked() -> None:
    model = Model(LADDER)
    x, y = model.add_var(BOOL), model.add_var(BOOL)
    model.add(NotEqual(x, y))
    engine = Engine(model)
    engine.decide(x, TRUE)
    assert engine.log is None


def test_rule_counts_sum_narrowings_per_rule_cheapest_first() -> None:
    model = Model(LADDER)
    xs = model.add_vars(4, bits(0, 1, 2))
    # Added dearest first, so the order of the result comes from the rungs.
    model.add(Scripted("d", DEAR, [], action=drop_top(xs[3])))
    model.add(Scripted("c", CHEAP, [], action=lambda e: e.set(xs[0], bits(0)) and e.set(xs[1], bits(0))))
    model.add(Scripted("c", CHEAP, [], action=lambda e: e.set(xs[2], bits(0))))
    model.add(Scripted("idle", DEAREST, []))
    engine = Engine(model)
    engine.start()
    engine.decide(xs[3], bits(0))  # decisions belong to no rule
    counts = engine.rule_counts()
    assert counts == {"cheap": 3, "dear": 1}
    assert list(counts) == ["cheap", "dear"]


# -- the fixpoint does not depend on scheduling -----------------------------


def naive_fixpoint(model: Model) -> list[int] | None:
    """Run every propagator over and over until nothing changes; None on a contradiction."""
    engine = Engine(model)
    while True:
        before = list(engine.dom)
        for prop in model.propagators:
            if not prop.propagate(engine):
                return None
        if engine.dom == before:
            return engine.dom


constraint = st.tuples(st.sampled_from(["le", "ne"]), st.integers(0, 4), st.integers(0, 4))


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(1, 15), min_size=5, max_size=5),
    st.lists(constraint, max_size=8),
)
def test_engine_fixpoint_matches_naive_round_robin(domains: list[int], cons: list[tuple[str, int, int]]) -> None:
    model = Model(LADDER)
    for mask in domains:
        model.add_var(mask)
    for kind, a, b in cons:
        if a != b:
            model.add(LessEq(a, b) if kind == "le" else NotEqual(a, b))
    engine = Engine(model)
    ok = engine.start()
    expected = naive_fixpoint(model)
    assert ok == (expected is not None)
    if ok:
        assert engine.dom == expected
    assert queues_empty(engine)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(1, 15), min_size=5, max_size=5), st.lists(constraint, max_size=6))
def test_propagation_never_removes_a_value_of_a_solution(domains: list[int], cons: list[tuple[str, int, int]]) -> None:
    model = Model(LADDER)
    for mask in domains:
        model.add_var(mask)
    cons = [(kind, a, b) for kind, a, b in cons if a != b]
    for kind, a, b in cons:
        model.add(LessEq(a, b) if kind == "le" else NotEqual(a, b))
    solutions = [
        values
        for values in itertools.product(*(values_of(m) for m in domains))
        if all(values[a] <= values[b] if k == "le" else values[a] != values[b] for k, a, b in cons)
    ]
    engine = Engine(model)
    ok = engine.start()
    if solutions:
        assert ok
        for values in solutions:
            assert all(engine.dom[v] >> value & 1 for v, value in enumerate(values))
    if ok and all(is_fixed(m) for m in engine.dom):
        assert len(solutions) == 1
