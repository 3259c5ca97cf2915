"""A terminal view of a Masyu state: pearls as ● and ○, the loop in box-drawing lines.

Drawn once into a ``puzzlekit.pictures.TextGrid``, giving the plain view
(``Genre.pretty``) and the coloured one (``Genre.draw_terminal``) alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlekit import Violation
from puzzlekit.core import BOOL, TRUE
from puzzlekit.pictures import HORIZONTAL, VERTICAL, TextGrid, Tone, junction, strongest
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

    crosses = any(d == BOOL for d in dom)  # as the text form: on a finished board every blank is a cross

    def on(edge: int) -> bool:
        return edge >= 0 and dom[edge] == TRUE

    def edge(row: int, col: int, e: int, glyphs: tuple[str, str, str]) -> None:
        out.edge(row, col, glyphs, dom[e], marks.edges.tone(e), crosses)

    for cell in range(R * C):
        r, c = divmod(cell, C)
        around = tuple(first for first, _ in board.arms(cell))
        up, right, down, left = (on(e) for e in around)
        tones: list[Tone] = [marks.cells.get(cell, "normal")]
        tones += [marks.edges.tone(e) for e in around if on(e)]
        if cell in board.pearls:
            glyph, role = ("●" if board.pearls[cell] == BLACK else "○"), "pearl"
        else:
            glyph, role = junction(up, right, down, left), "line" if up or right or down or left else "dot"
        out.put(2 * r, 4 * c, glyph, role, strongest(tones))
        if c + 1 < C:
            edge(2 * r, 4 * c + 1, board.edge((r, c), (r, c + 1)), HORIZONTAL)
        if r + 1 < R:
            edge(2 * r + 1, 4 * c, board.edge((r, c), (r + 1, c)), VERTICAL)
    return out
