"""A terminal view of a Slitherlink state in box-drawing characters."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit.core.model import FALSE, TRUE
from puzzlekit_slitherlink.text import BLANK, Board

# Junction glyphs by which of (up, right, down, left) carry a line.
_JUNCTION = {
    (0, 0, 0, 0): "·",
    (1, 0, 1, 0): "│",
    (0, 1, 0, 1): "─",
    (0, 1, 1, 0): "┌",
    (0, 0, 1, 1): "┐",
    (1, 1, 0, 0): "└",
    (1, 0, 0, 1): "┘",
    (1, 0, 0, 0): "╵",
    (0, 1, 0, 0): "╶",
    (0, 0, 1, 0): "╷",
    (0, 0, 0, 1): "╴",
}


def draw(board: Board, dom: Sequence[int]) -> str:
    """Lines as box drawing, crosses as a faint '×', clues in the cells."""
    grid = board.grid
    R, C = grid.rows, grid.cols

    def on(edge: int) -> int:
        return 1 if dom[edge] == TRUE else 0

    out = []
    for r in range(R + 1):
        row = []
        for c in range(C + 1):
            key = (
                on(grid.v(r - 1, c)) if r > 0 else 0,
                on(grid.h(r, c)) if c < C else 0,
                on(grid.v(r, c)) if r < R else 0,
                on(grid.h(r, c - 1)) if c > 0 else 0,
            )
            row.append(_JUNCTION.get(key, "┼"))
            if c < C:
                d = dom[grid.h(r, c)]
                row.append("───" if d == TRUE else " × " if d == FALSE else "   ")
        out.append("".join(row).rstrip())
        if r < R:
            row = []
            for c in range(C + 1):
                d = dom[grid.v(r, c)]
                row.append("│" if d == TRUE else "×" if d == FALSE else " ")
                if c < C:
                    clue = board.clues[r * C + c]
                    row.append("   " if clue == BLANK else f" {clue} ")
            out.append("".join(row).rstrip())
    return "\n".join(out)
