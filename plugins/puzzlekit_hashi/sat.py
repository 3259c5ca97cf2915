"""Hashiwokakero as CNF, for the SAT engine and as the learning search's twin.

Each pair has one variable per bridge count (``SatEncoding.one_hot``: 0, 1 or 2, exactly
one true), so the core's learning search can drive the model's counts directly.  An
island's count is the number of true literals among "not 0" and "2" over its pairs, an
exact cardinality (``cdcl.cardinality``, which unit propagation reads in full).
Crossing pairs cannot both be bridged.  "One group" is added lazily: when a candidate
splits into groups, each group that is not everything must have a bridge leaving it.
Needs no python-sat: the SAT engine brings its own solver, the learning search none.
"""

from __future__ import annotations

from puzzlekit.core.cdcl import cardinality
from puzzlekit.engines.sat import Clause, SatEncoding
from puzzlekit_hashi.board import MAX_BRIDGES, NO_CLUE, Board

WIDTHS = MAX_BRIDGES + 1
"""Values per pair: 0, 1 or 2 bridges."""


def encode(board: Board) -> SatEncoding:
    widths = [WIDTHS] * board.n_edges
    some = [-(WIDTHS * e + 1) for e in range(board.n_edges)]  # at least one bridge: not value 0
    two = [WIDTHS * e + 3 for e in range(board.n_edges)]  # value 2 (``value_table(widths)``)
    clauses: list[Clause] = []
    for island, clue in enumerate(board.clues):
        if clue == NO_CLUE:
            continue
        pairs = board.island_edges[island]
        clauses += cardinality([some[e] for e in pairs] + [two[e] for e in pairs], [clue])
    for h, v, _ in board.crossings:
        clauses.append([-some[h], -some[v]])

    def refine(values: list[int]) -> list[Clause]:
        groups = _groups(board, values)
        if len(groups) < 2:
            return []
        # Each group's cut (the edges leaving it), in one pass over the edges: a board of
        # many small groups (all '?' islands) would cost groups x edges otherwise.
        group_of = {island: k for k, group in enumerate(groups) for island in group}
        out: list[Clause] = [[] for _ in groups]
        for e, (a, b) in enumerate(board.edges):
            if group_of[a] != group_of[b]:
                out[group_of[a]].append(some[e])
                out[group_of[b]].append(some[e])
        return out

    return SatEncoding.one_hot(widths, clauses, refine)


def _groups(board: Board, values: list[int]) -> list[set[int]]:
    neighbours: list[list[int]] = [[] for _ in board.islands]
    for e, (a, b) in enumerate(board.edges):
        if values[e]:
            neighbours[a].append(b)
            neighbours[b].append(a)
    seen: set[int] = set()
    groups = []
    for start in range(board.n_islands):
        if start in seen:
            continue
        group = {start}
        todo = [start]
        while todo:
            for other in neighbours[todo.pop()]:
                if other not in group:
                    group.add(other)
                    todo.append(other)
        seen |= group
        groups.append(group)
    return groups
