"""The propagation fixpoint: a work queue per rung over a flat domain array.

Narrowing a variable wakes the propagators that watch it.  The engine always
runs the cheapest non-empty rung next, so a dearer rung only wakes once every
cheaper one is at fixpoint, and any progress sends work back down the ladder
(Tatham's "restart from the cheapest" loop, for free).  Contradiction is a
return value.

All mutable solver state lives in two flat int lists: ``dom`` (one bitmask
per variable) and ``aux`` (slots propagators reserved for incremental state,
such as a union-find).  Every write to either goes on one trail, so search
and lookahead take any amount of work back with ``undo(mark)``.  Every
narrowing can also be written to a deduction log.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence
from typing import NamedTuple

from puzzlekit.core.clock import Timeout as Timeout  # re-exported: the engine raises it too
from puzzlekit.core.model import EVERY, Model, Propagator


class LogEntry(NamedTuple):
    """One narrowing: ``var`` became ``mask`` because of propagator ``by``."""

    var: int
    mask: int
    by: int
    """Index of the propagator in ``Model.propagators``; ``DECISION`` (-1) for a search decision."""
    reads: Sequence[int]
    note: object


DECISION = -1


class Snapshot(NamedTuple):
    """An engine's state besides its domains (``Engine.snapshot``)."""

    mark: int
    queues: list[list[int]]
    queued: bytes
    fired: list[int]
    log: list[LogEntry] | None
    failed: int


CLOCK_EVERY = 256
"""Propagator runs between two looks at the clock when a deadline is set (counted across
``run`` calls, so many short runs, such as lookahead probes, still look).  The most: on a
board whose propagators are slow (a connectivity check on 200x200) the engine looks more
often, so the deadline holds to within about :data:`CLOCK_SLICE`."""

CLOCK_SLICE = 0.02
"""Seconds the engine aims to spend between two looks at the clock."""

CLOCK_FIRST = 8
"""Runs before the first look: a board of slow propagators must not spend its whole
budget (and more) before the engine has once looked at the clock."""


WIRING_CHECK = 4096
"""Propagators wired between two looks at the deadline (about 5 ms of wiring)."""


def _wiring(
    model: Model, cap: int, deadline: float | None, only: int | None = None
) -> tuple[list[int], list[tuple[int, ...]]]:
    """Each propagator's rung (0 above the cap, or off the rung ``only`` when given: it
    keeps its index but is never queued) and each variable's watchers.  Raises Timeout
    once ``deadline`` passes."""
    if only is None:
        rung_of = [p.rule.rung if p.rule.rung <= cap else 0 for p in model.propagators]
    else:
        rung_of = [only if p.rule.rung == only else 0 for p in model.propagators]
    n = len(model.domains)
    watchers: list[list[int]] = [[] for _ in range(n)]
    for index, prop in enumerate(model.propagators):
        if deadline is not None and not index % WIRING_CHECK and time.perf_counter() > deadline:
            raise Timeout
        if rung_of[index]:
            watches = prop.watches
            for var in range(n) if watches is None or watches is EVERY else watches:
                watchers[var].append(index)
    return rung_of, [tuple(w) for w in watchers]


class Engine:
    """Runs a model's propagators (those up to ``max_rung``) to fixpoint."""

    __slots__ = (
        "model",
        "props",
        "rung_of",
        "watchers",
        "queues",
        "queue_of",
        "queued",
        "dom",
        "aux",
        "trail",
        "log",
        "current",
        "fired",
        "failed",
        "max_rung",
        "requeue",
        "deadline",
        "ticks",
        "clock_every",
        "last_look",
        "wired",
        "asleep",
    )

    def __init__(
        self,
        model: Model,
        max_rung: int | None = None,
        record: bool = False,
        deadline: float | None = None,
        only: int | None = None,
    ) -> None:
        """``only`` runs the propagators of that one rung alone (the harness checks each
        rung's soundness so, where the cheaper rungs would otherwise do the work first);
        a lookahead on it still probes with the cheaper rungs, through its own engine."""
        if only is not None:
            max_rung = only
        cap = len(model.ladder) if max_rung is None else min(max_rung, len(model.ladder))
        self.model = model
        self.max_rung = cap
        self.props: list[Propagator] = model.propagators
        self.wired = True
        """False when ``deadline`` passed while wiring: the engine then only says Timeout."""
        try:
            self.rung_of, self.watchers = _wiring(model, cap, deadline, only)
        except Timeout:
            self.wired = False
            self.rung_of, self.watchers = [0] * len(self.props), [()] * len(model.domains)
        self.queues: list[deque[int]] = [deque() for _ in range(cap + 1)]
        self.queue_of = [self.queues[rung] for rung in self.rung_of]
        """Each propagator's queue (its rung's), looked up once per wake-up in ``set``."""
        self.queued = bytearray(len(self.props))
        self.dom: list[int] = list(model.domains)
        self.aux: list[int] = list(model.aux)
        self.trail: list[int] = []
        """Pairs (slot, old value): slot >= 0 a variable, slot < 0 the aux slot ~slot."""
        self.log: list[LogEntry] | None = [] if record else None
        self.current = DECISION
        # fired[i] counts narrowings by propagator i; the extra last slot counts decisions.
        self.fired = [0] * (len(self.props) + 1)
        self.failed = DECISION
        self.requeue = False
        self.deadline: float | None = deadline
        """A ``time.perf_counter()`` value; past it, ``run`` raises Timeout."""
        self.ticks = CLOCK_FIRST
        """Propagator runs left before the next look at the clock."""
        self.asleep: bytearray | None = None
        """1 for each propagator ``sleep`` put to sleep (marked queued, so ``set`` passes it by)."""
        self.clock_every: int = CLOCK_FIRST
        """Runs between two looks: few at first, up to CLOCK_EVERY while runs are quick."""
        self.last_look: float = 0.0

    # -- writing state -------------------------------------------------------

    def _pace(self, now: float) -> None:
        """Fewer runs to the next look after a slow window, more (up to CLOCK_EVERY) after a quick one."""
        window = now - self.last_look if self.last_look else 0.0
        self.last_look = now
        if window > CLOCK_SLICE:
            self.clock_every = max(1, self.clock_every // 4)
        elif window < CLOCK_SLICE / 8 and self.clock_every < CLOCK_EVERY:
            self.clock_every = min(CLOCK_EVERY, self.clock_every * 2)
        self.ticks = self.clock_every

    def set(self, var: int, mask: int, reads: Sequence[int] = (), note: object = None) -> bool:
        """Narrow ``var`` to ``dom & mask``; False when that empties the domain."""
        dom = self.dom
        old = dom[var]
        new = old & mask
        if new == old:
            return True
        if not new:
            return False
        dom[var] = new
        trail = self.trail
        trail.append(var)
        trail.append(old)
        queued = self.queued
        queue_of = self.queue_of
        for p in self.watchers[var]:
            if not queued[p]:
                queued[p] = 1
                queue_of[p].append(p)
        self.fired[self.current] += 1
        if self.log is not None:
            self.log.append(LogEntry(var, new, self.current, reads, note))
        return True

    def put(self, slot: int, value: int) -> None:
        """Write an aux slot, remembering the old value for ``undo``."""
        aux = self.aux
        trail = self.trail
        trail.append(~slot)
        trail.append(aux[slot])
        aux[slot] = value

    def wake(self, prop: int) -> None:
        """Queue propagator ``prop`` (its index in the model) for something no variable says;
        one asleep (``sleep``) wakes up."""
        rung = self.rung_of[prop]
        if rung and not self.queued[prop]:
            self.queued[prop] = 1
            self.queues[rung].append(prop)
        elif rung and self.asleep is not None and self.asleep[prop]:
            self.asleep[prop] = 0
            self.queues[rung].append(prop)

    def sleep(self, prop: int) -> None:
        """Let propagator ``prop`` sleep until ``wake`` names it (or ``reset``): narrowing
        what it watches no longer queues it.  For a stand-in that deduces nothing (a blanked
        clue's ``Idle``), which a generator otherwise runs at every narrowing of its cells,
        for nothing; the others run in the same order either way.  A propagator on a queue
        stays awake."""
        if not self.rung_of[prop] or self.queued[prop]:
            return  # never queued, asleep already, or on a queue
        if self.asleep is None:
            self.asleep = bytearray(len(self.props))
        self.asleep[prop] = 1
        self.queued[prop] = 1

    def again(self) -> None:
        """Called by a propagator that stopped early on purpose: run it once more later.

        Its own narrowings do not wake it, so without this it would sleep until
        some other change woke it.
        """
        self.requeue = True

    def snapshot(self) -> Snapshot:
        """What a detour on this engine may change besides the trail (queues, counts, log),
        with the trail's mark: ``restore`` puts it all back (the search's root, which a
        paused lookahead left mid-run, searched from before it goes on)."""
        return Snapshot(
            self.mark(), [list(q) for q in self.queues], bytes(self.queued), list(self.fired), self.log, self.failed
        )

    def restore(self, snap: Snapshot) -> None:
        """Back to the state ``snapshot`` took, at once."""
        self.undo(snap.mark)
        for queue, saved in zip(self.queues, snap.queues):
            queue.clear()
            queue.extend(saved)
        self.queued[:] = snap.queued
        self.fired = snap.fired
        self.log = snap.log
        self.failed = snap.failed
        self.current = DECISION

    def mark(self) -> int:
        """A point on the trail to ``undo`` back to."""
        return len(self.trail)

    def reset(self) -> None:
        """Back to the first state at once (what ``undo(0)`` does, without walking the
        trail): for a caller that runs one engine on many variants of its model."""
        self.dom[:] = self.model.domains
        self.aux[:] = self.model.aux
        self.trail.clear()
        asleep = self.asleep
        if asleep is not None:  # everyone awake: the caller may have changed any propagator
            awake = int.from_bytes(self.queued, "little") & ~int.from_bytes(asleep, "little")
            self.queued[:] = awake.to_bytes(len(asleep), "little")  # bytes of 0 and 1: one mask
            self.asleep = None

    def replace(self, index: int, prop: Propagator) -> None:
        """Put ``prop`` in place of the model's propagator ``index`` (same rung), rewiring
        the variables whose watchers change: for a caller that runs one engine on variants
        of its model which differ in a few propagators (a generator moving a cell between
        regions), at the cost of those few rather than a new engine.  Between runs only."""
        old = self.props[index]
        if prop.rule.rung != old.rule.rung:
            raise ValueError(f"propagator {index} sits on rung {old.rule.rung}, not {prop.rule.rung}")
        if self.rung_of[index]:
            every = range(len(self.dom))
            was = set(every if old.watches is None or old.watches is EVERY else old.watches)
            now = set(every if prop.watches is None or prop.watches is EVERY else prop.watches)
            watchers = self.watchers
            for var in was - now:
                watchers[var] = tuple(p for p in watchers[var] if p != index)
            for var in now - was:
                watchers[var] = tuple(sorted((*watchers[var], index)))
        self.props[index] = prop
        if self.asleep is not None and self.asleep[index]:  # a new propagator is awake
            self.asleep[index] = 0
            self.queued[index] = 0

    def undo(self, mark: int) -> None:
        """Revert every write made after ``mark``, latest first."""
        trail = self.trail
        i = len(trail) - 2
        if i < mark:
            return
        dom, aux = self.dom, self.aux
        while i >= mark:
            slot = trail[i]
            if slot >= 0:
                dom[slot] = trail[i + 1]
            else:
                aux[~slot] = trail[i + 1]
            i -= 2
        del trail[mark:]

    # -- the fixpoint --------------------------------------------------------

    def start(self, max_rung: int | None = None) -> bool:
        """Run every propagator once, then to fixpoint (False if a domain starts empty).

        With ``max_rung``, only the rungs up to it run; the dearer ones stay queued for a
        later ``run()`` to carry on from that fixpoint."""
        if not self.wired:
            raise Timeout
        if 0 in self.dom:
            return False
        queued, asleep = self.queued, self.asleep
        for p, rung in enumerate(self.rung_of):
            if rung and not (asleep is not None and asleep[p]):
                queued[p] = 1
                self.queues[rung].append(p)
        return self.run(max_rung)

    def decide(self, var: int, mask: int) -> bool:
        """Narrow ``var`` as a search decision and propagate."""
        self.current = DECISION
        if not self.set(var, mask):
            return False
        return self.run()

    def carry_on(self, prop: int) -> bool:
        """Go on with a ``run`` from ``start`` that propagator ``prop`` interrupted by raising
        (after the loop took it off its queue; ``Lookahead``'s ``Paused``): run it first, as the
        loop would have, then on to fixpoint, so the run ends as one never interrupted."""
        self.current = prop
        ok = self.props[prop].propagate(self)
        if self.requeue:
            self.requeue = False
            self.queues[self.rung_of[prop]].append(prop)
        else:
            self.queued[prop] = 0
        self.current = DECISION
        if not ok:
            self.failed = prop
            self._clear()
            return False
        return self.run()

    def run(self, max_rung: int | None = None) -> bool:
        """Propagate until no propagator (up to ``max_rung``) is queued; False on contradiction.

        A propagator may call ``run(its rung - 1)`` to let the cheaper rungs digest
        its own progress before it goes on; dearer rungs stay queued meanwhile.
        """
        # queue 0 never holds work: rung 0 is "not wired"
        queues = self.queues[1:] if max_rung is None else self.queues[1 : max_rung + 1]
        queued = self.queued
        props = self.props
        caller = self.current
        deadline = self.deadline
        while True:
            for queue in queues:
                if queue:
                    break
            else:
                self.current = caller
                return True
            if deadline is not None:
                self.ticks -= 1
                if not self.ticks:
                    now = time.perf_counter()
                    if now > deadline:
                        self._clear()
                        raise Timeout
                    self._pace(now)
            p = queue.popleft()
            self.current = p
            ok = props[p].propagate(self)
            if self.requeue:
                self.requeue = False
                queue.append(p)
            else:
                queued[p] = 0
            if not ok:
                self.failed = p
                self.current = caller
                self._clear()
                return False

    def _clear(self) -> None:
        for queue in self.queues:
            queue.clear()
        self.queued[:] = bytes(len(self.queued)) if self.asleep is None else self.asleep

    # -- reading results -----------------------------------------------------

    def rule_counts(self) -> dict[str, int]:
        """Narrowings per rule name, cheapest rung first."""
        props, fired = self.props, self.fired
        counts: dict[tuple[int, str], int] = {}
        for index, n in enumerate(fired[:-1]):
            if n:
                rule = props[index].rule
                key = (rule.rung, rule.name)
                counts[key] = counts.get(key, 0) + n
        return {name: n for (_, name), n in sorted(counts.items(), key=lambda item: item[0][0])}
