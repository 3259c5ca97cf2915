"""A terminal view of a bridge map in box-drawing characters."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit.core.model import value_of
from puzzlekit_hashi.board import NO_CLUE, Board

_GLYPH = {(True, 1): "─", (True, 2): "═", (False, 1): "│", (False, 2): "║"}


def draw(board: Board, dom: Sequence[int]) -> str:
    """Islands as their numbers, fixed bridges as lines, water as a faint dot.

    Columns are doubled (a gap between cells) so the board looks square and a
    horizontal bridge runs unbroken from island to island.
    """
    out = [[" "] * (2 * board.cols - 1) for _ in range(board.rows)]
    for r in range(board.rows):
        for c in range(board.cols):
            out[r][2 * c] = "·"
    for (r, c), clue in zip(board.islands, board.clues):
        out[r][2 * c] = "?" if clue == NO_CLUE else str(clue)
    for e, (a, b) in enumerate(board.edges):
        d = dom[e]
        if d & (d - 1) or d == 1:
            continue
        glyph = _GLYPH[board.horizontal[e], value_of(d)]
        (ra, ca), (rb, cb) = board.islands[a], board.islands[b]
        if board.horizontal[e]:
            for x in range(2 * ca + 1, 2 * cb):
                out[ra][x] = glyph
        else:
            for y in range(ra + 1, rb):
                out[y][2 * ca] = glyph
    return "\n".join("".join(row).rstrip() for row in out)
