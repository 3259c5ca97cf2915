"""A terminal view of a bridge map in box-drawing characters.

Drawn once into a ``TextGrid``: ``pretty`` prints its plain characters and
``draw_terminal`` the same characters coloured, with the emphasis of
``highlight.Highlights`` (broken rules red, unfinished ones amber, the hint green).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlekit.core import Violation, value_of
from puzzlekit.pictures import TextGrid
from puzzlekit_hashi.board import NO_CLUE, Board
from puzzlekit_hashi.highlight import Highlights

if TYPE_CHECKING:
    from rich.text import Text

_GLYPH = {(True, 1): "─", (True, 2): "═", (False, 1): "│", (False, 2): "║"}
_OPEN = {True: "┄", False: "┆"}


def draw(board: Board, dom: Sequence[int]) -> str:
    """Islands as their numbers, fixed bridges as lines, water as a faint dot."""
    return view(board, dom).plain()


def draw_terminal(board: Board, dom: Sequence[int], violations: Sequence[Violation], hint: Sequence[int]) -> Text:
    return view(board, dom, violations, hint).to_text()


def view(board: Board, dom: Sequence[int], violations: Sequence[Violation] = (), hint: Sequence[int] = ()) -> TextGrid:
    """Columns are doubled (a gap between cells) so the board looks square and a
    horizontal bridge runs unbroken from island to island."""
    marks = Highlights.of(board, dom, violations, hint)
    out = TextGrid(board.rows, 2 * board.cols - 1)
    for r in range(board.rows):
        for c in range(board.cols):
            out.put(r, 2 * c, "·", "water")
    for island, ((r, c), clue) in enumerate(zip(board.islands, board.clues)):
        out.put(r, 2 * c, "?" if clue == NO_CLUE else str(clue), "island", marks.islands.get(island, "normal"))
    for e, (a, b) in enumerate(board.edges):
        d, tone = dom[e], marks.pairs.tone(e)
        fixed = not d & (d - 1) and d != 1
        if not fixed and tone != "hint":
            continue
        glyph = _GLYPH[board.horizontal[e], value_of(d)] if fixed else _OPEN[board.horizontal[e]]
        (ra, ca), (rb, cb) = board.islands[a], board.islands[b]
        if board.horizontal[e]:
            for x in range(2 * ca + 1, 2 * cb):
                out.put(ra, x, glyph, "bridge", tone)
        else:
            for y in range(ra + 1, rb):
                out.put(y, 2 * ca, glyph, "bridge", tone)
    for (r, c), tone in marks.crossings.items():
        out.put(r, 2 * c, "┼", "bridge", tone)
    return out
