"""Rung 1, local counting: each clue counts its lines, each dot has degree 0 or 2."""

from __future__ import annotations

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import BOOL, FALSE, TRUE, Propagator, Rule
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
    "The loop passes a dot straight through or not at all: two lines or none meet there.",
)


class EdgeCount(Propagator):
    """Shared by the counting rules: a handful of edges, counted and filled in."""

    __slots__ = ("edges",)
    edges: tuple[int, ...]

    def tally(self, dom: list[int]) -> tuple[int, int]:
        """(lines, open edges) among this rule's edges."""
        on = unknown = 0
        for e in self.edges:
            d = dom[e]
            if d == TRUE:
                on += 1
            elif d != FALSE:
                unknown += 1
        return on, unknown

    def fill(self, engine: Engine, value: int, note: str) -> bool:
        """Give every open edge ``value``."""
        dom, edges = engine.dom, self.edges
        for e in edges:
            if dom[e] == BOOL and not engine.set(e, value, edges, note):
                return False
        return True


class ClueCount(EdgeCount):
    """The clue at one cell."""

    rule = CLUE_COUNT
    __slots__ = ("grid", "cell", "clue", "watches")

    def __init__(self, grid: Grid, cell: int, clue: int) -> None:
        self.grid = grid
        self.cell = cell
        self.clue = clue
        self.edges = self.watches = grid.cell_edges[cell]

    def propagate(self, engine: Engine) -> bool:
        on, unknown = self.tally(engine.dom)
        clue = self.clue
        if on > clue or on + unknown < clue:
            return False
        if unknown == 0:
            return True
        if on == clue:
            return self.fill(engine, FALSE, "full")
        if on + unknown == clue:
            return self.fill(engine, TRUE, "short")
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        where = self.grid.cell_name(self.cell)
        lines = "line" if self.clue == 1 else "lines"
        if note == "full":
            return (
                f"the {self.clue} at {where} already has {self.clue} {lines}, so its other edges are crossed"
            )
        return f"the {self.clue} at {where} has only {self.clue} edges left open, so they are all lines"


class VertexDegree(EdgeCount):
    """The degree rule at one dot; with ``full`` the loop must pass through it."""

    rule = VERTEX_DEGREE
    __slots__ = ("grid", "vertex", "full", "watches")

    def __init__(self, grid: Grid, vertex: int, full: bool = False) -> None:
        self.grid = grid
        self.vertex = vertex
        self.full = full
        self.edges = self.watches = grid.vertex_edges[vertex]

    def propagate(self, engine: Engine) -> bool:
        on, unknown = self.tally(engine.dom)
        if on > 2:
            return False
        if unknown == 0:
            return on != 1 and not (self.full and on == 0)
        if on == 2:
            note, value = "two", FALSE
        elif on == 1:
            if unknown != 1:
                return True
            note, value = "continue", TRUE
        elif self.full:
            if unknown > 2:
                return True
            if unknown < 2:
                return False
            note, value = "visit", TRUE
        elif unknown == 1:
            note, value = "dead-end", FALSE
        else:
            return True
        return self.fill(engine, value, note)

    def explain(self, var: int, mask: int, note: object) -> str:
        where = self.grid.vertex_name(self.vertex)
        if note == "two":
            return f"two lines already meet at the {where}, so its other edges are crossed"
        if note == "continue":
            return f"the line reaching the {where} can only go on one way"
        if note == "visit":
            return f"the loop must pass the {where} and only two ways are open"
        return f"only one edge is open at the {where}, and a line cannot end there"
