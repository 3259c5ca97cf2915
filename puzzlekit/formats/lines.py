"""pzprjs's lines between cell centres in a pzprv3 file (its ``BorderLine`` blocks): R rows
of C-1 values for the lines across, then R-1 rows of C for the lines down; 1 a line, -1 a
cross, 0 nothing.  For any genre whose answer is lines through cells (Numberlink, a loop
through cells), on ``RectGrid``'s edges.  ``NumbersAndLines`` is the whole pzprv3 format of
a path genre whose puzzle is one number per cell (Numberlink)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from puzzlekit.core.model import BOOL, FALSE, TRUE
from puzzlekit.formats import pzprfile, regions
from puzzlekit.formats.codec import level_text
from puzzlekit.formats.pzprfile import PzprFile
from puzzlekit.genre import Genre
from puzzlekit.grid.paths import write_marked
from puzzlekit.grid.text import write_grid
from puzzlekit.grid.topology import RectGrid
from puzzlekit.puzzle import Puzzle

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


class NumbersAndLines(pzprfile.PzprFormat):
    """pzprjs files of a number per cell (``.`` none), then, when the player drew any, the
    lines.  A subclass sets ``name``, ``genres``, ``pids``, ``title``, ``numbers`` and
    ``refused`` (file values refused with a message, as ``regions.read_cells`` takes them);
    the genre's instance has ``grid`` and ``numbers`` (per cell a number, 0 or None for none)."""

    summary = "pzprjs files (pzprv3), with or without the player's lines"
    title: ClassVar[str]
    numbers: ClassVar[range] = range(1, 1000)
    refused: ClassVar[Mapping[str, str]] = {}

    def read(self, source: str, genre: Genre) -> str:
        f = pzprfile.open_genre(source, self.pids, self.title)
        grid = RectGrid(f.rows, f.cols)
        if f.at_end():  # pzprjs's new, empty board
            return level_text(write_grid(grid, ["."] * grid.n_cells))
        tokens = regions.read_cells(f, "the numbers", {".": "."}, self.numbers, self.refused)
        if f.at_end():
            return level_text(write_grid(grid, tokens, separated=any(len(t) > 1 for t in tokens)))
        return level_text(write_marked(grid, tokens, read_lines(f, grid)))

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board = puzzle.instance
        grid: RectGrid = board.grid
        tokens = [str(n) if n else "." for n in board.numbers]
        blocks = [regions.cell_block(tokens, grid.cols), *line_blocks(grid, state)]
        return pzprfile.write(self.pids[0], grid.rows, grid.cols, blocks)
