"""Count-to-N search: honest about unique, multiple, none and undecided.

Root propagation runs with the deduction log on; branching then tries each
value of a chosen variable, propagating after each decision and undoing it
from the engine's trail afterwards.  The search stops at ``limit`` solutions,
after ``max_nodes`` nodes, or at the deadline, and says which: a spent budget
is "undecided", never a guess reported as a proof.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from puzzlekit.core import fdtwin
from puzzlekit.core.cdcl import Cdcl, CdclOutcome, Theory, Twin, cardinality, every_variable
from puzzlekit.core.clock import until
from puzzlekit.core.engine import Engine, LogEntry, Timeout
from puzzlekit.core.fdtwin import fd_learn_search, fd_sync, may_learn, value_plan
from puzzlekit.core.lookahead import Lookahead, Paused, Step, revert_step
from puzzlekit.core.looptheory import LoopTheory, ReachTheory
from puzzlekit.core.model import BOOL, FALSE, TRUE, Model, value_of

DEFAULT_LIMIT = 2
DEFAULT_MAX_NODES = 100_000
DEFAULT_TIMEOUT = 60.0
EARLY_LOOPS = False
REACH = True
ROOT_SYNC = True
SMALL_TREE = 128
"""Nodes of the cheap depth-first search tried before clause learning (``_small_tree``):
on the 22 janko.at Slitherlinks deduction leaves open, 20 finish within it (2 to 84 nodes
propagated like a lookahead probe) in a few milliseconds, where building the clause twin
and learning cost 5 to 100; the other two then lose about 10 ms to it
(benchmarks/versus_sat.py, set janko-slither-search).  0: learning at once."""
EARLY_SMALL_TREE = False
"""Try the small tree in the early search of a finite-domain model too.  Off: a root whose
first probes all survived is wide open, and on the famous hard Sudokus (all pause there)
the small tree never finished but one board (128 nodes each, about a seventh of the
time), where learning from the same root needs 92 decisions on the median board
(benchmarks/versus_sat.py, set sudoku-famous: 2.5x to 2.25x CaDiCaL).  Boolean models
(Slitherlink, Masyu, Akari) keep it: their open boards say "multiple" within it."""
PAUSE_AFTER = 128
"""Probes that all survived, before any failed, after which the root's lookahead pauses (once)
for an early search from what the root deduced so far (``_early``), or one ``PAUSE_PART``-th of
the open values when that is more: on an open board (a Shikaku tiling, an empty Masyu) a
lap of probes that all survive is most of the time, and a few hundred learning decisions
say "multiple".  A failure disarms it: a board whose probes yield goes on as before (on
the sparse minimal Slitherlinks the first failure comes within 93 probes but for one board
in thirty; a pause there costs a search from a weaker root).  0: never pause."""
PAUSE_PART = 16
EARLY_NODES = 2000
"""The early search's budget: past it the root goes on as if it had never paused."""
ROOT_SHARE = 0.25
"""The share of the timeout root deduction may take on a model the finite-domain learning
search can take over (``fdtwin.may_learn``): past it, the learning search goes on from
what the root deduced so far, and the board is on the search rung."""


class Status(StrEnum):
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"
    UNDECIDED = "undecided"


@dataclass
class SearchOutcome:
    """What the search proved, the solutions it found and what it cost."""

    status: Status
    solutions: list[list[int]]
    nodes: int
    seconds: float
    root: list[int]
    """Domains after root propagation (empty on a root contradiction)."""
    log: list[LogEntry]
    engine: Engine
    exhausted: bool
    """True when the whole tree was searched, so the count is exact."""
    stopped_by: str | None = None
    """'max-nodes' or 'timeout' when a budget ended the search."""
    rung: int = 0
    """The highest rung needed: the search rung if branching was needed."""
    rule_counts: dict[str, int] = field(default_factory=dict)
    """Narrowings per rule during root propagation."""


def smallest_domain(dom: list[int]) -> int:
    """Default branching: the first variable with the fewest values left."""
    best, best_size = -1, 1 << 30
    for var, mask in enumerate(dom):
        if mask & (mask - 1):
            size = mask.bit_count()
            if size < best_size:
                best, best_size = var, size
                if size == 2:
                    break
    return best


def _choices(mask: int) -> list[int]:
    """Singleton masks of a domain, in the order they are popped: largest value first.

    For booleans that tries "true" (a line, a bridge) first."""
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low)
        mask ^= low
    return bits


def count_solutions(
    model: Model,
    limit: int = DEFAULT_LIMIT,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    timeout: float | None = DEFAULT_TIMEOUT,
    max_rung: int | None = None,
    record: bool = True,
    learning: bool = True,
) -> SearchOutcome:
    """Propagate at the root, then branch until ``limit`` solutions or a budget ends it.

    ``max_rung`` caps the deductive rungs used (for grading and generation).  Past the
    root, a boolean model with a clause twin (``Model.cnf``) is searched by clause
    learning (``learn_search``), a finite-domain one whose twin declares ``values`` too
    when enough is left open (``fdtwin.value_plan``; its root deduction then gets
    ``ROOT_SHARE`` of the timeout); any other model, or ``learning=False``, by the plain
    depth-first search (``_dfs``, the reference the tests compare the learning one with).
    Before learning, a cheap depth-first search of ``SMALL_TREE`` nodes (``_small_tree``)
    answers the small trees, which learning would only slow down.  While the root's
    lookahead finds nothing it pauses once (``PAUSE_AFTER``) for an early search (``_early``):
    "multiple" ends there; anything else lets the root go on exactly where it paused, so
    the grade, root, log and rule counts are those of a root never paused.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    started = time.perf_counter()
    deadline = None if not timeout else started + timeout
    engine = Engine(model, max_rung=max_rung, record=record, deadline=deadline)
    solutions: list[list[int]] = []
    root: list[int] = []

    def finish(status: Status, nodes: int, exhausted: bool, stopped: str | None, rung: int) -> SearchOutcome:
        engine.trail = []  # the search is over: nothing will be undone, free the memory
        return SearchOutcome(
            status=status,
            solutions=solutions,
            nodes=nodes,
            seconds=time.perf_counter() - started,
            root=root,
            log=engine.log or [],
            engine=engine,
            exhausted=exhausted,
            stopped_by=stopped,
            rung=rung,
            rule_counts=engine.rule_counts(),
        )

    # On a big board deduction at the root (lookahead most) can take the whole budget, where
    # clause learning from what the cheap rungs found would answer: give it only a share.
    may_cut = learning and timeout is not None and timeout > 0 and (max_nodes is None or max_nodes > 0)
    if may_cut and timeout is not None and may_learn(model):
        engine.deadline = started + ROOT_SHARE * timeout
    brancher = model.brancher or smallest_domain
    accept = model.leaf_check
    dom = engine.dom

    def leaf() -> bool:
        """Record the assignment if it is a solution; True when the limit is reached."""
        values = [value_of(m) for m in dom]
        if accept is None or accept(values):
            solutions.append(values)
        return len(solutions) >= limit

    plan = None
    early: tuple[int, str | None] | None = None  # the early search's nodes and stop, when it ran
    known: list[list[int]] = []  # its solutions
    lookahead, pausing = _pausing(model, engine, learning, limit, max_nodes)
    try:
        try:
            ok = engine.start()
        except Paused as pause:
            early = _early(model, engine, brancher, leaf, limit, max_nodes, deadline, solutions)
            known, solutions = solutions, []
            if len(known) >= limit or (early[1] is None and len(known) >= 2):
                # "multiple", whatever the rest of the root would deduce (and the search rung:
                # deduction cannot settle a board with two solutions)
                solutions = known
                root = list(dom)
                engine._clear()
                return finish(Status.MULTIPLE, early[0], False, None, model.search_rung)
            if known:  # a solution's values survive every probe: the rest of the sweep skips them
                pause.sweep.spare = [1 << v for v in known[0]]
            assert lookahead is not None
            lookahead.resume(pause.sweep)
            ok = engine.carry_on(pausing)
        finally:
            if lookahead is not None:
                lookahead.disarm()
    except Timeout:
        root = list(engine.dom)  # sound, if unfinished, deductions
        engine.deadline = deadline
        engine._clear()  # a probe engine's timeout leaves the live queues as they were
        if may_cut and deadline is not None and time.perf_counter() < deadline:
            plan = value_plan(model, engine.dom)
        if plan is None:
            return finish(Status.UNDECIDED, 0, False, "timeout", model.search_rung)
        ok = True
    engine.deadline = deadline
    if not ok:
        # The grade of a contradiction is the rung of the rule that found it.
        failed = engine.rung_of[engine.failed] if engine.failed >= 0 else 0
        return finish(Status.NONE, 0, True, None, failed)
    # The highest rung that made a deduction at the root (the log may be off).
    root_rung = max((engine.rung_of[p] for p, n in enumerate(engine.fired[:-1]) if n), default=0)
    root = list(dom)
    root_mark = engine.mark()
    root_log = engine.log
    root_fired = list(engine.fired)
    engine.log = None  # search nodes are not explained step by step

    nodes = 0
    stopped: str | None = None
    if plan is not None:  # the root ran out of its share: learning goes on from there
        outcome = fd_learn_search(model, *plan, dom, limit, max_nodes, deadline, engine, False)
        solutions.extend(outcome.solutions)
        nodes = outcome.decisions
        stopped = outcome.stopped_by if outcome.stopped_by else None if outcome.exhausted else "limit"
    elif brancher(dom) < 0:
        leaf()
        engine.log = root_log
        return finish(Status.UNIQUE if solutions else Status.NONE, 0, True, None, root_rung)
    elif max_nodes is not None and max_nodes <= 0:
        stopped = "max-nodes"
    elif early is not None and early[1] is None:  # the early search counted the whole tree
        solutions.extend(known)
        nodes = early[0]
    elif not learning or model.cnf is None:
        nodes, stopped = _dfs(engine, brancher, leaf, max_nodes, deadline)
    else:
        nodes, stopped = _search(model, engine, brancher, leaf, limit, max_nodes, deadline, solutions)

    engine.undo(root_mark)
    engine.log = root_log
    engine.fired = root_fired  # rule counts describe the deduction before any guess
    exhausted = stopped is None
    if len(solutions) >= 2:
        status = Status.MULTIPLE
    elif exhausted:
        status = Status.UNIQUE if solutions else Status.NONE
    else:  # a budget ran out, or --limit 1 stopped at the first solution
        status = Status.UNDECIDED
    # Deduction left variables open, so the puzzle needs the search rung, whatever it found.
    return finish(status, nodes, exhausted, None if stopped == "limit" else stopped, model.search_rung)


def _search(
    model: Model,
    engine: Engine,
    brancher: Callable[[list[int]], int],
    leaf: Callable[[], bool],
    limit: int,
    max_nodes: int | None,
    deadline: float | None,
    solutions: list[list[int]],
    wide: bool = False,
) -> tuple[int, str | None]:
    """The search from the root state of a model with a clause twin: the small tree first,
    learning when it is not small.  Nodes used, and why it stopped (None: exhausted).

    ``wide``: the root's lookahead paused with every probe surviving (``_early``); a
    finite-domain model then goes to learning at once (``EARLY_SMALL_TREE``)."""
    nodes = 0
    stopped: str | None = "small"
    if not wide or EARLY_SMALL_TREE or not _values_learn(model, engine.dom):
        nodes, stopped = _small_tree(model, engine, brancher, leaf, max_nodes, deadline)
    if stopped == "small":  # a big tree: learning takes it from the root
        solutions.clear()
        left = None if max_nodes is None else max_nodes - nodes
        more, stopped = _learn(model, engine, engine.dom, brancher, leaf, limit, left, deadline, solutions)
        nodes += more
    return nodes, stopped


def _values_learn(model: Model, dom: list[int]) -> bool:
    """Would ``_learn`` take this root by the finite-domain learning search?  (A twin, a
    variable that is not boolean, so ``_twin_of`` declines, and ``fdtwin.MIN_OPEN``
    variables open, as ``value_plan`` asks before it builds the twin.)"""
    if not fdtwin.ENABLED or model.cnf is None or not any(d & ~BOOL for d in dom):
        return False
    return sum(1 for d in dom if d & (d - 1)) >= fdtwin.MIN_OPEN


def _pausing(
    model: Model, engine: Engine, learning: bool, limit: int, max_nodes: int | None
) -> tuple[Lookahead | None, int]:
    """The model's lookahead armed to pause at the root (``PAUSE_AFTER``, ``PAUSE_PART``), and its index,
    when an early search may answer: learning on, a clause twin, a search allowed, and the
    lookahead wired in this engine.  (None, -1) otherwise."""
    if not PAUSE_AFTER or not learning or model.cnf is None or limit < 2 or (max_nodes is not None and max_nodes <= 0):
        return None, -1
    lookahead = _lookahead(model)
    if lookahead is None:
        return None, -1
    index = next(i for i, prop in enumerate(model.propagators) if prop is lookahead)
    if not engine.rung_of[index]:
        return None, -1
    lookahead.pause_after = max(PAUSE_AFTER, sum(d.bit_count() for d in engine.dom if d & (d - 1)) // PAUSE_PART)
    return lookahead, index


def _early(
    model: Model,
    engine: Engine,
    brancher: Callable[[list[int]], int],
    leaf: Callable[[], bool],
    limit: int,
    max_nodes: int | None,
    deadline: float | None,
    solutions: list[list[int]],
) -> tuple[int, str | None]:
    """The search from the state a paused root lookahead left (sound, if not at fixpoint),
    within ``EARLY_NODES``; the engine is put back as it was, mid-run, for the root to go
    on.  Nodes used, and why it stopped (None: exhausted, so its count is exact)."""
    if brancher(engine.dom) < 0:
        return 0, "small"  # nothing open: the root's own leaf will judge it
    snap = engine.snapshot()
    share = engine.deadline
    engine.deadline = deadline
    engine.log = None
    budget = EARLY_NODES if max_nodes is None else min(EARLY_NODES, max_nodes)
    started = time.perf_counter()
    try:
        nodes, stopped = _search(model, engine, brancher, leaf, limit, budget, deadline, solutions, True)
    finally:
        engine.restore(snap)
        # the root's own share of the time (``ROOT_SHARE``) does not pay for this detour
        if share is not None and share != deadline:
            share += time.perf_counter() - started
            if deadline is not None:
                share = min(share, deadline)
        engine.deadline = share
    return nodes, stopped


def _dfs(
    engine: Engine,
    brancher: Callable[[list[int]], int],
    leaf: Callable[[], bool],
    max_nodes: int | None,
    deadline: float | None,
) -> tuple[int, str | None]:
    """Depth-first count from the root state: nodes used, and why it stopped (None: exhausted)."""
    dom = engine.dom
    nodes = 0
    stopped: str | None = None
    var = brancher(dom)
    # Each choice point: the trail mark to return to, the variable, values still to try.
    stack: list[tuple[int, int, list[int]]] = [(engine.mark(), var, _choices(dom[var]))]
    try:
        while stack:
            mark, var, choices = stack[-1]
            engine.undo(mark)
            if not choices:
                stack.pop()
                continue
            if max_nodes is not None and nodes >= max_nodes:
                stopped = "max-nodes"
                break
            if deadline is not None and time.perf_counter() > deadline:
                stopped = "timeout"
                break
            nodes += 1
            if not engine.decide(var, choices.pop()):
                continue
            nxt = brancher(dom)
            if nxt >= 0:
                stack.append((engine.mark(), nxt, _choices(dom[nxt])))
            elif leaf():
                stopped = "limit"
                break
    except Timeout:
        stopped = "timeout"
    return nodes, stopped


def _learn(
    model: Model,
    engine: Engine,
    dom: list[int],
    brancher: Callable[[list[int]], int],
    leaf: Callable[[], bool],
    limit: int,
    max_nodes: int | None,
    deadline: float | None,
    solutions: list[list[int]],
) -> tuple[int, str | None]:
    """Count by clause learning from the root state (``learn_search`` for a boolean twin,
    ``fd_learn_search`` for a finite-domain one), or by ``_dfs`` when neither takes the
    model: nodes used, and why it stopped (None: exhausted)."""
    if (twin := _twin_of(model, dom, deadline)) is not None:
        outcome = learn_search(model, twin, dom, limit, max_nodes, deadline, engine if ROOT_SYNC else None)
    elif (plan := value_plan(model, dom)) is not None:
        twin, values = plan
        sync = ROOT_SYNC and fd_sync()
        outcome = fd_learn_search(model, twin, values, dom, limit, max_nodes, deadline, engine, sync)
    else:
        return _dfs(engine, brancher, leaf, max_nodes, deadline)
    solutions.extend(outcome.solutions)
    return outcome.decisions, outcome.stopped_by if outcome.stopped_by else None if outcome.exhausted else "limit"


def _lookahead(model: Model) -> Lookahead | None:
    """The model's lookahead propagator, if it has one (the ladder's own choice of which
    rungs a trial is worth running)."""
    for prop in reversed(model.propagators):
        if isinstance(prop, Lookahead):
            return prop
    return None


def _small_tree(
    model: Model,
    root: Engine,
    brancher: Callable[[list[int]], int],
    leaf: Callable[[], bool],
    max_nodes: int | None,
    deadline: float | None,
) -> tuple[int, str | None]:
    """The cheap path for small trees: a depth-first search from the root state whose
    nodes propagate as a lookahead probe does (the rungs up to its ``probe_rung``, on
    its engine; every rung when the model has no lookahead), for at most ``SMALL_TREE``
    nodes (and ``max_nodes``).  Nodes used and why it stopped: "small" when its own
    budget ran out first, so learning should take over (its solutions then do not count)."""
    budget = SMALL_TREE if max_nodes is None else min(SMALL_TREE, max_nodes)
    if budget <= 0:
        return 0, "small"
    lookahead = _lookahead(model)
    step = lookahead.fast_step() if lookahead is not None and lookahead.fast_step is not None else None
    if step is not None:
        nodes, stopped = _step_dfs(step, root.dom, root.aux, brancher, leaf, budget, deadline)
    else:
        try:
            if lookahead is not None:
                cheap = lookahead.probe_engine(root)
            else:
                cheap = Engine(model, deadline=deadline)
                if not cheap.wired:
                    return 0, "timeout"
                cheap.dom, cheap.aux = root.dom, root.aux
        except Timeout:
            return 0, "timeout"
        cheap.deadline = deadline
        try:
            nodes, stopped = _dfs(cheap, brancher, leaf, budget, deadline)
        finally:
            cheap.undo(0)  # the live state as the root left it
    if stopped == "max-nodes" and (max_nodes is None or max_nodes > budget):
        stopped = "small"
    return nodes, stopped


def _step_dfs(
    step: Step,
    dom: list[int],
    aux: list[int],
    brancher: Callable[[list[int]], int],
    leaf: Callable[[], bool],
    max_nodes: int | None,
    deadline: float | None,
) -> tuple[int, str | None]:
    """``_dfs`` with a lookahead's ``Step`` on the live state in place of the probe engine
    (the same fixpoint at every node, so the same nodes in the same order), each node's
    writes taken back from its own lists when the search leaves it."""
    nodes = 0
    stopped: str | None = None
    var = brancher(dom)
    # Each choice point: the variable, values still to try, and what the last one wrote.
    stack: list[tuple[int, list[int], list[int], list[int]]] = [(var, _choices(dom[var]), [], [])]
    try:
        while stack:
            var, choices, fixed, undo = stack[-1]
            revert_step(dom, aux, fixed, undo)
            if not choices:
                stack.pop()
                continue
            if max_nodes is not None and nodes >= max_nodes:
                stopped = "max-nodes"
                break
            if deadline is not None and time.perf_counter() > deadline:
                stopped = "timeout"
                break
            nodes += 1
            if not step(dom, aux, var, choices.pop(), fixed, undo):
                continue
            nxt = brancher(dom)
            if nxt >= 0:
                stack.append((nxt, _choices(dom[nxt]), [], []))
            elif leaf():
                stopped = "limit"
                break
    finally:
        for _, _, fixed, undo in reversed(stack):  # the live state as the root left it
            revert_step(dom, aux, fixed, undo)
    return nodes, stopped


def _twin_of(model: Model, dom: list[int], deadline: float | None = None) -> Twin | None:
    """The model's clause twin, when it has one the learning search can use.  None too
    when ``deadline`` passes while it is written: the search that runs instead stops at
    once, as the deadline has passed, and says "timeout"."""
    if model.cnf is None or any(d & ~BOOL for d in dom):
        return None
    try:
        with until(deadline):
            twin = model.cnf() if model.cnf_at is None else model.cnf_at(dom)
    except Timeout:
        return None
    if not twin.direct or twin.top < len(dom):
        return None
    return twin


def learn_search(
    model: Model,
    twin: Twin,
    dom: list[int],
    limit: int,
    max_nodes: int | None,
    deadline: float | None,
    engine: Engine | None = None,
) -> CdclOutcome:
    """Count solutions from the root state ``dom`` by clause learning.

    The root's deductions are sound, so they enter as facts; the twin's clauses, its
    ``refine`` and the loop theory (when the model declares one loop) do the rest, and
    the model's ``leaf_check`` has the last word on every candidate, as in ``_dfs``.

    With ``engine`` (at the root state), the facts the learning finds are handed to the
    deduction ladder at restarts, and what it deduces from them comes back as facts:
    deduction from true facts is sound, so this only ever prunes."""
    n = len(dom)
    theories: list[Theory] = []
    loop = None
    if model.loop is not None:
        loop = LoopTheory(model.loop, n)
        if EARLY_LOOPS:
            theories.append(loop)
        if REACH:
            theories.append(ReachTheory(model.loop, n))
    theories += [make() for make in model.theories]
    solver = Cdcl(twin.top, [], theories)
    if getattr(twin, "true_first", False):  # ``SatEncoding.true_first``
        solver.phase = [0] * twin.top
    for var, d in enumerate(dom):
        if d == TRUE:
            solver.assign(2 * var, None)
        elif d == FALSE:
            solver.assign(2 * var + 1, None)
    clauses = twin.clauses
    if model.loop is not None:
        # Two lines or none at every node, in clauses unit propagation reads in full.
        clauses = clauses + [c for edges in model.loop.node_edges for c in cardinality([e + 1 for e in edges], [0, 2])]
    if not solver.add_clauses(clauses, deadline):
        return CdclOutcome([], 0, 0, False, "timeout")
    accept = model.leaf_check or (lambda values: True)

    def block(values: list[int]) -> list[int]:
        short = loop.block(values) if loop is not None else None
        return short if short is not None else every_variable(values)

    refine = twin.refine
    if loop is not None:
        cuts, more = loop.cuts, twin.refine

        def refine(values: list[int]) -> list[list[int]]:
            return cuts(values) or more(values)

    at_root = None
    if engine is not None:
        live = engine
        taken = [0]

        def at_root(trail: list[int]) -> list[int] | None:
            edom = live.dom
            start = taken[0]
            taken[0] = len(trail)
            live.current = -1
            for lit in trail[start:]:
                var = lit >> 1
                if var < n and not live.set(var, FALSE if lit & 1 else TRUE):
                    return None
            try:
                if not live.run():
                    return None
            except Timeout:
                return []
            return [2 * v + (1 if d == FALSE else 0) for v, d in enumerate(edom) if d != BOOL]

    return solver.solve(limit, accept, refine, block, max_nodes, deadline, n, at_root)
