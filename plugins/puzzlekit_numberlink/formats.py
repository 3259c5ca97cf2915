"""Numberlink as puz.link URLs (``numlin``: the numbers in pzprjs's Number16) and pzprjs
files (``pzprv3``: the numbers, then the lines between cells side by side and above each
other: ``puzzlekit.formats.lines``)."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit import Genre, Puzzle
from puzzlekit.formats import cells, lines, pzprfile, regions
from puzzlekit.formats.codec import level_text
from puzzlekit.grid import RectGrid, write_grid
from puzzlekit.grid.paths import write_drawn

PIDS = ("numlin", "numberlink")
NO_UNKNOWN = (
    "pzprjs's '?' (a number not given) is not read: puzzlekit's Numberlink joins given, equal numbers;"
    " write the number in"
)


class NumberlinkUrl(cells.CellUrl):
    name, genres, pids, title, body = "numberlink-puzzlink", ("numberlink",), PIDS, "Numberlink", "number16"
    summary = "puzz.link URLs, https://puzz.link/p?numlin/COLS/ROWS/BODY"
    unknown, numbers, no_unknown = None, range(1, 1000), NO_UNKNOWN


class NumberlinkPzpr(pzprfile.PzprFormat):
    name, genres, pids = "numberlink-pzpr", ("numberlink",), PIDS
    summary = "pzprjs files (pzprv3), with or without the player's lines"

    def read(self, source: str, genre: Genre) -> str:
        f = pzprfile.open_genre(source, self.pids, "Numberlink")
        grid = RectGrid(f.rows, f.cols)
        if f.at_end():  # pzprjs's new, empty board
            return level_text(write_grid(grid, ["."] * grid.n_cells))
        tokens = regions.read_cells(f, "the numbers", {".": "."}, range(1, 1000), {"-": NO_UNKNOWN})
        if f.at_end():
            return level_text(write_grid(grid, tokens, separated=any(len(t) > 1 for t in tokens)))
        dom = lines.read_lines(f, grid)
        return level_text(write_drawn(grid, tokens, dom))

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board = puzzle.instance
        grid = board.grid
        tokens = [str(n) if n else "." for n in board.numbers]
        blocks = [regions.cell_block(tokens, grid.cols)]
        return pzprfile.write(PIDS[0], grid.rows, grid.cols, [*blocks, *lines.line_blocks(grid, state)])


FORMATS = (NumberlinkUrl, NumberlinkPzpr)
