"""Rung 2, parity colouring: every cell is inside or outside the loop.

The loop is a Jordan curve, so colour the cells plus one outside face: a line
edge separates different colours, a crossed edge joins equal ones.  A
union-find with a parity bit holds what is known ("same"/"opposite"); it lives
in the engine's aux slots, so search and lookahead undo it with the domains.

- ``colour-link``: a decided edge relates its two faces; when two classes
  merge, every open edge between them is decided at once;
- ``cell-colouring``: small units force new relations.  A clue cell and its
  four neighbours: exactly ``clue`` neighbours differ.  The four faces around
  a dot: never coloured like a chessboard, as the loop would touch itself
  there (the 2x2 diagonal or "pinch" rule).

A unit is summarised by which of its faces share a class and with what
parity; the relations forced by that summary are computed once by brute force
over the classes' colours and memoised, so a unit costs a few finds and a
dict lookup.  A merge wakes only the units of the smaller class's members.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import cast

from puzzlekit.core import BOOL, FALSE, TRUE, Model, Propagator, Rule, TrailedParityUnionFind
from puzzlekit.core.engine import Engine
from puzzlekit_slitherlink.grid import Grid

COLOUR_LINK = Rule(
    "colour-link",
    2,
    "A line separates cells of different colours and a cross joins equal ones; once two cells' "
    "colours are related, the edge between them follows.",
)
CELL_COLOURING = Rule(
    "cell-colouring",
    2,
    "A clue counts its differently coloured neighbours, and the four cells around a dot are "
    "never coloured like a chessboard (the loop would pinch there).",
)

# Unit kinds; clue units use the clue itself (0..3) as their kind.
DOT = 4
DOT_FULL = 5

Forced = tuple[tuple[int, int, int], ...]
_TABLE: dict[tuple[int, ...], Forced | None] = {}
_UNSEEN: Forced = ((-1, -1, -1),)
"""``_TABLE``'s answer for a key not worked out yet."""


def forced_relations(key: tuple[int, ...]) -> Forced | None:
    """Relations every valid colouring of a unit shares, or None if none is valid.

    ``key`` is the unit's kind followed, per position of the unit, by
    ``2*class + parity``: classes numbered by first appearance, parity relative
    to the class's first member.  Answers are (position, position, parity).
    """
    if key in _TABLE:
        return _TABLE[key]
    kind, signature = key[0], key[1:]
    labels = [s >> 1 for s in signature]
    parities = [s & 1 for s in signature]
    n_classes = max(labels) + 1
    valid: list[int] = []
    for x in range(0, 1 << n_classes, 2):  # class 0 is coloured 0 without loss
        colour = [((x >> lab) & 1) ^ par for lab, par in zip(labels, parities)]
        if kind <= 3:
            ok = sum(colour[0] != c for c in colour[1:]) == kind
        else:
            changes = sum(colour[i] != colour[(i + 1) % 4] for i in range(4))
            ok = changes != 4 and not (kind == DOT_FULL and changes == 0)
        if ok:
            valid.append(x)
    result: Forced | None = None
    if valid:
        first = [labels.index(k) for k in range(n_classes)]
        found = []
        for j in range(n_classes):
            for k in range(j + 1, n_classes):
                rels = {((x >> j) ^ (x >> k)) & 1 for x in valid}
                if len(rels) == 1:
                    found.append((first[j], first[k], rels.pop()))
        result = tuple(found)
    _TABLE[key] = result
    return result


class FaceColours(TrailedParityUnionFind):
    """What is known about the faces' colours, undone with the engine's trail.

    A merge is the moment to act: the units that now see both classes are
    woken, and every open edge between the two classes is decided.
    """

    def __init__(self, model: Model, grid: Grid) -> None:
        super().__init__(model, grid.n_faces)
        self.grid = grid
        self.face_units: list[list[int]] = [[] for _ in range(grid.n_faces)]
        """Indices of the unit propagators each face belongs to."""
        self.unit_faces: dict[int, tuple[int, ...]] = {}
        self.clue_units: dict[int, int] = {}
        """Clue cell -> the index of its unit propagator (for ``SlitherlinkClues``)."""
        self.dot_units: dict[int, int] = {}
        """Dot -> the index of its unit propagator (the dots that have one)."""
        self.face_edges = grid.face_edges

    def merging(self, engine: Engine, keep: int, absorbed: int, flip: int) -> None:
        aux, dom = engine.aux, engine.dom
        ROOT, PARITY, NEXT = self.root, self.parity, self.next
        wake = engine.wake
        unit_faces = self.unit_faces
        f = absorbed
        while True:
            for unit in self.face_units[f]:
                for g in unit_faces[unit]:
                    if aux[ROOT + g] == keep:
                        wake(unit)
                        break
            for e, other in self.face_edges[f]:
                if dom[e] == BOOL and aux[ROOT + other] == keep:
                    differ = aux[PARITY + f] ^ flip ^ aux[PARITY + other]
                    engine.set(e, TRUE if differ else FALSE, (), (f, other))
            f = aux[NEXT + f]
            if f == absorbed:
                break


class ColourLink(Propagator):
    """A decided edge relates the colours of its two faces."""

    rule = COLOUR_LINK
    __slots__ = ("colours", "edge", "faces", "watches")

    def __init__(self, colours: FaceColours, edge: int) -> None:
        self.colours = colours
        self.edge = edge
        self.faces = colours.grid.edge_faces[edge]
        self.watches = (edge,)

    def propagate(self, engine: Engine) -> bool:
        d = engine.dom[self.edge]
        if d == BOOL:
            return True
        a, b = self.faces
        return self.colours.relate(engine, a, b, d >> 1) is not None

    def explain(self, var: int, mask: int, note: object) -> str:
        return _explain_edge(self.colours.grid, mask, note, "what is already drawn relates their colours")


class ColourUnit(Propagator):
    """One clue cell with its neighbours, or the four faces around one dot."""

    rule = CELL_COLOURING
    watches = ()
    __slots__ = ("colours", "kind", "faces", "companion")

    def __init__(self, colours: FaceColours, kind: int, faces: Sequence[int]) -> None:
        self.colours = colours
        self.kind = kind
        self.faces = tuple(faces)
        self.companion = -1
        """A propagator (index) that also wants to hear when these faces become related:
        the corner colours of the same dot (rung 3)."""

    def propagate(self, engine: Engine) -> bool:
        aux = engine.aux
        ROOT, PARITY = self.colours.root, self.colours.parity
        roots: list[int] = []
        base: list[int] = []
        key = [self.kind]
        for f in self.faces:
            root, par = aux[ROOT + f], aux[PARITY + f]
            if root in roots:
                k = roots.index(root)
                key.append(2 * k + (par ^ base[k]))
            else:
                key.append(2 * len(roots))
                roots.append(root)
                base.append(par)
        signature = tuple(key)
        forced = _TABLE.get(signature, _UNSEEN)  # ``forced_relations``'s memo, without the call
        if forced is _UNSEEN:
            forced = forced_relations(signature)
        if forced is None:
            return False
        if self.companion >= 0:
            engine.wake(self.companion)
        faces = self.faces
        relate = self.colours.relate
        for i, j, rel in forced:
            if relate(engine, faces[i], faces[j], rel) is None:
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        grid = self.colours.grid
        if self.kind <= 3:
            cell = grid.cell_name(self.faces[0])
            why = f"the {self.kind} at {cell} counts its differently coloured neighbours"
        else:
            why = "the four cells around a dot cannot be coloured like a chessboard"
        return _explain_edge(grid, mask, note, why)


def _explain_edge(grid: Grid, mask: int, note: object, why: str) -> str:
    a, b = cast(tuple[int, int], note)
    side = "different sides" if mask == TRUE else "the same side"
    return f"{grid.cell_name(a)} and {grid.cell_name(b)} are on {side} of the loop: {why}"


def add_colouring(model: Model, grid: Grid, clues: Sequence[int], full: bool) -> FaceColours:
    """Declare the colouring: its state, one link per edge, one unit per clue and dot."""
    colours = FaceColours(model, grid)
    for e in range(grid.n_edges):
        model.add(ColourLink(colours, e))
    units = [(clue, (cell, *grid.cell_neighbours[cell]), -1) for cell, clue in enumerate(clues) if clue >= 0]
    units += dot_units(grid, full)
    face_units, unit_faces = colours.face_units, colours.unit_faces
    for kind, faces, dot in units:
        index = model.add(ColourUnit(colours, kind, faces))
        unit_faces[index] = faces
        if kind <= 3:
            colours.clue_units[faces[0]] = index
        else:
            colours.dot_units[dot] = index
        for f in set(faces):
            face_units[f].append(index)
    return colours


@lru_cache(maxsize=64)
def dot_units(grid: Grid, full: bool) -> tuple[tuple[int, tuple[int, ...], int], ...]:
    """The four faces around each dot that can be a chessboard, with the dot (the same for
    every board of a size, so made once).  With the outside face twice, a dot never can."""
    kind = DOT_FULL if full else DOT
    return tuple(
        (kind, around, dot) for dot, around in enumerate(grid.vertex_faces) if full or grid.outside not in around
    )
