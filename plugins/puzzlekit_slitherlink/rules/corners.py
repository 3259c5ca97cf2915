"""Rung 3, corner reasoning: what a pair of edges meeting at a corner can be.

Simon Tatham's Loopy solver calls such a pair a "dline" (the two edges of one cell
at one dot, diagonal to each other).  Short of knowing either edge, a solver can
know that *at least one* of the two is a line, that *at most one* is, or both
(*exactly one*).  Those facts travel where single edges cannot:

- ``corner-pairs`` (at a dot): a dot has two lines or none, so a dot with a line
  already lets at most one more in at any corner, and exactly one when only that
  corner is open; "at least one" at a corner allows at most one at the opposite
  corner; an exactly-one corner at an empty dot sends exactly one line on through
  the dot's other edges.  And back: a corner with at most one line and one line
  drawn crosses the other edge, and so on.
- ``clue-corners`` (at a clue): the clue bounds the lines on its four edges; with
  the corner facts the bounds sharpen (at most one here and at most one opposite
  is at most two in all), which decides edges and gives new corner facts (a 3
  has at least one line at each corner; a 1 at most one).  This is how chains of
  2s carry a 3's corner across the board to another 3.
- ``corner-colours``: exactly one line at a corner means the two cells diagonal
  across that dot are on different sides of the loop; both or neither means the
  same side.  This ties the corner facts to the rung-2 colouring both ways
  (Tatham's Hard-level ``linedsf``, whose edge-equal / edge-opposite links the
  colouring already holds as relations between cells).

The facts live in the engine's aux slots (two bits per corner), so search and
lookahead undo them with everything else.  A fact on its own is not counted as a
deduction (every corner beside a cross has "at most one"): the rung is earned by
the edges these rules decide and the colours they relate.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from puzzlekit.core import BOOL, FALSE, TRUE, Model, Propagator, Rule
from puzzlekit.core.engine import Engine
from puzzlekit_slitherlink.grid import Grid
from puzzlekit_slitherlink.rules.colouring import ColourUnit, FaceColours

AT_LEAST = 1
"""Corner fact bit: at least one of the corner's two edges is a line."""
AT_MOST = 2
"""Corner fact bit: at most one of the corner's two edges is a line."""
EXACTLY_ONE = AT_LEAST | AT_MOST

CORNER_PAIRS = Rule(
    "corner-pairs",
    3,
    "At a corner of a dot, two edges can be known to hold at least one line, at most one, or exactly "
    "one; a dot has two lines or none, so what one corner holds limits the others and its own edges.",
)
CLUE_CORNERS = Rule(
    "clue-corners",
    3,
    "A clue bounds the lines around its cell; what is known about its corners (at least one, at most "
    "one) sharpens the bounds, deciding edges and telling the corners opposite what they hold.",
)
CORNER_COLOURS = Rule(
    "corner-colours",
    3,
    "Exactly one line at a corner puts the two cells diagonal across that dot on different sides of "
    "the loop; cells known to be on the same side make the corner's two edges alike.",
)

_WORDS = {AT_LEAST: "at least one line", AT_MOST: "at most one line", EXACTLY_ONE: "exactly one line"}


@dataclass(frozen=True)
class Corners:
    """The corners of a board: every pair of edges adjacent around a dot."""

    edges: tuple[tuple[int, int], ...]
    """Per corner, its two edges (clockwise around the dot)."""
    dot: tuple[int, ...]
    face: tuple[int, ...]
    """The face both edges border (a cell, or the outside for a boundary dot's straight pair)."""
    across: tuple[tuple[int, int], ...]
    """The faces across each edge from ``face``: diagonal to each other across the dot."""
    dot_corners: tuple[tuple[int, ...], ...]
    """Per dot, its corners clockwise."""
    dot_opposite: tuple[tuple[int, ...], ...]
    """Per dot, the corner opposite each of its corners (sharing no edge), or -1: corner ``j``
    and ``j + 2`` of a dot with four edges."""
    cell_corners: tuple[tuple[int, int, int, int], ...]
    """Per cell, the corner between its edges ``j`` and ``j + 1`` (top-right, bottom-right,
    bottom-left, top-left)."""


@lru_cache(maxsize=32)
def corners_of(grid: Grid) -> Corners:
    edges: list[tuple[int, int]] = []
    dots: list[int] = []
    faces: list[int] = []
    across: list[tuple[int, int]] = []
    dot_corners: list[tuple[int, ...]] = []
    where: dict[tuple[int, frozenset[int]], int] = {}
    for v, around in enumerate(grid.vertex_edges):
        n = len(around)
        pairs = [(around[0], around[1])] if n == 2 else [(around[j], around[(j + 1) % n]) for j in range(n)]
        mine = []
        for a, b in pairs:
            shared = set(grid.edge_faces[a]) & set(grid.edge_faces[b])
            if len(shared) > 1:  # a board corner: both edges border the cell and the outside
                shared.discard(grid.outside)
            f = shared.pop()
            where[(v, frozenset((a, b)))] = len(edges)
            mine.append(len(edges))
            edges.append((a, b))
            dots.append(v)
            faces.append(f)
            across.append((grid._across(a, f), grid._across(b, f)))
        dot_corners.append(tuple(mine))
    cell_corners = []
    for cell, sides in enumerate(grid.cell_edges):
        r, c = divmod(cell, grid.cols)
        at = (grid.vertex(r, c + 1), grid.vertex(r + 1, c + 1), grid.vertex(r + 1, c), grid.vertex(r, c))
        cell_corners.append(
            cast(
                tuple[int, int, int, int],
                tuple(where[(at[j], frozenset((sides[j], sides[(j + 1) % 4])))] for j in range(4)),
            )
        )
    opposite = tuple(tuple(ks[(j + 2) % 4] if len(ks) == 4 else -1 for j in range(len(ks))) for ks in dot_corners)
    return Corners(
        tuple(edges), tuple(dots), tuple(faces), tuple(across), tuple(dot_corners), opposite, tuple(cell_corners)
    )


class CornerFacts:
    """The corner facts of one model (two bits per corner, in aux slots), and whom a new
    fact wakes: the dot's two propagators and the clue of the corner's cell."""

    def __init__(self, model: Model, grid: Grid) -> None:
        self.grid = grid
        self.map = corners_of(grid)
        self.base = model.add_state([0] * len(self.map.edges))
        self.dot_start = self.colours_start = -1
        """Index of dot 0's ``CornerDot`` and ``CornerColours`` (one per dot, in dot order)."""
        self.clue_of: list[int] = [-1] * grid.n_faces
        """Per face, the index of its ``CornerClue`` (-1: none)."""

    def learn(self, engine: Engine, corner: int, bits: int) -> bool:
        """Record ``bits`` at ``corner``; True when that is new."""
        slot = self.base + corner
        old = engine.aux[slot]
        if old | bits == old:
            return False
        engine.put(slot, old | bits)
        dot = self.map.dot[corner]
        engine.wake(self.dot_start + dot)
        engine.wake(self.colours_start + dot)
        clue = self.clue_of[self.map.face[corner]]
        if clue >= 0:
            engine.wake(clue)
        return True

    def name(self, corner: int) -> str:
        a, b = self.map.edges[corner]
        return f"{self.grid.edge_name(a)} and {self.grid.edge_name(b)}"


class CornerDot(Propagator):
    """The corners of one dot against its degree (two lines or none)."""

    rule = CORNER_PAIRS
    __slots__ = ("facts", "dot", "edges", "corners", "opposite", "watches")

    def __init__(self, facts: CornerFacts, dot: int) -> None:
        self.facts = facts
        self.dot = dot
        self.edges = self.watches = facts.grid.vertex_edges[dot]
        self.corners = facts.map.dot_corners[dot]
        self.opposite = facts.map.dot_opposite[dot]

    def propagate(self, engine: Engine) -> bool:
        dom, aux = engine.dom, engine.aux
        facts = self.facts
        base, pairs, learn = facts.base, facts.map.edges, facts.learn
        edges = self.edges
        while True:
            yes = unknown = 0
            for e in edges:
                d = dom[e]
                if d == TRUE:
                    yes += 1
                elif d == BOOL:
                    unknown += 1
            if not unknown:
                return True
            changed = False
            for j, k in enumerate(self.corners):
                a, b = pairs[k]
                da, db = dom[a], dom[b]
                if da == FALSE or db == FALSE:
                    learn(engine, k, AT_MOST)
                if da == TRUE or db == TRUE:
                    learn(engine, k, AT_LEAST)
                both_open = da == BOOL and db == BOOL
                if both_open and yes == 1 and learn(engine, k, EXACTLY_ONE if unknown == 2 else AT_MOST):
                    changed = True
                s = aux[base + k]
                if not s:
                    continue
                if not both_open:
                    if da == BOOL or db == BOOL:
                        known, other = (db, a) if da == BOOL else (da, b)
                        if s & AT_MOST and known == TRUE:
                            if not engine.set(other, FALSE, edges, (k, AT_MOST)):
                                return False
                            changed = True
                            break
                        if s & AT_LEAST and known == FALSE:
                            if not engine.set(other, TRUE, edges, (k, AT_LEAST)):
                                return False
                            changed = True
                            break
                    elif (s & AT_MOST and da == db == TRUE) or (s & AT_LEAST and da == db == FALSE):
                        return False
                    continue
                if yes == 0 and unknown == 2:
                    # Only these two are open and the dot has no line: both or neither.
                    if s == EXACTLY_ONE:
                        return False
                    value = FALSE if s & AT_MOST else TRUE
                    if not (engine.set(a, value, edges, (k, s)) and engine.set(b, value, edges, (k, s))):
                        return False
                    changed = True
                    break
                opposite = self.opposite[j]
                if s & AT_LEAST and opposite >= 0 and learn(engine, opposite, AT_MOST):
                    changed = True
                if s == EXACTLY_ONE:
                    others = [e for e in edges if e != a and e != b and dom[e] == BOOL]
                    if yes == 1 or (yes == 0 and len(others) == 1):
                        value = FALSE if yes == 1 else TRUE
                        for e in others:
                            if not engine.set(e, value, edges, (k, EXACTLY_ONE)):
                                return False
                        if others:
                            changed = True
                            break
                    elif yes == 0 and len(others) == 2 and opposite >= 0 and learn(engine, opposite, EXACTLY_ONE):
                        changed = True
            if not changed:
                return True

    def explain(self, var: int, mask: int, note: object) -> str:
        corner, bits = cast(tuple[int, int], note)
        facts = self.facts
        what = "a line" if mask == TRUE else "crossed"
        return (
            f"{facts.name(corner)} hold {_WORDS[bits]} and the {facts.grid.vertex_name(self.dot)} has two lines "
            f"or none, so this edge is {what}"
        )


class CornerClue(Propagator):
    """One clue's count bounded corner by corner."""

    rule = CLUE_CORNERS
    __slots__ = ("facts", "cell", "clue", "edges", "corners", "watches")

    def __init__(self, facts: CornerFacts, cell: int, clue: int) -> None:
        self.facts = facts
        self.cell = cell
        self.clue = clue
        self.edges = self.watches = facts.grid.cell_edges[cell]
        self.corners = facts.map.cell_corners[cell]

    def propagate(self, engine: Engine) -> bool:
        dom, aux = engine.dom, engine.aux
        facts = self.facts
        base, learn = facts.base, facts.learn
        edges, corners, clue = self.edges, self.corners, self.clue
        while True:
            lo = [1 if dom[e] == TRUE else 0 for e in edges]
            hi = [0 if dom[e] == FALSE else 1 for e in edges]
            if sum(hi) == sum(lo):
                return True  # decided: the clue count has checked it
            lo2 = []
            hi2 = []
            for j in range(4):
                s = aux[base + corners[j]]
                k = (j + 1) & 3
                m, x = lo[j] + lo[k], hi[j] + hi[k]
                lo2.append(1 if m == 0 and s & AT_LEAST else m)
                hi2.append(1 if x == 2 and s & AT_MOST else x)
            changed = False
            for j in range(4):
                if hi[j] == lo[j]:
                    continue
                j1, j2, j3 = (j + 1) & 3, (j + 2) & 3, (j + 3) & 3
                # The other three edges: one edge and a corner pair, either way round.
                least = max(lo[j1] + lo2[j2], lo2[j1] + lo[j3])
                most = min(hi[j1] + hi2[j2], hi2[j1] + hi[j3])
                if least > clue or most < clue - 1:
                    return False
                if least == clue or most == clue - 1:
                    value = FALSE if least == clue else TRUE
                    if not engine.set(edges[j], value, edges, ("edge", j)):
                        return False
                    changed = True
                    break
            if changed:
                continue
            for j in range(4):
                k = (j + 1) & 3
                if hi[j] == lo[j] or hi[k] == lo[k]:
                    continue
                opposite = (j + 2) & 3  # the corner made of the other two edges
                if lo2[opposite] > clue - 2:
                    changed |= learn(engine, corners[j], AT_MOST)
                if hi2[opposite] < clue:
                    changed |= learn(engine, corners[j], AT_LEAST)
            if not changed:
                return True

    def explain(self, var: int, mask: int, note: object) -> str:
        where = self.facts.grid.cell_name(self.cell)
        what = "a line" if mask == TRUE else "crossed"
        need = "would be too many" if mask == FALSE else "are too few without it"
        return (
            f"counting what the corners of the {self.clue} at {where} hold, the lines its other edges "
            f"can have {need}, so this edge is {what}"
        )


class CornerColours(Propagator):
    """The corners of one dot against the colours of the cells diagonal across it."""

    rule = CORNER_COLOURS
    watches = ()
    __slots__ = ("facts", "colours", "dot", "corners")

    def __init__(self, facts: CornerFacts, colours: FaceColours, dot: int) -> None:
        self.facts = facts
        self.colours = colours
        self.dot = dot
        self.corners = facts.map.dot_corners[dot]

    def propagate(self, engine: Engine) -> bool:
        dom, aux = engine.dom, engine.aux
        facts, colours = self.facts, self.colours
        base, pairs, across = facts.base, facts.map.edges, facts.map.across
        ROOT, PARITY = colours.root, colours.parity
        while True:
            changed = False
            for k in self.corners:
                a, b = pairs[k]
                da, db = dom[a], dom[b]
                if da != BOOL or db != BOOL:
                    continue  # a decided edge is the colour links' and the dot's business
                x, y = across[k]
                s = aux[base + k]
                if aux[ROOT + x] == aux[ROOT + y]:
                    if aux[PARITY + x] ^ aux[PARITY + y]:
                        facts.learn(engine, k, EXACTLY_ONE)
                    elif s:
                        value = FALSE if s & AT_MOST else TRUE
                        if s == EXACTLY_ONE:
                            return False
                        note = ("alike", k, s)
                        if not (engine.set(a, value, (a, b), note) and engine.set(b, value, (a, b), note)):
                            return False
                        changed = True
                elif s == EXACTLY_ONE:
                    if colours.relate(engine, x, y, 1) is None:
                        return False
                    engine.fired[engine.current] += 1  # a deduction, though no edge moved yet
                    changed = True
            if not changed:
                return True

    def explain(self, var: int, mask: int, note: object) -> str:
        facts = self.facts
        name = facts.grid.cell_name
        if isinstance(note, tuple) and note[0] == "alike":
            _, corner, bits = cast(tuple[str, int, int], note)
            x, y = facts.map.across[corner]
            what = "lines" if mask == TRUE else "crossed"
            return (
                f"{name(x)} and {name(y)} are on the same side of the loop, so {facts.name(corner)} are "
                f"alike; they hold {_WORDS[bits]}, so both are {what}"
            )
        # An edge decided by the colours this rule related (the colouring's merge).
        a, b = cast(tuple[int, int], note)
        side = "different sides" if mask == TRUE else "the same side"
        return (
            f"{name(a)} and {name(b)} are on {side} of the loop, once two cells diagonal across a dot are "
            "known to differ (exactly one line at the corner between them)"
        )


def add_corners(
    model: Model, grid: Grid, colours: FaceColours, clues: dict[int, int]
) -> tuple[CornerFacts, dict[int, int]]:
    """Declare the corner rules: one pair of propagators per dot, one per clue; returns the
    facts and, per clue cell, the index of its ``CornerClue`` (for ``SlitherlinkClues``)."""
    facts = CornerFacts(model, grid)
    n = grid.n_vertices
    # One ``add`` checks each rule's rung; the rest of a rule's propagators go in as a block.
    facts.dot_start = model.add(CornerDot(facts, 0))
    model.propagators.extend(CornerDot(facts, dot) for dot in range(1, n))
    facts.colours_start = model.add(CornerColours(facts, colours, 0))
    model.propagators.extend(CornerColours(facts, colours, dot) for dot in range(1, n))
    for dot, unit in colours.dot_units.items():
        # The dot's colouring unit wakes when two of its cells become related: so do these.
        cast(ColourUnit, model.propagators[unit]).companion = facts.colours_start + dot
    slots: dict[int, int] = {}
    for cell, clue in clues.items():
        slots[cell] = facts.clue_of[cell] = model.add(CornerClue(facts, cell, clue))
    return facts, slots
