"""Given regions, first class: a board cut into rooms (Heyawake), regions (Star Battle,
LITS, Norinori) or cages, read from a layer of letters or from pzprjs's borders.

A ``Regions`` is built once per puzzle, as flat tuples rules only index: ``owner[cell]``
is the cell's region, ``cells[region]`` its cells (in reading order), ``walls`` the edges
between two regions (what pictures draw thick).  Regions are numbered by their first cell
in reading order, as pzprjs numbers its rooms, so room ``i`` here is room ``i`` there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cached_property

from puzzlekit.core.rng import Rng
from puzzlekit.core.unionfind import UnionFind
from puzzlekit.formats.level import Block
from puzzlekit.grid.shading import Shading
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


# -- cutting a board into rectangles, for generators ---------------------------------------

Rect = tuple[int, int, int, int]
"""A rectangle of cells: top row, left column, bottom and right (both past the end)."""


def split_rect(rect: Rect, rng: Rng, cut: Callable[[Rect, bool, int], bool]) -> tuple[Rect, Rect] | None:
    """``rect`` in two by a straight cut at random: ``cut(rect, down, at)`` is asked about
    each cut in turn (``down``: the wall runs down, left of column ``at``; otherwise across,
    above row ``at``) and says whether it takes it; None when it takes none."""
    r0, c0, r1, c1 = rect
    cuts = [(True, c) for c in range(c0 + 1, c1)] + [(False, r) for r in range(r0 + 1, r1)]
    rng.shuffle(cuts)
    for down, at in cuts:
        if cut(rect, down, at):
            return ((r0, c0, r1, at), (r0, at, r1, c1)) if down else ((r0, c0, at, c1), (at, c0, r1, c1))
    return None


class RoomCutter:
    """Rooms cut round a ``Shading`` so that no straight run of unshaded cells crosses two
    walls (Heyawake's rule): a cut that would make one shades a cell of the run between
    the two walls where the shading allows, and is refused where it does not.  ``cut`` is
    ``split_rect``'s question; ``rects`` the rooms so far, ``owner`` their index per cell."""

    def __init__(self, shading: Shading, rng: Rng) -> None:
        self.shading, self.rng, grid = shading, rng, shading.grid
        self.grid, self.owner = grid, [0] * grid.n_cells
        self.rects: list[Rect] = [(0, 0, grid.rows, grid.cols)]
        """The rooms, ``owner[cell]`` indexing them."""

    def split(self, k: int) -> bool:
        """Cut room ``k`` in two at random where it may be; False where it may not."""
        return split_rect(self.rects[k], self.rng, self.cut) is not None

    def cut_down(self, largest: int) -> None:
        """Cut every room of more than ``largest`` cells (that may be cut) until none is."""
        k = 0
        while k < len(self.rects):
            r0, c0, r1, c1 = self.rects[k]
            if (r1 - r0) * (c1 - c0) <= largest or not self.split(k):
                k += 1

    def cut(self, rect: Rect, down: bool, at: int) -> bool:
        r0, c0, r1, c1 = rect
        cols, step = self.grid.cols, 1 if down else self.grid.cols
        ends = [r * cols + at for r in range(r0, r1)] if down else [at * cols + c for c in range(c0, c1)]
        shaded: list[int] = []
        if not all(self._clear(b - step, b, step, shaded) for b in ends):
            for c in reversed(shaded):  # a refused cut leaves the shading as it was
                self.shading.shade(c, False)
            return False
        new = len(self.rects)
        self.rects.append((r0, c0, r1, at) if down else (r0, c0, at, c1))
        k = self.owner[ends[0]]
        self.rects[k] = (r0, at, r1, c1) if down else (at, c0, r1, c1)
        first = self.rects[new]
        for r in range(first[0], first[2]):
            self.owner[r * cols + first[1] : r * cols + first[3]] = [new] * (first[3] - first[1])
        return True

    def settle(self, left: Callable[[], Sequence[int]], flips: int) -> bool:
        """Cut rooms, and flip the shading, until ``left()`` (the cells deduction leaves open
        on the board as it stands) is empty; False when nothing more helps.

        Each round cuts half the rooms holding open cells (else rooms beside them): a cut
        adds walls and numbers and takes none, so the open cells only fall.  Where none may
        be cut, an open cell (or one of its rooms) flips its shading, kept when no more
        cells stay open; ``flips`` of those at most."""
        rng, near, open_cells = self.rng, self.grid.neighbours, left()
        while open_cells:
            owner = self.owner
            loose = _shuffled(rng, {owner[c] for c in open_cells})
            beside = _shuffled(rng, {owner[x] for c in open_cells for x in near[c]} - set(loose))
            cut = 0
            for k in loose + beside:
                cut += 2 * cut < len(loose) and self.split(k)
            if cut:
                open_cells = left()
                continue
            rooms = set(loose)
            inside = {c for c in range(self.grid.n_cells) if owner[c] in rooms} - set(open_cells)
            for c in _shuffled(rng, open_cells) + _shuffled(rng, inside):
                if flips and (flipped := self.flip(c)):
                    flips -= 1
                    trial = left()
                    if len(trial) <= len(open_cells):
                        open_cells = trial
                        break
                    self.unflip(flipped)
            else:
                return False
        return True

    def flip(self, c: int) -> list[int]:
        """Shade ``c`` (moving a shaded neighbour there, when one is in the way), or take its
        shading back, where the rules allow (the unshaded runs through it within two rooms);
        the cells flipped, to flip back with ``unflip``; [] where the rules do not allow it."""
        shading, cols = self.shading, self.grid.cols
        if shading.values[c]:
            if any(self._walls_across(c, step) > 1 for step in (1, cols)):
                return []
            shading.shade(c, False)
            return [c]
        moved = [x for x in self.grid.neighbours[c] if shading.values[x]]
        if len(moved) > 1 or (moved and any(self._walls_across(moved[0], step) > 1 for step in (1, cols))):
            return []
        for x in moved:
            shading.shade(x, False)
        if shading.may(c):
            shading.shade(c)
            return [*moved, c]
        self.unflip(moved)
        return []

    def unflip(self, cells: Sequence[int]) -> None:
        """Flip ``cells`` (what ``flip`` did) back, last first."""
        for c in reversed(cells):
            self.shading.shade(c, not self.shading.values[c])

    def _walls_across(self, c: int, step: int) -> int:
        """The walls the run of unshaded cells through ``c`` (unshaded) would cross."""
        values, owner, cols, n, walls = self.shading.values, self.owner, self.grid.cols, self.grid.n_cells, 0
        for way in (-step, step):
            x = c
            while 0 <= x + way < n and (step > 1 or (x + way) // cols == x // cols) and not values[x + way]:
                walls += owner[x + way] != owner[x]
                x += way
        return walls

    def _clear(self, a: int, b: int, step: int, shaded: list[int]) -> bool:
        """Can a wall go between ``a`` and ``b`` (``b = a + step``) with the run of unshaded
        cells through them crossing no other wall?  Shades cells to make it so."""
        values, owner, cols = self.shading.values, self.owner, self.grid.cols
        while not values[a] and not values[b]:
            stretch = None
            for lo, hi, way in ((a, b, -step), (b, a, step)):
                x = lo
                while 0 <= x + way < len(values) and (step > 1 or (x + way) // cols == x // cols):
                    if values[x + way]:
                        break
                    if owner[x + way] != owner[x]:
                        stretch = range(min(x + way, hi), max(x + way, hi) + 1, step)
                        break
                    x += way
                if stretch is not None:
                    break
            if stretch is None:
                return True
            places = [c for c in stretch if self.shading.may(c)]
            if not places:
                return False
            shaded.append(self.rng.choice(places))
            self.shading.shade(shaded[-1])
        return True


def _shuffled(rng: Rng, items: Iterable[int]) -> list[int]:
    out = sorted(items)
    rng.shuffle(out)
    return out


# -- regions for a generator that plants its solution first (Star Battle) -------------------


def grown_regions(grid: RectGrid, stars: Sequence[int], k: int, rng: Rng) -> list[int] | None:
    """Per cell, its region: regions grown at random from each of ``stars`` (cells), then
    joined into regions of ``k`` stars each, the region with the fewest ways to join first;
    None when one has none."""
    owner = [-1] * grid.n_cells
    frontier = []
    for i, star in enumerate(stars):
        owner[star] = i
        frontier += [(n, i) for n in grid.neighbours[star]]
    while frontier:
        cell, i = frontier.pop(rng.below(len(frontier)))
        if owner[cell] < 0:
            owner[cell] = i
            frontier += [(n, i) for n in grid.neighbours[cell] if owner[n] < 0]
    near: list[set[int]] = [set() for _ in stars]  # regions that share a wall
    for a, b in grid.edge_cells:
        if owner[a] != owner[b]:
            near[owner[a]].add(owner[b])
            near[owner[b]].add(owner[a])
    size, join = [1] * len(stars), list(range(len(stars)))
    while True:
        short = [g for g in range(len(stars)) if join[g] == g and size[g] < k]
        if not short:
            return [join[i] for i in owner]
        ways = {g: sorted(h for h in near[g] if size[h] + size[g] <= k) for g in short}
        fewest = min(len(w) for w in ways.values())
        g = rng.choice([g for g in short if len(ways[g]) == fewest])
        if not fewest:
            return None
        h = rng.choice(ways[g])
        for i, j in enumerate(join):
            if j == h:
                join[i] = g
        size[g] += size[h]
        near[g] = (near[g] | near[h]) - {g, h}
        for other in near[h]:
            near[other] = (near[other] - {h}) | ({g} if other != g else set())


def moved_path(regions: Regions, fixed: Sequence[int], start: int, rng: Rng) -> list[int] | None:
    """Per cell, its region once a path of cells from ``start`` (or a neighbour, when
    ``fixed[start]``) to another region has moved into that region, round the cells where
    ``fixed`` is true (a planted solution's stars, which never move); the pieces the old
    region would lose move along, so every region stays one piece with its fixed cells.
    None when no such path is found."""
    grid, owner = regions.grid, list(regions.owner)
    if fixed[start]:
        start = rng.choice(grid.neighbours[start])
        if fixed[start]:
            return None
    region = set(regions.cells[owner[start]])
    came, queue = {start: start}, [start]
    for cell in queue:  # breadth first through the region
        near = sorted({owner[n] for n in grid.neighbours[cell] if n not in region})
        path = [cell]
        while path[-1] != start:
            path.append(came[path[-1]])
        pieces = grid.pieces((region - set(path)).__contains__)
        held = [p for p in pieces if any(fixed[c] for c in p)]
        if near and len(held) == 1:
            to = rng.choice(near)
            for moved in [*path, *(c for p in pieces if p is not held[0] for c in p)]:
                owner[moved] = to
            return owner
        for n in grid.neighbours[cell]:
            if n in region and n not in came and not fixed[n]:
                came[n] = cell
                queue.append(n)
    return None
