"""Slitherlink as CNF, for the SAT engine: one variable per edge.

Clues and dot degrees are direct clauses over the few edges they touch.  "One
loop" is added lazily, as the core's cuts (``loop_cuts``): when a candidate is
several loops, then for a loop C through the dots S and another loop D, a
solution that uses an edge of C and an edge of D must cross the boundary of S.
"""

from __future__ import annotations

from puzzlekit.engines.sat import Clause, SatEncoding, exactly, loop_cuts
from puzzlekit_slitherlink.text import Board


def encode(board: Board) -> SatEncoding:
    grid = board.grid
    lit = [e + 1 for e in range(grid.n_edges)]
    clauses: list[Clause] = []
    for cell, clue in enumerate(board.clues):
        if clue >= 0:
            clauses += exactly([lit[e] for e in grid.cell_edges[cell]], [clue])
    degrees = [2] if board.full else [0, 2]
    for edges in grid.vertex_edges:
        clauses += exactly([lit[e] for e in edges], degrees)
    clauses.append(list(lit))  # at least one line
    return SatEncoding.boolean(grid.n_edges, clauses, lambda values: loop_cuts(grid.loop, values))
