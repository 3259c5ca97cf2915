"""Slitherlink as CNF, for the SAT engine: one variable per edge.

Clues are direct clauses over the four edges of their cell; dot degrees (two
lines at every dot in the ``full`` variant), at least one line and "one loop"
(lazy cuts) come from the core's ``SatEncoding.single_loop``.
"""

from __future__ import annotations

from puzzlekit.core.cdcl import cardinality
from puzzlekit.engines.sat import Clause, SatEncoding, exactly
from puzzlekit_slitherlink.text import Board


def encode(board: Board, colours: bool = False) -> SatEncoding:
    """The CNF; with ``colours`` (the twin the core's learning search uses, ``Model.cnf``),
    the clues written for unit propagation (``cardinality``), and one more variable per
    face (inside the loop or not, the outside face out) with "an edge is a line exactly
    when its two faces differ": the same solutions, but unit propagation then sees the
    counting and the parity reasoning of the colouring rung."""
    grid = board.grid
    clauses: list[Clause] = []
    for cell, clue in enumerate(board.clues):
        if clue >= 0:
            count = cardinality if colours else exactly
            clauses += count([e + 1 for e in grid.cell_edges[cell]], [clue])
    visit = [True] * grid.n_vertices if board.full else None
    encoding = SatEncoding.single_loop(grid.loop, clauses, visit)
    if colours:
        face = grid.n_edges + 1  # SAT variable of face 0; faces come after the edges
        encoding.clauses.append([-(face + grid.outside)])
        for e, (a, b) in enumerate(grid.edge_faces):
            line, fa, fb = e + 1, face + a, face + b
            encoding.clauses += [[-line, fa, fb], [-line, -fa, -fb], [line, -fa, fb], [line, fa, -fb]]
        encoding.top = grid.n_edges + grid.n_faces
    return encoding
