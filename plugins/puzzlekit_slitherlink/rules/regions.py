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
    """Inside cells form one region; outside cells form one region with the outside face.

    The cells are bits of one integer, row after row with a guard bit after each row, so
    a flood fill grows a whole front per step by shifts (one Python step per ring of the
    fill, not per cell); the outside face stands beside the border cells."""

    rule = REGION_CONNECTIVITY
    watches = EVERY
    __slots__ = ("grid", "colours", "width", "border", "_tables")

    def __init__(self, grid: Grid, colours: FaceColours) -> None:
        self.grid = grid
        self.colours = colours
        self.width = grid.cols + 1
        """Bits per row: the row's cells and a guard bit, never set, so shifts do not wrap."""
        rows, cols = grid.rows, grid.cols
        self.border = sum(
            1 << (r * self.width + c)
            for r in range(rows)
            for c in range(cols)
            if r in (0, rows - 1) or c in (0, cols - 1)
        )
        """The cells beside the outside face."""
        self._tables = {key: bytes(b"01"[code == key] for code in range(256)) for key in (0, 1, 2)}
        """``bytes.translate`` tables: b"1" where a cell's code (0, 1, 2 not known, 3 guard) is the key."""

    def propagate(self, engine: Engine) -> bool:
        outside = self.grid.outside
        relate = self.colours.relate
        codes = self._codes(engine.aux)
        for side in (1, 0):  # first the inside, then the outside
            unreached = self._cut_off(codes, side)
            if unreached is None:
                return False
            for cell in unreached:
                # A cell the region cannot reach is of the other colour.
                if relate(engine, cell, outside, 1 - side) is None:
                    return False
            if unreached:
                codes = self._codes(engine.aux)  # the relations just made, for the other side
        return True

    def _codes(self, aux: list[int]) -> bytes:
        """Each cell's colour as far as it is known, one byte a bit position: 1 inside,
        0 outside, 2 not known, 3 the guard after each row.  (The colouring is a
        quick-find: a face's class root and parity are two slots.)"""
        colours, n = self.colours, self.grid.n_faces
        roots = aux[colours.root : colours.root + n]
        parities = aux[colours.parity : colours.parity + n]
        outside = self.grid.outside
        ro, po = roots[outside], parities[outside]
        known = bytes([p ^ po if r == ro else 2 for r, p in zip(roots[:outside], parities)])
        cols = self.grid.cols
        return b"\x03".join(known[i : i + cols] for i in range(0, outside, cols)) + b"\x03"

    def _mask(self, codes: bytes, key: int) -> int:
        """The bits of the cells whose code is ``key``."""
        return int(codes.translate(self._tables[key])[::-1], 2)

    def _cut_off(self, codes: bytes, side: int) -> list[int] | None:
        """Undecided cells that the known ``side`` cells cannot reach (None: the known
        ``side`` cells cannot reach each other).  The outside face is always outside."""
        mine = self._mask(codes, side)
        allowed = mine | self._mask(codes, 2)
        width, border = self.width, self.border
        if side == 0:  # start at the outside face, which touches every border cell
            seen = border & allowed
        elif mine:
            seen = mine & -mine
        else:
            return []
        while True:
            grown = (seen | seen << 1 | seen >> 1 | seen << width | seen >> width) & allowed
            if grown == seen:
                break
            seen = grown
        if mine & ~seen:
            return None
        left, cols = allowed & ~seen, self.grid.cols
        unreached = []
        while left:
            bit = left & -left
            r, c = divmod(bit.bit_length() - 1, width)
            unreached.append(r * cols + c)
            left ^= bit
        return unreached

    def explain(self, var: int, mask: int, note: object) -> str:
        a, b = cast(tuple[int, int], note)
        name = self.grid.cell_name
        side = "different sides" if mask == TRUE else "the same side"
        return (
            f"{name(a)} and {name(b)} must be on {side} of the loop, or the inside or the "
            "outside of the loop would be split in two"
        )
