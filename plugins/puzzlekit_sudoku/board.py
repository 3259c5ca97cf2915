"""A Sudoku board: N x N cells in boxes of W x H, the givens, and the units.

One variable per cell (``r*N + c``) whose domain has bit ``v`` set while digit
``v`` (1..N) is possible.  Digits above 9 are written ``A`` (10) to ``G`` (16).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from puzzlekit import Block, LevelError, Violation
from puzzlekit.errors import LevelErrors
from puzzlekit.grid import RectGrid

SYMBOLS = ".123456789ABCDEFG"
MAX_N = 16


def default_box(n: int) -> tuple[int, int]:
    """Box width x height for an N x N board: as square as N allows, wider than tall
    (6x6 has boxes 3 wide and 2 tall, as on puzz.link)."""
    height = max(h for h in range(1, n + 1) if n % h == 0 and h * h <= n)
    return n // height, height


Units = tuple[tuple[str, tuple[int, ...]], ...]
grid_of = cache(RectGrid)


@cache
def houses(n: int, w: int, h: int) -> tuple[Units, tuple[tuple[int, ...], ...]]:
    """(kind, cells) for every row, column and box, in that order; each cell's peers."""
    grid = RectGrid(n, n)
    units = tuple(("row" if i < n else "column", line) for i, line in enumerate(grid.lines))
    units += tuple(("box", box) for box in grid.boxes(h, w))
    peers: list[set[int]] = [set() for _ in range(n * n)]
    for _, cells in units:
        for cell in cells:
            peers[cell].update(cells)
    return units, tuple(tuple(sorted(p - {cell})) for cell, p in enumerate(peers))


@dataclass(frozen=True)
class Board:
    n: int
    box_w: int
    box_h: int
    givens: tuple[int, ...]
    """Per cell, its given digit or 0."""

    @property
    def full(self) -> int:
        return (1 << (self.n + 1)) - 2

    @property
    def units(self) -> Units:
        return houses(self.n, self.box_w, self.box_h)[0]

    @property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        return houses(self.n, self.box_w, self.box_h)[1]

    @property
    def grid(self) -> RectGrid:
        return grid_of(self.n, self.n)

    def box_of(self, cell: int) -> int:
        r, c = divmod(cell, self.n)
        return r // self.box_h * self.n + c // self.box_w

    def name(self, cell: int) -> str:
        return self.grid.name(cell)

    def unit_name(self, kind: str, cells: Sequence[int]) -> str:
        if kind == "box":
            return f"the box at {self.name(cells[0])}"
        r, c = divmod(cells[0], self.n)
        return f"row {r + 1}" if kind == "row" else f"column {c + 1}"


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
                errors.append(block.error(r, at + min(len(part), n), f"expected {n} cells, as many as rows{then}"))
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
    n, rows, _ = LevelErrors.run(lambda: parse_grid(block), lambda: box_of(block, len(block.rows)))
    w, h = box_of(block, n)
    return Board(n, w, h, tuple(SYMBOLS.index(ch) for row in rows for ch in row))


def box_of(block: Block, n: int) -> tuple[int, int]:
    """The boxes' width and height: ``# box: WxH``, or the default for side ``n``."""
    box = block.meta.get("box")
    if box is None:
        return default_box(n)
    parts = box.lower().split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts) or int(parts[0]) * int(parts[1]) != n:
        line = block.meta_lines.get("box", block.first_line)
        raise LevelError(block.source, line, 1, f"'# box:' is WxH with W*H = {n}, not {box!r}")
    return int(parts[0]), int(parts[1])


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
        dom.append(1 << digit if digit else board.full)
    return dom


def write(board: Board, dom: Sequence[int] | None = None) -> list[str]:
    n = board.n
    digits = list(board.givens) if dom is None else [d.bit_length() - 1 if d & d - 1 == 0 else 0 for d in dom]
    return ["".join(SYMBOLS[d] for d in digits[r * n : (r + 1) * n]) for r in range(n)]


def violations(board: Board, values: Sequence[int]) -> list[Violation]:
    """From the rules alone: every cell holds a digit 1..N, and no row, column or box
    holds a digit twice.  0 is an empty cell (unfinished)."""
    found = []
    for kind, cells in board.units:
        seen: dict[int, int] = {}
        for cell in cells:
            digit = values[cell]
            if digit in seen:
                where = board.unit_name(kind, cells)
                message = f"{where} holds {SYMBOLS[digit]} twice ({board.name(seen[digit])} and {board.name(cell)})"
                found.append(Violation(kind, message, (seen[digit], cell), cells=(seen[digit], cell), place=where))
            elif 1 <= digit <= board.n:
                seen[digit] = cell
    for cell, digit in enumerate(values):
        if not 1 <= digit <= board.n:
            name = board.name(cell)
            found.append(Violation("empty", f"{name} has no digit yet", (cell,), True, cells=(cell,), place=name))
    return found
