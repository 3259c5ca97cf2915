"""The topology of a Hashiwokakero board: islands, the pairs that may carry bridges,
and the pairs whose bridges would cross.  Built once; rules only index it.

Variables are the pairs ("edges"): two islands in one row or column with only water
between them (islands that touch are a pair too), each carrying 0, 1 or 2 bridges.
"""

from __future__ import annotations

from dataclasses import dataclass

NO_CLUE = -1
MAX_BRIDGES = 2


@dataclass
class Board:
    """Islands (row, col) with their clues (NO_CLUE for '?'), pairs and crossings."""

    rows: int
    cols: int
    islands: tuple[tuple[int, int], ...]
    clues: tuple[int, ...]

    def __post_init__(self) -> None:
        at = {cell: i for i, cell in enumerate(self.islands)}
        self.island_at: dict[tuple[int, int], int] = at
        edges: list[tuple[int, int]] = []
        water: list[tuple[tuple[int, int], ...]] = []
        horizontal: list[bool] = []
        for i, (r, c) in enumerate(self.islands):
            for dr, dc in ((0, 1), (1, 0)):
                cells = []
                rr, cc = r + dr, c + dc
                while 0 <= rr < self.rows and 0 <= cc < self.cols and (rr, cc) not in at:
                    cells.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                if (rr, cc) in at:
                    edges.append((i, at[rr, cc]))
                    water.append(tuple(cells))
                    horizontal.append(dr == 0)
        self.edges: tuple[tuple[int, int], ...] = tuple(edges)
        """The two islands of each pair, the upper or left one first."""
        self.water: tuple[tuple[tuple[int, int], ...], ...] = tuple(water)
        """The water cells a pair's bridges pass over."""
        self.horizontal: tuple[bool, ...] = tuple(horizontal)
        island_edges: list[list[int]] = [[] for _ in self.islands]
        for e, (a, b) in enumerate(edges):
            island_edges[a].append(e)
            island_edges[b].append(e)
        self.island_edges: tuple[tuple[int, ...], ...] = tuple(tuple(x) for x in island_edges)
        over: dict[tuple[int, int], list[int]] = {}
        for e, path in enumerate(water):
            for cell in path:
                over.setdefault(cell, []).append(e)
        self.edge_over: dict[tuple[int, int], tuple[int, ...]] = {k: tuple(v) for k, v in over.items()}
        """The pairs passing over each water cell (one horizontal, one vertical at most)."""
        self.crossings: tuple[tuple[int, int, tuple[int, int]], ...] = tuple(
            (v[0], v[1], cell) for cell, v in sorted(over.items()) if len(v) == 2
        )
        """(horizontal pair, vertical pair, the water cell where they would cross)."""

    @property
    def n_islands(self) -> int:
        return len(self.islands)

    @property
    def n_edges(self) -> int:
        return len(self.edges)

    def island_name(self, island: int) -> str:
        r, c = self.islands[island]
        clue = self.clues[island]
        what = "the island" if clue == NO_CLUE else f"the {clue}"
        return f"{what} at r{r + 1}c{c + 1}"

    def edge_name(self, edge: int) -> str:
        a, b = self.edges[edge]
        (ra, ca), (rb, cb) = self.islands[a], self.islands[b]
        return f"r{ra + 1}c{ca + 1}–r{rb + 1}c{cb + 1}"
