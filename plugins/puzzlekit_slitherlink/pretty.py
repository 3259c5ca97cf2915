"""A terminal view of a Slitherlink state in box-drawing characters.

Drawn once into a ``TextGrid``: ``pretty`` prints its plain characters and
``draw_terminal`` the same characters coloured, with the emphasis of
``highlight.Highlights`` (broken rules red, unfinished ones amber, the hint green).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlekit.core.model import BOOL, FALSE, TRUE, Violation
from puzzlekit.pictures import TextGrid, Tone, strongest
from puzzlekit_slitherlink.highlight import Highlights
from puzzlekit_slitherlink.text import BLANK, Board

if TYPE_CHECKING:
    from rich.text import Text

# Junction glyphs by which of (up, right, down, left) carry a line.
_JUNCTION: dict[tuple[int, ...], str] = {
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
    (1, 1, 1, 0): "├",
    (0, 1, 1, 1): "┬",
    (1, 0, 1, 1): "┤",
    (1, 1, 0, 1): "┴",
    (1, 1, 1, 1): "┼",
}


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

    crosses = any(d == BOOL for d in dom)  # as the text form: on a finished board every blank is a cross

    def on(edge: int) -> int:
        return 1 if dom[edge] == TRUE else 0

    def edge(row: int, col: int, e: int, line: str, cross: str, hinted: str) -> None:
        d, tone = dom[e], marks.edges.tone(e)
        if d == TRUE:
            out.put(row, col, line, "line", tone)
        elif d == FALSE and (crosses or tone == "hint"):
            out.put(row, col, cross, "cross", tone)
        elif tone == "hint":
            out.put(row, col, hinted, "hint")

    for r in range(R + 1):
        for c in range(C + 1):
            around = (
                grid.v(r - 1, c) if r > 0 else -1,
                grid.h(r, c) if c < C else -1,
                grid.v(r, c) if r < R else -1,
                grid.h(r, c - 1) if c > 0 else -1,
            )
            key = tuple(on(e) if e >= 0 else 0 for e in around)
            vertex = grid.vertex(r, c)
            tones: list[Tone] = [marks.dots.get(vertex, "normal")]
            tones += [marks.edges.tone(e) for e in around if e >= 0 and on(e)]
            out.put(2 * r, 4 * c, _JUNCTION[key], "line" if any(key) else "dot", strongest(tones))
            if c < C:
                edge(2 * r, 4 * c + 1, grid.h(r, c), "───", " × ", "┄┄┄")
        if r < R:
            for c in range(C + 1):
                edge(2 * r + 1, 4 * c, grid.v(r, c), "│", "×", "┆")
                clue = board.clues[r * C + c] if c < C else BLANK
                if clue != BLANK:
                    out.put(2 * r + 1, 4 * c + 1, f" {clue} ", "clue", marks.cells.get(r * C + c, "normal"))
    return out
