"""``grid.pairways.PairWays`` against ``shapes.Ways`` over ``shapes.pair_ways``, the table it
stands in for: on random regions and random domains, the same answer, the same cells set
in the same order with the same reads, and the same words."""

from __future__ import annotations

import random
from typing import Any

from puzzlekit.core.model import Rule
from puzzlekit.grid import RectGrid
from puzzlekit.grid.pairways import PairWays
from puzzlekit.grid.shapes import Ways, pair_ways

RULE = Rule("region-patterns", 1, "test")


class Recorder:
    """Just enough of an engine: domains, and every ``set`` written down."""

    def __init__(self, dom: list[int]) -> None:
        self.dom = list(dom)
        self.sets: list[tuple[int, int, tuple[int, ...], object]] = []

    def set(self, var: int, mask: int, reads: Any, note: object) -> bool:
        self.sets.append((var, mask, tuple(reads), note))
        self.dom[var] &= mask
        return self.dom[var] != 0


def region(grid: RectGrid, rng: random.Random) -> list[int]:
    """A random connected set of cells (grown from one)."""
    cells = {rng.randrange(grid.n_cells)}
    for _ in range(rng.randrange(1, 12)):
        edge = sorted({n for c in cells for n in grid.neighbours[c]} - cells)
        if edge:
            cells.add(rng.choice(edge))
    return sorted(cells)


def test_pair_ways_deduce_what_the_table_of_ways_deduces() -> None:
    rng = random.Random(7)
    outcomes = set()
    for _ in range(3000):
        grid = RectGrid(rng.randrange(1, 7), rng.randrange(1, 7))
        cells = region(grid, rng)
        old = Ways(RULE, pair_ways(grid, cells), what="the region", doing="shade two cells")
        new = PairWays(RULE, grid, cells, what="the region")
        assert new.watches == old.watches
        weights = rng.choice(((8, 1, 1), (3, 1, 1), (1, 1, 1), (1, 3, 1)))
        dom = [rng.choices((0b11, 0b01, 0b10), weights)[0] for _ in range(grid.n_cells)]
        a, b = Recorder(dom), Recorder(dom)
        said = old.propagate(a)  # type: ignore[arg-type]
        assert new.propagate(b) == said  # type: ignore[arg-type]
        assert b.sets == a.sets, (grid.rows, grid.cols, cells, dom)
        outcomes.add((said, bool(a.sets)))
        for var, mask, _, note in a.sets:
            assert new.explain(var, mask, note) == old.explain(var, mask, note)
    assert outcomes == {(True, True), (True, False), (False, False)}  # kept, settled, no way left
