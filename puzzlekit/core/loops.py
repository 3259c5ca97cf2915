"""Single-loop machinery, for genres whose answer is one closed loop along a graph.

Slitherlink's loop runs along the dots of the lattice, Masyu's through the
centres of cells; both are "boolean edge variables between nodes, and the
edges that are true form exactly one simple cycle".  This module holds what
such genres share:

- ``node-degree`` (rung 1): two lines or none meet at a node; exactly two where
  the loop must pass;
- ``no-early-loop`` (rung 1, incremental): every node knows the far end of its
  chain of lines (in aux slots, undone by the engine's trail).  An edge that
  joins the two ends of one chain closes a loop, allowed only when that loop
  finishes the puzzle (the genre says when); once the loop is closed, every
  other edge is crossed;
- ``loop-reach`` (rung 3): a loop never uses a bridge of the graph of open
  edges, all its lines lie in one piece of that graph once the bridges are
  removed, and every group of edges that must hold a line ("required") has
  an open edge in that piece;
- ``loop_violations``: acceptance of a full assignment (degrees, one loop, at
  least one line), written apart from the propagators.

A genre declares a ``LoopGraph`` and calls ``add_single_loop``; it names the
rungs and supplies words for its places.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from puzzlekit.core.engine import Engine
from puzzlekit.core.graph import bridge_pieces
from puzzlekit.core.model import BOOL, EVERY, FALSE, TRUE, Model, Propagator, Rule, Violation

NODE_DEGREE = Rule(
    "node-degree",
    1,
    "The loop passes a node straight through or turns there, or does not come at all: two lines "
    "or none meet at it (two where the loop must pass).",
)
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
    "its lines, and every place it must reach, lie in one piece that stays connected without such edges.",
)

Finishes = Callable[[list[int], int], bool]
"""Would a line on this edge, closing the chain that holds every line, finish the puzzle?"""


@dataclass(frozen=True)
class LoopGraph:
    """Nodes joined by boolean edge variables (edge ``i`` is variable ``first_var + i``)."""

    n_nodes: int
    ends: tuple[tuple[int, int], ...]
    """The two nodes of each edge."""
    node_name: Callable[[int], str]
    """A node in words, with its article: "the top-left corner of r2c3", "r2c3"."""
    edge_name: Callable[[int], str]
    """An edge variable in words: "the top of r2c3"."""
    first_var: int = 0

    @property
    def edge_vars(self) -> range:
        return range(self.first_var, self.first_var + len(self.ends))

    @cached_property
    def node_edges(self) -> tuple[tuple[int, ...], ...]:
        """The edge variables at each node."""
        out: list[list[int]] = [[] for _ in range(self.n_nodes)]
        for var, (u, w) in zip(self.edge_vars, self.ends):
            out[u].append(var)
            out[w].append(var)
        return tuple(tuple(x) for x in out)

    @cached_property
    def adjacent(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """(edge variable, other node) pairs for each node."""
        out: list[list[tuple[int, int]]] = [[] for _ in range(self.n_nodes)]
        for var, (u, w) in zip(self.edge_vars, self.ends):
            out[u].append((var, w))
            out[w].append((var, u))
        return tuple(tuple(x) for x in out)


class NodeDegree(Propagator):
    """Two lines or none at one node (exactly two when ``visit``)."""

    __slots__ = ("rule", "graph", "node", "visit", "edges", "watches")

    def __init__(self, graph: LoopGraph, node: int, visit: bool = False, rule: Rule = NODE_DEGREE) -> None:
        self.rule = rule
        self.graph = graph
        self.node = node
        self.visit = visit
        self.edges = self.watches = graph.node_edges[node]

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        edges = self.edges
        on = unknown = 0
        for e in edges:
            d = dom[e]
            if d == TRUE:
                on += 1
            elif d != FALSE:
                unknown += 1
        if on > 2:
            return False
        if unknown == 0:
            return on != 1 and not (self.visit and on == 0)
        if on == 2:
            note, value = "two", FALSE
        elif on == 1:
            if unknown != 1:
                return True
            note, value = "continue", TRUE
        elif self.visit:
            if unknown > 2:
                return True
            if unknown < 2:
                return False
            note, value = "visit", TRUE
        elif unknown == 1:
            note, value = "dead-end", FALSE
        else:
            return True
        for e in edges:
            if dom[e] == BOOL and not engine.set(e, value, edges, note):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        where = self.graph.node_name(self.node)
        if note == "two":
            return f"two lines already meet at {where}, so its other edges are crossed"
        if note == "continue":
            return f"the line reaching {where} can only go on one way"
        if note == "visit":
            return f"the loop must pass {where} and only two ways are open"
        return f"only one edge is open at {where}, and a line cannot end there"


class Chains:
    """Chain ends in aux slots: ``mate[v]`` is v itself for a bare node, the far end
    of its chain for an end, -1 inside a chain; ``length`` is kept at the ends."""

    def __init__(self, model: Model, graph: LoopGraph, finishes: Finishes) -> None:
        n = graph.n_nodes
        self.graph = graph
        self.finishes = finishes
        self.adjacent = graph.adjacent
        self.mate = model.add_state(range(n))
        self.length = model.add_state([0] * n)
        self.total = model.add_state([0])
        """Lines drawn so far."""
        self.solo = model.add_state([-1])
        """An end of the chain that holds every line drawn, or -1."""

    def edge_between(self, a: int, b: int) -> int:
        for e, w in self.adjacent[a]:
            if w == b:
                return e
        return -1


class NoEarlyLoop(Propagator):
    """Keeps chain ends up to date as one edge becomes a line, and guards closures."""

    __slots__ = ("rule", "chains", "edge", "ends", "watches")

    def __init__(self, chains: Chains, edge: int, ends: tuple[int, int], rule: Rule = NO_EARLY_LOOP) -> None:
        self.rule = rule
        self.chains = chains
        self.edge = edge
        self.ends = ends
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
            return False  # a third line at a node
        total = aux[ch.total] + 1
        put(ch.total, total)
        if mu == w:
            # This line closes a chain: the loop must hold every line, and it is final.
            if aux[LENGTH + u] + 1 != total:
                return False
            put(MATE + u, -1)
            put(MATE + w, -1)
            put(ch.solo, -1)
            for e in ch.graph.edge_vars:
                if dom[e] == BOOL and not engine.set(e, FALSE, (self.edge,), "closed"):
                    return False
            return True
        solo = aux[ch.solo]
        solo_mate = aux[MATE + solo] if solo >= 0 else -1
        solo_joined = solo >= 0 and (solo in (u, w) or solo_mate in (u, w))
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
            elif ch.finishes(dom, e):
                return True
            else:
                note = "early"
            if not engine.set(e, FALSE, (), note):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        edge = self.chains.graph.edge_name(var)
        if note == "closed":
            return "the loop is closed, so no other edge can be a line"
        if note == "other-lines":
            return f"a line on {edge} would close a loop while other lines lie outside it"
        return f"a line on {edge} would close a loop that does not finish the puzzle"


class ClosingCheck(Propagator):
    """The no-early-loop guard again, for a genre whose ``finishes`` can change between
    runs (a generator adding clues to a live engine, ``ClueModel.readers``): the edge that
    would close the chain holding every line is crossed if that loop does not finish the
    puzzle.  ``NoEarlyLoop`` asks once, when the chain forms; this asks whenever it is
    woken (it watches nothing), and is safe to wake any number of times."""

    watches = ()
    __slots__ = ("rule", "chains")

    def __init__(self, chains: Chains, rule: Rule = NO_EARLY_LOOP) -> None:
        self.rule = rule
        self.chains = chains

    def propagate(self, engine: Engine) -> bool:
        ch, dom, aux = self.chains, engine.dom, engine.aux
        solo = aux[ch.solo]
        if solo < 0:
            return True
        e = ch.edge_between(solo, aux[ch.mate + solo])
        if e < 0 or dom[e] != BOOL or ch.finishes(dom, e):
            return True
        return engine.set(e, FALSE, (), "early")

    def explain(self, var: int, mask: int, note: object) -> str:
        return f"a line on {self.chains.graph.edge_name(var)} would close a loop that does not finish the puzzle"


_CROSSED = bytes(1 if d == FALSE else 0 for d in range(256))
"""``bytes.translate`` table: 1 where a domain is "crossed", 0 elsewhere."""


class LoopReach(Propagator):
    """Bridges of the open-edge graph are crossed; the lines and every required group
    stay in one 2-edge-connected piece.

    Bridges and pieces depend only on which edges are crossed, so they are remembered
    for the last few such sets: a lookahead probe that draws a line (and crosses
    nothing) then costs no bridge search."""

    watches = EVERY
    __slots__ = ("rule", "graph", "adjacent", "near", "required", "_memo")

    def __init__(self, graph: LoopGraph, required: Sequence[Sequence[int]] = (), rule: Rule = LOOP_REACH) -> None:
        self.rule = rule
        self.graph = graph
        self.adjacent = graph.adjacent
        self.near = tuple(u for u, _ in graph.ends)
        """The first node of each edge: an edge's piece is its node's."""
        self.required: Collection[Sequence[int]] = tuple(tuple(group) for group in required)
        """Read at every run, so a generator may change it between runs (a live view is fine)."""
        self._memo: dict[bytes, tuple[list[int], list[int]]] = {}

    def _pieces(self, dom: list[int]) -> tuple[list[int], list[int]]:
        """The bridges of the open-edge graph, and each node's piece once they are crossed."""
        graph = self.graph
        first = graph.first_var
        key = bytes(dom[first : first + len(graph.ends)]).translate(_CROSSED)
        memo = self._memo
        found = memo.pop(key, None)
        if found is not None:
            memo[key] = found  # most recently used last
            return found
        bridges, label = bridge_pieces(self.adjacent, dom, FALSE)
        if len(memo) >= 8:
            del memo[next(iter(memo))]  # the least recently used
        found = memo[key] = (bridges, label)
        return found

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        graph = self.graph
        bridges, label = self._pieces(dom)
        for e in bridges:
            if dom[e] == TRUE or not engine.set(e, FALSE, (), "bridge"):
                return False
        first = graph.first_var
        near = self.near
        edges = dom[first : first + len(near)]
        if edges.count(FALSE) == len(edges):
            return False  # no lines and nothing left to draw: there is no loop
        pieces = {label[near[i]] for i, d in enumerate(edges) if d == TRUE}
        if len(pieces) > 1:
            return False  # lines in two pieces
        loop_piece = pieces.pop() if pieces else -1
        for group in self.required:
            touched = {label[near[e - first]] for e in group if dom[e] != FALSE}
            if not touched:
                return False
            if loop_piece == -1 and len(touched) == 1:
                loop_piece = touched.pop()
            elif loop_piece != -1 and loop_piece not in touched:
                return False  # a place the loop must reach lies in another piece
        if loop_piece == -1:
            return True
        for i, d in enumerate(edges):
            if d == BOOL and label[near[i]] != loop_piece and not engine.set(first + i, FALSE, (), "cut-off"):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        edge = self.graph.edge_name(var)
        if note == "bridge":
            return f"{edge} is the only link between two parts of the open edges, and a loop cannot cross it just once"
        return f"{edge} is cut off from the loop's lines, so the loop cannot reach it"


def add_single_loop(
    model: Model,
    graph: LoopGraph,
    finishes: Finishes,
    *,
    visit: Sequence[bool] | None = None,
    required: Sequence[Sequence[int]] = (),
    rules: tuple[Rule, Rule, Rule] = (NODE_DEGREE, NO_EARLY_LOOP, LOOP_REACH),
) -> Chains:
    """Declare "the lines form one loop": degrees, no early loop, loop reach.

    ``visit[v]`` marks nodes the loop must pass; ``required`` lists groups of edge
    variables that must each hold a line; ``rules`` places the three rules on the
    genre's ladder.
    """
    degree, early, reach = rules
    model.loop = graph
    for node in range(graph.n_nodes):
        must = bool(visit[node]) if visit is not None else False
        model.add(NodeDegree(graph, node, must, degree))
    chains = Chains(model, graph, finishes)
    for var, ends in zip(graph.edge_vars, graph.ends):
        model.add(NoEarlyLoop(chains, var, ends, early))
    model.add(LoopReach(graph, required, reach))
    return chains


AT_A_NODE = frozenset({"branch", "dead-end", "unvisited"})
"""The kinds of ``loop_violations`` about one node (its edges are the violation's variables)."""
NOT_THE_LINES = frozenset({"dead-end", "unvisited", "pieces", "empty"})
"""The kinds where lines are missing rather than drawn wrong (pictures leave the lines alone)."""
NOT_ONE_LOOP = frozenset({"dead-end", "branch", "pieces", "loops", "empty"})
"""The kinds of ``loop_violations`` that mean the lines are not (yet) one closed loop;
without them the lines are one closed loop, to which nothing can be added."""


def line_pieces(graph: LoopGraph, values: Sequence[int]) -> list[list[int]]:
    """The edge variables of each connected piece of the drawn lines (a full assignment),
    each sorted, pieces in the order of their first node."""
    neighbours: list[list[tuple[int, int]]] = [[] for _ in range(graph.n_nodes)]
    for var, (u, w) in zip(graph.edge_vars, graph.ends):
        if values[var]:
            neighbours[u].append((w, var))
            neighbours[w].append((u, var))
    seen = [False] * graph.n_nodes
    pieces: list[list[int]] = []
    for start in range(graph.n_nodes):
        if seen[start] or not neighbours[start]:
            continue
        seen[start] = True
        todo = [start]
        piece: set[int] = set()
        while todo:
            for w, var in neighbours[todo.pop()]:
                piece.add(var)
                if not seen[w]:
                    seen[w] = True
                    todo.append(w)
        pieces.append(sorted(piece))
    return pieces


def loop_violations(graph: LoopGraph, values: Sequence[int], visit: Sequence[bool] | None = None) -> list[Violation]:
    """Degrees, exactly one loop and at least one line, judged from a full assignment.

    Shares no code with the propagators above, so it can judge their answers.
    """
    lines = [values[var] for var in graph.edge_vars]
    node_edges = graph.node_edges
    degree = [0] * graph.n_nodes
    for on, (u, w) in zip(lines, graph.ends):
        if on:
            degree[u] += 1
            degree[w] += 1
    found: list[Violation] = []
    for node, d in enumerate(degree):
        if d == 2 or (d == 0 and (visit is None or not visit[node])):
            continue  # fine: named only when wrong (a leaf check judges thousands of these)
        where = graph.node_name(node)
        edges = node_edges[node]
        if d > 2:
            found.append(Violation("branch", f"{d} lines meet at {where}", edges))
        elif d == 1:
            found.append(Violation("dead-end", f"a line ends at {where}", edges, unfinished=True))
        else:
            found.append(Violation("unvisited", f"the loop must pass {where}", edges, unfinished=True))
    if not any(lines):
        return [*found, Violation("empty", "no lines are drawn yet", (), unfinished=True)]
    pieces = line_pieces(graph, values)
    if len(pieces) == 1:
        if not any(v.kind in NOT_ONE_LOOP for v in found):  # closed: a missed node stays missed
            found = [replace(v, unfinished=False) for v in found]
        return found
    first = graph.first_var
    closed = [p for p in pieces if all(degree[v] == 2 for e in p for v in graph.ends[e - first])]
    if len(closed) >= 2:
        found.append(
            Violation(
                "loops",
                f"{len(closed)} separate loops; the solution is one loop",
                tuple(e for p in closed for e in p),
            )
        )
    elif closed:
        found.append(
            Violation(
                "loops",
                "a closed loop with other lines outside it; the solution is one loop",
                tuple(closed[0]),
            )
        )
    else:
        found.append(
            Violation(
                "pieces",
                f"the lines form {len(pieces)} separate pieces that still have to join",
                (),
                unfinished=True,
            )
        )
    return found
