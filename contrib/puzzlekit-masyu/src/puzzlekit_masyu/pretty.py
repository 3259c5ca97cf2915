"""A terminal view of a Masyu state: pearls as ● and ○, the loop in box-drawing lines.

Drawn once into a ``puzzlekit.pictures.TextGrid``, giving the plain view
(``Genre.pretty``) and the coloured one (``Genre.draw_terminal``) alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlekit import Violation
from puzzlekit.pictures import HORIZONTAL, VERTICAL, TextGrid, default_crosses
from puzzlekit_masyu.board import BLACK, Board
from puzzlekit_masyu.highlight import Highlights

if TYPE_CHECKING:
    from rich.text import Text


def draw(board: Board, dom: Sequence[int]) -> str:
    return view(board, dom).plain()


def draw_terminal(board: Board, dom: Sequence[int], violations: Sequence[Violation], hint: Sequence[int]) -> Text:
    return view(board, dom, violations, hint).to_text()


def view(board: Board, dom: Sequence[int], violations: Sequence[Violation] = (), hint: Sequence[int] = ()) -> TextGrid:
    marks = Highlights.of(board, violations, hint)
    R, C = board.rows, board.cols
    out = TextGrid(2 * R - 1, 4 * C - 3)

    crosses = default_crosses(dom)  # as the text form: on a finished board every blank is a cross

    def edge(row: int, col: int, e: int, glyphs: tuple[str, str, str]) -> None:
        out.edge(row, col, glyphs, dom[e], marks.edges.tone(e), crosses)

    for cell in range(R * C):
        r, c = divmod(cell, C)
        around = tuple(first for first, _ in board.arms(cell))
        pearl = ("●" if board.pearls[cell] == BLACK else "○", "pearl") if cell in board.pearls else None
        out.node(2 * r, 4 * c, around, dom, marks.edges, marks.cells.get(cell, "normal"), pearl)
        if c + 1 < C:
            edge(2 * r, 4 * c + 1, board.edge((r, c), (r, c + 1)), HORIZONTAL)
        if r + 1 < R:
            edge(2 * r + 1, 4 * c, board.edge((r, c), (r + 1, c)), VERTICAL)
    return out
