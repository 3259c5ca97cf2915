"""A Masyu board: cells, pearls, and the edges between neighbouring cells.

Edges are the variables: horizontal ones first, row by row (between (r, c) and
(r, c+1)), then vertical ones (between (r, c) and (r+1, c)).  Cells are the
nodes of the loop, numbered ``r*C + c``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from puzzlekit import Block
from puzzlekit.core import BOOL, FALSE, TRUE, LoopGraph
from puzzlekit.errors import LevelError, LevelErrors
from puzzlekit.grid import RectGrid, grid_of

WHITE, BLACK, EMPTY = "W", "B", "."
MAX_SIDE = 200
# Directions: north, east, south, west.
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


@dataclass
class Board:
    rows: int
    cols: int
    pearls: dict[int, str]
    """Cell -> WHITE or BLACK."""

    @property
    def n_horizontal(self) -> int:
        return self.rows * (self.cols - 1)

    @property
    def n_edges(self) -> int:
        return self.n_horizontal + (self.rows - 1) * self.cols

    def edge(self, a: tuple[int, int], b: tuple[int, int]) -> int:
        """The edge between two orthogonal neighbours, or -1 off the board."""
        (r1, c1), (r2, c2) = sorted((a, b))
        if not (0 <= r1 < self.rows and 0 <= c1 < self.cols and 0 <= r2 < self.rows and 0 <= c2 < self.cols):
            return -1
        if r1 == r2 and c2 == c1 + 1:
            return r1 * (self.cols - 1) + c1
        if c1 == c2 and r2 == r1 + 1:
            return self.n_horizontal + r1 * self.cols + c1
        return -1

    @property
    def grid(self) -> RectGrid:
        """The board's cells and edges, from the core's grid toolkit (the same numbering),
        built once per size: a generator makes thousands of boards of one size."""
        return grid_of(self.rows, self.cols)

    @property
    def ends(self) -> tuple[tuple[int, int], ...]:
        """The two cells of each edge."""
        return self.grid.edge_cells

    def cell_name(self, cell: int) -> str:
        return self.grid.name(cell)

    def edge_name(self, edge: int) -> str:
        return self.grid.edge_name(edge)

    def pearl_name(self, cell: int) -> str:
        colour = "black" if self.pearls[cell] == BLACK else "white"
        return f"the {colour} pearl at {self.cell_name(cell)}"

    @property
    def loop(self) -> LoopGraph:
        return self.grid.loop

    def arms(self, cell: int) -> tuple[tuple[int, int], ...]:
        """Per direction: (edge to the neighbour, edge from it onward), -1 when off the board."""
        return arms_of(self.rows, self.cols)[cell]


@lru_cache(maxsize=8)
def arms_of(rows: int, cols: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """``Board.arms`` of every cell of a board of this size."""
    board = Board(rows, cols, {})
    out = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        arms = []
        for dr, dc in STEPS:
            first = board.edge((r, c), (r + dr, c + dc))
            onward = board.edge((r + dr, c + dc), (r + 2 * dr, c + 2 * dc)) if first >= 0 else -1
            arms.append((first, onward))
        out.append(tuple(arms))
    return tuple(out)


def parse(block: Block) -> tuple[Board, list[int] | None]:
    """The board, and the marks when the block is drawn as a state."""
    rows = block.rows
    drawn = any(ch in "-|x+ " for row in rows for ch in row)
    if drawn:
        return _parse_state(block)
    width = len(rows[0])
    if len(rows) > MAX_SIDE or width > MAX_SIDE:
        raise block.error(0, 0, f"boards are limited to {MAX_SIDE}x{MAX_SIDE}")
    pearls: dict[int, str] = {}
    errors: list[LevelError] = []  # every bad cell and ragged row, so one pass mends them all
    for r, row in enumerate(rows):
        if len(row) != width:
            ragged = f"ragged row: expected {width} cells like the first row"
            errors.append(block.error(r, min(len(row), width), ragged))
        for c, ch in enumerate(row[:width]):
            if ch in (WHITE, BLACK):
                pearls[r * width + c] = ch
            elif ch != EMPTY:
                errors.append(block.error(r, c, f"expected 'W' (white pearl), 'B' (black pearl) or '.', found {ch!r}"))
        if len(errors) > LevelErrors.MAX_REPORTED:
            break
    LevelErrors.raise_any(errors)
    return Board(len(rows), width, pearls), None


def _parse_state(block: Block) -> tuple[Board, list[int]]:
    rows = block.padded()
    if len(rows) % 2 == 0:
        raise block.error(len(rows) - 1, 0, "a drawn board has an odd number of rows (2R-1)")
    width = max(len(r.rstrip()) for r in rows)
    if width % 2 == 0:
        width += 1
    R, C = len(rows) // 2 + 1, width // 2 + 1
    if R > MAX_SIDE or C > MAX_SIDE:
        raise block.error(0, 0, f"boards are limited to {MAX_SIDE}x{MAX_SIDE}")
    rows = [row.ljust(width) for row in rows]
    pearls: dict[int, str] = {}
    board = Board(R, C, pearls)
    dom = [BOOL] * board.n_edges
    errors: list[LevelError] = []  # every bad character, so one pass mends them all
    for i, row in enumerate(rows):
        for j, ch in enumerate(row):
            if i % 2 == 0 and j % 2 == 0:
                if ch in (WHITE, BLACK):
                    pearls[(i // 2) * C + j // 2] = ch
                elif ch != EMPTY:
                    errors.append(block.error(i, j, f"expected a cell: 'W', 'B' or '.', found {ch!r}"))
            elif i % 2 == 0 or j % 2 == 0:
                line = "-" if i % 2 == 0 else "|"
                a = (i // 2, j // 2)
                b = (i // 2, j // 2 + 1) if i % 2 == 0 else (i // 2 + 1, j // 2)
                e = board.edge(a, b)
                if ch == line:
                    dom[e] = TRUE
                elif ch == "x":
                    dom[e] = FALSE
                elif ch != " ":
                    errors.append(
                        block.error(i, j, f"expected {line!r} (line), 'x' (no line) or a space, found {ch!r}")
                    )
            elif ch not in "+ ":
                errors.append(block.error(i, j, f"expected '+' between four cells, found {ch!r}"))
        if len(errors) > LevelErrors.MAX_REPORTED:
            break
    LevelErrors.raise_any(errors)
    return board, dom


def write(board: Board, dom: Sequence[int] | None = None) -> list[str]:
    if dom is None:
        return [
            "".join(board.pearls.get(r * board.cols + c, EMPTY) for c in range(board.cols)) for r in range(board.rows)
        ]
    crosses = any(d == BOOL for d in dom)
    off = "x" if crosses else " "
    out = []
    for r in range(board.rows):
        row = []
        for c in range(board.cols):
            row.append(board.pearls.get(r * board.cols + c, EMPTY))
            if c + 1 < board.cols:
                d = dom[board.edge((r, c), (r, c + 1))]
                row.append("-" if d == TRUE else off if d == FALSE else " ")
        out.append("".join(row))
        if r + 1 < board.rows:
            between = []
            for c in range(board.cols):
                d = dom[board.edge((r, c), (r + 1, c))]
                between.append("|" if d == TRUE else off if d == FALSE else " ")
            out.append("+".join(between).rstrip())
    return out
