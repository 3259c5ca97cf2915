"""Lookahead (failed-literal probing): a genre-agnostic rung any ladder can use.

For each open variable and each value it still allows, pretend the value is
chosen and run the cheaper rungs (up to ``probe_rung``); if they reach a
contradiction, the value is impossible.  This is how a person says "if this
edge were a line, that 3 could not be satisfied", and it finds most of the
short-range patterns human solvers learn by name without naming them.

A private engine with an undo trail probes on the live state, so a probe
costs only the work its propagation does.  A probe that survives implies
every value it fixed; those values cannot fail either (their consequences
are a subset), so the sweep skips them.  A failed value is removed and the
probing rungs propagate it at once; the sweep then goes on, and round again
from the first variable, until it has judged every variable once in the state
as it stands (since the last failure): the variables after the last failure
need no second look.  On the first lap the survivors of earlier states are
skipped too (a lap with a failure is followed by another, which judges them
again); after it only survivors of the state as it stands count.  That is the
fixpoint of probing every value again after each removal, for about an eighth
fewer probes than sweeping the whole board once more (tests/test_lookahead.py
holds it to that fixpoint).  The dearer rungs (bridges, regions) run once
lookahead is done, since each of their passes costs a full board; what they
narrow wakes it again.

With ``near`` (a genre's neighbourhood), a failure first sends the sweep to the
variables near the cells it fixed, judged in the new state before the sweep
goes on: a chain of failures that runs against the sweep's order (upwards on a
board read row by row) is then followed in one lap, not one lap a link.  The
same fixpoint (a value that fails in a state fails in every narrower one), the
removals in another order.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from puzzlekit.core.engine import CLOCK_EVERY, Engine, Timeout
from puzzlekit.core.model import BOOL, EVERY, Propagator, Rule

Describe = Callable[[int, int], str]
"""Words for "variable ``var`` takes the values in ``mask``" ("a line", "crossed")."""
Probe = Callable[[int, int], "list[tuple[int, int]] | None"]
"""``probe(var, bit)``: what the probing rungs reach once ``var`` takes ``bit``, without
writing the state: the variables it left fixed, with their values (``var`` too), or None on
a contradiction."""
Step = Callable[[list[int], list[int], int, int, list[int], list[int]], bool]
"""``step(dom, aux, var, bit, fixed, undo)``: from a fixpoint of the probing rungs in
``dom``/``aux`` (written in place), ``var`` takes ``bit`` and those rungs run to their
fixpoint again, as the probe engine's ``decide`` would; False on a contradiction.  For
boolean models: the variables it fixed (each open, ``BOOL``, before) go to ``fixed``, each
aux slot it wrote and its old value to ``undo`` (flat pairs), so the caller can take it
back (``search._step_dfs``)."""


def revert_step(dom: list[int], aux: list[int], fixed: list[int], undo: list[int]) -> None:
    """Take back what a ``Step`` wrote: its variables were open booleans, its aux slots as
    ``undo`` says (newest first); ``fixed`` and ``undo`` are emptied for the next step."""
    for v in fixed:
        dom[v] = BOOL
    for i in range(len(undo) - 2, -1, -2):
        aux[undo[i]] = undo[i + 1]
    fixed.clear()
    undo.clear()


FastProbe = Callable[[list[int], list[int]], "Probe | None"]
"""``fast_probe(dom, aux)``: a ``Probe`` for the state ``dom`` (and aux slots ``aux``) as it
stands, a fixpoint of the probing rungs (asked again after every change;
``Houses.singles_probe``, Slitherlink's ``SlitherlinkClues.fast_probe``), or None to probe
through the engine."""


@dataclass
class Sweep:
    """Where a paused sweep stands: the loop's whole state, to go on from exactly there."""

    survived: list[int]
    fresh: list[int]
    fresh_at: list[int]
    epoch: int
    progress: bool
    clean: int
    var: int
    first_lap: bool
    spare: list[int] | None = None
    """Per variable, values that cannot fail in any state of this search (a known
    solution's): the sweep on from here does not probe them (``Lookahead.resume``)."""


class Paused(Exception):
    """Raised by a lookahead armed with ``pause_after`` (the search's root, issue 23):
    ``sweep`` says where it stopped; the engine's queues are left as they were, with this
    propagator taken off its queue (``Engine.carry_on`` goes on from there)."""

    def __init__(self, sweep: Sweep) -> None:
        super().__init__("lookahead paused")
        self.sweep = sweep


class Lookahead(Propagator):
    """Probe every open value with the rungs up to ``probe_rung``."""

    watches = EVERY
    __slots__ = (
        "rule",
        "probe_rung",
        "describe",
        "fast_probe",
        "fast_step",
        "near",
        "_probe",
        "pause_after",
        "_resume",
    )

    def __init__(
        self,
        rule: Rule,
        probe_rung: int,
        describe: Describe | None = None,
        fast_probe: FastProbe | None = None,
        fast_step: Callable[[], Step | None] | None = None,
        near: Sequence[Sequence[int]] | None = None,
    ) -> None:
        if probe_rung >= rule.rung:
            raise ValueError("lookahead must probe with rungs cheaper than its own")
        self.rule = rule
        self.probe_rung = probe_rung
        self.describe = describe
        self.fast_probe = fast_probe
        """The probing rungs' fixpoint in one function, when the genre has one: from a
        fixpoint of those rungs it must reach what they would through the engine (the same
        failures, the same fixed variables)."""
        self.fast_step = fast_step
        """``fast_step()``: the probing rungs' ``Step`` for the model as it stands (or None),
        when the genre has one: the search's small tree then steps on copies of the state
        instead of the probe engine (``puzzlekit.core.search``)."""
        self.near = near
        """``near[v]``: the variables whose probes a change of ``v`` is likeliest to make
        fail (a cell's neighbourhood), judged first after a failure that changed ``v``."""
        self._probe: Engine | None = None
        self.pause_after: int | None = None
        """Armed by the search at its root: raise ``Paused`` (once, at a variable boundary)
        when this many probes have all survived, before any failed (a failure disarms it)."""
        self._resume: Sweep | None = None

    def resume(self, sweep: Sweep) -> None:
        """Make the next ``propagate`` go on from ``sweep`` (what ``Paused`` carried).  It
        makes the same removals in the same order as a sweep never paused: skipping the
        ``spare`` values (those of a solution, which survive every probe, and whose
        survivors are solution values too) changes only which probes are spent."""
        self._resume = sweep

    def disarm(self) -> None:
        """No pause and no resume pending (the search, once its root is done)."""
        self.pause_after = None
        self._resume = None

    def probe_engine(self, engine: Engine) -> Engine:
        """An engine capped at ``probe_rung`` on ``engine``'s live state (its domains and
        aux slots, not copies), wired once per model; whoever writes with it undoes its
        trail (``undo(0)``) before ``engine`` goes on.  The search's cheap first pass
        (``puzzlekit.core.search``) uses it too."""
        probe = self._probe
        if probe is None or probe.model is not engine.model:
            probe = Engine(engine.model, max_rung=self.probe_rung, deadline=engine.deadline)
            if not probe.wired:
                raise Timeout  # the deadline passed while wiring: never keep half an engine
            self._probe = probe
        probe.dom = engine.dom
        probe.aux = engine.aux
        probe.deadline = engine.deadline  # the probe engine looks at the clock as it runs
        return probe

    def propagate(self, engine: Engine) -> bool:
        # A fast probe reads the live state; the probe engine works on it and undoes itself
        # after each try (made only when there is no fast probe).
        dom, aux, prepare = engine.dom, engine.aux, self.fast_probe
        fast = prepare(dom, aux) if prepare is not None else None
        probe = self.probe_engine(engine) if fast is None else None
        n = len(dom)
        sweep, self._resume = self._resume, None
        if sweep is None:
            survived = [0] * n  # per variable, values known not to fail in some state of this call
            fresh = [0] * n  # the same, known in the state as it stands (recorded since ``epoch``)
            fresh_at = [-1] * n
            epoch = 0  # failures so far: the state changes at each
            progress = False
            clean = 0  # variables in a row judged in the state as it stands
            var = 0
            first_lap = True
            spare = None
        else:
            survived, fresh, fresh_at = sweep.survived, sweep.fresh, sweep.fresh_at
            epoch, progress, clean, var, first_lap = (
                sweep.epoch,
                sweep.progress,
                sweep.clean,
                sweep.var,
                sweep.first_lap,
            )
            spare = sweep.spare
        pause_after = self.pause_after
        deadline = engine.deadline
        dry = 0  # probes that survived
        near = self.near
        hot: deque[int] = deque()  # variables near the last failures, judged before the sweep goes on
        queued = bytearray(n if near is not None else 0)  # which are in ``hot``
        trail = engine.trail
        while clean < n:
            if pause_after is not None and dry >= pause_after:
                self.pause_after = None
                raise Paused(Sweep(survived, fresh, fresh_at, epoch, progress, clean, var, first_lap))
            if hot:  # a variable near a failure, judged off the sweep's order
                at = hot.popleft()
                heat = True
                queued[at] = 0
            else:
                at, heat = var, False
            mask = dom[at]
            exact = True
            if mask & (mask - 1):
                keep = ~spare[at] if spare is not None else -1  # spare values count as known, always fresh
                if first_lap and not heat:
                    known = survived[at] & keep
                    exact = not known or (fresh_at[at] == epoch and known == fresh[at] & keep)
                else:
                    known = fresh[at] if fresh_at[at] == epoch else 0
                bits = mask & ~known & keep
                while bits:
                    bit = bits & -bits
                    bits ^= bit
                    dry += 1
                    if fast is not None:
                        if deadline is not None and not dry % CLOCK_EVERY and time.perf_counter() > deadline:
                            raise Timeout
                        fixed = fast(at, bit)
                        if fixed is not None:
                            for v, d in fixed:
                                survived[v] |= d
                                if fresh_at[v] != epoch:
                                    fresh_at[v], fresh[v] = epoch, 0
                                fresh[v] |= d
                            continue
                        ok = False
                    else:
                        if probe is None:
                            probe = self.probe_engine(engine)
                        ok = self._probe_with(probe, at, bit, survived, fresh, fresh_at, epoch)
                        if ok:
                            continue
                    # A failed value: remove it and let the probing rungs digest that on the
                    # live state before going on; the dearer rungs wait for the end.
                    mark = len(trail)
                    if not engine.set(at, dom[at] & ~bit, (), bit):
                        return False
                    if not engine.run(self.probe_rung):
                        return False
                    if prepare is not None:
                        fast = prepare(dom, aux)
                    progress = True
                    epoch += 1
                    pause_after = self.pause_after = None  # probing yields: no pause
                    exact = False
                    if near is not None:
                        for changed in trail[mark::2]:
                            if changed >= 0:
                                for u in near[changed]:
                                    if not queued[u] and dom[u] & (dom[u] - 1):
                                        queued[u] = 1
                                        hot.append(u)
                    break
            if heat:
                clean = clean if exact else 0
                continue
            clean = clean + 1 if exact else 0
            var += 1
            if var == n:
                if not progress:
                    break  # one lap, nothing failed: every value was judged in this state
                var, first_lap = 0, False
        return True

    @staticmethod
    def _probe_with(
        probe: Engine, var: int, bit: int, survived: list[int], fresh: list[int], fresh_at: list[int], epoch: int
    ) -> bool:
        """One probe through the engine: True when it survived, its fixed values recorded."""
        dom, trail = probe.dom, probe.trail
        try:
            ok = probe.decide(var, bit)
            if ok:
                for v in trail[::2]:  # the slots written (aux slots < 0)
                    if v >= 0:
                        d = dom[v]
                        if not d & (d - 1):
                            survived[v] |= d
                            if fresh_at[v] != epoch:
                                fresh_at[v], fresh[v] = epoch, 0
                            fresh[v] |= d
        finally:
            probe.undo(0)  # even when the deadline interrupts the probe
        return ok

    def explain(self, var: int, mask: int, note: object) -> str:
        bit = note if isinstance(note, int) else 0
        what = self.describe(var, bit) if self.describe else f"value {bit.bit_length() - 1}"
        return f"if it were {what}, the cheaper rules would contradict each other"
