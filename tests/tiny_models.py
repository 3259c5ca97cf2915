"""Textbook propagators for hand-built models in the core's tests."""

from __future__ import annotations

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import Propagator, Rule, is_fixed

CHEAP = Rule("cheap", 1, "a cheap rule")
DEAR = Rule("dear", 2, "a dear rule")


def bits(*values: int) -> int:
    """The domain allowing exactly ``values``."""
    mask = 0
    for v in values:
        mask |= 1 << v
    return mask


class NotEqual(Propagator):
    """x != y, once either side is fixed."""

    def __init__(self, x: int, y: int, rule: Rule = CHEAP) -> None:
        self.x, self.y, self.rule = x, y, rule
        self.watches = (x, y)

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        changed = True
        while changed:
            changed = False
            for a, b in ((self.x, self.y), (self.y, self.x)):
                if is_fixed(dom[a]) and dom[b] & dom[a]:
                    if not engine.set(b, ~dom[a], (a,)):
                        return False
                    changed = True
        return True
