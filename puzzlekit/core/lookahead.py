"""Lookahead (failed-literal probing): a genre-agnostic rung any ladder can use.

For each open variable and each value it still allows, pretend the value is
chosen and run the cheaper rungs (up to ``probe_rung``); if they reach a
contradiction, the value is impossible.  This is how a person says "if this
edge were a line, that 3 could not be satisfied", and it finds most of the
short-range patterns human solvers learn by name without naming them.

A private engine with an undo trail probes on the live state, so a probe
costs only the work its propagation does.  A probe that survives implies
every value it fixed; those values cannot fail either (their consequences
are a subset), so the sweep skips them.
"""

from __future__ import annotations

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import Propagator, Rule


class Lookahead(Propagator):
    """Probe every open value with the rungs up to ``probe_rung``."""

    watches = None
    __slots__ = ("rule", "probe_rung", "_probe", "_cursor")

    def __init__(self, rule: Rule, probe_rung: int) -> None:
        if probe_rung >= rule.rung:
            raise ValueError("lookahead must probe with rungs cheaper than its own")
        self.rule = rule
        self.probe_rung = probe_rung
        self._probe: Engine | None = None
        self._cursor = 0

    def propagate(self, engine: Engine) -> bool:
        probe = self._probe
        if probe is None or probe.model is not engine.model:
            probe = self._probe = Engine(engine.model, max_rung=self.probe_rung)
        # The probe engine works on the live state and undoes itself after each try.
        dom = probe.dom = engine.dom
        probe.aux = engine.aux
        trail = probe.trail
        n = len(dom)
        survived = [0] * n  # per variable, values known not to fail this sweep
        start = self._cursor if self._cursor < n else 0
        for offset in range(n):
            var = (start + offset) % n
            mask = dom[var]
            if not mask & (mask - 1):
                continue
            bits = mask & ~survived[var]
            while bits:
                bit = bits & -bits
                bits ^= bit
                ok = probe.decide(var, bit)
                if ok:
                    for i in range(0, len(trail), 2):
                        v = trail[i]
                        if v >= 0:
                            d = dom[v]
                            if not d & (d - 1):
                                survived[v] |= d
                probe.undo(0)
                if not ok:
                    # Progress: let the cheaper rungs digest it before probing on.
                    self._cursor = var
                    if not engine.set(var, mask & ~bit, (), bit):
                        return False
                    engine.again()
                    return True
        self._cursor = 0
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        bit = note if isinstance(note, int) else 0
        value = bit.bit_length() - 1
        return f"trying value {value} there makes the cheaper rules contradict each other"
