"""Rung 2: all islands must end up as one connected group.

- ``must-connect``: the pairs that can still carry a bridge must connect every
  island, and a pair that is the only link between two parts of them (a
  bridge of that graph) must carry at least one bridge: the only way out;
- ``no-isolation``: a group of islands tied by certain bridges whose islands
  would all be full is sealed off; unless it holds every island, the count
  that would seal it is ruled out.
Both rebuild what they need from the domains; they keep no state.
"""

from __future__ import annotations

from puzzlekit.core import EVERY, Propagator, Rule, UnionFind, find_bridges, values_of
from puzzlekit.core.engine import Engine
from puzzlekit_hashi.board import NO_CLUE, Board

MUST_CONNECT = Rule(
    "must-connect",
    2,
    "The pairs that can still carry bridges must connect all islands; a pair that is the only "
    "link between two parts carries at least one bridge.",
)
NO_ISOLATION = Rule(
    "no-isolation",
    2,
    "A group of islands that would be complete and sealed off from the rest is forbidden, so "
    "the bridge count that would seal it is ruled out.",
)

ZERO = 0b001


class MustConnect(Propagator):
    rule = MUST_CONNECT
    watches = EVERY
    __slots__ = ("board", "adjacent")

    def __init__(self, board: Board) -> None:
        self.board = board
        adjacent: list[list[tuple[int, int]]] = [[] for _ in range(board.n_islands)]
        for e, (a, b) in enumerate(board.edges):
            adjacent[a].append((e, b))
            adjacent[b].append((e, a))
        self.adjacent = tuple(tuple(x) for x in adjacent)

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        n = self.board.n_islands
        if n <= 1:
            return True
        bridges, pieces = find_bridges(self.adjacent, dom, ZERO)
        if pieces > 1:
            return False  # some island can no longer be reached
        for e in bridges:
            if dom[e] & ZERO and not engine.set(e, dom[e] & ~ZERO, (), None):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        return "it is the only link left between two parts of the islands"


class NoIsolation(Propagator):
    rule = NO_ISOLATION
    watches = EVERY
    __slots__ = ("board",)

    def __init__(self, board: Board) -> None:
        self.board = board

    def propagate(self, engine: Engine) -> bool:
        board = self.board
        dom = engine.dom
        n = board.n_islands
        if n <= 1:
            return True
        edges = board.edges
        uf = UnionFind(n)
        for e, (a, b) in enumerate(edges):
            if not dom[e] & ZERO:  # certainly carries a bridge
                uf.union(a, b)
        find = uf.find
        # How many more bridges each island can take (None: no number, never full).
        slack: list[int | None] = []
        for island, clue in enumerate(board.clues):
            if clue == NO_CLUE:
                slack.append(None)
            else:
                least = 0
                for e in board.island_edges[island]:
                    d = dom[e]
                    least += (d & -d).bit_length() - 1
                slack.append(clue - least)
        open_in: dict[int, int] = {}
        size: dict[int, int] = {}
        for island in range(n):
            root = find(island)
            size[root] = size.get(root, 0) + 1
            if slack[island] != 0:
                open_in[root] = open_in.get(root, 0) + 1
        for root, members in size.items():
            if members < n and not open_in.get(root):
                return False  # a complete group, sealed off
        for e, (a, b) in enumerate(edges):
            d = dom[e]
            if not d & (d - 1):
                continue
            least = (d & -d).bit_length() - 1
            sa, sb = slack[a], slack[b]
            for v in values_of(d):
                extra = v - least
                if extra <= 0 or sa != extra or sb != extra:
                    continue
                ra, rb = find(a), find(b)
                together = size[ra] + (size[rb] if rb != ra else 0)
                still_open = open_in.get(ra, 0) + (open_in.get(rb, 0) if rb != ra else 0)
                sealed = together < n and still_open == 2
                if sealed and not engine.set(e, dom[e] & ~(1 << v), (), v):
                    return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        count = note if isinstance(note, int) else 0
        bridges = "bridge" if count == 1 else "bridges"
        return f"{count} {bridges} here would complete a group of islands cut off from the rest"
