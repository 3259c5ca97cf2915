"""pzprjs files of shading genres whose puzzle is one number per cell (Hitori, Kurodoko):
a block of numbers (``.`` none, ``-`` a clue without number where the genre has one),
then the player's shading (``#`` shaded, ``+`` marked unshaded, ``.`` unmarked).

The level text is the numbers as one grid (space-separated once a number has two
digits), with the marks layer in front when the file holds a shading."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from puzzlekit.formats import pzprfile, regions
from puzzlekit.formats.codec import level_text
from puzzlekit.genre import Genre
from puzzlekit.grid import RectGrid, join_layers, write_grid
from puzzlekit.puzzle import Puzzle


def number_rows(grid: RectGrid, tokens: Sequence[str]) -> list[str]:
    """Level rows of one token per cell, space-separated once one is longer than a character."""
    return write_grid(grid, tokens, separated=any(len(t) > 1 for t in tokens))


class NumbersAndShading(pzprfile.PzprFormat):
    """A subclass sets ``name``, ``genres``, ``pids``, ``title`` and ``numbers``; the genre's
    instance has ``grid`` and ``numbers`` (per cell a number or None)."""

    summary = "pzprjs files (pzprv3): the numbers, then the player's shading"
    title: ClassVar[str]
    numbers: ClassVar[range] = range(1, 1000)

    def read(self, source: str, genre: Genre) -> str:
        f = pzprfile.open_genre(source, self.pids, self.title)
        grid = RectGrid(f.rows, f.cols)
        if f.at_end():  # pzprjs's new, empty board
            return level_text(number_rows(grid, ["."] * grid.n_cells))
        rows = number_rows(grid, regions.read_cells(f, "the numbers", {".": "."}, self.numbers))
        if not f.at_end():
            marks = regions.read_cells(f, "the shading", {"#": "#", "+": "o", ".": "."})
            rows = join_layers(write_grid(grid, marks), rows)
        return level_text(rows)

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board = puzzle.instance
        grid: RectGrid = board.grid
        numbers = ["." if n is None else str(n) for n in board.numbers]
        blocks = [regions.cell_block(numbers, grid.cols), regions.shading_block(state, grid.n_cells, grid.cols)]
        return pzprfile.write(self.pids[0], grid.rows, grid.cols, blocks)
