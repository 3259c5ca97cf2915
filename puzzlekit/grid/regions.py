"""Given regions, first class: a board cut into rooms (Heyawake), regions (Star Battle,
LITS, Norinori) or cages, read from a layer of letters or from pzprjs's borders.

A ``Regions`` is built once per puzzle, as flat tuples rules only index: ``owner[cell]``
is the cell's region, ``cells[region]`` its cells (in reading order), ``walls`` the edges
between two regions (what pictures draw thick).  Regions are numbered by their first cell
in reading order, as pzprjs numbers its rooms, so room ``i`` here is room ``i`` there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property

from puzzlekit.core.unionfind import UnionFind
from puzzlekit.formats.level import Block
from puzzlekit.grid.text import ParsedGrid, read_grid, region_letters
from puzzlekit.grid.topology import EAST, SOUTH, RectGrid

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
"""The characters a region layer draws regions with: one connected piece of a letter is one
region, so letters may repeat for regions that do not touch."""
REGION_LEGEND = {LETTERS: "a region's letter"}


class Regions:
    """A board's regions: ``owner[cell]``, ``cells[region]``, ``walls`` and their names."""

    def __init__(self, grid: RectGrid, labels: Sequence[object], word: str = "region") -> None:
        """``labels``: per cell anything hashable; each connected piece of one label is a
        region (so the letters of a layer, pzprjs's room numbers or a flood fill's roots)."""
        if len(labels) != grid.n_cells:
            raise ValueError(f"{len(labels)} labels for {grid.n_cells} cells")
        joined = UnionFind(grid.n_cells)
        for a, b in grid.edge_cells:
            if labels[a] == labels[b]:
                joined.union(a, b)
        roots = [joined.find(cell) for cell in range(grid.n_cells)]
        number = {root: i for i, root in enumerate(dict.fromkeys(roots))}
        self.grid = grid
        self.word = word
        self.owner: tuple[int, ...] = tuple(number[root] for root in roots)
        """Per cell, its region (0 is the region of r1c1)."""
        cells: list[list[int]] = [[] for _ in number]
        for cell, region in enumerate(self.owner):
            cells[region].append(cell)
        self.cells: tuple[tuple[int, ...], ...] = tuple(map(tuple, cells))
        """Per region, its cells in reading order."""
        self.n = len(cells)
        self.walls: tuple[int, ...] = tuple(
            e for e, (a, b) in enumerate(grid.edge_cells) if self.owner[a] != self.owner[b]
        )
        """The edges between two regions, in edge order: the thick lines of a picture."""

    @classmethod
    def from_walls(cls, grid: RectGrid, walls: Iterable[int], word: str = "region") -> Regions:
        """The regions that walls (edges of ``grid``) cut the board into (pzprjs's borders)."""
        cut = set(walls)
        joined = UnionFind(grid.n_cells)
        for e, (a, b) in enumerate(grid.edge_cells):
            if e not in cut:
                joined.union(a, b)
        return cls(grid, [joined.find(cell) for cell in range(grid.n_cells)], word)

    @classmethod
    def read(cls, layer: Block | ParsedGrid, word: str = "region", like: RectGrid | None = None) -> Regions:
        """The regions a layer of letters draws (the block ``layers`` gives for it, or a
        ``ParsedGrid`` already read with :data:`REGION_LEGEND`); ``like``: the grid of the
        board's other layer, whose size it must have (a located error otherwise)."""
        parsed = layer if isinstance(layer, ParsedGrid) else read_grid(layer, REGION_LEGEND)
        grid = parsed.grid
        if like is not None and (grid.rows, grid.cols) != (like.rows, like.cols):
            raise parsed.block.error(
                0, 0, f"the {word}s are {grid.cols}x{grid.rows} but the board is {like.cols}x{like.rows}"
            )
        return cls(like or grid, parsed.tokens, word)

    # -- words ----------------------------------------------------------------------------

    def name(self, region: int) -> str:
        """``the room at r1c1``: a region by its first cell."""
        return f"the {self.word} at {self.grid.name(self.cells[region][0])}"

    def letters(self) -> list[str]:
        """One letter per cell, the region layer as written: a letter of its own for each
        region while :data:`LETTERS` last, else touching regions told apart."""
        if self.n <= len(LETTERS):
            return [LETTERS[region] for region in self.owner]
        return region_letters(self.grid, self.owner, LETTERS)

    # -- shape ----------------------------------------------------------------------------

    @cached_property
    def is_wall(self) -> bytes:
        """Per edge, 1 when it is a wall."""
        out = bytearray(self.grid.n_edges)
        for e in self.walls:
            out[e] = 1
        return bytes(out)

    @cached_property
    def adjacent(self) -> tuple[frozenset[int], ...]:
        """Per region, the regions it shares a wall with."""
        near: list[set[int]] = [set() for _ in range(self.n)]
        for e in self.walls:
            a, b = (self.owner[c] for c in self.grid.edge_cells[e])
            near[a].add(b)
            near[b].add(a)
        return tuple(frozenset(s) for s in near)

    def top(self, region: int) -> int:
        """pzprjs's "top" cell of a region, where its URL number stands: the topmost cell of
        its leftmost column."""
        return min(self.cells[region], key=lambda cell: (cell % self.grid.cols, cell // self.grid.cols))

    def runs_across(self, walls: int = 2) -> list[tuple[int, ...]]:
        """Every straight run of cells that crosses ``walls`` walls and no more, as short as
        that allows: from the last cell before its first wall to the first cell after its
        last (Heyawake: such a run of three rooms is never all unshaded).  Rows, then columns."""
        grid, is_wall = self.grid, self.is_wall
        out: list[tuple[int, ...]] = []
        for line, direction in [(grid.row(r), EAST) for r in range(grid.rows)] + [
            (grid.column(c), SOUTH) for c in range(grid.cols)
        ]:
            crossings = [i for i in range(len(line) - 1) if is_wall[grid.cell_edges[line[i]][direction]]]
            for k in range(len(crossings) - walls + 1):
                first, last = crossings[k], crossings[k + walls - 1]
                out.append(line[first : last + 2])
        return out

    def __repr__(self) -> str:
        return f"<Regions: {self.n} {self.word}s on {self.grid.cols}x{self.grid.rows}>"
