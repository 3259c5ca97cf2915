"""Acceptance from the rules alone: island sums, at most two bridges a pair, no
crossing, one connected group.  Shares no code with the propagators."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit import Violation
from puzzlekit_hashi.board import MAX_BRIDGES, NO_CLUE, Board


def violations(board: Board, bridges: Sequence[int]) -> list[Violation]:
    """Everything wrong with ``bridges`` (a count per pair) as a solution of ``board``."""
    found: list[Violation] = []
    for e, n in enumerate(bridges):
        if not 0 <= n <= MAX_BRIDGES:
            found.append(Violation("pair", f"{n} bridges between {board.edge_name(e)}; at most 2", (e,)))
    totals = [sum(bridges[e] for e in board.island_edges[i]) for i in range(board.n_islands)]
    growable = _growable(board, bridges, totals)
    for island, clue in enumerate(board.clues):
        if clue == NO_CLUE:
            continue
        pairs = board.island_edges[island]
        total = totals[island]
        if total != clue:
            amount = "no" if total == 0 else f"only {total}" if total < clue else f"{total}, too many"
            mendable = total < clue and any(growable[e] for e in pairs)
            found.append(Violation("island", f"{board.island_name(island)} has {amount} bridges", pairs, mendable))
    for h, v, (r, c) in board.crossings:
        if bridges[h] and bridges[v]:
            found.append(Violation("crossing", f"bridges cross at r{r + 1}c{c + 1}", (h, v)))
    groups = _groups(board, bridges)
    if groups > 1:
        words = f"the islands form {groups} separate groups; they must all be connected"
        found.append(Violation("groups", words, (), any(growable)))
    return found


def _growable(board: Board, bridges: Sequence[int], totals: list[int]) -> list[bool]:
    """Pairs that could still take another bridge: below two, both islands short of
    their numbers, and nothing drawn across them.  A shortfall is "unfinished" only
    while some such pair exists."""
    crossed: dict[int, list[int]] = {}
    for h, v, _ in board.crossings:
        crossed.setdefault(h, []).append(v)
        crossed.setdefault(v, []).append(h)

    def room(island: int) -> bool:
        clue = board.clues[island]
        return clue == NO_CLUE or totals[island] < clue

    return [
        bridges[e] < MAX_BRIDGES and room(a) and room(b) and not any(bridges[x] for x in crossed.get(e, ()))
        for e, (a, b) in enumerate(board.edges)
    ]


def _groups(board: Board, bridges: Sequence[int]) -> int:
    """Connected groups of islands, walking along pairs that carry bridges."""
    neighbours: list[list[int]] = [[] for _ in board.islands]
    for e, (a, b) in enumerate(board.edges):
        if bridges[e]:
            neighbours[a].append(b)
            neighbours[b].append(a)
    seen = [False] * board.n_islands
    groups = 0
    for start in range(board.n_islands):
        if seen[start]:
            continue
        groups += 1
        seen[start] = True
        todo = [start]
        while todo:
            for other in neighbours[todo.pop()]:
                if not seen[other]:
                    seen[other] = True
                    todo.append(other)
    return groups
