"""Rung 1: an island's bridges add up to its number; crossing bridges are forbidden."""

from __future__ import annotations

from itertools import product

from puzzlekit.core import Propagator, Rule, values_of
from puzzlekit.core.engine import Engine
from puzzlekit_hashi.board import Board

ISLAND_SUM = Rule(
    "island-sum",
    1,
    "An island's bridges add up to its number: each pair carries at least what the island's "
    "other pairs cannot cover, and at most what they leave once they take their least.",
)
NO_CROSSING = Rule(
    "no-crossing",
    1,
    "A horizontal and a vertical bridge cannot cross: once one pair carries a bridge over a "
    "square, the pair across it carries none.",
)

ZERO = 0b001
SOME = 0b110  # one or two bridges

_SUPPORTS: dict[tuple[int, ...], tuple[int, ...] | None] = {}


def supports(need: int, doms: tuple[int, ...]) -> tuple[int, ...] | None:
    """For each pair, the counts that appear in some way of summing to ``need``.

    None when there is no way.  Islands have at most four pairs of 0-2 bridges, so
    the answer is found by enumeration (stronger than bounds where a domain has a
    hole) and memoised.
    """
    key = (need, *doms)
    if key in _SUPPORTS:
        return _SUPPORTS[key]
    found = [0] * len(doms)
    for combo in product(*(values_of(d) for d in doms)):
        if sum(combo) == need:
            for i, v in enumerate(combo):
                found[i] |= 1 << v
    result = tuple(found) if any(found) or (not doms and need == 0) else None
    _SUPPORTS[key] = result
    return result


class IslandSum(Propagator):
    """The number on one island."""

    rule = ISLAND_SUM
    __slots__ = ("board", "island", "clue", "edges", "watches")
    edges: tuple[int, ...]

    def __init__(self, board: Board, island: int) -> None:
        self.board = board
        self.island = island
        self.clue = board.clues[island]
        self.edges = board.island_edges[island]
        self.watches = self.edges

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        edges = self.edges
        doms = tuple(dom[e] for e in edges)
        new = supports(self.clue, doms)
        if new is None:
            return False
        for e, old, narrowed in zip(edges, doms, new):
            if narrowed != old:
                engine.set(e, narrowed, edges, old)
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        old = note if isinstance(note, int) else mask
        where = self.board.island_name(self.island)
        if min(values_of(mask)) > min(values_of(old)):
            return f"{where} cannot reach {self.clue} with fewer bridges here"
        if max(values_of(mask)) < max(values_of(old)):
            return f"{where} would go over {self.clue} with more bridges here"
        return f"{where} cannot reach exactly {self.clue} otherwise"


class NoCrossing(Propagator):
    """The two pairs that would cross over one water square."""

    rule = NO_CROSSING
    __slots__ = ("board", "cell", "pairs", "watches")

    def __init__(self, board: Board, horizontal: int, vertical: int, cell: tuple[int, int]) -> None:
        self.board = board
        self.cell = cell
        self.pairs = self.watches = (horizontal, vertical)

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        h, v = self.pairs
        if not dom[h] & ZERO:
            return engine.set(v, ZERO, self.pairs, h)
        if not dom[v] & ZERO:
            return engine.set(h, ZERO, self.pairs, v)
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        r, c = self.cell
        other = self.board.edge_name(note) if isinstance(note, int) else "the other pair"
        return f"it would cross the bridge {other} at r{r + 1}c{c + 1}"
