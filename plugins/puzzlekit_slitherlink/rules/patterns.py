"""Rung 3, a named pattern: two 3s side by side.

The two far sides of the pair are lines, the shared side is a line, and the edges that
continue the shared side beyond its two ends are crossed.  Each part is a short
corner argument (a 3 has a line at each of its corners), but a chain of them that the
corner rules, which never guess, do not make on their own:

- a far side crossed would draw the rest of that 3, so the shared side and the near
  side's corner; the other 3 then loses its side at that corner and draws its other
  three, and the far end of the shared side would meet three lines;
- a line continuing the shared side would leave only one more line at that dot, which
  both 3s' corners there need: it must be the shared side, and the same three lines
  meet at its other end;
- the shared side crossed would draw both 3s' other sides, a loop around the pair,
  which is wrong unless that loop alone finishes the puzzle.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit.core import BOOL, FALSE, TRUE, Propagator, Rule
from puzzlekit.core.engine import Engine
from puzzlekit_slitherlink.grid import Grid

ADJACENT_THREES = Rule(
    "adjacent-threes",
    3,
    "Two 3s side by side: their far sides and their shared side are lines, and the edges that "
    "continue the shared side are crossed (unless the loop around the pair is the whole puzzle).",
)


class AdjacentThrees(Propagator):
    """Two cells side by side, acting while both clues (read live) are 3s."""

    rule = ADJACENT_THREES
    __slots__ = ("grid", "clues", "full", "a", "b", "shared", "far", "beyond", "outline", "watches")

    def __init__(self, grid: Grid, clues: Sequence[int], full: bool, a: int, b: int) -> None:
        self.grid = grid
        self.clues = clues
        """The model's clues, changed in place by ``SlitherlinkClues.set_clue``."""
        self.full = full
        self.a, self.b = a, b
        ea, eb = grid.cell_edges[a], grid.cell_edges[b]
        (shared,) = set(ea) & set(eb)
        self.shared = shared
        side = ea.index(shared)  # 1: b is right of a; 2: b is below a
        self.far = (ea[(side + 2) % 4], eb[side])
        self.outline = tuple(e for e in ea + eb if e != shared)
        u, v = grid.edge_vertices[shared]
        self.beyond = tuple(e for dot in (u, v) for e in grid.vertex_edges[dot] if e != shared and e not in ea + eb)
        self.watches = (shared, *self.outline, *self.beyond)

    def propagate(self, engine: Engine) -> bool:
        if self.clues[self.a] != 3 or self.clues[self.b] != 3:
            return True
        dom = engine.dom
        reads = (self.shared, *self.outline)
        for e in self.far:
            if dom[e] == BOOL and not engine.set(e, TRUE, reads, "far"):
                return False
        for e in self.beyond:
            if dom[e] == BOOL and not engine.set(e, FALSE, reads, "beyond"):
                return False
        if dom[self.shared] == BOOL and not self._pair_loop_finishes():
            return engine.set(self.shared, TRUE, reads, "shared")
        return True

    def _pair_loop_finishes(self) -> bool:
        """Would the loop around the two cells alone satisfy every clue?"""
        if self.full:
            return self.grid.n_vertices == 6
        outline = set(self.outline)
        for cell, clue in enumerate(self.clues):
            if clue >= 0 and sum(1 for e in self.grid.cell_edges[cell] if e in outline) != clue:
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        name = self.grid.cell_name
        pair = f"the 3s at {name(self.a)} and {name(self.b)}"
        if note == "far":
            return f"{pair} sit side by side, so their far sides are lines"
        if note == "beyond":
            return f"{pair} sit side by side, so the edges continuing their shared side are crossed"
        return f"{pair} sit side by side; without their shared side the loop would close around the pair"


def adjacent_threes(grid: Grid, clues: Sequence[int], full: bool) -> list[AdjacentThrees]:
    """One pattern per pair of side-by-side 3s when the model is built.  Each reads the
    clues live, so it rests while the generator has one of the pair blanked (a clue it
    sets to 3 later, which the generator never does, gets no pattern)."""
    pairs = []
    for cell in range(grid.n_cells):
        if clues[cell] != 3:
            continue
        r, c = divmod(cell, grid.cols)
        for other in (grid.cell(r, c + 1), grid.cell(r + 1, c)):
            if other != grid.outside and clues[other] == 3:
                pairs.append(AdjacentThrees(grid, clues, full, cell, other))
    return pairs
