"""Rung 1, local counting: each clue counts its lines.

The degree of each dot (two lines or none) and the no-early-loop rule come from
the core's single-loop machinery (``puzzlekit.core.loops``), with Slitherlink's
names for them.
"""

from __future__ import annotations

from puzzlekit.core import BOOL, FALSE, TRUE, Propagator, Rule
from puzzlekit.core.engine import Engine
from puzzlekit_slitherlink.grid import Grid

CLUE_COUNT = Rule(
    "clue-count",
    1,
    "A clue counts the lines around its cell: once it has that many, the rest are crossed; "
    "once only that many edges are open, they are all lines.",
)
VERTEX_DEGREE = Rule(
    "vertex-degree",
    1,
    "The loop passes a dot or does not come at all: two lines or none meet there.",
)


class ClueCount(Propagator):
    """The clue at one cell."""

    rule = CLUE_COUNT
    __slots__ = ("grid", "cell", "clue", "edges", "watches")

    def __init__(self, grid: Grid, cell: int, clue: int) -> None:
        self.grid = grid
        self.cell = cell
        self.clue = clue
        self.edges = self.watches = grid.cell_edges[cell]

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
        clue = self.clue
        if on > clue or on + unknown < clue:
            return False
        if unknown == 0:
            return True
        if on == clue:
            value, note = FALSE, "full"
        elif on + unknown == clue:
            value, note = TRUE, "short"
        else:
            return True
        for e in edges:
            if dom[e] == BOOL and not engine.set(e, value, edges, note):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        where = self.grid.cell_name(self.cell)
        lines = "line" if self.clue == 1 else "lines"
        if note == "full" and self.clue == 0:
            return f"the 0 at {where} has no line around it"
        if note == "full":
            full = f"already has {self.clue} {lines}"
            return f"the {self.clue} at {where} {full}, so its other edges are crossed"
        return f"the {self.clue} at {where} has only {self.clue} edges left open, so they are all lines"


LINE_INTO_A_CORNER = Rule(
    "line-into-a-corner",
    1,
    "A line that reaches a corner of a clue's cell from outside lets at most one of the cell's two "
    "edges at that corner be a line; when the clue needs every open edge but one, the others are lines.",
)


class LineIntoACorner(Propagator):
    """Tatham's "easy" refinement of the clue count, at one clue cell.

    When the clue needs all its open edges but one, and two open edges of the cell meet
    at a dot a line already reaches from outside, those two cannot both be lines (the
    dot would have three): the edge left out is one of them, so every other open edge
    of the cell is a line."""

    rule = LINE_INTO_A_CORNER
    __slots__ = ("grid", "cell", "clue", "edges", "corners", "watches")

    def __init__(self, grid: Grid, cell: int, clue: int) -> None:
        self.grid = grid
        self.cell = cell
        self.clue = clue
        self.edges = grid.cell_edges[cell]
        top, right, bottom, left = self.edges
        r, c = divmod(cell, grid.cols)
        corners = []
        for pair, (vr, vc) in (
            ((left, top), (r, c)),
            ((top, right), (r, c + 1)),
            ((right, bottom), (r + 1, c + 1)),
            ((bottom, left), (r + 1, c)),
        ):
            outside = tuple(e for e in grid.vertex_edges[grid.vertex(vr, vc)] if e not in pair)
            corners.append((pair, outside))
        self.corners: tuple[tuple[tuple[int, int], tuple[int, ...]], ...] = tuple(corners)
        self.watches = tuple(dict.fromkeys(self.edges + tuple(e for _, out in corners for e in out)))

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        on = unknown = 0
        for e in self.edges:
            d = dom[e]
            if d == TRUE:
                on += 1
            elif d != FALSE:
                unknown += 1
        if unknown <= 2 or on + unknown != self.clue + 1:
            return True  # the clue count handles the rest
        for (a, b), outside in self.corners:
            if dom[a] == BOOL and dom[b] == BOOL and any(dom[e] == TRUE for e in outside):
                for e in self.edges:
                    if e != a and e != b and dom[e] == BOOL and not engine.set(e, TRUE, (a, b, *outside), (a, b)):
                        return False
                return True
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        where = self.grid.cell_name(self.cell)
        return (
            f"a line reaches a corner of the {self.clue} at {where}, so at most one of its two edges there "
            "is a line; the clue needs every other open edge"
        )
