"""Sight lines: the cells a cell sees along its row and column, up to a blocker (a shaded
cell, a wall) or the edge.  Kurodoko's numbers count them; Akari's bulbs light them; a
Yajilin or Cave clue reads the same rays.

Variable ``cell`` is the cell's boolean, 1 a blocker (shaded), as the shading family has it.

- ``SeesExactly(rule, grid, cell, n)``: ``cell`` sees ``n`` cells, itself included (the
  Kurodoko count).  Per direction it knows how far the view surely reaches (cells known
  open from the cell on) and how far it may reach (up to the first known blocker); a
  direction the others cannot make up for opens the cells it needs, and a direction that
  already sees all it may gets its next cell blocked.  It explains itself in words ("the 5
  at r2c3 must see 2 more cells east").
- ``seen(grid, cell, blocked)``: how many cells ``cell`` sees, itself included, for ``accept``.
- ``sight_clauses(cnf, grid, cell, n, lit)``: the same as CNF: per direction and distance a
  fresh variable "the view reaches this far", and a totalizer over them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import FALSE, TRUE, Propagator, Rule
from puzzlekit.grid.topology import DIRECTION_NAMES, RectGrid


class Cnf(Protocol):
    """What ``sight_clauses`` needs of ``puzzlekit.engines.sat.Cnf`` (named here so the
    toolkit does not import the engines' floor)."""

    def add(self, *clauses: list[int]) -> None: ...
    def fresh(self) -> int: ...
    def count(self, literals: Sequence[int], low: int, high: int | None = None) -> None: ...


def seen(grid: RectGrid, cell: int, blocked: Callable[[int], bool]) -> int:
    """The cells ``cell`` sees along its row and column, itself included, up to the first
    blocked cell each way."""
    return 1 + len(grid.sight(cell, blocked))


class SeesExactly(Propagator):
    """``cell`` is open and sees exactly ``n`` cells, itself included."""

    __slots__ = ("rule", "watches", "cell", "n", "rays", "what")

    def __init__(self, rule: Rule, grid: RectGrid, cell: int, n: int, what: str = "") -> None:
        self.rule, self.cell, self.n = rule, cell, n
        self.rays = tuple(tuple(grid.ray(cell, d)) for d in range(4))
        self.watches = (cell, *(c for ray in self.rays for c in ray))
        self.what = what or f"the {n} at {grid.name(cell)}"

    def propagate(self, engine: Engine) -> bool:
        if not engine.set(self.cell, FALSE, self.watches, None):
            return False
        changed = True
        while changed:  # its own narrowings do not wake it: run to a fixpoint here
            changed = False
            sure, may = self._reach(engine.dom)
            need, total_sure, total_may = self.n - 1, sum(sure), sum(may)
            if total_sure > need or total_may < need:
                return False
            for d, ray in enumerate(self.rays):
                least = need - (total_may - may[d])  # what the other directions cannot see
                for k in range(sure[d], least):
                    if not engine.set(ray[k], FALSE, self.watches, (d, least)):
                        return False
                    changed = True
                most = need - (total_sure - sure[d])  # what the other directions leave it
                if max(sure[d], least) == most < may[d]:
                    if not engine.set(ray[most], TRUE, self.watches, (d, -most)):
                        return False
                    changed = True
        return True

    def _reach(self, dom: list[int]) -> tuple[list[int], list[int]]:
        """Per direction: how far the view surely reaches, and how far it may."""
        sure, may = [], []
        for ray in self.rays:
            k = 0
            while k < len(ray) and dom[ray[k]] == FALSE:
                k += 1
            m = k
            while m < len(ray) and dom[ray[m]] != TRUE:
                m += 1
            sure.append(k)
            may.append(m)
        return sure, may

    def explain(self, var: int, mask: int, note: object) -> str:
        if not isinstance(note, tuple):
            return f"{self.what} is a number, and numbers are never shaded"
        d, reach = note
        way = DIRECTION_NAMES[d]
        if reach > 0:
            return f"{self.what} must see {reach} cells {way}: the other ways cannot see enough"
        return f"{self.what} sees all it may {way} already ({-reach} cells): the next one is shaded"


def sight_clauses(cnf: Cnf, grid: RectGrid, cell: int, n: int, lit: Callable[[int], int]) -> None:
    """``cell`` open and seeing exactly ``n`` cells (``lit(c)``: "c is a blocker"), into ``cnf``."""
    cnf.add([-lit(cell)])
    reached = []
    for d in range(4):
        before = 0  # the view reaches the cell before this one (0: the clue itself)
        for c in grid.ray(cell, d):
            here = cnf.fresh()  # the view reaches c: it reached the one before and c is open
            cnf.add([-here, -lit(c)], [here, lit(c)] + ([-before] if before else []))
            if before:
                cnf.add([-here, before])
            reached.append(here)
            before = here
    cnf.count(reached, n - 1)
