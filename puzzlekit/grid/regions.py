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
from itertools import pairwise

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import BOOL, FALSE, TRUE, Model, Propagator, Rung, Violation
from puzzlekit.core.rng import Rng
from puzzlekit.core.unionfind import UnionFind
from puzzlekit.formats.level import Block, is_number
from puzzlekit.grid.shading import Shading, random_shading
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
        self._own([joined.find(cell) for cell in range(grid.n_cells)], grid, word)

    @classmethod
    def of_pieces(cls, grid: RectGrid, labels: Sequence[object], word: str = "region") -> Regions:
        """``Regions(grid, labels, word)`` where each label is known to be one connected
        piece (a room cutter's rectangles): no flood, for a generator that builds its
        regions again after every change."""
        regions = cls.__new__(cls)
        regions._own(labels, grid, word)
        return regions

    def _own(self, roots: Sequence[object], grid: RectGrid, word: str) -> None:
        """Number the pieces ``roots`` names (one label per piece) by their first cell."""
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

    def unbroken(
        self, breaks: Callable[[int], bool], kind: str, walls: int = 2, is_open: Callable[[int], bool] | None = None
    ) -> list[Violation]:
        """A violation per run across ``walls`` walls (``runs_across``) none of whose cells
        ``breaks`` (Heyawake: is shaded); an unfinished one where a cell of it ``is_open``
        (unmarked: it may still be shaded), so a board with such a run is never solved."""
        found = []
        for run in self.runs_across(walls):
            if not any(breaks(c) for c in run):
                where = f"{self.grid.name(run[0])} to {self.grid.name(run[-1])}"
                many = ("two", "three", "four", "five")[walls - 1] if walls < 5 else str(walls + 1)
                unfinished = is_open is not None and any(is_open(c) for c in run)
                what = f"unshaded cells cross {many} {self.word}s from {where}"
                if unfinished:
                    what = f"nothing shaded yet breaks the line from {where} across {many} {self.word}s"
                found.append(Violation(kind, what, run, unfinished=unfinished, cells=run))
        return found

    def numbers_in(self, clues: ParsedGrid, word: str = "number") -> tuple[tuple[int | None, ...], tuple[int, ...]]:
        """Per region, the number a layer read by ``read_grid`` writes in it (None: none) and
        its cell (the region's first when none); a located error where a region has two."""
        numbers: list[int | None] = [None] * self.n
        spots = [cells[0] for cells in self.cells]
        for cell, token in enumerate(clues.tokens):
            if is_number(token):
                region = self.owner[cell]
                if numbers[region] is not None:
                    raise clues.error(cell, f"{self.name(region)} has two {word}s; a {self.word} has one at most")
                numbers[region], spots[region] = int(token), cell
        return tuple(numbers), tuple(spots)

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


FORCE_TRIES = 20
"""Cuts ``RoomCutter.force`` tries in a room before it gives up."""
REGROW_MOST = 30
"""The largest rectangle ``RoomCutter.regrow`` merges rooms into."""
REGROW_NODES = 2000
"""Nodes of ``regrow``'s redrawing: a merged room and its ring hold up to 56 cells."""
RESHADE_NODES = 300
"""Nodes of ``RoomCutter.reshade``'s search: a room and its ring (up to 42 cells) is
redrawn in a few dozen when it can be."""


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
        self.largest = grid.n_cells
        """The largest room ``cut_down`` last cut to (``regrow`` cuts to it again)."""
        self._cells: dict[Rect, tuple[int, ...]] = {}
        self.refused: set[tuple[Rect, tuple[int, ...]]] = set()
        """Rooms ``force`` found no cut for, with what it saw (``_seen``): asked again
        with nothing near changed, it refuses at once."""

    @classmethod
    def round_shading(cls, grid: RectGrid, rng: Rng, largest: int) -> RoomCutter:
        """Rooms of up to ``largest`` cells (a room no cut may split stays bigger) cut round
        a random shading (``random_shading``), shaded further where a cut needs it."""
        cutter = cls(random_shading(grid, rng, 1), rng)
        cutter.cut_down(largest)
        return cutter

    def rooms(self, word: str = "room") -> tuple[Regions, tuple[int, ...]]:
        """The rooms as ``Regions``, and per room its shaded cells (its number)."""
        rooms, values = Regions.of_pieces(self.grid, self.owner, word), self.shading.values
        return rooms, tuple(sum(values[c] for c in cells) for cells in rooms.cells)

    def runs(self) -> list[tuple[int, ...]]:
        """``Regions.runs_across(2)`` of the rooms as they stand, read off ``owner`` (a
        generator asks after every cut)."""
        owner, rows, cols, out = self.owner, self.grid.rows, self.grid.cols, []
        lines = [range(r * cols, (r + 1) * cols) for r in range(rows)] + [
            range(c, rows * cols, cols) for c in range(cols)
        ]
        for line in lines:
            walls = [i for i in range(len(line) - 1) if owner[line[i]] != owner[line[i + 1]]]
            out += [tuple(line[a : b + 2]) for a, b in pairwise(walls)]
        return out

    def numbered(self) -> list[tuple[int, tuple[int, ...], int]]:
        """Per room, ``(room, its cells, its shaded cells)``: a generator's rooms numbered."""
        values = self.shading.values
        return [
            (k, cells, sum(values[c] for c in cells)) for k, cells in enumerate(map(self.cells, range(len(self.rects))))
        ]

    def split(self, k: int) -> bool:
        """Cut room ``k`` in two at random where it may be; False where it may not."""
        return split_rect(self.rects[k], self.rng, self.cut) is not None

    def cut_down(self, largest: int) -> None:
        """Cut every room of more than ``largest`` cells (that may be cut) until none is."""
        self.largest = largest
        self._cut_from(0)

    def _cut_from(self, k: int, only: int | None = None) -> None:
        """``cut_down`` of the rooms from ``k`` on (``only``: of room ``only`` and its parts)."""
        first = len(self.rects)
        while k < len(self.rects):
            r0, c0, r1, c1 = self.rects[k]
            if (r1 - r0) * (c1 - c0) <= self.largest or not self.split(k):
                k = first if k == only else k + 1

    def cut(self, rect: Rect, down: bool, at: int) -> bool:
        r0, c0, r1, c1 = rect
        cols, step = self.grid.cols, 1 if down else self.grid.cols
        ends = [r * cols + at for r in range(r0, r1)] if down else [at * cols + c for c in range(c0, c1)]
        shaded: list[int] = []
        if not all(self._clear(b - step, b, step, shaded) for b in ends):
            for c in reversed(shaded):  # a refused cut leaves the shading as it was
                self.shading.shade(c, False)
            return False
        self._place(self.owner[ends[0]], down, at)
        return True

    def _place(self, k: int, down: bool, at: int) -> None:
        """Cut room ``k`` (its rectangle is ``rect``) as ``split_rect`` says, rules unasked."""
        r0, c0, r1, c1 = self.rects[k]
        new = len(self.rects)
        self.rects.append((r0, c0, r1, at) if down else (r0, c0, at, c1))
        self.rects[k] = (r0, at, r1, c1) if down else (at, c0, r1, c1)
        self._own(new)

    def _own(self, k: int) -> None:
        r0, c0, r1, c1 = self.rects[k]
        for r in range(r0, r1):
            self.owner[r * self.grid.cols + c0 : r * self.grid.cols + c1] = [k] * (c1 - c0)

    def settle(self, left: Callable[[], Sequence[int]], moves: int, regrows: int = 0) -> bool:
        """Cut rooms, and redraw the shading, until ``left()`` (the cells deduction leaves
        open on the board as it stands) is empty; False when nothing more helps.

        Each round cuts half the rooms holding open cells (else rooms beside them): a cut
        adds walls and numbers and takes none, so the open cells only fall.  Where none may
        be cut, a room holding open cells is cut anyway and the shading round it redrawn to
        fit (``force``), else the shading round an open cell is redrawn (``reshade``, radius
        2, else 3): two ways to shade a 2x2 block's diagonals, which counts cannot tell
        apart in one room, need a wall there.  It gives up after ``moves`` of those in a row
        that leave no fewer cells open than the fewest so far: stuck there, it only swaps
        one ambiguous shading for another; then, up to ``regrows`` times, it merges a room
        holding open cells with those round it and cuts it again (``regrow``), and goes on."""
        rng, near, open_cells = self.rng, self.grid.neighbours, left()
        fewest, stalled, regrown = len(open_cells), 0, 0
        while open_cells:
            owner = self.owner
            loose = _shuffled(rng, {owner[c] for c in open_cells})
            beside = _shuffled(rng, {owner[x] for c in open_cells for x in near[c]} - set(loose))
            cut = 0
            for k in loose + beside:
                cut += 2 * cut < len(loose) and self.split(k)
            if not cut:
                stalled += 1
                if stalled > moves or not (
                    any(self.force(k) for k in loose + beside)
                    or any(self.reshade(self.around(c, r), True) for r in (2, 3) for c in _shuffled(rng, open_cells))
                ):
                    if regrown == regrows or not any(self.regrow(k) for k in loose):
                        return False
                    regrown, fewest = regrown + 1, self.grid.n_cells + 1
            open_cells = left()
            if len(open_cells) < fewest:
                fewest, stalled = len(open_cells), 0
        return True

    def regrow(self, k: int, most: int = REGROW_MOST) -> bool:
        """Merge room ``k`` with the rooms round it into a rectangle of whole rooms, redraw
        the shading there and in its ring (``reshade``), and cut that room down again
        (``cut_down``'s ``largest``): for a settle stuck on a room no cut or redrawing mends
        (a 2x2 room whose one shaded cell could be any of three).  Of the smallest
        rectangles holding it and one neighbour each, the largest of at most ``most`` cells
        (20x20 rung 1, 30 seeds: 31 attempts where the smallest took 45).  Taking walls
        away never breaks the rules, so the merge always holds; False (nothing changed)
        when no rectangle fits."""
        owner, rects = self.owner, self.rects
        best: Rect | None = None
        for j in _shuffled(self.rng, {owner[x] for c in self.cells(k) for x in self.grid.neighbours[c]} - {k}):
            rect = self._closed(_hull(rects[k], rects[j]))
            if _area(rect) <= most and (best is None or _area(rect) > _area(best)):
                best = rect
        if best is None:
            return False
        inside = sorted({owner[c] for c in self.window(best)})
        for j in reversed(inside[1:]):  # the last room takes the place of each merged one
            last = rects.pop()
            if j < len(rects):
                rects[j] = last
                self._own(j)
        rects[inside[0]] = best
        self._own(inside[0])
        r0, c0, r1, c1 = best
        self.reshade(self.window((r0 - 1, c0 - 1, r1 + 1, c1 + 1)), nodes=REGROW_NODES)
        self._cut_from(inside[0], only=inside[0])
        return True

    def cells(self, k: int) -> tuple[int, ...]:
        """The cells of room ``k``, in reading order (kept per rectangle: settling asks
        after every cut)."""
        rect = self.rects[k]
        cells = self._cells.get(rect)
        if cells is None:
            cells = self._cells[rect] = tuple(self.window(rect))
        return cells

    def _closed(self, rect: Rect) -> Rect:
        """The smallest rectangle of whole rooms holding ``rect``."""
        while True:
            grown = rect
            for j in {self.owner[c] for c in self.window(rect)}:
                grown = _hull(grown, self.rects[j])
            if grown == rect:
                return rect
            rect = grown

    def around(self, cell: int, radius: int) -> list[int]:
        """The cells of the square of ``radius`` round ``cell``, on the board, in reading order."""
        r, c = divmod(cell, self.grid.cols)
        return self.window((r - radius, c - radius, r + radius + 1, c + radius + 1))

    def window(self, rect: Rect) -> list[int]:
        """The cells of ``rect`` that are on the board, in reading order."""
        r0, c0, r1, c1 = rect
        rows, cols = range(max(0, r0), min(self.grid.rows, r1)), range(max(0, c0), min(self.grid.cols, c1))
        return [r * self.grid.cols + c for r in rows for c in cols]

    def force(self, k: int, tries: int = FORCE_TRIES) -> bool:
        """Cut room ``k`` where a cut may not go, and redraw the shading of the room and the
        ring round it (``reshade``) so the rules hold again; up to ``tries`` cuts at random.
        False (and nothing changed) when none fits, and at once for a room that found none
        before with its rows and columns as they are (``refused``)."""
        r0, c0, r1, c1 = rect = self.rects[k]
        seen = (rect, self._seen(rect))
        if seen in self.refused:
            return False
        cuts = [(True, c) for c in range(c0 + 1, c1)] + [(False, r) for r in range(r0 + 1, r1)]
        self.rng.shuffle(cuts)
        window = self.window((r0 - 1, c0 - 1, r1 + 1, c1 + 1))
        for down, at in cuts[:tries]:
            self._place(k, down, at)
            if self.reshade(window):
                return True
            self.rects[k] = rect  # undo the cut: room k takes its cells back
            self.rects.pop()
            self._own(k)
        self.refused.add(seen)
        return False

    def _seen(self, rect: Rect) -> tuple[int, ...]:
        """What ``reshade`` of ``rect`` and its ring looks at: the shading and rooms of the
        rows and columns through it (the runs it may lengthen; connectivity further off is
        taken as unchanged)."""
        r0, c0, r1, c1 = rect
        rows, cols = self.grid.rows, self.grid.cols
        band = self.window((r0 - 1, 0, r1 + 1, cols)) + self.window((0, c0 - 1, rows, c1 + 1))
        values, owner = self.shading.values, self.owner
        return tuple(values[c] for c in band) + tuple(owner[c] for c in band)

    def reshade(self, cells: Sequence[int], differ: bool = False, nodes: int = RESHADE_NODES) -> bool:
        """Shade ``cells`` anew at random so the rules hold (none touching, the unshaded one
        area, no unshaded run across two walls), the rest of the board as it is: a
        depth-first search in reading order, shading first two times in three, of at most
        ``nodes`` nodes; ``differ``: the new shading must differ from the old.  False (and
        the shading as it was) when none is found."""
        shading, near, rng = self.shading, self.grid.neighbours, self.rng
        old = [shading.values[c] for c in cells]
        for c in cells:
            shading.shade(c, False)
        pending, left = set(cells), [nodes]

        def fill(i: int) -> bool:
            if i == len(cells):
                return not differ or [shading.values[c] for c in cells] != old
            left[0] -= 1
            c = cells[i]
            pending.discard(c)
            first = rng.below(3) != 0
            for shade in (first, not first):
                if left[0] < 0:
                    break
                if not shade:
                    if not self._crosses(c, pending) and fill(i + 1):
                        return True
                elif shading.may(c):
                    shading.shade(c)
                    if not any(self._crosses(x, pending) for x in near[c]) and fill(i + 1):
                        return True
                    shading.shade(c, False)
            pending.add(c)
            return False

        if fill(0):
            return True
        for c, value in zip(cells, old):
            shading.shade(c, bool(value))
        return False

    def _crosses(self, c: int, pending: set[int]) -> bool:
        """Does the run of unshaded cells through ``c`` (unshaded) cross two walls, either
        way, a cell of ``pending`` counted unshaded once a neighbour is shaded?"""
        values, owner, grid = self.shading.values, self.owner, self.grid
        cols, n, near = grid.cols, grid.n_cells, grid.neighbours
        if values[c]:
            return False
        for step in (1, cols):
            walls = 0
            for way in (-step, step):
                x = c
                while 0 <= x + way < n and (step > 1 or (x + way) // cols == x // cols):
                    y = x + way
                    if values[y] or (y in pending and not any(values[z] for z in near[y])):
                        break
                    walls += owner[y] != owner[x]
                    x = y
            if walls > 1:
                return True
        return False

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


def _hull(a: Rect, b: Rect) -> Rect:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _area(rect: Rect) -> int:
    return (rect[2] - rect[0]) * (rect[3] - rect[1])


def _shuffled(rng: Rng, items: Iterable[int]) -> list[int]:
    out = sorted(items)
    rng.shuffle(out)
    return out


# -- regions for a generator that plants its solution first (Star Battle) -------------------


def grown_regions(
    grid: RectGrid, stars: Sequence[int], k: int, rng: Rng, taken: Sequence[int] = ()
) -> list[int] | None:
    """Per cell, its region: regions grown at random from each of ``stars`` (cells), then
    joined into regions of ``k`` stars each, the region with the fewest ways to join first;
    None when one has none.  The cells of ``taken`` (regions drawn before) stay -1."""
    owner = [-1] * grid.n_cells
    for cell in taken:
        owner[cell] = -2
    frontier = []
    for i, star in enumerate(stars):
        owner[star] = i
        frontier += [(n, i) for n in grid.neighbours[star]]
    while frontier:
        cell, i = frontier.pop(rng.below(len(frontier)))
        if owner[cell] == -1:
            owner[cell] = i
            frontier += [(n, i) for n in grid.neighbours[cell] if owner[n] == -1]
    near: list[set[int]] = [set() for _ in stars]  # regions that share a wall
    for a, b in grid.edge_cells:
        if owner[a] != owner[b] and min(owner[a], owner[b]) >= 0:
            near[owner[a]].add(owner[b])
            near[owner[b]].add(owner[a])
    size, join = [1] * len(stars), list(range(len(stars)))
    while True:
        short = [g for g in range(len(stars)) if join[g] == g and size[g] < k]
        if not short:
            return [join[i] if i >= 0 else -1 for i in owner]
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


# -- regions grown round a planted shading, kept solved by deduction (Norinori, LITS) ------

OFF = -1
"""``RegionGrowth.owner`` of a cell in no region yet (it is unshaded meanwhile)."""


def moved_until(
    grid: RectGrid, owner: list[int], fixed: Sequence[bool], rng: Rng, judged: Callable[[list[int]], bool], tries: int
) -> bool:
    """Move one cell at a time (not a ``fixed`` one, none that would split its region) to a
    region beside it, kept (``owner`` changed in place) when ``judged(owner)``: say
    whether one was, within ``tries`` random cells (LITS's medium and hard from a board
    rung 1 solves)."""
    for _ in range(tries):
        cell = rng.below(grid.n_cells)
        old = owner[cell]
        near = sorted({owner[n] for n in grid.neighbours[cell]} - {old})
        if fixed[cell] or not near or len(grid.pieces(lambda c: c != cell and owner[c] == old)) > 1:  # noqa: B023
            continue
        owner[cell] = rng.choice(near)
        if judged(owner):
            return True
        owner[cell] = old
    return False


class RegionGrowth:
    """A generator's board while cells join regions round a planted shading (``shaded``,
    per cell 1 or 0): ``owner[cell]`` is its region, or :data:`OFF` (unshaded, a given
    meanwhile).  A change is kept when deduction capped at ``rung`` still solves the cells
    within ``reach`` steps of the changed region, judged on a window: the rules of the
    regions round them and of their cells (a subset of the whole board's, on domains no
    narrower, so whatever it solves the whole board solves too); cells beyond the window
    take their planted values, which no rule in it reads.  ``whole_board`` then judges
    the whole board once.

    ``cell_rules(cell)`` and ``region_rules(cells)`` (a region's sorted cells) are built
    once per run and kept (a region's for as long as it has those cells), and so are
    ``pair_rules(cells, cells)``, rules between two regions side by side (LITS's equal
    tetrominoes), judged where both regions are in the window; ``extra()`` adds fresh
    propagators to every model (a ``Lookahead``, which keeps an engine per model)."""

    def __init__(
        self,
        grid: RectGrid,
        ladder: Sequence[Rung],
        shaded: list[int],
        rung: int,
        cell_rules: Callable[[int], Sequence[Propagator]],
        region_rules: Callable[[tuple[int, ...]], Sequence[Propagator]],
        extra: Callable[[], Sequence[Propagator]] = tuple,
        reach: int = 0,
        context: int = 3,
        rival: Callable[[Sequence[int], Sequence[int]], bool] | None = None,
        pair_rules: Callable[[tuple[int, ...], tuple[int, ...]], Sequence[Propagator]] | None = None,
    ) -> None:
        self.grid, self.ladder, self.shaded, self.rung = grid, tuple(ladder), shaded, rung
        self._rival = rival
        self._make_pairs = pair_rules
        self.reach, self.context = reach, context
        self.owner = [OFF] * grid.n_cells
        self.members: dict[int, set[int]] = {}
        """Per region, its cells."""
        self._cell_rules = [tuple(cell_rules(c)) for c in range(grid.n_cells)]
        self._make_rules, self._extra = region_rules, extra
        self._kept: dict[tuple[int, ...], tuple[Propagator, ...]] = {}
        self._kept_pairs: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Propagator, ...]] = {}

    def put(self, cell: int, region: int) -> None:
        """Move ``cell`` into ``region`` (:data:`OFF`: out of every region)."""
        old = self.owner[cell]
        if old != OFF:
            self.members[old].discard(cell)
        self.owner[cell] = region
        if region != OFF:
            self.members.setdefault(region, set()).add(cell)

    def attempt(self, cells: Sequence[int], region: int, flips: Sequence[int] = ()) -> bool:
        """Put ``cells`` in ``region`` (a new number: a new region) and flip the planted
        shading at ``flips``, kept when deduction still solves the cells round the region;
        else nothing changes."""
        old = [self.owner[c] for c in cells]
        for c in cells:
            self.put(c, region)
        for c in flips:
            self.shaded[c] ^= 1
        if self._settled(self.members[region]) and not self.open_cells(self.members[region]):
            return True
        for c in flips:
            self.shaded[c] ^= 1
        for c, was in zip(cells, old):
            self.put(c, was)
        return False

    def join_or_slide(self, cell: int, rng: Rng) -> bool:
        """Put ``cell`` in a region beside it, or slide a domino beside it onto it (its far
        cell left unshaded in its region), so that deduction still solves the cells round it;
        False, changing nothing, when no way does."""
        grid, owner, shaded = self.grid, self.owner, self.shaded
        near = list(grid.neighbours[cell])
        rng.shuffle(near)
        if any(self.attempt((cell,), r) for r in dict.fromkeys(owner[n] for n in near if owner[n] != OFF)):
            return True
        for n in near:
            far = next((m for m in grid.neighbours[n] if shaded[m]), -1) if shaded[n] else -1
            free = far >= 0 and not any(shaded[m] for m in grid.neighbours[cell] if m != n)
            if free and self.attempt((cell,), owner[n], (cell, far)):
                return True
        return False

    def free(self, regions: Iterable[int]) -> list[int]:
        """Take the unshaded cells of ``regions`` out of them; those cells, in order."""
        wanted = set(regions) - {OFF}
        out = [c for c in range(self.grid.n_cells) if self.owner[c] in wanted and not self.shaded[c]]
        for c in out:
            self.put(c, OFF)
        return out

    def grow(self, join: Callable[[int], bool], rng: Rng, tick: Callable[[], None], tries: int) -> bool:
        """Every cell in no region joins one (``join(cell)``: True when it did), in a random
        order, pass after pass.  After a pass that joins none, the regions beside a stuck
        cell (one at random) give their unshaded cells back; once every cell has joined,
        the whole board is judged, and the regions round the cells it leaves open give
        theirs back.  True when the whole board is solved; False after ``tries`` joins
        tried, or when nothing is left to give back.  ``tick()`` looks at the clock."""
        near, owner = self.grid.neighbours, self.owner
        waiting = [c for c in range(self.grid.n_cells) if owner[c] == OFF]
        rng.shuffle(waiting)
        while tries > 0:
            tick()
            tries -= len(waiting)
            stuck = [c for c in waiting if not join(c)]
            if stuck and len(stuck) < len(waiting):
                waiting = stuck
                continue
            left = [rng.choice(stuck)] if stuck else self.open_cells()
            if not left:
                return True
            freed = self.free({owner[n] for c in left for n in (c, *near[c])})
            if not freed and not stuck:
                return False
            rng.shuffle(freed)
            waiting = [*left[:1], *freed, *(c for c in stuck if c != left[0])] if stuck else freed
        return False

    def open_cells(self, near: Iterable[int] | None = None) -> list[int]:
        """The cells within ``reach`` of ``near`` (None: every cell) that deduction leaves
        open, or all of them when it finds a contradiction."""
        grid, owner = self.grid, self.owner
        if near is None:
            judged = window = set(range(grid.n_cells))
        else:
            judged = _ball(grid, near, self.reach)
            window = _ball(grid, judged, self.context)
            window |= {c for r in {owner[c] for c in window} - {OFF} for c in self.members[r]}
        model = Model(self.ladder, domains=[TRUE if v else FALSE for v in self.shaded])
        for c in window | _ball(grid, window, 1):
            model.domains[c] = FALSE if owner[c] == OFF else BOOL
        for c in window:
            model.propagators += self._cell_rules[c]
        inside = []
        for r in {owner[c] for c in window} - {OFF}:
            cells = tuple(sorted(self.members[r]))
            if window.issuperset(cells):
                model.propagators += self._kept.get(cells) or self._keep(cells)
                inside.append(r)
        model.propagators += self._pairs(inside, set(inside))
        model.propagators += self._extra()
        engine = self._settle(model, judged)
        if engine is None:
            return sorted(judged)
        return sorted(c for c in judged if engine.dom[c] == BOOL)

    def _settled(self, region: set[int]) -> bool:
        """Does deduction settle ``region`` when every other cell is given its planted
        value?  A quick test a change must pass first: told more, deduction on the
        window can only do better.  ``rival(shaded, cells)`` true (a second way to colour
        the region with every other cell planted) answers no at once: sound deduction
        cannot settle a region two ways fit."""
        cells = tuple(sorted(region))
        if self._rival is not None and self._rival(self.shaded, cells):
            return False
        model = Model(self.ladder, domains=[TRUE if v else FALSE for v in self.shaded])
        for c in cells:
            model.domains[c] = BOOL
        for c in _ball(self.grid, cells, 1):
            model.propagators += self._cell_rules[c]
        model.propagators += self._kept.get(cells) or self._keep(cells)
        model.propagators += self._pairs([self.owner[cells[0]]], None)
        model.propagators += self._extra()
        engine = self._settle(model, cells)
        return engine is not None and BOOL not in (engine.dom[c] for c in cells)

    def _settle(self, model: Model, cells: Iterable[int]) -> Engine | None:
        """The engine on ``model`` at its fixpoint (None: a contradiction), rung by rung:
        the dearer rungs (trial) only run while ``cells`` are not all settled."""
        engine = Engine(model, max_rung=self.rung)
        for rung in range(1, self.rung + 1):
            if not (engine.start(rung) if rung == 1 else engine.run(rung)):
                return None
            if BOOL not in (engine.dom[c] for c in cells):
                break
        return engine

    def _pairs(self, regions: Sequence[int], among: set[int] | None) -> list[Propagator]:
        """``pair_rules`` of each of ``regions`` with each region beside it (in ``among``,
        unless None), every pair once."""
        if self._make_pairs is None:
            return []
        near, owner = self.grid.neighbours, self.owner
        out: list[Propagator] = []
        for r in regions:
            for s in sorted({owner[n] for c in self.members[r] for n in near[c]} - {OFF, r}):
                if among is None or (s in among and s > r):
                    key = (tuple(sorted(self.members[r])), tuple(sorted(self.members[s])))
                    out += self._kept_pairs.get(key) or self._keep_pair(key)
        return out

    def _keep_pair(self, key: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[Propagator, ...]:
        assert self._make_pairs is not None
        if len(self._kept_pairs) > 50 * self.grid.n_cells:  # pairs long gone
            self._kept_pairs.clear()
        self._kept_pairs[key] = tuple(self._make_pairs(*key))
        return self._kept_pairs[key]

    def _keep(self, cells: tuple[int, ...]) -> tuple[Propagator, ...]:
        if len(self._kept) > 50 * self.grid.n_cells:  # regions long gone
            self._kept.clear()
        self._kept[cells] = tuple(self._make_rules(cells))
        return self._kept[cells]


def _ball(grid: RectGrid, cells: Iterable[int], steps: int) -> set[int]:
    """The cells at most ``steps`` steps from ``cells``."""
    out = set(cells)
    edge = out
    for _ in range(steps):
        edge = {n for c in edge for n in grid.neighbours[c]} - out
        out |= edge
    return out
