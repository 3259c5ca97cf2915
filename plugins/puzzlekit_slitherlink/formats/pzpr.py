"""Slitherlink as a pzprjs file (``pzprv3``), with or without the player's answer.

The layout, as pzprjs writes it (version 1; version 0 lacks the colour block)::

    pzprv3.1
    slither
    ROWS
    COLS
    f                       only for the variant where the loop passes every dot
    R lines of C clues      0-4, '.' blank, '-' a clue without its number
    R lines of C colours    the player's cell shading (ignored)
    R lines of C+1 values   vertical edges: 1 a line, -1 a cross, 0 nothing
    R+1 lines of C values   horizontal edges, the same way

A file whose edges hold any mark reads as a lattice (a state ``check`` can judge); one
without reads as a clue grid.  Written files carry the marks of the puzzle's state when
it has one: lines, and crosses while some edge is still unknown (as the lattice does).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlekit import Genre
from puzzlekit.core import BOOL, FALSE, TRUE
from puzzlekit.formats import is_number, pzprfile
from puzzlekit.formats.codec import level_text
from puzzlekit.formats.pzprfile import PzprFile, Value
from puzzlekit_slitherlink.grid import grid_for
from puzzlekit_slitherlink.text import BLANK, MAX_SIDE, Board, write_clue_grid, write_lattice

if TYPE_CHECKING:
    from puzzlekit import Puzzle

PIDS = ("slither", "slitherlink")
FULL = "f"
VERSION = 1
_MARKS = {"1": TRUE, "-1": FALSE, "0": BOOL}


class SlitherlinkPzpr(pzprfile.PzprFormat):
    name = "slitherlink-pzpr"
    genres = ("slitherlink",)
    summary = "pzprjs files (pzprv3), with or without the player's lines and crosses"
    pids = PIDS

    def read(self, source: str, genre: Genre) -> str:
        return decode(source)

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        return encode(puzzle.instance, state)


def decode(source: str) -> str:
    """Level text (a lattice when the file holds marks); LevelError at the bad value otherwise."""
    f = pzprfile.open_genre(source, PIDS, "Slitherlink", MAX_SIDE)
    if f.version > VERSION:
        raise f.error(
            None, f"pzprv3.{f.version} is a Slitherlink file layout puzzlekit does not know (0 and 1 it does)"
        )
    R, C = f.rows, f.cols
    full = f.flag(FULL)
    clues = [clue for row in pzprfile.each(f.block(R, C, "the clues"), lambda v: _clue(f, v)) for clue in row]
    if f.version >= 1 and not f.at_end():
        f.block(R, C, "the cell colours")
    meta = {"flags": "full"} if full else {}
    if f.at_end():
        board = Board(grid_for(R, C), tuple(clues), full)
        return level_text(write_clue_grid(board), meta)
    grid = grid_for(R, C)
    dom = [BOOL] * grid.n_edges
    for r, row in enumerate(pzprfile.each(f.block(R, C + 1, "the vertical edges"), lambda v: _mark(f, v))):
        for c, mark in enumerate(row):
            dom[grid.v(r, c)] = mark
    for r, row in enumerate(pzprfile.each(f.block(R + 1, C, "the horizontal edges"), lambda v: _mark(f, v))):
        for c, mark in enumerate(row):
            dom[grid.h(r, c)] = mark
    board = Board(grid, tuple(clues), full)
    marked = any(d != BOOL for d in dom)
    return level_text(write_lattice(board, dom) if marked else write_clue_grid(board), meta)


def _clue(f: PzprFile, value: Value) -> int:
    if value.text in (".", "-"):
        return BLANK
    if value.text in ("0", "1", "2", "3"):
        return int(value.text)
    if is_number(value.text):
        raise f.error(value, f"clue {value.text}: puzzlekit's Slitherlink reads clues 0-3")
    raise f.error(value, f"expected a clue 0-3, '.' (none) or '-' (no number), found {value.text[:10]!r}")


def _mark(f: PzprFile, value: Value) -> int:
    mark = _MARKS.get(value.text)
    if mark is None:
        raise f.error(value, f"expected 1 (a line), -1 (a cross) or 0 (nothing) for an edge, found {value.text[:10]!r}")
    return mark


def encode(board: Board, state: Sequence[int] | None = None) -> str:
    """The file pzprjs would save for the board, with the marks of ``state`` when given."""
    R, C = board.rows, board.cols
    grid = board.grid
    dom: Sequence[int] = state if state is not None else [BOOL] * grid.n_edges
    crosses = any(d == BOOL for d in dom)

    def mark(edge: int) -> str:
        d = dom[edge]
        return "1" if d == TRUE else "-1" if d == FALSE and crosses else "0"

    clues = [["." if v == BLANK else str(v) for v in board.clues[r * C : (r + 1) * C]] for r in range(R)]
    colours = [["0"] * C for _ in range(R)]
    vertical = [[mark(grid.v(r, c)) for c in range(C + 1)] for r in range(R)]
    horizontal = [[mark(grid.h(r, c)) for c in range(C)] for r in range(R + 1)]
    return pzprfile.write(
        PIDS[0],
        R,
        C,
        [clues, colours, vertical, horizontal],
        version=VERSION,
        flags=[FULL] if board.full else [],
    )
