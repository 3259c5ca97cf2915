"""Hashiwokakero as a pzprjs file (``pzprv3``), with or without the player's bridges.

The layout, as pzprjs writes it::

    pzprv3
    hashikake
    ROWS
    COLS
    R lines of C squares    1-8 an island, '-' one without a number, '.' water
    R lines of C-1 values   between side-by-side squares: the bridges crossing there
    R-1 lines of C values   between squares one above the other, the same way

A bridge is written on every border along its way, so each of them holds its count (1
or 2; -1 is pzprjs's cross, which a bridge map has no mark for).  A file with bridges
reads as a bridge map (a state ``check`` can judge); one without as a clue grid.  A
bridge that breaks off, joins no two islands, or crosses another is refused at its
value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlekit import Genre
from puzzlekit.core import is_fixed, value_of
from puzzlekit.formats import is_number, pzprfile
from puzzlekit.formats.codec import level_text
from puzzlekit.formats.pzprfile import PzprFile, Value
from puzzlekit_hashi.board import MAX_BRIDGES, NO_CLUE, Board
from puzzlekit_hashi.formats.puzzlink import NO_ISLANDS
from puzzlekit_hashi.text import ALL, MAX_SIDE, write_clue_grid, write_map

if TYPE_CHECKING:
    from puzzlekit import Puzzle

PIDS = ("hashikake", "hashi", "bridges")
MAX_CLUE = 4 * MAX_BRIDGES
Border = tuple[bool, int, int]
"""(between side-by-side squares?, row, column) of the border right of or below a square."""


class HashiPzpr(pzprfile.PzprFormat):
    name = "hashiwokakero-pzpr"
    genres = ("hashiwokakero",)
    summary = "pzprjs files (pzprv3), with or without the player's bridges"
    pids = PIDS

    def read(self, source: str, genre: Genre) -> str:
        return decode(source)

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        return encode(puzzle.instance, state)


def decode(source: str) -> str:
    """Level text (a bridge map when the file holds bridges); LevelError at the bad value otherwise."""
    f = pzprfile.open_genre(source, PIDS, "Hashiwokakero", MAX_SIDE)
    R, C = f.rows, f.cols
    islands: list[tuple[int, int]] = []
    clues: list[int] = []
    for r, row in enumerate(pzprfile.each(f.block(R, C, "the squares"), lambda v: _square(f, v))):
        for c, clue in enumerate(row):
            if clue is not None:
                islands.append((r, c))
                clues.append(clue)
    if not islands:
        raise f.error(None, NO_ISLANDS)
    board = Board(R, C, tuple(islands), tuple(clues))
    if f.at_end():
        return level_text(write_clue_grid(board))
    borders: dict[Border, tuple[int, Value]] = {}
    for across, rows, cols, what in (
        (True, R, C - 1, "the borders between side-by-side squares"),
        (False, R - 1, C, "the borders between squares one above the other"),
    ):
        values = f.block(rows, cols, what)
        for r, (line, counts) in enumerate(zip(values, pzprfile.each(values, lambda v: _count(f, v)))):
            for c, (value, n) in enumerate(zip(line, counts)):
                borders[across, r, c] = (n, value)
    dom = _pairs(f, board, borders)
    if all(d == ALL for d in dom):
        return level_text(write_clue_grid(board))
    return level_text(write_map(board, dom))


def _square(f: PzprFile, value: Value) -> int | None:
    """An island's clue (NO_CLUE for '-'), or None for water."""
    text = value.text
    if text == ".":
        return None
    if text == "-":
        return NO_CLUE
    if is_number(text):
        if len(text) < 6 and 1 <= int(text) <= MAX_CLUE:
            return int(text)
        raise f.error(
            value,
            f"island {text[:10]}: puzzlekit's Hashiwokakero joins two islands with at most {MAX_BRIDGES} "
            f"bridges, so an island is 1-{MAX_CLUE}",
        )
    raise f.error(value, f"expected an island 1-{MAX_CLUE}, '-' (no number) or '.' (water), found {text[:10]!r}")


def _count(f: PzprFile, value: Value) -> int:
    if value.text in ("0", "-1"):
        return 0
    if value.text in ("1", "2"):
        return int(value.text)
    raise f.error(value, f"expected 1 or 2 (bridges), 0 or -1 (none) for a border, found {value.text[:10]!r}")


def _path(board: Board, edge: int) -> list[Border]:
    """The borders a pair's bridges cross, from its first island to its second."""
    (ra, ca), (rb, cb) = (board.islands[i] for i in board.edges[edge])
    if board.horizontal[edge]:
        return [(True, ra, c) for c in range(ca, cb)]
    return [(False, r, ca) for r in range(ra, rb)]


def _pairs(f: PzprFile, board: Board, borders: dict[Border, tuple[int, Value]]) -> list[int]:
    """Each pair's bridges as a domain (ALL when none), checking every border agrees."""
    dom = [ALL] * board.n_edges
    claimed: set[Border] = set()
    for e in range(board.n_edges):
        path = _path(board, e)
        claimed.update(path)
        count, _ = borders[path[0]]
        for border in path[1:]:
            n, value = borders[border]
            if n != count:
                raise f.error(value, f"the bridge between {board.edge_name(e)} breaks off here")
        if count:
            dom[e] = 1 << count
    for border, (n, value) in borders.items():
        if n and border not in claimed:
            raise f.error(value, "a bridge here joins no two islands")
    for h, v, (r, c) in board.crossings:
        if dom[h] != ALL and dom[v] != ALL:
            raise f.error(None, f"bridges {board.edge_name(h)} and {board.edge_name(v)} cross at r{r + 1}c{c + 1}")
    return dom


def encode(board: Board, state: Sequence[int] | None = None) -> str:
    """The file pzprjs would save for the board, with the bridges of ``state`` when given."""
    R, C = board.rows, board.cols
    squares = [["."] * C for _ in range(R)]
    for (r, c), clue in zip(board.islands, board.clues):
        squares[r][c] = "-" if clue == NO_CLUE else str(clue)
    across = [["0"] * (C - 1) for _ in range(R)]
    down = [["0"] * C for _ in range(R - 1)]
    for e, d in enumerate(state or ()):
        if not is_fixed(d) or value_of(d) == 0:
            continue
        for side_by_side, r, c in _path(board, e):
            (across if side_by_side else down)[r][c] = str(value_of(d))
    return pzprfile.write(PIDS[0], R, C, [squares, across, down])
