"""Numberlink as puz.link URLs (``numlin``: the numbers in pzprjs's Number16) and pzprjs
files (``pzprv3``: the numbers, then the lines between cells side by side and above each
other, 1 a line, -1 a cross, 0 nothing)."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit import Genre, Puzzle
from puzzlekit.core import BOOL, FALSE, TRUE
from puzzlekit.formats import cells, pzprfile, regions
from puzzlekit.formats.codec import level_text
from puzzlekit.grid import RectGrid, write_grid
from puzzlekit.grid.paths import write_drawn

PIDS = ("numlin", "numberlink")
LINE_VALUES = {"1": TRUE, "-1": FALSE, "0": BOOL}


class NumberlinkUrl(cells.CellUrl):
    name, genres, pids, title, body = "numberlink-puzzlink", ("numberlink",), PIDS, "Numberlink", "number16"
    summary = "puzz.link URLs, https://puzz.link/p?numlin/COLS/ROWS/BODY"
    unknown, numbers = None, range(1, 1000)


class NumberlinkPzpr(pzprfile.PzprFormat):
    name, genres, pids = "numberlink-pzpr", ("numberlink",), PIDS
    summary = "pzprjs files (pzprv3), with or without the player's lines"

    def read(self, source: str, genre: Genre) -> str:
        f = pzprfile.open_genre(source, self.pids, "Numberlink")
        grid = RectGrid(f.rows, f.cols)
        if f.at_end():  # pzprjs's new, empty board
            return level_text(write_grid(grid, ["."] * grid.n_cells))
        tokens = regions.read_cells(f, "the numbers", {".": ".", "-": "."}, range(1, 1000))
        if f.at_end():
            return level_text(write_grid(grid, tokens, separated=any(len(t) > 1 for t in tokens)))
        dom = [BOOL] * grid.n_edges
        for what, rows, cols, step in (
            ("lines across", f.rows, f.cols - 1, 1),
            ("lines down", f.rows - 1, f.cols, f.cols),
        ):
            for r, row in enumerate(f.block(rows, cols, f"the {what}")):
                for c, v in enumerate(row):
                    if v.text not in LINE_VALUES:
                        raise f.error(v, f"expected 1 (a line), -1 (a cross) or 0 (nothing), found {v.text[:10]!r}")
                    a = r * f.cols + c
                    dom[grid.edge_between(a, a + step)] = LINE_VALUES[v.text]
        return level_text(write_drawn(grid, tokens, dom))

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board = puzzle.instance
        grid = board.grid
        tokens = [str(n) if n else "." for n in board.numbers]
        blocks = [regions.cell_block(tokens, grid.cols)]
        dom = state if state is not None else [BOOL] * grid.n_edges
        mark = {TRUE: "1", FALSE: "-1"}
        across = [
            [
                mark.get(dom[grid.edge_between(r * grid.cols + c, r * grid.cols + c + 1)], "0")
                for c in range(grid.cols - 1)
            ]
            for r in range(grid.rows)
        ]
        down = [
            [
                mark.get(dom[grid.edge_between(r * grid.cols + c, (r + 1) * grid.cols + c)], "0")
                for c in range(grid.cols)
            ]
            for r in range(grid.rows - 1)
        ]
        return pzprfile.write(PIDS[0], grid.rows, grid.cols, [*blocks, across, down])


FORMATS = (NumberlinkUrl, NumberlinkPzpr)
