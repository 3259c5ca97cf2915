"""Rung 4, region connectivity: the inside of the loop is one connected region, and so
is the outside.  (Loop reach, the other rung-4 rule, comes from ``puzzlekit.core.loops``.)"""

from __future__ import annotations

from typing import cast

from puzzlekit.core import EVERY, TRUE, Propagator, Rule
from puzzlekit.core.engine import Engine
from puzzlekit_slitherlink.grid import Grid
from puzzlekit_slitherlink.rules.colouring import FaceColours

REGION_CONNECTIVITY = Rule(
    "region-connectivity",
    4,
    "The cells inside the loop form one connected region, and so do the cells outside it.",
)


class RegionConnectivity(Propagator):
    """Inside cells form one region; outside cells form one region with the outside face."""

    rule = REGION_CONNECTIVITY
    watches = EVERY
    __slots__ = ("grid", "colours")

    def __init__(self, grid: Grid, colours: FaceColours) -> None:
        self.grid = grid
        self.colours = colours

    def propagate(self, engine: Engine) -> bool:
        outside = self.grid.outside
        relate = self.colours.relate
        colour = self._colours(engine.aux)
        for side in (1, 0):  # first the inside, then the outside
            unreached = self._cut_off(colour, side)
            if unreached is None:
                return False
            for cell in unreached:
                # A cell the region cannot reach is of the other colour.
                if relate(engine, cell, outside, 1 - side) is None:
                    return False
            if unreached:
                colour = self._colours(engine.aux)  # the relations just made, for the other side
        return True

    def _colours(self, aux: list[int]) -> list[int]:
        """Each face's colour as far as it is known: 1 inside, 0 outside, -1 not known.
        (The colouring is a quick-find: a face's class root and parity are two slots.)"""
        colours, n = self.colours, self.grid.n_faces
        roots = aux[colours.root : colours.root + n]
        parities = aux[colours.parity : colours.parity + n]
        outside = self.grid.outside
        ro, po = roots[outside], parities[outside]
        return [p ^ po if r == ro else -1 for r, p in zip(roots, parities)]

    def _cut_off(self, colour: list[int], side: int) -> list[int] | None:
        """Undecided cells that the known ``side`` cells cannot reach (None: the known
        ``side`` cells cannot reach each other)."""
        first = next((f for f, c in enumerate(colour) if c == side), -1)
        if first < 0:
            return []
        seen = bytearray(len(colour))
        seen[first] = 1
        todo = [first]
        adjacent = self.grid.cell_adjacent
        other = 1 - side
        while todo:
            f = todo.pop()
            for g in adjacent[f]:
                if not seen[g] and colour[g] != other:
                    seen[g] = 1
                    todo.append(g)
        if any(c == side and not seen[f] for f, c in enumerate(colour)):
            return None
        return [f for f, c in enumerate(colour) if c < 0 and not seen[f]]

    def explain(self, var: int, mask: int, note: object) -> str:
        a, b = cast(tuple[int, int], note)
        name = self.grid.cell_name
        side = "different sides" if mask == TRUE else "the same side"
        return (
            f"{name(a)} and {name(b)} must be on {side} of the loop, or the inside or the "
            "outside of the loop would be split in two"
        )
