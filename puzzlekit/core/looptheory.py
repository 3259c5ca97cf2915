"""The single-loop rule as theories of the learning search (``puzzlekit.core.cdcl``).

Clauses say "two lines or none at a node" well and "one loop" badly.  Two theories say
the rest.  ``ReachTheory``, the one the search uses, looks at the graph of edges not
crossed at every fixpoint: its bridges are crossed and lines in two of its pieces are a
conflict, each with a short cut clause as the reason (see the class).

``LoopTheory`` (its ``cuts`` and ``block`` are always used, its ``check`` only behind
``search.EARLY_LOOPS``) follows the lines on the trail as they are drawn, keeping the
far end of each chain (as ``loops.Chains`` does for the propagators, with its own undo
log), and the moment a line closes a loop while another line lies outside it, it hands the search a lemma:
with S the loop's nodes, some edge leaving S is a line, or the closing edge is not,
or the other line is not.  That clause holds for every solution (one loop through an
edge inside S and an edge outside S must cross S's boundary), it is false right now,
and learning from it rules out every assignment that closes that loop early.  A third
line at a node gets the clause "not all three".

A found solution is blocked by "not all of these lines": a single loop holding every
line of another single loop is that loop, so no other solution is lost.
"""

from __future__ import annotations

from puzzlekit.core.cdcl import Cdcl
from puzzlekit.core.loops import LoopGraph


class LoopTheory:
    """ "The true edges of ``graph`` form one simple loop", watched on the trail."""

    forgettable = False

    def __init__(self, graph: LoopGraph, n_vars: int) -> None:
        self.graph = graph
        self.adjacent = graph.adjacent
        n = graph.n_nodes
        self.n_nodes = n
        self.edge_of = [-1] * n_vars
        """Per variable, its edge's index in ``graph.ends`` (-1: not an edge)."""
        for k, var in enumerate(graph.edge_vars):
            self.edge_of[var] = k
        self.every_var_an_edge = len(graph.ends) == n_vars
        self.ends = graph.ends
        self.state = list(range(n)) + [0] * n
        """``mate`` (the far end of a chain's end, the node itself when bare, -1 inside)
        then ``length`` (lines in the chain, kept at its ends)."""
        self.on = bytearray(n_vars)
        self.lines: list[int] = []
        self.closed = -1
        """The edge that closed the loop holding every line, or -1."""
        self.closed_nodes: list[int] = []
        self.undo: list[int] = []
        """Pairs (slot of ``state``, old value)."""
        self.history: list[tuple[int, int, int, list[int]]] = []
        """Per line taken in: its trail position, the undo log's length, ``closed``
        and ``closed_nodes`` before it."""
        self.head = 0

    # -- the theory protocol ------------------------------------------------------

    def check(self, solver: Cdcl) -> list[int] | None:
        trail = solver.trail
        edge_of = self.edge_of
        while self.head < len(trail):
            pos = self.head
            lit = trail[pos]
            self.head = pos + 1
            if lit & 1:
                continue
            var = lit >> 1
            k = edge_of[var] if var < len(edge_of) else -1
            if k < 0:
                continue
            lemma = self._take(pos, var, k, solver.val)
            if lemma is not None:
                self.head = pos  # not taken in: look again if it is still on the trail
                return lemma
        return None

    def backtrack(self, size: int) -> None:
        history, undo, state, on, lines = self.history, self.undo, self.state, self.on, self.lines
        while history and history[-1][0] >= size:
            _, mark, closed, closed_nodes = history.pop()
            while len(undo) > mark:
                old = undo.pop()
                state[undo.pop()] = old
            on[lines.pop()] = 0
            self.closed = closed
            self.closed_nodes = closed_nodes
        if self.head > size:
            self.head = size

    def cuts(self, values: list[int]) -> list[list[int]]:
        """For a full assignment whose lines form several pieces, per piece P (nodes S) and
        other piece Q: "an edge leaving S is a line, or P's first edge is not, or Q's is
        not" (DIMACS literals, as ``SatEncoding.refine`` gives them).  Empty when the
        lines are one piece.  The same clauses as ``puzzlekit.engines.sat.loop_cuts``,
        found in two passes over the board instead of one per piece."""
        ends, adjacent = self.ends, self.adjacent
        label = [-1] * self.n_nodes
        firsts: list[int] = []
        for k, var in enumerate(self.graph.edge_vars):
            if not values[var] or label[ends[k][0]] >= 0:
                continue
            piece = len(firsts)
            firsts.append(var)
            start = ends[k][0]
            label[start] = piece
            todo = [start]
            while todo:
                for e, other in adjacent[todo.pop()]:
                    if values[e] and label[other] < 0:
                        label[other] = piece
                        todo.append(other)
        if len(firsts) < 2:
            return []
        cut: list[list[int]] = [[] for _ in firsts]
        for k, var in enumerate(self.graph.edge_vars):
            a, b = label[ends[k][0]], label[ends[k][1]]
            if a != b:
                if a >= 0:
                    cut[a].append(var + 1)
                if b >= 0:
                    cut[b].append(var + 1)
        return [
            [*cut[i], -(firsts[i] + 1), -(firsts[j] + 1)]
            for i in range(len(firsts))
            for j in range(len(firsts))
            if i != j
        ]

    def block(self, values: list[int]) -> list[int] | None:
        if not self.every_var_an_edge:
            return None
        return [2 * var + 1 for var, x in enumerate(values) if x]

    # -- following the lines ------------------------------------------------------

    def _take(self, pos: int, var: int, k: int, solver_val: list[int]) -> list[int] | None:
        state, n = self.state, self.n_nodes
        u, w = self.ends[k]
        mu, mw = state[u], state[w]
        if mu < 0:
            return self._third(u, var)
        if mw < 0:
            return self._third(w, var)
        if self.closed >= 0:
            return self._cut(self.closed_nodes, [2 * self.closed + 1, 2 * var + 1], solver_val)
        total = len(self.lines) + 1
        if mu == w:
            nodes = self._chain_nodes(u, w)
            if state[n + u] + 1 < total:
                inside = set(nodes)
                other = next(x for x in self.lines if self.ends[self.edge_of[x]][0] not in inside)
                return self._cut(nodes, [2 * var + 1, 2 * other + 1], solver_val)
            self.history.append((pos, len(self.undo), self.closed, self.closed_nodes))
            self._put(u, -1)
            self._put(w, -1)
            self.closed = var
            self.closed_nodes = nodes
        else:
            self.history.append((pos, len(self.undo), self.closed, self.closed_nodes))
            length = state[n + u] + state[n + w] + 1
            if mu != u:
                self._put(u, -1)
            if mw != w:
                self._put(w, -1)
            self._put(mu, mw)
            self._put(mw, mu)
            self._put(n + mu, length)
            self._put(n + mw, length)
        self.on[var] = 1
        self.lines.append(var)
        return None

    def _put(self, slot: int, value: int) -> None:
        self.undo.append(slot)
        self.undo.append(self.state[slot])
        self.state[slot] = value

    def _third(self, node: int, var: int) -> list[int]:
        """Three lines at ``node``: not all of them."""
        drawn = [e for e, _ in self.adjacent[node] if self.on[e]]
        return [2 * var + 1, *(2 * e + 1 for e in drawn)]

    def _chain_nodes(self, start: int, end: int) -> list[int]:
        """The nodes of the chain of lines from one end to the other."""
        on, adjacent = self.on, self.adjacent
        nodes = [start]
        came = -1
        node = start
        while node != end:
            for e, other in adjacent[node]:
                if on[e] and e != came:
                    came = e
                    node = other
                    nodes.append(node)
                    break
            else:  # pragma: no cover - the chain's ends are kept with its lines
                raise AssertionError("a chain end without its chain")
        return nodes

    def _cut(self, nodes: list[int], extra: list[int], val: list[int]) -> list[int]:
        """Every edge with one end among ``nodes`` (as "it is a line"), plus ``extra``.

        The lemma must be false now; should an edge leaving the loop still be open (the
        clauses did not say that a node with two lines has no third), "not every line of
        the loop" stands in for the cut."""
        inside = set(nodes)
        lemma = list(extra)
        for node in nodes:
            for e, other in self.adjacent[node]:
                if other not in inside:
                    if val[2 * e] != -1:
                        return self._loop_lines(nodes, extra)
                    lemma.append(2 * e)
        return lemma

    def _loop_lines(self, nodes: list[int], extra: list[int]) -> list[int]:
        """``extra`` plus "not every line among ``nodes``" (the closing edge is in ``extra``)."""
        inside = set(nodes)
        lemma = list(extra)
        for node in nodes:
            for e, other in self.adjacent[node]:
                if other in inside and self.on[e] and node < other:
                    lemma.append(2 * e + 1)
        return lemma


MAX_WAIT = 31
"""The most full looks the reach theory skips in a row."""


class ReachTheory:
    """ "A loop uses no bridge, and all its lines lie in one piece", inside the search.

    The learning search's twin of ``loops.LoopReach``: on the graph of edges not yet
    crossed, a bridge cannot be a line (a loop through it would have to cross back),
    and lines in two pieces of that graph can never be joined.  Each conclusion comes
    with its reason as a clause over the crossed edges around one side, so learning
    can use it:

    - bridge ``b`` with the nodes ``A`` on one side: "``b`` is not a line, or some other
      edge leaving ``A`` is" (every other edge leaving ``A`` is crossed now);
    - lines ``a`` and ``c`` in different pieces, ``P`` holding ``a``: "some edge leaving
      ``P`` is a line, or ``a`` is not, or ``c`` is not";
    - an open edge ``f`` in a piece ``Q`` without the lines: "some edge leaving ``Q``
      is a line, or ``f`` is not, or line ``a`` is not".

    Every clause holds for every single loop, so each may be forgotten and found again:
    the theory looks at the whole assignment each time, not at what changed.  Of the
    two sides of a cut the one with fewer nodes gives the clause, to keep it short.
    """

    forgettable = True

    def __init__(self, graph: LoopGraph, n_vars: int) -> None:
        self.adjacent = graph.adjacent
        self.ends = graph.ends
        self.edge_vars = list(graph.edge_vars)
        self.tail = [0] * n_vars
        """Per edge variable, one of its nodes."""
        for var, (u, _) in zip(self.edge_vars, graph.ends):
            self.tail[var] = u
        self.had_lines = False
        """Whether the last full look saw a line (and so crossed what lay outside its piece)."""
        self.links = [[x for e, w in pairs for x in (2 * e, w)] for pairs in graph.adjacent]
        """Per node, flat: the literal "edge is a line", then the node across it, per edge."""
        self.n_nodes = graph.n_nodes
        self.is_edge = bytearray(n_vars)
        for var in self.edge_vars:
            self.is_edge[var] = 1
        self.head = 0
        self.clean = False
        """True while no edge was crossed since the last look (``label`` still holds)."""
        self.label: list[int] = []
        self.checks = 0
        self.misses = 0
        """Full looks that found nothing, lately: one more per miss, halved by a find."""
        self.wait = 0
        """Full looks still to skip: after every four misses, twice as many (up to
        ``MAX_WAIT``), so a board where the theory finds little (an empty one, or one the
        clauses nearly decide) pays little for it; the cuts at full assignments keep the
        search exact whatever it skips."""

    def backtrack(self, size: int) -> None:
        if self.head > size:
            self.head = size
        self.clean = False

    def block(self, values: list[int]) -> list[int] | None:
        return None

    def check(self, solver: Cdcl) -> list[int] | None:
        trail, is_edge = solver.trail, self.is_edge
        crossed = False
        lines: list[int] = []
        n_vars = len(is_edge)
        for pos in range(self.head, len(trail)):
            lit = trail[pos]
            var = lit >> 1
            if var < n_vars and is_edge[var]:
                if lit & 1:
                    crossed = True
                else:
                    lines.append(var)
        self.head = len(trail)
        if not crossed and self.clean:
            if not lines:
                return None
            # Only lines were drawn: the pieces still hold; are the new lines in the lines' piece?
            return self._pieces(solver, lines)
        self.clean = False
        if self.wait:
            self.wait -= 1
            return None
        lemma = self._full(solver)
        if lemma is None:
            self.misses += 1
            self.wait = min(1 << (self.misses >> 2), MAX_WAIT + 1) - 1
        else:
            self.misses >>= 1
            self.wait = 0
        return lemma

    # -- the whole look -----------------------------------------------------------

    def _full(self, solver: Cdcl) -> list[int] | None:
        """One Tarjan pass over the open edges: bridges, and each node's piece (the DFS
        tree it lies in, which is its piece once no bridge is left)."""
        self.checks += 1
        val = solver.val
        links_of = self.links
        n = self.n_nodes
        disc = [0] * n
        low = [0] * n
        last = [0] * n
        """The largest ``disc`` in each node's DFS subtree."""
        label = [0] * n
        cursor = [0] * n
        parent = [-1] * n
        """The literal "is a line" of the tree edge above each node."""
        timer = 0
        bridges: list[int] = []
        below: list[int] = []
        """Per bridge, the node under it in the DFS tree (its subtree is one side)."""
        pieces = 0
        for start in range(n):
            if disc[start]:
                continue
            timer += 1
            disc[start] = low[start] = last[start] = timer
            label[start] = pieces
            stack = [start]
            while stack:
                v = stack[-1]
                links = links_of[v]
                i = cursor[v]
                if i < len(links):
                    cursor[v] = i + 2
                    lit = links[i]
                    if val[lit] == -1 or lit == parent[v]:
                        continue
                    w = links[i + 1]
                    dw = disc[w]
                    if dw:
                        if dw < low[v]:
                            low[v] = dw
                    else:
                        parent[w] = lit
                        timer += 1
                        disc[w] = low[w] = last[w] = timer
                        label[w] = pieces
                        stack.append(w)
                else:
                    stack.pop()
                    if stack:
                        u = stack[-1]
                        lv = low[v]
                        if lv < low[u]:
                            low[u] = lv
                        if last[v] > last[u]:
                            last[u] = last[v]
                        if lv > disc[u]:
                            bridges.append(parent[v] >> 1)
                            below.append(v)
            pieces += 1
        if bridges:
            lemmas = [self._bridge(val, disc, last, b, v) for b, v in zip(bridges, below)]
            self._queue(solver, lemmas[1:])
            return lemmas[0]
        self.label = label
        self.clean = True
        return self._pieces(solver, None)

    def _pieces(self, solver: Cdcl, new_lines: list[int] | None) -> list[int] | None:
        """Lines in two pieces: a conflict; open edges outside the lines' piece: crossed.

        ``new_lines``: only these lines can be out of place (None: any can)."""
        val, label, tail = solver.val, self.label, self.tail
        anchor = piece = -1
        for var in self.edge_vars:
            if val[2 * var] == 1:
                anchor, piece = var, label[tail[var]]
                break
        if anchor < 0:
            self.had_lines = False
            return None
        for var in self.edge_vars if new_lines is None else new_lines:
            if val[2 * var] == 1 and label[tail[var]] != piece:
                return self._separate(anchor, var)
        if new_lines is not None and self.had_lines:
            return None  # the open edges outside the lines' piece were crossed already
        self.had_lines = True
        lemmas = [
            self._separate(anchor, var) for var in self.edge_vars if val[2 * var] == 0 and label[tail[var]] != piece
        ]
        if not lemmas:
            return None
        self._queue(solver, lemmas[1:])
        return lemmas[0]

    def _separate(self, a: int, c: int) -> list[int]:
        """ "Not both ``a`` and ``c``, or a line leaves the piece of one of them"."""
        label, tail = self.label, self.tail
        pa, pc = label[tail[a]], label[tail[c]]
        side_a = [x for x in range(self.n_nodes) if label[x] == pa]
        side_c = [x for x in range(self.n_nodes) if label[x] == pc]
        side = side_a if len(side_a) <= len(side_c) else side_c
        inside = bytearray(self.n_nodes)
        for x in side:
            inside[x] = 1
        return [2 * a + 1, 2 * c + 1, *self._leaving(side, inside, -1)]

    def _bridge(self, val: list[int], disc: list[int], last: list[int], b: int, v: int) -> list[int]:
        """ "``b`` is no line, or another edge leaves the side of ``b``"."""
        lo, hi = disc[v], last[v]
        n = self.n_nodes
        inside = bytearray(n)
        under = [x for x in range(n) if lo <= disc[x] <= hi]
        if 2 * len(under) <= n:
            side = under
        else:
            # The other side: the rest of the bridge's piece (its open edges reach it).
            u = self.ends[b - self.edge_vars[0]]
            start = u[0] if not (lo <= disc[u[0]] <= hi) else u[1]
            seen = bytearray(n)
            for x in under:
                seen[x] = 1
            seen[start] = 1
            side = [start]
            todo = [start]
            adjacent = self.adjacent
            while todo:
                for e, w in adjacent[todo.pop()]:
                    if not seen[w] and val[2 * e] != -1:
                        seen[w] = 1
                        side.append(w)
                        todo.append(w)
            if len(side) > len(under):
                side = under
        for x in side:
            inside[x] = 1
        return [2 * b + 1, *self._leaving(side, inside, b)]

    def _leaving(self, side: list[int], inside: bytearray, skip: int) -> list[int]:
        """ "It is a line" for every edge with one end in ``side`` (but ``skip``)."""
        adjacent = self.adjacent
        return [2 * e for x in side for e, w in adjacent[x] if not inside[w] and e != skip]

    @staticmethod
    def _queue(solver: Cdcl, lemmas: list[list[int]]) -> None:
        solver.implied.extend(lemmas)
