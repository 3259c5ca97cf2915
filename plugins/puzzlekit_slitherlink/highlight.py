"""Where a Slitherlink picture puts emphasis: read from violations and a hint.

A violation names the edges involved; its kind says where the trouble sits.
A clue's violation (its four sides) tints the cell, red when it is wrong and
amber while it is only short; a dot's (a branch, a dead end: the edges at the
dot) rings the dot.  Lines turn red only where they are themselves the
trouble: too many at a clue, a branch, a separate loop.  A clue short of
lines, or a loose end, is marked at its place and its lines stay as drawn.
The SVG and the terminal view both read this, so they agree on what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzlekit.core import AT_A_NODE, NOT_THE_LINES, TRUE, Violation
from puzzlekit.pictures import Emphasis, Tone, strongest, tone_of
from puzzlekit_slitherlink.text import Board


@dataclass(frozen=True)
class Highlights:
    cells: dict[int, Tone]
    """Clue cells whose count is wrong or still short."""
    dots: dict[int, Tone]
    """Dots where lines branch or end."""
    edges: Emphasis
    """Edges coloured: the lines that break a rule, and the hinted edges."""

    @classmethod
    def of(
        cls, board: Board, dom: Sequence[int] | None, violations: Sequence[Violation], hint: Sequence[int]
    ) -> Highlights:
        grid = board.grid
        cell_of = {frozenset(sides): cell for cell, sides in enumerate(grid.cell_edges)}
        dot_of = {frozenset(edges): dot for dot, edges in enumerate(grid.vertex_edges)}
        cells: dict[int, Tone] = {}
        dots: dict[int, Tone] = {}
        culprits: list[Violation] = []
        for v in violations:
            where = frozenset(v.variables)
            if v.kind == "clue" and where in cell_of:
                cell = cell_of[where]
                cells[cell] = strongest((cells.get(cell, "normal"), tone_of(v)))
                lines = sum(1 for e in where if dom is not None and dom[e] == TRUE)
                if lines > board.clues[cell]:
                    culprits.append(v)
                continue
            if v.kind in AT_A_NODE and where in dot_of:
                dot = dot_of[where]
                dots[dot] = strongest((dots.get(dot, "normal"), tone_of(v)))
            if not v.unfinished and v.kind not in NOT_THE_LINES:
                culprits.append(v)
        return cls(cells, dots, Emphasis.of(culprits, hint))
