"""Walls for the browser's editor: a setter draws a board's given regions by clicking the
edges between cells, and the regions are the parts the walls cut the board into.

A wall being drawn does not close a region at once, so a draft keeps its *loose* walls
(drawn, but with the same region on both sides) apart from its regions: the editor
writes them into the draft's level text as ``# walls: r1c1-r1c2 r2c2-r3c2`` and reads
them back here.  Any ``GridGenre`` whose ``regions_of`` gives its ``Regions`` (and whose
``with_regions`` takes new ones) is edited this way, with no code of its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from puzzlekit.errors import UsageError
from puzzlekit.genre import ClueSpot, Point
from puzzlekit.grid.regions import Regions
from puzzlekit.grid.topology import RectGrid

WALLS_KEY = "walls"
"""The metadata key of a draft's loose walls."""
BAND = 0.3
"""A wall spot's width, in cells: the middle of a cell stays the cell's own spot."""
_CELL = re.compile(r"r(\d+)c(\d+)$")


@dataclass(frozen=True)
class Wall:
    """A wall spot's position: the edge (of ``RectGrid.edge_cells``) it stands on."""

    edge: int


@dataclass(frozen=True)
class WallDraft:
    """A draft's regions and its loose walls (edges drawn that separate no two regions)."""

    regions: Regions
    loose: frozenset[int] = frozenset()

    @property
    def drawn(self) -> frozenset[int]:
        """Every wall the setter has drawn, closed or not."""
        return frozenset(self.regions.walls) | self.loose

    def toggled(self, edge: int, on: bool) -> WallDraft:
        """The draft with a wall drawn at (``on``) or taken from ``edge``: the regions are
        the parts the drawn walls cut the board into, and the walls left inside one, loose."""
        drawn = self.drawn | {edge} if on else self.drawn - {edge}
        regions = Regions.from_walls(self.regions.grid, drawn, self.regions.word)
        return WallDraft(regions, drawn - frozenset(regions.walls))


def spots(draft: WallDraft, square: Sequence[Sequence[Point]]) -> list[ClueSpot]:
    """A wall spot on every edge between two cells (value 1: a wall there), each a thin
    band along the edge; ``square[cell]`` is the cell's outline on the drawing."""
    grid, drawn = draft.regions.grid, draft.drawn
    return [
        ClueSpot(Wall(e), (None, 1), band(*segment(grid, square, e)), 1 if e in drawn else None)
        for e in range(len(grid.edge_cells))
    ]


def segment(grid: RectGrid, square: Sequence[Sequence[Point]], edge: int) -> tuple[Point, Point]:
    """The side two cells share, on the drawing: the east side of the first, or its south."""
    a = grid.edge_cells[edge][0]
    (x0, y0), (x1, y1) = square[a][0], square[a][2]  # top left, bottom right
    return ((x1, y0), (x1, y1)) if grid.is_horizontal(edge) else ((x0, y1), (x1, y1))


def band(a: Point, b: Point) -> tuple[Point, ...]:
    """A band ``BAND`` cells wide along ``a``-``b``, its ends drawn in so that the bands of
    the edges meeting at a corner do not overlap."""
    length = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    half = BAND * length / 2
    if a[0] == b[0]:  # a vertical side
        return ((a[0] - half, a[1] + half), (a[0] + half, a[1] + half), (b[0] + half, b[1] - half),
                (b[0] - half, b[1] - half))  # fmt: skip
    return ((a[0] + half, a[1] - half), (b[0] - half, b[1] - half), (b[0] - half, b[1] + half),
            (a[0] + half, a[1] + half))  # fmt: skip


def write_loose(grid: RectGrid, loose: Iterable[int]) -> str:
    """Loose walls as the ``# walls:`` metadata writes them: ``r1c1-r1c2 r2c2-r3c2``."""
    return " ".join(f"{grid.name(a)}-{grid.name(b)}" for a, b in (grid.edge_cells[e] for e in sorted(loose)))


def read_loose(grid: RectGrid, text: str) -> frozenset[int]:
    """The edges ``# walls:`` names; a ``UsageError`` naming a word that is no edge."""
    edges = set()
    for word in text.split():
        ends = [_CELL.match(part) for part in word.split("-")]
        cells = [grid.cell(int(m[1]) - 1, int(m[2]) - 1) if m else -1 for m in ends]
        edge = grid.edge_between(*cells) if len(cells) == 2 and -1 not in cells else -1
        if edge < 0:
            raise UsageError(f"walls: {word!r} is not the side two cells of this board share (as r1c1-r1c2)")
        edges.add(edge)
    return frozenset(edges)


def draft_of(regions: Regions, meta: dict[str, str]) -> WallDraft:
    """The draft behind a puzzle's regions and metadata: walls named there that now close
    a region are no longer loose."""
    loose = read_loose(regions.grid, meta.get(WALLS_KEY, ""))
    return WallDraft(regions, loose - frozenset(regions.walls))
