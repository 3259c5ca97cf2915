"""Shikaku as a puzz.link URL (``https://puzz.link/p?shikaku/COLS/ROWS/BODY``, Number16)
and as a pzprjs file (the numbers, then the borders the player drew).

A number pzprjs leaves unknown ('?', '-') is refused: puzzlekit's Shikaku needs every area.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlekit import Genre
from puzzlekit.core import UnionFind
from puzzlekit.formats import puzzlink, pzpr, pzprfile
from puzzlekit.formats.codec import cell_name, error_at, level_text
from puzzlekit_shikaku.board import LETTERS, MAX_SIDE, Board, write

if TYPE_CHECKING:
    from puzzlekit import Puzzle

PIDS = ("shikaku",)
UNKNOWN = "puzzlekit's Shikaku needs every number ('?' is not read)"


class ShikakuUrl(puzzlink.PuzzLinkFormat):
    name = "shikaku-puzzlink"
    genres = ("shikaku",)
    summary = "puzz.link URLs, https://puzz.link/p?shikaku/COLS/ROWS/BODY"
    pids = PIDS

    def read(self, source: str, genre: Genre) -> str:
        url = puzzlink.parse_genre(source, PIDS, "Shikaku", MAX_SIDE)
        clues = []
        for clue in pzpr.decode_number16(source, url.body, url.body_at, url.cols * url.rows):
            if clue.value <= 0:
                raise error_at(source, clue.pos, f"{cell_name(clue.cell, url.cols)}: {UNKNOWN}")
            clues.append((clue.cell, clue.value))
        return level_text(write(Board(url.rows, url.cols, tuple(clues))), {"url": source.strip()})

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board: Board = puzzle.instance
        values = [pzpr.BLANK] * (board.rows * board.cols)
        for cell, n in board.clues:
            values[cell] = n
        return puzzlink.build(PIDS[0], board.cols, board.rows, pzpr.encode_number16(values))


class ShikakuPzpr(pzprfile.PzprFormat):
    name = "shikaku-pzpr"
    genres = ("shikaku",)
    summary = "pzprjs files (pzprv3), with or without the player's borders"
    pids = PIDS

    def read(self, source: str, genre: Genre) -> str:
        f = pzprfile.open_genre(source, PIDS, "Shikaku", MAX_SIDE)
        R, C = f.rows, f.cols
        def number(v: pzprfile.Value) -> int:
            if v.text == "-" or (v.text != "." and not (v.text.isdigit() and 0 < int(v.text) < 10000)):
                raise f.error(v, f"expected a number or '.', found {v.text[:10]!r}" if v.text != "-" else UNKNOWN)
            return 0 if v.text == "." else int(v.text)

        numbers = pzprfile.each(f.block(R, C, "the numbers"), number)  # every bad value reported
        clues = [(r * C + c, n) for r, row in enumerate(numbers) for c, n in enumerate(row) if n]
        board = Board(R, C, tuple(clues))
        rows = write(board)
        if f.at_end():
            return level_text(rows)
        walls, regions = False, UnionFind(R * C)
        vertical, horizontal = f.block(R, C - 1, "the vertical borders"), f.block(R - 1, C, "the horizontal borders")
        for block, step in ((vertical, 1), (horizontal, C)):
            for r, row in enumerate(block):
                for c, v in enumerate(row):
                    if v.text not in ("0", "1", "2", "-1"):
                        raise f.error(v, f"expected 1 or 2 (a border), -1 or 0 (none), found {v.text[:10]!r}")
                    walls |= v.text in ("1", "2")
                    if v.text not in ("1", "2"):
                        regions.union(r * C + c, r * C + c + step)
        if not walls:
            return level_text(rows)
        region = [regions.find(cell) for cell in range(R * C)]
        letters = {root: LETTERS[i % len(LETTERS)] for i, root in enumerate(dict.fromkeys(region))}
        marks = ["".join(letters[region[r * C + c]] for c in range(C)) for r in range(R)]
        return level_text([f"{row} | {mark}" for row, mark in zip(rows, marks)])

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board: Board = puzzle.instance
        R, C = board.rows, board.cols
        owner = [d.bit_length() - 1 if d and not d & (d - 1) else -1 for d in state or [0] * (R * C)]
        numbers = dict(board.clues)

        def border(a: int, b: int) -> str:
            return "1" if owner[a] >= 0 and owner[b] >= 0 and owner[a] != owner[b] else "0"

        blocks = [
            [[str(numbers.get(r * C + c, ".")) for c in range(C)] for r in range(R)],
            [[border(r * C + c, r * C + c + 1) for c in range(C - 1)] for r in range(R)],
            [[border(r * C + c, (r + 1) * C + c) for c in range(C)] for r in range(R - 1)],
        ]
        return pzprfile.write(PIDS[0], R, C, blocks)


FORMATS = (ShikakuUrl, ShikakuPzpr)
