"""Shikaku as a puzz.link URL (``https://puzz.link/p?shikaku/COLS/ROWS/BODY``, Number16)
and as a pzprjs file (the numbers, then the borders the player drew).

A number pzprjs leaves unknown ('?', '-') is refused: puzzlekit's Shikaku needs every area.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlekit import Genre
from puzzlekit.core import fixed_values
from puzzlekit.formats import is_number, pzprfile, read_blocks
from puzzlekit.formats.cells import CellUrl, border_blocks, read_borders
from puzzlekit.formats.codec import level_text
from puzzlekit.grid import region_letters
from puzzlekit_shikaku.board import LETTERS, MAX_SIDE, Board, parse_state, violations, write

if TYPE_CHECKING:
    from puzzlekit import Puzzle

PIDS = ("shikaku",)
DEAD_END = (
    "this border ends inside a rectangle (the same region on both sides): the rectangles are right, "
    "but a border that separates nothing is not part of the answer (pzprjs: bdDeadEnd)"
)
UNKNOWN = "puzzlekit's Shikaku needs every number ('?' is not read)"


class ShikakuUrl(CellUrl):
    name, genres, pids, title, body, unknown = "shikaku-puzzlink", ("shikaku",), PIDS, "Shikaku", "number16", None
    summary = "puzz.link URLs, https://puzz.link/p?shikaku/COLS/ROWS/BODY"
    numbers, separated, max_side = range(1, 10000), True, MAX_SIDE


class ShikakuPzpr(pzprfile.PzprFormat):
    name = "shikaku-pzpr"
    genres = ("shikaku",)
    summary = "pzprjs files (pzprv3), with or without the player's borders"
    pids = PIDS

    def read(self, source: str, genre: Genre) -> str:
        f = pzprfile.open_genre(source, PIDS, "Shikaku", MAX_SIDE)
        R, C = f.rows, f.cols

        def number(v: pzprfile.Value) -> int:
            if v.text == "-" or (v.text != "." and not (is_number(v.text) and 0 < int(v.text) < 10000)):
                raise f.error(v, f"expected a number or '.', found {v.text[:10]!r}" if v.text != "-" else UNKNOWN)
            return 0 if v.text == "." else int(v.text)

        numbers = pzprfile.each(f.block(R, C, "the numbers"), number)  # every bad value reported
        clues = [(r * C + c, n) for r, row in enumerate(numbers) for c, n in enumerate(row) if n]
        board = Board(R, C, tuple(clues))
        rows = write(board)
        dead: list[pzprfile.Value] = []
        region = None if f.at_end() else read_borders(f, R, C, dead)
        if region is None:
            return level_text(rows)
        letters = region_letters(board.grid, region, LETTERS)  # regions that touch get different letters
        marks = ["".join(letters[r * C : (r + 1) * C]) for r in range(R)]
        text = level_text([f"{row} | {mark}" for row, mark in zip(rows, marks)])
        if dead and not violations(board, fixed_values(parse_state(board, read_blocks(text)[0]), -1)):
            raise f.error(dead[0], DEAD_END)  # pzprjs's bdDeadEnd: the one thing wrong with this answer
        return text

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board: Board = puzzle.instance
        R, C = board.rows, board.cols
        blocks = [[row.split() for row in write(board)]]
        blocks += border_blocks(fixed_values(state or [0] * (R * C), -1), R, C)
        return pzprfile.write(PIDS[0], R, C, blocks)


FORMATS = (ShikakuUrl, ShikakuPzpr)
