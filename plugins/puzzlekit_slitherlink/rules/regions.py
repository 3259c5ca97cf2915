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
        for side in (1, 0):  # first the inside, then the outside
            unreached = self._cut_off(engine.aux, side)
            if unreached is None:
                return False
            for cell in unreached:
                # A cell the region cannot reach is of the other colour.
                if self.colours.relate(engine, cell, outside, 1 - side) is None:
                    return False
        return True

    def _cut_off(self, aux: list[int], side: int) -> list[int] | None:
        """Undecided cells that the known ``side`` cells cannot reach (None: the known
        ``side`` cells cannot reach each other)."""
        grid = self.grid
        outside = grid.outside
        find = self.colours.find
        ro, po = find(aux, outside)
        colour: list[int | None] = []
        for f in range(grid.n_faces):
            r, p = find(aux, f)
            colour.append(p ^ po if r == ro else None)
        members = [f for f, c in enumerate(colour) if c == side]
        if not members:
            return []
        seen = bytearray(grid.n_faces)
        seen[members[0]] = 1
        todo = [members[0]]
        adjacent = grid.cell_adjacent
        other = 1 - side
        while todo:
            f = todo.pop()
            for g in adjacent[f]:
                if not seen[g] and colour[g] != other:
                    seen[g] = 1
                    todo.append(g)
        if any(not seen[f] for f in members):
            return None
        return [f for f, c in enumerate(colour) if c is None and not seen[f]]

    def explain(self, var: int, mask: int, note: object) -> str:
        a, b = cast(tuple[int, int], note)
        name = self.grid.cell_name
        side = "different sides" if mask == TRUE else "the same side"
        return (
            f"{name(a)} and {name(b)} must be on {side} of the loop, or the inside or the "
            "outside of the loop would be split in two"
        )
