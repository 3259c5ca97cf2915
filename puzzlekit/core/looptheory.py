"""The single-loop rule as a theory of the learning search (``puzzlekit.core.cdcl``).

Clauses say "two lines or none at a node" well and "one loop" badly.  This theory
follows the lines on the trail as they are drawn, keeping the far end of each chain
(as ``loops.Chains`` does for the propagators, with its own undo log), and the moment
a line closes a loop while another line lies outside it, it hands the search a lemma:
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
    """"The true edges of ``graph`` form one simple loop", watched on the trail."""

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
