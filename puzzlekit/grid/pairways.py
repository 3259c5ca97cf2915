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
CLEAR, OPEN = 1, 2


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
        reads = tuple(sorted(inside.union(*self.outside)))
        self.watches = reads if len(inside) > 1 else ()  # no way: nothing to watch
        at = {v: i for i, v in enumerate(reads)}
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
        sides: list[int] = []  # per cell that can be: CLEAR, no neighbour outside shaded; OPEN, one can be
        region = settled = self.region  # positions of the region's cells already shaded or not
        outside, bits = self.outside, self.bits
        for k, c in enumerate(self.cells):
            d = dom[c]
            if d & ON:
                can.append(k)
                if d == ON:
                    fixed.append(k)
                else:
                    settled ^= bits[k]
                side = CLEAR
                for n in outside[k]:
                    e = dom[n]
                    if e & ON:
                        side |= OPEN
                        if e == ON:
                            side &= ~CLEAR
                sides.append(side)
            else:
                sides.append(0)
        if len(fixed) > 2:
            return False
        beside, out_bits = self.beside, self.out_bits
        if len(fixed) == 2:
            pairs: Iterable[tuple[int, int]] = ((fixed[0], fixed[1]),)
        elif fixed:
            pairs = ((fixed[0], k) for k in can if k != fixed[0])
        else:
            pairs = combinations(can, 2)
        always_on = always_off = -1
        alive = False
        for i, j in pairs:
            both = sides[i] & sides[j]
            if j in beside[i]:
                if not both & CLEAR:
                    continue
                on = bits[i] | bits[j]
                off = (region & ~on) | out_bits[i] | out_bits[j]
            elif both & OPEN:
                on = bits[i] | bits[j]
                off = region & ~on
            else:
                continue
            alive = True
            always_on &= on
            always_off &= off
            if not (always_on | always_off) & ~settled:
                return True  # the ways left agree on nothing still open
        return alive and self._settle(engine, always_on & ~settled, always_off & ~settled)

    def _settle(self, engine: Engine, always_on: int, always_off: int) -> bool:
        """Shade the positions of ``always_on`` and leave those of ``always_off`` that are
        still open, lowest position first (as ``Ways``)."""
        dom, reads = engine.dom, self.watches
        both = always_on | always_off
        while both:
            low = both & -both
            both ^= low
            v, shade = reads[low.bit_length() - 1], bool(always_on & low)
            if dom[v] == 0b11 and not engine.set(v, ON if shade else OFF, reads, "in" if shade else "out"):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        does = "shades this cell" if note == "in" else "leaves this cell unshaded"
        return f"every way left to {self.doing} in {self.what} {does}"
