"""A Sudoku board: N x N cells in boxes of W x H, the givens, and its houses.

One variable per cell (``r*N + c``) whose domain has bit ``v`` set while digit
``v`` (1..N) is possible.  Digits above 9 are written ``A`` (10) to ``G`` (16).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from puzzlekit import Block, LevelError
from puzzlekit.core import fixed_values
from puzzlekit.errors import LevelErrors
from puzzlekit.grid import Houses, RectGrid

SYMBOLS = ".123456789ABCDEFG"
MAX_N = 16


@cache
def houses_of(n: int, w: int, h: int) -> Houses:
    return Houses.latin(RectGrid(n, n), SYMBOLS, (w, h))


@dataclass(frozen=True)
class Board:
    n: int
    box_w: int
    box_h: int
    givens: tuple[int, ...]
    """Per cell, its given digit or 0."""

    @property
    def houses(self) -> Houses:
        """Every row, column and box (``puzzlekit.grid.Houses``)."""
        return houses_of(self.n, self.box_w, self.box_h)

    @property
    def grid(self) -> RectGrid:
        return self.houses.grid


def parse_grid(block: Block) -> tuple[int, list[str], list[str] | None]:
    """The board's side, its rows, and the player's digits when each row carries them
    after a space (``53..7.... 534678912``, as a pzprjs file with answers reads)."""
    rows = [row.split(" ") for row in block.rows]
    n = len(rows)
    if not 1 <= n <= MAX_N:
        raise block.error(min(n, MAX_N), 0, f"a Sudoku has 1 to {MAX_N} rows, found {n}")
    parts = len(rows[0])
    errors: list[LevelError] = []  # every bad row and digit, so one pass mends them all
    for r, row in enumerate(rows):
        for at, part in zip(range(0, 2 * n + 2, n + 1), row):
            if len(part) != n or len(row) != parts or parts > 2:
                then = ", a space, then the digits" if parts == 2 else ""
                cells, rows_word = (f"{n} cell", f"{n} row") if n == 1 else (f"{n} cells", f"{n} rows")
                if len(part) != n:
                    found = f"found {len(part)}"
                else:
                    found = "found no space and digits after them" if len(row) < parts else "found more after a space"
                message = f"expected {cells}{then}, as the board has {rows_word}; {found}"
                errors.append(block.error(r, at + min(len(part), n), message))
                break
            for c, ch in enumerate(part):
                if ch not in SYMBOLS[: n + 1]:
                    errors.append(block.error(r, at + c, f"expected a digit 1-{SYMBOLS[n]} or '.', found {ch!r}"))
        if len(errors) > LevelErrors.MAX_REPORTED:
            break
    LevelErrors.raise_any(errors)
    return n, [row[0] for row in rows], [row[-1] for row in rows] if parts == 2 else None


def parse(block: Block) -> Board:
    """The board, with ``# box:`` checked even when a row is bad (both are reported)."""
    n, rows, _ = LevelErrors.run(lambda: parse_grid(block), lambda: Houses.box_of(block, len(block.rows)))
    w, h = Houses.box_of(block, n)
    return Board(n, w, h, tuple(SYMBOLS.index(ch) for row in rows for ch in row))


def parse_state(board: Board, block: Block) -> list[int]:
    """Givens and digits in one grid, or the puzzle then the digits on each row."""
    n, rows, entered = parse_grid(block)
    if n != board.n:
        raise block.error(0, 0, f"the state is {n}x{n} but the puzzle is {board.n}x{board.n}")
    dom = []
    for cell, given in enumerate(board.givens):
        r, c = divmod(cell, n)
        shown = SYMBOLS.index(rows[r][c])
        if shown != given and (entered is not None or (shown and given)):
            raise block.error(r, c, f"the state has {rows[r][c]!r} where the puzzle gives {SYMBOLS[given]!r}")
        digit = given or (SYMBOLS.index(entered[r][c]) if entered is not None else shown)
        dom.append(1 << digit if digit else board.houses.full)
    return dom


def write(board: Board, dom: Sequence[int] | None = None) -> list[str]:
    """The givens; with ``dom``, each row the givens, a space, then every digit placed
    (``53..7.... 534678912``), so a solution read back is the same puzzle with its marks,
    not a puzzle whose every digit is a given."""
    n = board.n

    def rows(digits: Sequence[int]) -> list[str]:
        return ["".join(SYMBOLS[d] for d in digits[r * n : (r + 1) * n]) for r in range(n)]

    if dom is None:
        return rows(board.givens)
    return [f"{given} {placed}" for given, placed in zip(rows(board.givens), rows(fixed_values(dom)))]
