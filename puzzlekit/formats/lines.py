"""pzprjs's lines between cell centres in a pzprv3 file (its ``BorderLine`` blocks): R rows
of C-1 values for the lines across, then R-1 rows of C for the lines down; 1 a line, -1 a
cross, 0 nothing.  For any genre whose answer is lines through cells (Numberlink, a loop
through cells), on ``RectGrid``'s edges."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit.core.model import BOOL, FALSE, TRUE
from puzzlekit.formats.pzprfile import PzprFile
from puzzlekit.grid.topology import RectGrid

VALUES = {"1": TRUE, "-1": FALSE, "0": BOOL}


def _edges(grid: RectGrid) -> list[list[list[int]]]:
    """The edge of each value in the two blocks, in file order."""
    C = grid.cols
    across = [[grid.edge_between(r * C + c, r * C + c + 1) for c in range(C - 1)] for r in range(grid.rows)]
    down = [[grid.edge_between(r * C + c, (r + 1) * C + c) for c in range(C)] for r in range(grid.rows - 1)]
    return [across, down]


def read_lines(f: PzprFile, grid: RectGrid) -> list[int]:
    """Edge domains from the file's two line blocks (LevelErrors at a bad value)."""
    dom = [BOOL] * grid.n_edges
    for edges, what in zip(_edges(grid), ("the lines across", "the lines down")):
        values = f.block(len(edges), len(edges[0]) if edges else 0, what)
        for row, row_values in zip(edges, values):
            for e, v in zip(row, row_values):
                if v.text not in VALUES:
                    raise f.error(v, f"expected 1 (a line), -1 (a cross) or 0 (nothing), found {v.text[:10]!r}")
                dom[e] = VALUES[v.text]
    return dom


def line_blocks(grid: RectGrid, dom: Sequence[int] | None) -> list[list[list[str]]]:
    """The two line blocks of a state (all 0 for none), as pzprjs writes them."""
    mark = {TRUE: "1", FALSE: "-1"}
    return [[[mark.get(dom[e], "0") if dom else "0" for e in row] for row in block] for block in _edges(grid)]
