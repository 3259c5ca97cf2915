"""Slitherlink as CNF, for the SAT engine: one variable per edge.

Clues are direct clauses over the four edges of their cell; dot degrees (two
lines at every dot in the ``full`` variant), at least one line and "one loop"
(lazy cuts) come from the core's ``SatEncoding.single_loop``.
"""

from __future__ import annotations

from puzzlekit.engines.sat import Clause, SatEncoding, exactly
from puzzlekit_slitherlink.text import Board


def encode(board: Board) -> SatEncoding:
    grid = board.grid
    clauses: list[Clause] = []
    for cell, clue in enumerate(board.clues):
        if clue >= 0:
            clauses += exactly([e + 1 for e in grid.cell_edges[cell]], [clue])
    visit = [True] * grid.n_vertices if board.full else None
    return SatEncoding.single_loop(grid.loop, clauses, visit)
