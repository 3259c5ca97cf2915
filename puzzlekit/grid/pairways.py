"""A region that holds exactly two shaded cells paired off into dominoes (Norinori), as one
propagator: ``shapes.Ways`` over ``shapes.pair_ways``, without the table of ways.

``Ways`` checks every way of a region (n cells: n(n-1)/2 of them) against the domains at
every wake, through four masks and two groups per way; on a 20x20 board that check is
most of a solve, and building the table most of the model.  Here a way is a pair of the
region's cells that can both be shaded while every cell fixed shaded is one of them, and
a pair is alive as it is in ``pair_ways``: side by side, when no neighbour outside is
fixed shaded; apart, when each has a neighbour outside that can be shaded.  The pairs
are walked straight from the domains, the walk stops once the ways seen agree on nothing,
and the cells every way left agrees on are set in the order ``Ways`` sets them: the same
deductions, the same reads and the same words (``tests/test_toolkit_pairways.py``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import Propagator, Rule
from puzzlekit.grid.topology import RectGrid

ON, OFF = 0b10, 0b01
SEEN, CLEAR, OPEN = 1, 2, 4


class PairWays(Propagator):
    """Exactly two cells of ``cells`` shaded, in one of the ways ``pair_ways(grid, cells)``
    lists; a cell every way left shades (or leaves) goes so; no way left is a
    contradiction.  ``what`` names the region ("the region at r1c1")."""

    __slots__ = ("rule", "watches", "what", "doing", "cells", "bits", "outside", "out_bits", "beside", "region")

    def __init__(self, rule: Rule, grid: RectGrid, cells: Sequence[int], *, what: str = "a region") -> None:
        self.rule, self.what, self.doing = rule, what, "shade two cells"
        inside = set(cells)
        self.cells = tuple(cells)
        self.outside = tuple(tuple(n for n in grid.neighbours[c] if n not in inside) for c in self.cells)
        self.watches = tuple(sorted(inside.union(*self.outside))) if len(inside) > 1 else ()  # no way: nothing to watch
        at = {v: i for i, v in enumerate(sorted(inside.union(*self.outside)))}
        self.bits = tuple(1 << at[c] for c in self.cells)
        self.out_bits = tuple(sum(1 << at[n] for n in near) for near in self.outside)
        index = {c: k for k, c in enumerate(self.cells)}
        self.beside = tuple(frozenset(index[n] for n in grid.neighbours[c] if n in inside) for c in self.cells)
        """Per cell of the region, the indices of its neighbours in it."""
        self.region = sum(self.bits)

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        can: list[int] = []  # indices of the region's cells that can be shaded
        fixed: list[int] = []  # and of those shaded
        for k, c in enumerate(self.cells):
            d = dom[c]
            if d & ON:
                can.append(k)
                if d == ON:
                    fixed.append(k)
        if len(fixed) > 2:
            return False
        beside, bits, out_bits = self.beside, self.bits, self.out_bits
        sides = [0] * len(bits)  # per cell, ``_side`` once looked at
        if len(fixed) == 2:
            pairs: Iterable[tuple[int, int]] = ((fixed[0], fixed[1]),)
        elif fixed:
            pairs = ((fixed[0], k) for k in can if k != fixed[0])
        else:
            pairs = combinations(can, 2)
        always_on = always_off = -1
        alive = False
        for i, j in pairs:
            a, b = sides[i] or self._side(dom, i, sides), sides[j] or self._side(dom, j, sides)
            if j in beside[i]:
                if not a & b & CLEAR:
                    continue
                on = bits[i] | bits[j]
                off = (self.region & ~on) | out_bits[i] | out_bits[j]
            elif a & b & OPEN:
                on = bits[i] | bits[j]
                off = self.region & ~on
            else:
                continue
            alive = True
            always_on &= on
            always_off &= off
            if not always_on and not always_off:
                return True  # the ways left agree on nothing
        return alive and self._settle(engine, always_on, always_off)

    def _side(self, dom: Sequence[int], k: int, sides: list[int]) -> int:
        """Cell ``k``'s neighbours outside the region: ``CLEAR`` when none is shaded (it can
        be half a domino inside), ``OPEN`` when one can be (its partner, apart); noted in ``sides``."""
        side = SEEN | CLEAR
        for n in self.outside[k]:
            d = dom[n]
            if d & ON:
                side |= OPEN
                if d == ON:
                    side &= ~CLEAR
        sides[k] = side
        return side

    def _settle(self, engine: Engine, always_on: int, always_off: int) -> bool:
        """Shade the positions of ``always_on`` and leave those of ``always_off`` (as ``Ways``)."""
        dom, reads = engine.dom, self.watches
        for i, v in enumerate(reads):
            if dom[v] == 0b11:
                if always_on >> i & 1 and not engine.set(v, ON, reads, "in"):
                    return False
                if always_off >> i & 1 and not engine.set(v, OFF, reads, "out"):
                    return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        does = "shades this cell" if note == "in" else "leaves this cell unshaded"
        return f"every way left to {self.doing} in {self.what} {does}"
