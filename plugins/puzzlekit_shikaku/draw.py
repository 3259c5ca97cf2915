"""Shikaku pictures: numbers, and a wall wherever two known regions meet (or the board
ends); cells of a broken region, and hinted cells, tinted."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit import Violation
from puzzlekit.pictures import Emphasis, Svg, TextGrid, theme
from puzzlekit_shikaku.board import Board

UNIT, MARGIN = 32.0, 4.0


def owners(board: Board, dom: Sequence[int] | None) -> list[int]:
    if dom is None:
        return [-1] * (board.rows * board.cols)
    return [d.bit_length() - 1 if d and not d & (d - 1) else -1 for d in dom]


def wall(board: Board, owner: Sequence[int], a: int, b: int) -> bool:
    """Is there a wall between cells ``a`` and ``b`` (-1: off the board)?"""
    return a < 0 or b < 0 or (owner[a] >= 0 and owner[b] >= 0 and owner[a] != owner[b])


def edges(board: Board) -> list[tuple[int, int, int, int, bool]]:
    """Every cell side: (row, col) of its start on the dot lattice, the cells on both sides, horizontal?"""
    R, C = board.rows, board.cols
    out = [
        (r, c, (r - 1) * C + c if r else -1, r * C + c if r < R else -1, True) for r in range(R + 1) for c in range(C)
    ]
    out += [
        (r, c, r * C + c - 1 if c else -1, r * C + c if c < C else -1, False) for r in range(R) for c in range(C + 1)
    ]
    return out


def svg(board: Board, dom: Sequence[int] | None, violations: Sequence[Violation], hint: Sequence[int]) -> str:
    marks, owner = Emphasis.of(violations, hint), owners(board, dom)
    out = Svg(board.cols * UNIT + 2 * MARGIN, board.rows * UNIT + 2 * MARGIN, UNIT, kind="shikaku")
    for cell, tone in sorted(marks.tones.items()):
        r, c = divmod(cell, board.cols)
        out.shade(MARGIN + c * UNIT, MARGIN + r * UNIT, UNIT, UNIT, tone=tone)
    for r, c, a, b, across in edges(board):
        start = (MARGIN + c * UNIT, MARGIN + r * UNIT)
        end = (start[0] + UNIT, start[1]) if across else (start[0], start[1] + UNIT)
        if wall(board, owner, a, b):
            out.element(
                "line",
                "lines",
                "wall",
                x1=start[0],
                y1=start[1],
                x2=end[0],
                y2=end[1],
                stroke=theme.INK if a < 0 or b < 0 else theme.LINE,
                stroke_width=0.08 * UNIT,
                stroke_linecap="square",
            )
        else:
            out.guide(start, end)
    for cell, n in board.clues:
        r, c = divmod(cell, board.cols)
        out.label(MARGIN + (c + 0.5) * UNIT, MARGIN + (r + 0.5) * UNIT, str(n), tone=marks.tone(cell))
    return out.to_string()


def terminal(
    board: Board, dom: Sequence[int], violations: Sequence[Violation] = (), hint: Sequence[int] = ()
) -> TextGrid:
    """Cells three characters wide between '+' corners; walls '---' and '|', unknown sides dotted."""
    marks, owner = Emphasis.of(violations, hint), owners(board, dom)
    out = TextGrid(2 * board.rows + 1, 4 * board.cols + 1)
    for r in range(board.rows + 1):
        for c in range(board.cols + 1):
            out.put(2 * r, 4 * c, "+", "grid")
    for r, c, a, b, across in edges(board):
        known = wall(board, owner, a, b)
        inside = not known and owner[a] >= 0 and owner[a] == owner[b]
        if across:
            out.put(2 * r, 4 * c + 1, "---" if known else "   " if inside else " · ", "line" if known else "grid")
        else:
            out.put(2 * r + 1, 4 * c, "|" if known else " " if inside else "·", "line" if known else "grid")
    numbers = dict(board.clues)
    for cell in range(board.rows * board.cols):
        r, c = divmod(cell, board.cols)
        shown = str(numbers[cell]).rjust(2) + " " if cell in numbers else "   "
        out.put(2 * r + 1, 4 * c + 1, shown, "clue", marks.tone(cell))
    return out
