"""``OneWayOut``: the local half of "the unshaded cells are one area", for shading genres.

An unshaded cell whose neighbours are all shaded but one must leave by that one (Tatham's
Singles and Range: a cell's last way out).  It sees four cells only, so a genre can put
it on a cheaper rung than ``StaysConnected`` (the whole area's cut cells) and grade
"easy" as what needs no look at the whole board.  It is for genres whose shaded cells
never touch (``Apart``): shading the last way out would unshade that cell's other
neighbours, so the cell could not be the board's only unshaded one.  A cell with no way
out is left to ``StaysConnected``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import BOOL, FALSE, TRUE, Propagator, Rule
from puzzlekit.grid.topology import RectGrid


class OneWayOut(Propagator):
    """Cell ``cell`` unshaded with one neighbour left that is not shaded: it is unshaded."""

    __slots__ = ("rule", "watches", "cell", "near", "grid")

    def __init__(self, rule: Rule, grid: RectGrid, cell: int) -> None:
        self.rule, self.grid, self.cell = rule, grid, cell
        self.near = grid.neighbours[cell]
        self.watches = (cell, *self.near)

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        if dom[self.cell] != FALSE or not self.near:
            return True
        open_ = [n for n in self.near if dom[n] != TRUE]
        if len(open_) != 1 or dom[open_[0]] != BOOL or len(self.grid.neighbours[open_[0]]) < 2:
            return True
        return engine.set(open_[0], FALSE, self.watches)

    def explain(self, var: int, mask: int, note: object) -> str:
        return f"it is the last way out of unshaded {self.grid.name(self.cell)}, and the unshaded cells are one area"


def add_ways_out(model_add: Callable[[Propagator], int], rule: Rule, grid: RectGrid, cells: Sequence[int] = ()) -> None:
    """``OneWayOut`` for every cell (or for ``cells``); ``model_add`` is ``model.add``."""
    for cell in cells or range(grid.n_cells):
        model_add(OneWayOut(rule, grid, cell))
