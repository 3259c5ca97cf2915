"""A propagation fixpoint kept across small changes of a model's propagators, for the
climb (``generate.Climb``), which asks for the fixpoint of nearly the same board after
every flip of a square.

A fresh start runs every propagator and redoes every deduction.  Here the fixpoint of
the last kept board is kept with its deduction log, and after propagators are replaced
(``again``) what the replaced ones deduced is taken back, with every later deduction by
a propagator that watches a variable taken back (it may have read it), transitively;
the rest stands, as deductions of the propagators that did not change from what did not
change.  Then only the replaced propagators, the watchers of what was taken back and the
``wide`` ones run again.  ``wide`` propagators read more than the variables they watch
(aux state, the board itself): their deductions are always taken back, their aux state
reset, and they all run again (from a reset aux, as after ``Engine.reset``).

Each variable here is narrowed once (Boolean domains), so the state kept is the log's
kept entries over the model's first domains.  Where the fixpoint does not hang on the
order propagators run in (it is the greatest one), this is the fixpoint a fresh start
reaches: the state kept holds only deductions the new propagators make too, and the
run goes on to a fixpoint of them all.  The tests compare it with a fresh start.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from puzzlekit.core import EVERY, Engine, LogEntry, Propagator


def _watched(prop: Propagator) -> bool:
    """Does ``prop`` watch variables of its own (not every one, not none)?"""
    return bool(prop.watches) and prop.watches is not EVERY


class KeptFixpoint:
    """``engine``'s fixpoint, kept (``keep``) and carried on after propagators change (``again``)."""

    def __init__(self, engine: Engine, wide: Iterable[int]) -> None:
        self.engine = engine
        engine.log = []
        props = engine.props
        self.wide = bytearray(len(props))
        for index in wide:
            self.wide[index] = 1
        for index, prop in enumerate(props):
            if prop.watches is None or prop.watches is EVERY:
                self.wide[index] = 1  # what it reads is not said: always taken back
        everywhere = [i for i, flag in enumerate(self.wide) if flag and not _watched(props[i])]
        self.woken = everywhere
        """The wide propagators woken at every ``again``: those that watch no variable of their own."""
        self.wide_watchers: list[list[int]] = [[] for _ in engine.dom]
        """Per variable, the wide propagators that watch it (woken when it is narrowed in the state kept)."""
        for index, flag in enumerate(self.wide):
            if flag and _watched(props[index]):
                for var in props[index].watches:
                    self.wide_watchers[var].append(index)
        self.base: tuple[list[int], list[int], list[LogEntry]] | None = None

    def fresh(self) -> bool:
        """The fixpoint from the model's first state, as ``Engine.start``; False on a contradiction."""
        engine = self.engine
        engine.reset()
        engine.log = []
        ok = engine.start()
        engine.trail.clear()  # nothing here undoes: the kept state is the log
        return ok

    def keep(self) -> None:
        """The engine's state, the one ``again`` starts from."""
        engine = self.engine
        assert engine.log is not None
        self.base = (list(engine.dom), list(engine.aux), list(engine.log))

    def again(self, changed: Sequence[int]) -> bool:
        """The fixpoint after the propagators at ``changed`` were replaced (each watching
        what it replaced watched), from the kept state; False on a contradiction."""
        if self.base is None:
            return self.fresh()
        _, _, log = self.base
        engine = self.engine
        props, model = engine.props, engine.model
        bad = bytearray(self.wide)
        for index in changed:
            bad[index] = 1
        taken: set[int] = set()
        kept: list[LogEntry] = []
        for entry in log:
            if bad[entry.by] or not taken.isdisjoint(props[entry.by].watches):
                taken.add(entry.var)
            else:
                kept.append(entry)
        dom = engine.dom
        dom[:] = model.domains
        engine.aux[:] = model.aux  # the wide ones' state, made again as they run
        engine.trail.clear()
        engine.log = kept
        wake, watchers, wide_watchers = engine.wake, engine.watchers, self.wide_watchers
        for entry in kept:
            dom[entry.var] = entry.mask
            for index in wide_watchers[entry.var]:
                wake(index)
        for index in changed:
            wake(index)
        for var in taken:
            for index in watchers[var]:
                wake(index)
        for index in self.woken:
            wake(index)
        ok = engine.run()
        engine.trail.clear()
        return ok
