"""Loop connectivity: the lines must end up as exactly one loop.

- ``no-early-loop`` (rung 1, incremental): every dot knows the far end of its
  chain of lines.  An edge joining the two ends of one chain closes a loop,
  which is only allowed when that loop finishes the puzzle; once the loop is
  closed, every other edge is crossed.
- ``loop-reach`` (rung 3): a loop never crosses a bridge of the graph of open
  edges, and all its lines lie in one piece of that graph once bridges are
  removed: every chain end can still reach the rest.
- ``region-connectivity`` (rung 3): the cells inside the loop form one
  connected region, and so do the cells outside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from puzzlekit.core.engine import Engine
from puzzlekit.core.graph import find_bridges
from puzzlekit.core.model import BOOL, FALSE, TRUE, Model, Propagator, Rule
from puzzlekit.core.unionfind import UnionFind
from puzzlekit_slitherlink.grid import Grid
from puzzlekit_slitherlink.rules.colouring import FaceColours

NO_EARLY_LOOP = Rule(
    "no-early-loop",
    1,
    "An edge that would close a chain into a loop is crossed unless that loop finishes the puzzle; "
    "once the loop is closed, every other edge is crossed.",
)
LOOP_REACH = Rule(
    "loop-reach",
    3,
    "The loop cannot use an edge whose removal disconnects the open edges (a bridge), and all "
    "its lines must lie in one piece that stays connected without such edges.",
)
REGION_CONNECTIVITY = Rule(
    "region-connectivity",
    3,
    "The cells inside the loop form one connected region, and so do the cells outside it.",
)


class Chains:
    """Chain ends in aux slots: ``mate[v]`` is v itself for a bare dot, the far end
    of its chain for an end, -1 inside a chain; ``length`` is kept at the ends."""

    def __init__(self, model: Model, grid: Grid, clues: Sequence[int], full: bool) -> None:
        n = grid.n_vertices
        self.grid = grid
        self.full = full
        self.clue_cells = tuple((cell, clue) for cell, clue in enumerate(clues) if clue >= 0)
        self.mate = model.add_state(range(n))
        self.length = model.add_state([0] * n)
        self.total = model.add_state([0])
        """Lines drawn so far."""
        self.solo = model.add_state([-1])
        """An end of the chain that holds every line drawn, or -1."""

    def edge_between(self, a: int, b: int) -> int:
        for e, w in self.grid.vertex_adjacent[a]:
            if w == b:
                return e
        return -1

    def finishes(self, dom: list[int], edge: int, total: int) -> bool:
        """Would a line on ``edge``, closing the only chain, complete the puzzle?"""
        if self.full:
            return total + 1 == self.grid.n_vertices
        grid = self.grid
        for cell, clue in self.clue_cells:
            have = 0
            for e in grid.cell_edges[cell]:
                if dom[e] == TRUE or e == edge:
                    have += 1
            if have != clue:
                return False
        return True


class NoEarlyLoop(Propagator):
    """Keeps chain ends up to date as one edge becomes a line, and guards closures."""

    rule = NO_EARLY_LOOP
    __slots__ = ("chains", "edge", "ends", "watches")

    def __init__(self, chains: Chains, edge: int) -> None:
        self.chains = chains
        self.edge = edge
        self.ends = chains.grid.edge_vertices[edge]
        self.watches = (edge,)

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        if dom[self.edge] != TRUE:
            return True
        ch = self.chains
        aux = engine.aux
        put = engine.put
        MATE, LENGTH = ch.mate, ch.length
        u, w = self.ends
        mu, mw = aux[MATE + u], aux[MATE + w]
        if mu < 0 or mw < 0:
            return False  # a third line at a dot
        total = aux[ch.total] + 1
        put(ch.total, total)
        if mu == w:
            # This line closes a chain: the loop must hold every line, and it is final.
            if aux[LENGTH + u] + 1 != total:
                return False
            put(MATE + u, -1)
            put(MATE + w, -1)
            put(ch.solo, -1)
            for e, d in enumerate(dom):
                if d == BOOL and not engine.set(e, FALSE, (self.edge,), "closed"):
                    return False
            return True
        solo = aux[ch.solo]
        solo_joined = solo >= 0 and (solo in (u, w) or aux[MATE + solo] in (u, w))
        solo_mate = aux[MATE + solo] if solo >= 0 else -1
        length = aux[LENGTH + u] + aux[LENGTH + w] + 1
        if mu != u:
            put(MATE + u, -1)
        if mw != w:
            put(MATE + w, -1)
        put(MATE + mu, mw)
        put(MATE + mw, mu)
        put(LENGTH + mu, length)
        put(LENGTH + mw, length)
        put(ch.solo, mu if length == total else -1)
        if solo >= 0 and not solo_joined:
            # The chain that held every line no longer does: it may not close now.
            e = ch.edge_between(solo, solo_mate)
            if e >= 0 and dom[e] == BOOL and not engine.set(e, FALSE, (), "other-lines"):
                return False
        e = ch.edge_between(mu, mw)
        if e >= 0 and dom[e] == BOOL:
            if length != total:
                note = "other-lines"
            elif ch.finishes(dom, e, total):
                return True
            else:
                note = "early"
            if not engine.set(e, FALSE, (), note):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        edge = self.chains.grid.edge_name(var)
        if note == "closed":
            return "the loop is closed, so no other edge can be a line"
        if note == "other-lines":
            return f"a line on the {edge} would close a loop while other lines lie outside it"
        return f"a line on the {edge} would close a loop that leaves clues unsatisfied"


class LoopReach(Propagator):
    """Bridges of the open-edge graph are crossed; lines stay in one 2-edge-connected piece."""

    rule = LOOP_REACH
    watches = None
    __slots__ = ("grid", "positive_clues")

    def __init__(self, grid: Grid, clues: Sequence[int]) -> None:
        self.grid = grid
        self.positive_clues = tuple(cell for cell, clue in enumerate(clues) if clue > 0)

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        grid = self.grid
        for e in find_bridges(grid.vertex_adjacent, dom, FALSE)[0]:
            if dom[e] == TRUE or not engine.set(e, FALSE, (), "bridge"):
                return False
        # Pieces of the open-edge graph once the bridges are gone.
        edge_vertices = grid.edge_vertices
        uf = UnionFind(grid.n_vertices)
        union = uf.union
        any_open = False
        for e, d in enumerate(dom):
            if d != FALSE:
                any_open = True
                u, w = edge_vertices[e]
                union(u, w)
        if not any_open:
            return False  # no lines and nothing left to draw: there is no loop
        find = uf.find
        loop_piece = -1
        for e, d in enumerate(dom):
            if d == TRUE:
                piece = find(edge_vertices[e][0])
                if loop_piece == -1:
                    loop_piece = piece
                elif piece != loop_piece:
                    return False
        if loop_piece == -1:
            # No line yet: a positive clue's open edges may still pin the piece down.
            for cell in self.positive_clues:
                pieces = {find(edge_vertices[e][0]) for e in grid.cell_edges[cell] if dom[e] != FALSE}
                if not pieces:
                    return False
                if len(pieces) == 1:
                    loop_piece = pieces.pop()
                    break
            if loop_piece == -1:
                return True
        for e, d in enumerate(dom):
            cut_off = d == BOOL and find(edge_vertices[e][0]) != loop_piece
            if cut_off and not engine.set(e, FALSE, (), "cut-off"):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        edge = self.grid.edge_name(var)
        if note == "bridge":
            return (
                f"the {edge} is the only link between two parts of the open edges, "
                "and a loop cannot cross it just once"
            )
        return f"the {edge} is cut off from the loop's lines, so the loop cannot reach it"


class RegionConnectivity(Propagator):
    """Inside cells form one region; outside cells form one region with the outside face."""

    rule = REGION_CONNECTIVITY
    watches = None
    __slots__ = ("grid", "colours")

    def __init__(self, grid: Grid, colours: FaceColours) -> None:
        self.grid = grid
        self.colours = colours

    def propagate(self, engine: Engine) -> bool:
        outside = self.grid.outside
        for side in (1, 0):  # first the inside, then the outside
            unreached = self._cut_off(engine.aux, side)
            if unreached is None:
                return False
            for cell in unreached:
                # A cell the region cannot reach is of the other colour.
                if self.colours.relate(engine, cell, outside, 1 - side) is None:
                    return False
        return True

    def _cut_off(self, aux: list[int], side: int) -> list[int] | None:
        """Undecided cells that the known ``side`` cells cannot reach (None: the known
        ``side`` cells cannot reach each other)."""
        grid = self.grid
        outside = grid.outside
        find = self.colours.find
        ro, po = find(aux, outside)
        colour: list[int | None] = []
        for f in range(grid.n_faces):
            r, p = find(aux, f)
            colour.append(p ^ po if r == ro else None)
        members = [f for f, c in enumerate(colour) if c == side]
        if not members:
            return []
        seen = bytearray(grid.n_faces)
        seen[members[0]] = 1
        todo = [members[0]]
        adjacent = grid.cell_adjacent
        other = 1 - side
        while todo:
            f = todo.pop()
            for g in adjacent[f]:
                if not seen[g] and colour[g] != other:
                    seen[g] = 1
                    todo.append(g)
        if any(not seen[f] for f in members):
            return None
        return [f for f, c in enumerate(colour) if c is None and not seen[f]]

    def explain(self, var: int, mask: int, note: object) -> str:
        a, b = cast(tuple[int, int], note)
        name = self.grid.cell_name
        side = "different sides" if mask == TRUE else "the same side"
        return (
            f"{name(a)} and {name(b)} must be on {side} of the loop, or the inside or the "
            "outside of the loop would be split in two"
        )
