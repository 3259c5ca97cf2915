"""Slitherlink level text: the clue grid and the lattice form, read and written.

Clue grid: R rows of C characters, ``0``-``3`` a clue, ``.`` a blank cell.
Lattice: 2R+1 rows of 2C+1 characters; ``+`` dots, ``-``/``|`` a line, ``x``
a cross, space unknown; cell centres hold the clue, ``.`` or a space.  A
lattice is both a puzzle (its clues) and a state (its marks).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzlekit import Block
from puzzlekit.core import BOOL, FALSE, TRUE
from puzzlekit.errors import LevelError, LevelErrors
from puzzlekit.formats import is_number
from puzzlekit_slitherlink.grid import Grid, grid_for

MAX_SIDE = 200  # about 250 MB of solver state at the largest; real puzzles stay far below
BLANK = -1


@dataclass
class Board:
    """A Slitherlink instance: the grid, a clue per cell (-1 blank) and its variant."""

    grid: Grid
    clues: tuple[int, ...]
    full: bool = False
    """The puzz.link variant where the loop passes through every dot."""

    @property
    def rows(self) -> int:
        return self.grid.rows

    @property
    def cols(self) -> int:
        return self.grid.cols


def is_lattice(block: Block) -> bool:
    return bool(block.rows) and block.rows[0].lstrip().startswith("+")


def parse_board(block: Block) -> Board:
    """A board from either form; the lattice form's marks are ignored here."""
    if is_lattice(block):
        board, _ = parse_lattice(block)
        return board
    return _parse_clue_grid(block)


def _check_size(block: Block, rows: int, cols: int) -> None:
    if rows > MAX_SIDE or cols > MAX_SIDE:
        raise block.error(0, 0, f"boards are limited to {MAX_SIDE}x{MAX_SIDE}; this one is {cols}x{rows}")


def _clue(block: Block, row: int, col: int, ch: str, blanks: str) -> int:
    if "0" <= ch <= "3":
        return ord(ch) - 48
    if ch in blanks:
        return BLANK
    if is_number(ch):
        raise block.error(row, col, f"a Slitherlink clue is 0-3, found {ch} (a cell has four sides)")
    shown = "a space" if ch == " " else repr(ch)
    raise block.error(row, col, f"expected a clue 0-3 or '.', found {shown}")


def _parse_clue_grid(block: Block) -> Board:
    rows = block.rows
    width = len(rows[0])
    _check_size(block, len(rows), width)
    clues: list[int] = []
    errors: list[LevelError] = []  # every bad cell and ragged row, so one pass mends them all
    for r, row in enumerate(rows):
        for c, ch in enumerate(row[:width]):
            try:
                clues.append(_clue(block, r, c, ch, "."))
            except LevelError as err:
                errors.append(err)
        if len(row) != width:
            col = min(len(row), width)
            errors.append(
                block.error(
                    r,
                    col,
                    f"ragged row: expected {width} cells like the first row, found {len(row)} (use '.' for a blank)",
                )
            )
        if len(errors) > LevelErrors.MAX_REPORTED:
            break
    LevelErrors.raise_any(errors)
    return Board(grid_for(len(rows), width), tuple(clues))


def parse_lattice(block: Block) -> tuple[Board, list[int]]:
    """Clues and marks from the lattice form; unknown edges stay BOOL."""
    rows = block.rows
    first = rows[0]
    if first.startswith(" "):
        raise block.error(0, 0, "a lattice row of dots starts with '+'")
    if len(rows) % 2 == 0 or len(rows) < 3:
        raise block.error(
            len(rows) - 1,
            0,
            f"a lattice has an odd number of rows (2R+1, at least 3), found {len(rows)}",
        )
    if len(first) % 2 == 0 or len(first) < 3:
        raise block.error(0, len(first), "a row of dots is '+' and edges alternating, ending with '+'")
    R, C = len(rows) // 2, len(first) // 2
    _check_size(block, R, C)
    grid = grid_for(R, C)
    width = 2 * C + 1
    dom = [BOOL] * grid.n_edges
    clues = [BLANK] * (R * C)
    errors: list[LevelError] = []  # every bad character, so one pass mends them all
    for i, row in enumerate(rows):
        if len(row) > width:
            errors.append(block.error(i, width, f"row is longer than the first row ({width} characters)"))
            row = row[:width]
        row = row.ljust(width)
        r = i // 2
        for j, ch in enumerate(row):
            try:
                if i % 2 == 0 and j % 2 == 0:
                    if ch != "+":
                        raise block.error(i, j, f"expected a dot '+', found {_show(ch)}")
                elif i % 2 == 0:
                    dom[grid.h(r, j // 2)] = _mark(block, i, j, ch, "-")
                elif j % 2 == 0:
                    dom[grid.v(r, j // 2)] = _mark(block, i, j, ch, "|")
                else:
                    clues[r * C + j // 2] = _clue(block, i, j, ch, ". ")
            except LevelError as err:
                errors.append(err)
        if len(errors) > LevelErrors.MAX_REPORTED:
            break
    LevelErrors.raise_any(errors)
    return Board(grid, tuple(clues)), dom


def _show(ch: str) -> str:
    return "a space" if ch == " " else repr(ch)


def _mark(block: Block, row: int, col: int, ch: str, line: str) -> int:
    if ch == line:
        return TRUE
    if ch == "x":
        return FALSE
    if ch == " ":
        return BOOL
    other = "|" if line == "-" else "-"
    if ch == other:
        raise block.error(row, col, f"{ch!r} is drawn across the wrong way here; this edge takes {line!r}")
    raise block.error(row, col, f"expected {line!r} (line), 'x' (cross) or a space, found {_show(ch)}")


def write_clue_grid(board: Board) -> list[str]:
    C = board.cols
    return ["".join("." if v == BLANK else str(v) for v in board.clues[r * C : (r + 1) * C]) for r in range(board.rows)]


def write_lattice(board: Board, dom: Sequence[int] | None = None) -> list[str]:
    """The lattice form.  Crosses are written only while some edge is unknown,
    so a finished solution is clean lines and spaces."""
    grid = board.grid
    R, C = grid.rows, grid.cols
    if dom is None:
        dom = [BOOL] * grid.n_edges
    crosses = any(d == BOOL for d in dom)
    off = "x" if crosses else " "

    def mark(edge: int, line: str) -> str:
        d = dom[edge]
        return line if d == TRUE else off if d == FALSE else " "

    out = []
    for r in range(R + 1):
        out.append("+" + "+".join(mark(grid.h(r, c), "-") for c in range(C)) + "+")
        if r < R:
            cells = []
            for c in range(C):
                clue = board.clues[r * C + c]
                cells.append(mark(grid.v(r, c), "|"))
                cells.append("." if clue == BLANK else str(clue))
            cells.append(mark(grid.v(r, C), "|"))
            out.append("".join(cells).rstrip())
    return out
