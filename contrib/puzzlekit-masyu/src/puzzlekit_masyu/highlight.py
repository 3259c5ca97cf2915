"""Where a Masyu picture puts emphasis: read from violations and a hint.

A pearl's violation (the edges around it) and a cell's loop violation (a
branch, a dead end, a pearl the loop misses: the edges at the cell) tint that
cell, red when broken for good, amber while more lines could mend it.  Lines
turn red only where they are themselves the trouble: a branch, a separate
loop, a pearl passed the wrong way.  A hinted edge is green.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzlekit import Violation
from puzzlekit.core import AT_A_NODE, NOT_THE_LINES
from puzzlekit.pictures import Emphasis, Tone, strongest, tone_of
from puzzlekit_masyu.board import Board

AT_A_PEARL = ("black", "white")


@dataclass(frozen=True)
class Highlights:
    cells: dict[int, Tone]
    """Cells (pearls or not) where a rule breaks."""
    edges: Emphasis
    """Edges coloured: the lines that break a rule, and the hinted edges."""

    @classmethod
    def of(cls, board: Board, violations: Sequence[Violation], hint: Sequence[int]) -> Highlights:
        # Variables alone can name two places on a tiny board; every such place is marked.
        places: dict[tuple[str, frozenset[int]], list[int]] = {}
        for cell, edges in enumerate(board.loop.node_edges):
            places.setdefault(("cell", frozenset(edges)), []).append(cell)
        for cell in sorted(board.pearls):
            around = frozenset(e for pair in board.arms(cell) for e in pair if e >= 0)
            places.setdefault(("pearl", around), []).append(cell)
        cells: dict[int, Tone] = {}
        for v in violations:
            kind = "cell" if v.kind in AT_A_NODE else "pearl" if v.kind in AT_A_PEARL else ""
            for cell in places.get((kind, frozenset(v.variables)), []):
                cells[cell] = strongest((cells.get(cell, "normal"), tone_of(v)))
        culprits = [v for v in violations if not v.unfinished and v.kind not in NOT_THE_LINES]
        return cls(cells, Emphasis.of(culprits, hint))
