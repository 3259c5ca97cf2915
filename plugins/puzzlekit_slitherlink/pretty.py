"""A terminal view of a Slitherlink state in box-drawing characters.

Drawn once into a ``TextGrid``: ``pretty`` prints its plain characters and
``draw_terminal`` the same characters coloured, with the emphasis of
``highlight.Highlights`` (broken rules red, unfinished ones amber, the hint green).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlekit.core import Violation
from puzzlekit.pictures import HORIZONTAL, VERTICAL, TextGrid, default_crosses
from puzzlekit_slitherlink.highlight import Highlights
from puzzlekit_slitherlink.text import BLANK, Board

if TYPE_CHECKING:
    from rich.text import Text


def draw(board: Board, dom: Sequence[int]) -> str:
    """Lines as box drawing, crosses as '×' while the board is unfinished, clues in the cells."""
    return view(board, dom).plain()


def draw_terminal(board: Board, dom: Sequence[int], violations: Sequence[Violation], hint: Sequence[int]) -> Text:
    return view(board, dom, violations, hint).to_text()


def view(board: Board, dom: Sequence[int], violations: Sequence[Violation] = (), hint: Sequence[int] = ()) -> TextGrid:
    grid = board.grid
    R, C = grid.rows, grid.cols
    marks = Highlights.of(board, dom, violations, hint)
    out = TextGrid(2 * R + 1, 4 * C + 1)

    crosses = default_crosses(dom)  # as the text form: on a finished board every blank is a cross

    def edge(row: int, col: int, e: int, glyphs: tuple[str, str, str]) -> None:
        out.edge(row, col, glyphs, dom[e], marks.edges.tone(e), crosses)

    for r in range(R + 1):
        for c in range(C + 1):
            around = (
                grid.v(r - 1, c) if r > 0 else -1,
                grid.h(r, c) if c < C else -1,
                grid.v(r, c) if r < R else -1,
                grid.h(r, c - 1) if c > 0 else -1,
            )
            out.node(2 * r, 4 * c, around, dom, marks.edges, marks.dots.get(grid.vertex(r, c), "normal"))
            if c < C:
                edge(2 * r, 4 * c + 1, grid.h(r, c), HORIZONTAL)
        if r < R:
            for c in range(C + 1):
                edge(2 * r + 1, 4 * c, grid.v(r, c), VERTICAL)
                clue = board.clues[r * C + c] if c < C else BLANK
                if clue != BLANK:
                    out.put(2 * r + 1, 4 * c + 1, f" {clue} ", "clue", marks.cells.get(r * C + c, "normal"))
    return out
