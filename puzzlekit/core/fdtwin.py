"""Clause learning for finite-domain models: the adapter between a model and its one-hot twin.

``puzzlekit.core.cdcl`` searches boolean clauses.  A model whose variables take more
than two values (bridge counts 0-2, digits 1-9) is searched by it through a twin that
declares ``values`` (``SatEncoding.one_hot``): ``values[v][k]`` is the SAT variable true
exactly when variable ``v`` takes value ``k`` (``one_hot`` numbers them first; any
numbering up to ``top`` works).  This module maps the root domains into the solver as
facts, reads each full assignment back as puzzle values for the twin's ``refine``, the
checks at a leaf and the blocking clause, and (``SYNC``, off) can trade facts with the
deduction ladder at restarts, as ``learn_search`` does for boolean twins.

A candidate counts only when it passes what the depth-first search's leaves pass: every
propagator at fixpoint with every variable fixed to it, and the model's ``leaf_check``.
So a weak or wrong twin can cost time, never a solution nor a false one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from puzzlekit.core.cdcl import Cdcl, CdclOutcome, Clause, Twin, internal
from puzzlekit.core.engine import DECISION, Engine, Timeout
from puzzlekit.core.model import Model

ENABLED = True
"""False sends every finite-domain model to the depth-first search (for the benchmark and tests)."""

SYNC = False
"""Trade level-0 facts with the deduction ladder at restarts (as ``learn_search`` does).
Measured on Bridges with many ``?`` islands (20x20 to 40x40): the ladder found nothing the
clauses had not (the same decisions to the last), and its lookahead made the search up to
4x slower, so it is off."""

MIN_OPEN = 16
"""Learning pays from this many variables left open by the root (``value_plan``)."""


def value_twin(twin: Twin, dom: Sequence[int]) -> list[list[int]] | None:
    """The twin's value table when it is one this module can drive for domains ``dom``:
    a row per variable, every possible value of the root domain covered or known impossible,
    value variables numbered below ``top``."""
    values: list[list[int]] | None = getattr(twin, "values", None)
    if values is None or len(values) != len(dom):
        return None
    for row, d in zip(values, dom):
        if d >> len(row):
            return None  # the model allows a value the twin never heard of
        if any(lit < 0 or lit > twin.top for lit in row):
            return None
    return values


def fd_sync() -> bool:
    """``SYNC``, read when the search starts (so tests and benchmarks can switch it)."""
    return SYNC


def may_learn(model: Model) -> bool:
    """Could ``value_plan`` take this model (before its root is propagated)?  A model with
    a twin and a variable that is not boolean."""
    return ENABLED and model.cnf is not None and any(d >> 2 for d in model.domains)


def value_plan(model: Model, dom: Sequence[int]) -> tuple[Twin, list[list[int]]] | None:
    """The twin and its value table when the learning search should take this model from
    the root state ``dom``; None leaves it to the depth-first search.

    The rule (measured with ``benchmarks/fd_learning.py``): learning when the root leaves
    at least ``MIN_OPEN`` variables open.  Below that the tree is small and the depth-first
    search is done before the twin is built: making and loading the clauses of a whole
    board costs about as much as a few dozen nodes (Hashiwokakero 30x30: ~40 ms against
    ~4 ms for the handful of nodes its generator's checks need), while from a few dozen
    open pairs up the depth-first search's lookahead at every node costs seconds where
    learning takes tens of milliseconds."""
    if not ENABLED or model.cnf is None:
        return None
    if sum(1 for d in dom if d & (d - 1)) < MIN_OPEN:
        return None
    twin = model.cnf()
    values = value_twin(twin, dom)
    return None if values is None else (twin, values)


def fd_learn_search(
    model: Model,
    twin: Twin,
    values: list[list[int]],
    dom: list[int],
    limit: int,
    max_nodes: int | None,
    deadline: float | None,
    engine: Engine,
    sync: bool = True,
) -> CdclOutcome:
    """Count solutions from the root state ``dom`` (the engine's, at the root) by clause
    learning over ``twin``; solutions come back as puzzle values.

    The root's deductions enter as facts; the twin's clauses and ``refine`` do the rest;
    every candidate is checked as a leaf of the depth-first search would be.  With
    ``sync``, the facts learnt at level 0 go to the deduction ladder at restarts and what
    it deduces comes back, as in ``learn_search``."""
    n = len(dom)
    shown = max((lit for row in values for lit in row), default=0)
    owner: list[tuple[int, int]] = [(-1, 0)] * shown  # SAT variable - 1 -> (variable, value)
    for v, row in enumerate(values):
        for k, lit in enumerate(row):
            if lit:
                owner[lit - 1] = (v, k)
    solver = Cdcl(twin.top, [])
    if not _facts(solver, values, dom):
        return CdclOutcome([], 0, 0, True, None)
    if not solver.add_clauses(twin.clauses, deadline):
        return CdclOutcome([], 0, 0, False, "timeout")

    def decode(bits: list[int]) -> list[int]:
        out = [0] * n
        for s, bit in enumerate(bits):
            if bit:
                v, k = owner[s]
                if v >= 0:
                    out[v] = k
        return out

    leaf_check = model.leaf_check
    found: list[list[int]] = []  # what a timeout at a leaf check leaves behind

    def accept(bits: list[int]) -> bool:
        chosen = decode(bits)
        if _propagators_pass(engine, chosen) and (leaf_check is None or leaf_check(chosen)):
            found.append(chosen)
            return True
        return False

    def refine(bits: list[int]) -> list[Clause]:
        return twin.refine(decode(bits))

    def block(bits: list[int]) -> list[int]:
        return [internal(lit) for lit in twin.block(decode(bits))]

    at_root: Callable[[list[int]], list[int] | None] | None = None
    if sync:
        taken = [0]

        def at_root(trail: list[int]) -> list[int] | None:
            edom = engine.dom
            start = taken[0]
            taken[0] = len(trail)
            engine.current = DECISION
            for lit in trail[start:]:
                s = lit >> 1
                if s >= shown:
                    continue
                v, k = owner[s]
                if v >= 0 and not engine.set(v, ~(1 << k) if lit & 1 else 1 << k):
                    return None
            try:
                if not engine.run():
                    return None
            except Timeout:
                return []
            return _fact_literals(values, edom)

    try:
        outcome = solver.solve(limit, accept, refine, block, max_nodes, deadline, shown, at_root)
    except Timeout:  # the deadline passed inside a leaf check
        return CdclOutcome(found, 0, 0, False, "timeout")
    outcome.solutions = found
    return outcome


def _fact_literals(values: list[list[int]], dom: Sequence[int]) -> list[int]:
    """Internal literals for what the domains settle: each ruled-out value false, each
    fixed value true."""
    out = []
    for row, d in zip(values, dom):
        single = d & (d - 1) == 0
        for k, lit in enumerate(row):
            if lit:
                if not d >> k & 1:
                    out.append(internal(-lit))
                elif single:
                    out.append(internal(lit))
    return out


def _facts(solver: Cdcl, values: list[list[int]], dom: Sequence[int]) -> bool:
    """Assign the root domains as level-0 facts; False when they contradict the table (a
    value the root fixed that the twin says is impossible: no solution)."""
    for row, d in zip(values, dom):
        if d & (d - 1) == 0 and not row[d.bit_length() - 1]:
            return False
    val = solver.val
    for lit in _fact_literals(values, dom):
        if val[lit] == 0:
            solver.assign(lit, None)
        elif val[lit] == -1:
            return False
    return True


def _propagators_pass(engine: Engine, chosen: Sequence[int]) -> bool:
    """Does every propagator accept this full assignment?  (The test a depth-first leaf
    passes, with every propagator run, not only those the last changes wake: the root may
    have been cut short.  The engine's state is put back.)"""
    mark = engine.mark()
    engine.current = DECISION
    try:
        for v, k in enumerate(chosen):
            if not engine.set(v, 1 << k):
                engine._clear()
                return False
        return engine.start()
    finally:
        engine.undo(mark)
