"""Slitherlink as CNF, for the SAT engine: one variable per edge.

Clues and dot degrees are direct clauses over the few edges they touch.  "One
loop" is added lazily, as cuts: when a candidate is several loops, then for a
loop C through the dots S and another loop D, a solution that uses an edge of C
and an edge of D must cross the boundary of S (the one loop joins them).  The
clause names one edge of each, and every edge with one end in S.
"""

from __future__ import annotations

from puzzlekit.engines.sat import Clause, SatEncoding, exactly
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

    def decode(true: set[int]) -> list[int]:
        return [1 if lit[e] in true else 0 for e in range(grid.n_edges)]

    def refine(values: list[int]) -> list[Clause]:
        loops = _loops(board, values)
        if len(loops) < 2:
            return []
        clauses = []
        for loop in loops:
            dots = {v for e in loop for v in grid.edge_vertices[e]}
            cut = [lit[e] for e, (u, w) in enumerate(grid.edge_vertices) if (u in dots) != (w in dots)]
            for other in loops:
                if other is not loop:
                    clauses.append([*cut, -lit[loop[0]], -lit[other[0]]])
        return clauses

    def block(values: list[int]) -> Clause:
        return [-lit[e] if v else lit[e] for e, v in enumerate(values)]

    return SatEncoding(clauses, decode, refine, block, grid.n_edges)


def _loops(board: Board, values: list[int]) -> list[list[int]]:
    """The edges of each separate loop (degrees are already 0 or 2 by the clauses)."""
    grid = board.grid
    seen: set[int] = set()
    loops = []
    for start, on in enumerate(values):
        if not on or start in seen:
            continue
        loop, todo = [], [start]
        seen.add(start)
        while todo:
            e = todo.pop()
            loop.append(e)
            for v in grid.edge_vertices[e]:
                for f in grid.vertex_edges[v]:
                    if values[f] and f not in seen:
                        seen.add(f)
                        todo.append(f)
        loops.append(loop)
    return loops
