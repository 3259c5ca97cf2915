"""Sudoku pictures: an SVG board and a terminal grid, givens in ink, entered digits in
the answer colour, broken houses and hinted cells tinted."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit import Violation
from puzzlekit.pictures import Emphasis, Svg, TextGrid, theme
from puzzlekit_sudoku.board import SYMBOLS, Board

UNIT, MARGIN = 36.0, 4.0


def _digit(board: Board, dom: Sequence[int] | None, cell: int) -> tuple[str, bool]:
    """The cell's digit as shown ('' when open), and whether it is a given."""
    if board.givens[cell]:
        return SYMBOLS[board.givens[cell]], True
    d = dom[cell] if dom is not None else 0
    return (SYMBOLS[d.bit_length() - 1] if d and d & (d - 1) == 0 else ""), False


def svg(board: Board, dom: Sequence[int] | None, violations: Sequence[Violation], hint: Sequence[int]) -> str:
    marks = Emphasis.of(violations, hint)
    n, side = board.n, board.n * UNIT
    out = Svg(side + 2 * MARGIN, side + 2 * MARGIN, UNIT, kind="sudoku")
    for cell, tone in sorted(marks.tones.items()):
        r, c = divmod(cell, n)
        out.shade(MARGIN + c * UNIT, MARGIN + r * UNIT, UNIT, UNIT, tone=tone)
    for i in range(n + 1):
        at = MARGIN + i * UNIT
        for a, b, thick in (
            ((MARGIN, at), (MARGIN + side, at), i % board.box_h == 0),
            ((at, MARGIN), (at, MARGIN + side), i % board.box_w == 0),
        ):
            if thick:
                out.element(
                    "line",
                    "marks",
                    "box",
                    x1=a[0],
                    y1=a[1],
                    x2=b[0],
                    y2=b[1],
                    stroke=theme.INK,
                    stroke_width=0.06 * UNIT,
                    stroke_linecap="square",
                )
            else:
                out.guide(a, b)
    for cell in range(n * n):
        shown, given = _digit(board, dom, cell)
        if shown:
            r, c = divmod(cell, n)
            x, y = MARGIN + (c + 0.5) * UNIT, MARGIN + (r + 0.5) * UNIT
            colour = theme.INK if given else theme.LINE
            out.label(x, y, shown, cls="clue" if given else "digit", tone=marks.tone(cell), colour=colour)
    return out.to_string()


def terminal(
    board: Board, dom: Sequence[int], violations: Sequence[Violation] = (), hint: Sequence[int] = ()
) -> TextGrid:
    """Digits two columns apart, with box walls drawn in between."""
    marks = Emphasis.of(violations, hint)
    n, w, h = board.n, board.box_w, board.box_h
    width = 2 * (n + n // w - 1) - 1
    walls = {2 * (c + c // w) - 2 for c in range(w, n, w)}
    out = TextGrid(n + n // h - 1, width)
    for r in range(n):
        row = r + r // h
        if r and r % h == 0:
            out.put(row - 1, 0, "".join("+" if x in walls else "-" for x in range(width)), "grid")
        for c in range(n):
            col = 2 * (c + c // w)
            if c and c % w == 0:
                out.put(row, col - 2, "|", "grid")
            shown, given = _digit(board, dom, r * n + c)
            out.put(row, col, shown or ".", "clue" if given else "line" if shown else "dot", marks.tone(r * n + c))
    return out
