"""Lookahead's probes in one function (``Lookahead``'s ``fast_probe``, issue 23).

A probe runs the rungs up to 2 (counting, vertex degree, no early loop, colouring) on
copies of the domains and aux slots, with one loop over the edges it fixes and the
colouring units its merges touch, instead of the engine's queues, wake-ups and trail:
the same propagators' rules, read from the model as it stands (a generator's blanked clue
is an ``Idle`` and deduces nothing here either), reaching the same fixpoint, so the same
failures and the same fixed edges (tests/test_slitherlink_probe.py compares every probe
with the engine's along random walks).  A model with any other propagator on those rungs
gets None, and lookahead probes through the engine as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from puzzlekit.core import BOOL, FALSE, TRUE, Chains, ClosingCheck, Idle, Model, NodeDegree, NoEarlyLoop
from puzzlekit_slitherlink.rules.colouring import _TABLE, _UNSEEN, ColourLink, ColourUnit, FaceColours, forced_relations
from puzzlekit_slitherlink.rules.counting import ClueCount, LineIntoACorner

Probe = Callable[[int, int], "list[tuple[int, int]] | None"]
Step = Callable[[list[int], list[int], int, int], "list[int] | None"]


class Tables:
    """Per edge, the rung-1 and rung-2 rules that watch it, as plain tuples."""

    def __init__(self, model: Model, colours: FaceColours, chains: Chains, cap: int) -> None:
        n = len(model.domains)
        counts: list[list[tuple[tuple[int, ...], int]]] = [[] for _ in range(n)]
        corners: list[list[LineIntoACorner]] = [[] for _ in range(n)]
        nodes: list[list[tuple[tuple[int, ...], bool]]] = [[] for _ in range(n)]
        self.early: list[tuple[int, int] | None] = [None] * n
        self.links: list[tuple[int, int] | None] = [None] * n
        self.units: dict[int, tuple[int, tuple[int, ...]]] = {}
        self.ok = True
        early, links, units = self.early, self.links, self.units
        for index, prop in enumerate(model.propagators):
            kind = type(prop)  # the exact classes: a subclass may deduce more
            if kind is NoEarlyLoop and cast(NoEarlyLoop, prop).chains is chains:
                early[cast(NoEarlyLoop, prop).edge] = cast(NoEarlyLoop, prop).ends
            elif kind is ColourLink and cast(ColourLink, prop).colours is colours:
                links[cast(ColourLink, prop).edge] = cast(ColourLink, prop).faces
            elif kind is NodeDegree:
                degree = cast(NodeDegree, prop)
                for e in degree.edges:
                    nodes[e].append((degree.edges, degree.visit))
            elif kind is ColourUnit and cast(ColourUnit, prop).colours is colours:
                units[index] = (cast(ColourUnit, prop).kind, cast(ColourUnit, prop).faces)
            elif kind is ClueCount:
                count = cast(ClueCount, prop)
                for e in count.edges:
                    counts[e].append((count.edges, count.clue))
            elif kind is LineIntoACorner:
                for e in prop.watches or ():
                    corners[e].append(cast(LineIntoACorner, prop))
            elif prop.rule.rung <= cap and kind is not Idle and kind is not ClosingCheck:
                self.ok = False  # a rule this loop does not know: probe through the engine
            # (ClosingCheck watches nothing: only a generator's ``wake`` runs it)
        self.face_units = [tuple((u, units[u][1]) for u in us if u in units) for us in colours.face_units]
        """Per face, its colouring units (not a blanked clue's) with their faces."""
        self.counts = [tuple(c) for c in counts]
        self.corners = [tuple(c) for c in corners]
        self.nodes = [tuple(c) for c in nodes]
        self.step = stepper(self, colours, chains)


def fast_probe(step: Step, dom: list[int], aux: list[int]) -> Probe:
    """A probe for the state ``dom``/``aux`` as it stands (a fixpoint of rungs 1 and 2)."""

    def probe(var: int, bit: int) -> list[tuple[int, int]] | None:
        d = dom[:]
        fixed = step(d, aux[:], var, bit)
        return None if fixed is None else [(e, d[e]) for e in fixed]

    return probe


def stepper(tables: Tables, colours: FaceColours, chains: Chains) -> Step:
    """``step(d, a, var, bit)``: from a fixpoint of rungs 1 and 2 in ``d``/``a`` (domains and
    aux slots, written in place: the caller's copies), ``var`` takes ``bit`` and the rungs run
    to their fixpoint again; the edges that fixed, ``var`` first, or None on a contradiction."""
    counts, corners, nodes, early, links = tables.counts, tables.corners, tables.nodes, tables.early, tables.links
    units, face_units, face_edges = tables.units, tables.face_units, colours.face_edges
    ROOT, PARITY, SIZE, NEXT = colours.root, colours.parity, colours.size, colours.next
    MATE, LENGTH, TOTAL, SOLO = chains.mate, chains.length, chains.total, chains.solo
    edge_between, finishes, edge_vars = chains.edge_between, chains.finishes, chains.graph.edge_vars

    def step(d: list[int], a: list[int], var: int, bit: int) -> list[int] | None:
        d[var] = bit
        fixed = [var]
        stack = [var]
        woken: list[int] = []
        queued: set[int] = set()

        def put(e: int, value: int) -> bool:
            x = d[e]
            if x == BOOL:
                d[e] = value
                fixed.append(e)
                stack.append(e)
                return True
            return x == value

        def relate(f: int, g: int, p: int) -> None:
            """Join the classes of faces ``f`` and ``g`` (apart) with ``colour(f) ^ colour(g) == p``."""
            ra, rb = a[ROOT + f], a[ROOT + g]
            if a[SIZE + ra] < a[SIZE + rb]:
                ra, rb = rb, ra
            flip = a[PARITY + f] ^ a[PARITY + g] ^ p
            x = rb  # ``FaceColours.merging``: wake the units that see both classes, decide edges
            while True:
                for unit, around in face_units[x]:
                    if unit not in queued:
                        for h in around:
                            if a[ROOT + h] == ra:
                                queued.add(unit)
                                woken.append(unit)
                                break
                for e, other in face_edges[x]:
                    if d[e] == BOOL and a[ROOT + other] == ra:
                        put(e, TRUE if a[PARITY + x] ^ flip ^ a[PARITY + other] else FALSE)
                x = a[NEXT + x]
                if x == rb:
                    break
            while True:  # relabel the smaller class
                a[ROOT + x] = ra
                if flip:
                    a[PARITY + x] ^= 1
                x = a[NEXT + x]
                if x == rb:
                    break
            a[SIZE + ra] += a[SIZE + rb]
            a[NEXT + ra], a[NEXT + rb] = a[NEXT + rb], a[NEXT + ra]

        def no_early_loop(edge: int, ends: tuple[int, int]) -> bool:
            """``NoEarlyLoop.propagate`` on the copies."""
            u, w = ends
            mu, mw = a[MATE + u], a[MATE + w]
            if mu < 0 or mw < 0:
                return False  # a third line at a node
            total = a[TOTAL] = a[TOTAL] + 1
            if mu == w:  # closing the chain: it must hold every line, and it is final
                if a[LENGTH + u] + 1 != total:
                    return False
                a[MATE + u] = a[MATE + w] = a[SOLO] = -1
                for f in edge_vars:
                    if d[f] == BOOL:
                        put(f, FALSE)
                return True
            solo = a[SOLO]
            solo_mate = a[MATE + solo] if solo >= 0 else -1
            solo_joined = solo >= 0 and (solo in (u, w) or solo_mate in (u, w))
            length = a[LENGTH + u] + a[LENGTH + w] + 1
            if mu != u:
                a[MATE + u] = -1
            if mw != w:
                a[MATE + w] = -1
            a[MATE + mu] = mw
            a[MATE + mw] = mu
            a[LENGTH + mu] = a[LENGTH + mw] = length
            a[SOLO] = mu if length == total else -1
            if solo >= 0 and not solo_joined:
                f = edge_between(solo, solo_mate)
                if f >= 0 and d[f] == BOOL:
                    put(f, FALSE)
            f = edge_between(mu, mw)
            if f >= 0 and d[f] == BOOL and (length != total or not finishes(d, f)):
                put(f, FALSE)
            return True

        while stack or woken:
            while stack:
                e = stack.pop()
                value = d[e]
                for edges, clue in counts[e]:  # ``ClueCount``
                    on = unknown = 0
                    for f in edges:
                        x = d[f]
                        if x == TRUE:
                            on += 1
                        elif x != FALSE:
                            unknown += 1
                    if on > clue or on + unknown < clue:
                        return None
                    if unknown and (on == clue or on + unknown == clue):
                        mark = FALSE if on == clue else TRUE
                        for f in edges:
                            if d[f] == BOOL:
                                put(f, mark)
                for edges, visit in nodes[e]:  # ``NodeDegree``
                    on = unknown = 0
                    for f in edges:
                        x = d[f]
                        if x == TRUE:
                            on += 1
                        elif x != FALSE:
                            unknown += 1
                    if on > 2:
                        return None
                    if unknown == 0:
                        if on == 1 or (visit and on == 0):
                            return None
                        continue
                    if on == 2:
                        mark = FALSE
                    elif on == 1:
                        if unknown != 1:
                            continue
                        mark = TRUE
                    elif visit:
                        if unknown > 2:
                            continue
                        if unknown < 2:
                            return None
                        mark = TRUE
                    elif unknown == 1:
                        mark = FALSE
                    else:
                        continue
                    for f in edges:
                        if d[f] == BOOL:
                            put(f, mark)
                for corner in corners[e]:  # ``LineIntoACorner``
                    on = unknown = 0
                    for f in corner.edges:
                        x = d[f]
                        if x == TRUE:
                            on += 1
                        elif x != FALSE:
                            unknown += 1
                    if unknown <= 2 or on + unknown != corner.clue + 1:
                        continue
                    for (p, q), outside in corner.corners:
                        if d[p] == BOOL and d[q] == BOOL and any(d[f] == TRUE for f in outside):
                            for f in corner.edges:
                                if f != p and f != q and d[f] == BOOL:
                                    put(f, TRUE)
                            break
                ends = early[e]
                if value == TRUE and ends is not None and not no_early_loop(e, ends):
                    return None
                faces = links[e]
                if faces is not None:
                    f, g = faces
                    if a[ROOT + f] != a[ROOT + g]:
                        relate(f, g, value >> 1)  # a merge of two classes never fails
                    elif a[PARITY + f] ^ a[PARITY + g] != value >> 1:
                        return None
            if woken:  # ``ColourUnit``
                unit = woken.pop()
                queued.discard(unit)
                kind, around = units[unit]
                seen: dict[int, int] = {}
                key = [kind]
                for f in around:
                    root = a[ROOT + f]
                    k = seen.get(root)
                    if k is None:
                        k = seen[root] = 2 * len(seen) + a[PARITY + f]
                        key.append(k & ~1)
                    else:
                        key.append(k ^ a[PARITY + f])
                signature = tuple(key)
                forced = _TABLE.get(signature, _UNSEEN)
                if forced is _UNSEEN:
                    forced = forced_relations(signature)
                if forced is None:
                    return None
                for i, j, rel in forced:
                    f, g = around[i], around[j]
                    if a[ROOT + f] != a[ROOT + g]:
                        relate(f, g, rel)
                    elif a[PARITY + f] ^ a[PARITY + g] != rel:
                        return None
        return fixed

    return step
