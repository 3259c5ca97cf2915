"""Hashiwokakero as CNF, for the SAT engine.

Each pair has two variables, "at least one bridge" and "two bridges" (the second
implies the first), so an island's count is the number of its true variables,
an exact cardinality constraint.  Crossing pairs cannot both be bridged.  "One
group" is added lazily: when a candidate splits into groups, each group that is
not everything must have a bridge leaving it.
"""

from __future__ import annotations

from puzzlekit.engines.sat import Clause, SatEncoding
from puzzlekit.errors import MissingExtra
from puzzlekit_hashi.board import NO_CLUE, Board


def encode(board: Board) -> SatEncoding:
    try:
        from pysat.card import CardEnc, EncType
    except ImportError:
        raise MissingExtra("the SAT engine needs python-sat: pip install 'puzzlekit-engine[sat]'") from None
    some = [2 * e + 1 for e in range(board.n_edges)]
    two = [2 * e + 2 for e in range(board.n_edges)]
    top = 2 * board.n_edges
    clauses: list[Clause] = [[-two[e], some[e]] for e in range(board.n_edges)]
    for island, clue in enumerate(board.clues):
        pairs = board.island_edges[island]
        lits = [some[e] for e in pairs] + [two[e] for e in pairs]
        if clue == NO_CLUE:
            continue
        if clue > len(lits):
            clauses.append([])  # more than its pairs can carry: no solution
            continue
        card = CardEnc.equals(lits=lits, bound=clue, top_id=top, encoding=EncType.seqcounter)
        clauses += card.clauses
        top = max(top, card.nv)
    for h, v, _ in board.crossings:
        clauses.append([-some[h], -some[v]])

    def decode(true: set[int]) -> list[int]:
        return [(some[e] in true) + (two[e] in true) for e in range(board.n_edges)]

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

    def block(values: list[int]) -> Clause:
        clause = []
        for e, n in enumerate(values):
            clause += [-some[e] if n >= 1 else some[e], -two[e] if n == 2 else two[e]]
        return clause

    return SatEncoding(clauses, decode, refine, block, top)


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
