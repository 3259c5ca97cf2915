"""Lookahead's probes in one function (``Lookahead``'s ``fast_probe``, issue 23).

A probe runs the rungs up to 2 (counting, vertex degree, no early loop, colouring) on
copies of the domains and aux slots, with one loop over the edges it fixes and the
colouring units its merges touch, instead of the engine's queues, wake-ups and trail:
the same propagators' rules (the clues' read from the model as it stands: a generator's
blanked clue is an ``Idle`` and deduces nothing here either), reaching the same fixpoint,
so the same failures and the same fixed edges (tests/test_slitherlink_probe.py compares
every probe with the engine's along random walks, and whole searches with it off).  A rule
added to rungs 1 or 2 of ``SlitherlinkClues`` must be added here too.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from puzzlekit.core import BOOL, FALSE, TRUE, Chains, Propagator, revert_step
from puzzlekit_slitherlink.grid import Grid
from puzzlekit_slitherlink.rules.colouring import _TABLE, _UNSEEN, ColourUnit, FaceColours, dot_units, forced_relations
from puzzlekit_slitherlink.rules.counting import ClueCount, LineIntoACorner

Probe = Callable[[int, int], "list[tuple[int, int]] | None"]
Step = Callable[[list[int], list[int], int, int, list[int], list[int]], bool]
StepOf = Callable[["Tables"], Step]
Faces = tuple[int, ...]
Unit = tuple[int, Faces]
Nodes = tuple[tuple[tuple[tuple[int, ...], bool], ...], ...]
Ends = tuple[tuple[int, int], ...]
Links = tuple[tuple[int, int], ...]
FaceUnits = tuple[tuple[tuple[int, Faces], ...], ...]


@lru_cache(maxsize=64)
def _static(grid: Grid, full: bool) -> tuple[Nodes, Ends, Links, dict[int, Unit], FaceUnits]:
    """What every board of this size has (built once): per edge its two dots' degree rules,
    its chain ends and its two faces; the dots' colouring units, and per face those it is in."""
    graph = grid.loop
    node_edges = graph.node_edges
    nodes = [((node_edges[u], full), (node_edges[w], full)) for u, w in graph.ends]
    units = {i: (kind, faces) for i, (kind, faces, _) in enumerate(dot_units(grid, full))}
    face_units: list[list[tuple[int, Faces]]] = [[] for _ in range(grid.n_faces)]
    for i, (_, faces) in units.items():
        for f in dict.fromkeys(faces):
            face_units[f].append((i, faces))
    assert list(graph.edge_vars) == list(range(grid.n_edges))
    return tuple(nodes), graph.ends, grid.edge_faces, units, tuple(tuple(u) for u in face_units)


class Tables:
    """Per edge, the rung-1 and rung-2 rules that watch it, as plain tuples: the size's own
    (``_static``: every dot's degree, every edge's chain guard and colour link, the dots'
    units, as ``add_single_loop`` and ``add_colouring`` declare them) and the clues' as the
    model holds them now (a blanked clue's propagators are ``Idle`` and are left out)."""

    def __init__(
        self, grid: Grid, full: bool, props: list[Propagator], slots: dict[int, list[int]], step: StepOf
    ) -> None:
        self.nodes, self.early, self.links, static_units, static_faces = _static(grid, full)
        n = grid.n_edges
        counts: list[tuple[tuple[tuple[int, ...], int], ...]] = [()] * n
        corners: list[tuple[LineIntoACorner, ...]] = [()] * n
        units = dict(static_units)
        face_units = list(static_faces)
        for count, unit, corner, *_ in slots.values():
            rule = props[count]
            if isinstance(rule, ClueCount):
                for e in rule.edges:
                    counts[e] += ((rule.edges, rule.clue),)
            colouring = props[unit]
            if isinstance(colouring, ColourUnit):
                units[unit + len(static_units)] = (colouring.kind, colouring.faces)
                for f in dict.fromkeys(colouring.faces):
                    face_units[f] += ((unit + len(static_units), colouring.faces),)
            line = props[corner]
            if isinstance(line, LineIntoACorner):
                for e in line.watches or ():
                    corners[e] += (line,)
        self.counts, self.corners, self.units, self.face_units = counts, corners, units, face_units
        self.step = step(self)


def fast_probe(make: Callable[[], Step], dom: list[int], aux: list[int]) -> Probe:
    """A probe for the state ``dom``/``aux`` as it stands (a fixpoint of rungs 1 and 2),
    which it leaves as it found it; ``make`` gives the step at the first probe (a board that
    deduction settles below lookahead never builds the tables)."""
    steps: list[Step] = []

    def probe(var: int, bit: int) -> list[tuple[int, int]] | None:
        if not steps:
            steps.append(make())
        fixed: list[int] = []
        undo: list[int] = []
        try:
            return [(e, dom[e]) for e in fixed] if steps[0](dom, aux, var, bit, fixed, undo) else None
        finally:
            revert_step(dom, aux, fixed, undo)

    return probe


def stepper(colours: FaceColours, chains: Chains) -> StepOf:
    """``StepOf``: the ``Step`` for a model's tables."""
    return lambda tables: _step(tables, colours, chains)


def _step(tables: Tables, colours: FaceColours, chains: Chains) -> Step:
    """``step(d, a, var, bit, fixed, undo)``: from a fixpoint of rungs 1 and 2 in ``d``/``a``
    (domains and aux slots, written in place), ``var`` takes ``bit`` and the rungs run to their
    fixpoint again: False on a contradiction.  The edges it fixed go to ``fixed`` (``var``
    first) and each aux slot it wrote, with the old value, to ``undo``, for ``revert_step``."""
    counts, corners, nodes, early, links = tables.counts, tables.corners, tables.nodes, tables.early, tables.links
    units, face_units, face_edges = tables.units, tables.face_units, colours.face_edges
    ROOT, PARITY, SIZE, NEXT = colours.root, colours.parity, colours.size, colours.next
    MATE, LENGTH, TOTAL, SOLO = chains.mate, chains.length, chains.total, chains.solo
    edge_between, finishes, edge_vars = chains.edge_between, chains.finishes, chains.graph.edge_vars

    def step(d: list[int], a: list[int], var: int, bit: int, fixed: list[int], undo: list[int]) -> bool:
        d[var] = bit
        fixed.append(var)
        keep = undo.extend  # (slot, old value) of each aux slot written
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
                slot = ROOT + x
                keep((slot, a[slot]))
                a[slot] = ra
                if flip:
                    slot = PARITY + x
                    keep((slot, a[slot]))
                    a[slot] ^= 1
                x = a[NEXT + x]
                if x == rb:
                    break
            na, nb = a[NEXT + ra], a[NEXT + rb]
            keep((SIZE + ra, a[SIZE + ra], NEXT + ra, na, NEXT + rb, nb))
            a[SIZE + ra] += a[SIZE + rb]
            a[NEXT + ra], a[NEXT + rb] = nb, na

        def no_early_loop(edge: int, ends: tuple[int, int]) -> bool:
            """``NoEarlyLoop.propagate`` on the copies."""
            u, w = ends
            mu, mw = a[MATE + u], a[MATE + w]
            if mu < 0 or mw < 0:
                return False  # a third line at a node
            total = a[TOTAL] + 1
            keep((TOTAL, total - 1))
            a[TOTAL] = total
            if mu == w:  # closing the chain: it must hold every line, and it is final
                if a[LENGTH + u] + 1 != total:
                    return False
                keep((MATE + u, a[MATE + u], MATE + w, a[MATE + w], SOLO, a[SOLO]))
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
                keep((MATE + u, mu))
                a[MATE + u] = -1
            if mw != w:
                keep((MATE + w, mw))
                a[MATE + w] = -1
            for slot, value in ((MATE + mu, mw), (MATE + mw, mu), (LENGTH + mu, length), (LENGTH + mw, length)):
                keep((slot, a[slot]))
                a[slot] = value
            keep((SOLO, solo))
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
                        return False
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
                        return False
                    if unknown == 0:
                        if on == 1 or (visit and on == 0):
                            return False
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
                            return False
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
                if value == TRUE and not no_early_loop(e, early[e]):
                    return False
                f, g = links[e]  # ``ColourLink``
                if a[ROOT + f] != a[ROOT + g]:
                    relate(f, g, value >> 1)  # a merge of two classes never fails
                elif a[PARITY + f] ^ a[PARITY + g] != value >> 1:
                    return False
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
                    return False
                for i, j, rel in forced:
                    f, g = around[i], around[j]
                    if a[ROOT + f] != a[ROOT + g]:
                        relate(f, g, rel)
                    elif a[PARITY + f] ^ a[PARITY + g] != rel:
                        return False
        return True

    return step
