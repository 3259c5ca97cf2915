"""LITS-like boards (one piece of four cells a region, the pieces one shaded whole, equal
pieces never side by side) built in the order deduction solves them, as
``grid.orderedregions`` builds Norinori's: each step places a piece on cells nothing fixes
yet, touching the pieces before it, and closes a region round it of the piece, cells
already known unshaded and unknown cells that leave the piece its region's only way (they
are in bits of fewer than four cells, or every other way would touch an equal piece placed
before).  The region's ``Ways`` shade the piece and leave the rest; a 2x2 block with three
shaded cells leaves its fourth.  Every such board is solved by rung 1 by construction;
cells no region can take at the end are stranded, and then the last steps are drawn
again."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from puzzlekit.core.rng import Rng
from puzzlekit.grid import RectGrid
from puzzlekit.grid.orderedregions import drawn
from puzzlekit.grid.shapes import Shape, normal, touching_equal

UNKNOWN = -1
CANDIDATES = 8
"""Pieces a careful step weighs (each closed on a copy of the board) before taking the best."""


class PieceBoard:
    """One draw: ``known`` per cell (1 shaded, 0 unshaded, UNKNOWN), ``when`` the step it
    became known (a cell known at step k was still open when region k closed), ``owner``
    its region (-1: none yet), ``pieces`` the region's piece by region, ``free`` the known
    cells in no region."""

    def __init__(self, grid: RectGrid, shapes: Collection[Shape], largest: int) -> None:
        self.grid, self.shapes, self.largest, n = grid, shapes, largest, grid.n_cells
        self.known, self.when, self.owner = [UNKNOWN] * n, [0] * n, [-1] * n
        self.pieces: list[tuple[int, ...]] = []
        self.free: set[int] = set()
        self.deps: list[int] = []
        """Per region, the regions (bits) deduction must solve before it can solve it."""
        self.cause: dict[int, int] = {}
        """Per cell a 2x2 block left unshaded, the regions (bits) whose solving shows it."""
        self.late: set[int] = set()
        """Cells that joined a region as known unshaded without opening it (``settle``)."""
        self.through, self.blocks, self.rim, self.rests = _tables(grid, shapes)
        self.dead = 0
        """``strands()`` as a careful step left it (-1: not known)."""

    def copy(self) -> PieceBoard:
        out = PieceBoard.__new__(PieceBoard)
        out.grid, out.shapes, out.largest = self.grid, self.shapes, self.largest
        out.through, out.blocks, out.rim, out.rests = self.through, self.blocks, self.rim, self.rests
        out.known, out.when, out.owner = self.known[:], self.when[:], self.owner[:]
        out.pieces, out.free, out.deps = self.pieces[:], set(self.free), self.deps[:]
        out.cause, out.late, out.dead = dict(self.cause), set(self.late), self.dead
        return out

    def open_near(self, cell: int) -> list[int]:
        return [m for m in self.grid.neighbours[cell] if self.known[m] == UNKNOWN]

    def step(self, rng: Rng, careful: bool = True) -> bool:
        """Place one piece touching the shaded cells and close its region; False when none fits.
        The starts with the fewest open neighbours first (corners: nothing else reaches them);
        ``careful``: the first piece that strands no cell (``strands``, on a copy), else the one that
        strands fewest."""
        grid, known = self.grid, self.known
        if self.pieces:
            pool = sorted({m for p in self.pieces for m in self.rim[p] if known[m] == UNKNOWN})
        else:
            pool = [c for c in range(grid.n_cells) if known[c] == UNKNOWN]
        rng.shuffle(pool)
        free = self.free
        pool.sort(key=lambda c: (not any(m in free for m in grid.neighbours[c]), len(self.open_near(c))))
        cap, tried, best, dead = rng.between(4, self.largest), 0, None, self.dead
        pockets: dict[int, tuple[set[int], bool]] = {}  # this board's, flooded once for every candidate
        for start in pool:
            ways = [p for p in self.through[start] if max(map(known.__getitem__, p)) == UNKNOWN]
            rng.shuffle(ways)
            for way in ways:
                if not self._fits(way):
                    continue
                if not careful:
                    self._close(way, cap)
                    self.dead = -1
                    return True
                after = self.copy()
                changed = after._close(way, cap)
                dead = self.strands() if dead < 0 else dead
                cost, tried = dead + self._more_dead(after, changed, pockets), tried + 1
                if best is None or cost < best[0]:
                    best = (cost, after)
                if not cost or tried >= CANDIDATES:
                    break
            if best is not None and (not best[0] or tried >= CANDIDATES):
                break
        if best is None:
            return False
        self.__dict__.update(best[1].__dict__)
        self.dead = best[0]
        return True

    def strands(self) -> int:
        """Cells already sure to strand: open cells in pockets no piece fits in, and
        unshaded cells in no region with no open neighbour and none in a region closed
        after they were known."""
        known = self.known
        dead = sum(len(p) for p in self.grid.pieces(lambda c: known[c] == UNKNOWN) if not self._holds_piece(p))
        return dead + sum(self._lost(x) for x in self.free)

    def _lost(self, x: int) -> bool:
        """The unshaded cell ``x`` strands: no open neighbour, and none in a region closed
        after it was known."""
        known, owner, when = self.known, self.owner, self.when[x]
        near = self.grid.neighbours[x]
        return all(known[m] != UNKNOWN for m in near) and all(owner[m] <= when for m in near)

    def _more_dead(
        self, after: PieceBoard, changed: Iterable[int], pockets: dict[int, tuple[set[int], bool]] | None = None
    ) -> int:
        """``after.strands() - self.strands()`` for ``after`` one step on, read only round the
        cells the step ``changed``: pockets and free cells farther off are the same in both."""
        kings, area = self.grid.kings, set(changed)
        for c in list(area):
            area.update(kings[c])
        return after._dead_in(area) - self._dead_in(area, pockets)

    def _dead_in(self, area: set[int], pockets: dict[int, tuple[set[int], bool]] | None = None) -> int:
        """``strands()`` of the pockets holding a cell of ``area`` and the free cells in it;
        ``pockets`` remembers this board's pockets by cell (and whether they hold a piece)."""
        grid, known, seen, dead = self.grid, self.known, set(), 0
        for m in area:
            if known[m] != UNKNOWN or m in seen:
                continue
            if pockets is not None and m in pockets:
                pocket, holds = pockets[m]
            else:
                pocket, todo = {m}, [m]
                while todo:
                    for x in grid.neighbours[todo.pop()]:
                        if known[x] == UNKNOWN and x not in pocket:
                            pocket.add(x)
                            todo.append(x)
                holds = self._holds_piece(pocket)
                if pockets is not None:
                    pockets.update(dict.fromkeys(pocket, (pocket, holds)))
            seen |= pocket
            dead += 0 if holds else len(pocket)
        return dead + sum(self._lost(x) for x in self.free & area)

    def _doomed(self, near: Iterable[int]) -> set[int]:
        """The open cells, in pockets round ``near``, that no later piece can go in: only a
        region closing now can take them."""
        known, seen, doomed = self.known, set(), set()
        for m in near:
            if known[m] != UNKNOWN or m in seen:
                continue
            pocket, todo = {m}, [m]
            while todo:
                for x in self.grid.neighbours[todo.pop()]:
                    if known[x] == UNKNOWN and x not in pocket:
                        pocket.add(x)
                        todo.append(x)
            seen |= pocket
            if not self._holds_piece(pocket):
                doomed |= pocket
        return doomed

    def _holds_piece(self, cells: Collection[int]) -> bool:
        """Can a later piece go in these open cells (no later region can reach them else)?"""
        if len(cells) < 4:
            return False
        inside = cells if isinstance(cells, set) else set(cells)
        return any(self._fits(way) for c in cells for way in self.through[c] if inside.issuperset(way))

    def _fits(self, way: tuple[int, ...]) -> bool:
        """No 2x2 block all shaded with ``way``, no equal piece beside it."""
        known = self.known
        if any(not rest or min(map(known.__getitem__, rest)) == 1 for rest in self.rests[way]):
            return False
        return not self._clashes(way, len(self.pieces))

    def _clashes(self, way: tuple[int, ...], before: int) -> bool:
        """Does ``way`` touch an equal piece of a region closed before step ``before``?"""
        known, owner = self.known, self.owner
        near = {owner[m] for m in self.rim[way] if known[m] == 1}
        return any(0 <= r < before and touching_equal(self.grid, way, self.pieces[r]) for r in near)

    def only_way(self, region: int, opened: Collection[int], cell: int) -> int | None:
        """Does region ``region``'s piece stay the only way to place one in its cells open
        when it closed (``opened``, where it was) with ``cell`` open too: does every piece
        through ``cell`` leave them, touch an equal piece or fill a 2x2 block with shaded
        cells of regions solved without it?  The regions (bits) that shows it, or None."""
        inside, used = set(opened) | {cell}, 0
        for way in (p for p in self.through[cell] if inside.issuperset(p)):
            why = self._refuted(way, region)
            if why is None:
                return None
            used |= why
        return used

    def _solved_by(self, region: int) -> int:
        return 1 << region | self.deps[region]

    def _usable(self, other: int, region: int) -> bool:
        """May ``region``'s deduction read ``other``'s piece (it is solved without it)?"""
        return 0 <= other < len(self.deps) and other != region and not self.deps[other] >> region & 1

    def _refuted(self, way: tuple[int, ...], region: int) -> int | None:
        """The regions (bits) whose pieces rule ``way`` out for ``region`` (an equal piece
        beside it, or a 2x2 block it would fill), or None."""
        grid, known, owner = self.grid, self.known, self.owner
        for r in sorted({owner[m] for m in self.rim[way] if known[m] == 1}):
            if self._usable(r, region) and touching_equal(grid, way, self.pieces[r]):
                return self._solved_by(r)
        for rest in self.rests[way]:
            if all(known[x] == 1 and self._usable(owner[x], region) for x in rest):
                return _union(self._solved_by(owner[x]) for x in rest)
        return None

    def _close(self, way: tuple[int, ...], cap: int) -> list[int]:
        """Region k: the piece, then free cells (oldest first) and open cells it can take.
        The cells whose ``known`` or ``owner`` it changed."""
        grid, known, k = self.grid, self.known, len(self.pieces)
        self.pieces.append(way)
        self.deps.append(0)
        for c in way:
            known[c], self.when[c], self.owner[c] = 1, k, k
        opened, changed = list(way), list(way)
        todo = [m for c in way for m in grid.neighbours[c] if known[m] != 1]
        doomed = self._doomed(todo)
        size = 4
        while todo:
            todo.sort(key=lambda m: (m not in doomed, known[m] == UNKNOWN, self.when[m]))
            m = todo.pop(0)
            if self.owner[m] >= 0 or known[m] == 1 or (size >= cap and m not in doomed):
                continue
            if known[m] == UNKNOWN:
                why = self.only_way(k, opened, m)
                if why is None:
                    continue
                opened.append(m)
                known[m], self.when[m] = 0, k
            else:
                why = self.cause.get(m, 0)
            self.deps[k] |= why
            self.free.discard(m)
            self.owner[m], size = k, size + 1
            changed.append(m)
            todo += [x for x in grid.neighbours[m] if known[x] != 1 and self.owner[x] < 0]
        for c in way:  # a 2x2 block with three shaded cells leaves its fourth
            for block in self.blocks[c]:
                left = [x for x in block if known[x] != 1]
                if len(left) == 1 and known[left[0]] == UNKNOWN:
                    known[left[0]], self.when[left[0]] = 0, k
                    self.free.add(left[0])
                    changed.append(left[0])
                    self.cause[left[0]] = _union(
                        self._solved_by(owner) for owner in {self.owner[x] for x in block} - {-1}
                    )
        return changed

    def settle(self, rng: Rng) -> bool:
        """Every cell in no region joins one beside it: as a known cell one whose solving
        does not show it (the regions that do are solved without it), else one whose piece
        stays its only way with the cell open (passes until none can).  True when none is
        left."""
        grid, owner = self.grid, self.owner
        joined, self.dead = True, -1
        while joined:
            joined = False
            for u in [c for c in range(grid.n_cells) if owner[c] < 0]:
                near = list(dict.fromkeys(owner[m] for m in grid.neighbours[u] if owner[m] >= 0))
                rng.shuffle(near)
                cause = self.cause.get(u, 0) if self.known[u] == 0 else None
                for r in near:
                    why = cause if cause is not None and not cause >> r & 1 else self.only_way(r, self._opened(r), u)
                    if why is None:
                        continue
                    if why is cause:
                        self.late.add(u)
                    elif self.known[u] == UNKNOWN:
                        self.known[u], self.when[u] = 0, r
                    owner[u], joined = r, True
                    self.free.discard(u)
                    self._depend(r, why)
                    break
        return all(r >= 0 for r in owner)

    def _depend(self, region: int, why: int) -> None:
        """``region`` now needs the regions ``why`` solved first, and so does all that needs it."""
        for r, deps in enumerate(self.deps):
            if r == region or deps >> region & 1:
                self.deps[r] |= why
        for c, cause in self.cause.items():
            if cause >> region & 1:
                self.cause[c] |= why

    def _opened(self, region: int) -> list[int]:
        """Region ``region``'s cells still open when it closed."""
        owner, when, late = self.owner, self.when, self.late
        return [c for c in range(self.grid.n_cells) if owner[c] == region and when[c] >= region and c not in late]

    def stranded(self) -> int:
        return sum(r < 0 for r in self.owner)


def _union(masks: Iterable[int]) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


Tables = tuple[
    list[list[tuple[int, ...]]],
    list[list[tuple[int, ...]]],
    dict[tuple[int, ...], tuple[int, ...]],
    dict[tuple[int, ...], tuple[tuple[int, ...], ...]],
]
_TABLES: dict[tuple[int, int, frozenset[Shape]], Tables] = {}


def _tables(grid: RectGrid, shapes: Collection[Shape]) -> Tables:
    """Per cell the placements through it and the 2x2 blocks holding it; per placement its
    rim (the cells beside it) and, block by block, the cells of each 2x2 block round it left
    out of it (a block all shaded with it: every such cell shaded).  Remembered per board
    size and shapes; published only when finished (threads may share it)."""
    key = (grid.rows, grid.cols, frozenset(shapes))
    if key in _TABLES:
        return _TABLES[key]
    through: list[list[tuple[int, ...]]] = [[] for _ in range(grid.n_cells)]
    blocks: list[list[tuple[int, ...]]] = [[] for _ in range(grid.n_cells)]
    for block in grid.blocks(2):
        for c in block:
            blocks[c].append(block)
    rim, rests = {}, {}
    for way in placements(grid, shapes):
        inside = set(way)
        for c in way:
            through[c].append(way)
        rim[way] = tuple(sorted({m for c in way for m in grid.neighbours[c]} - inside))
        rests[way] = tuple(tuple(x for x in b if x not in inside) for c in way for b in blocks[c])
    _TABLES[key] = (through, blocks, rim, rests)
    return _TABLES[key]


def placements(grid: RectGrid, shapes: Collection[Shape]) -> list[tuple[int, ...]]:
    """Every placement on the grid of a piece of ``shapes`` (each shape's eight images,
    moved over the grid), each sorted."""
    images: set[Shape] = set()
    for shape in shapes:
        points = list(shape)
        for _ in range(4):
            points = [(c, -r) for r, c in points]
            images |= {normal(points), normal([(r, -c) for r, c in points])}
    found = []
    for image in sorted(images):
        for top in range(grid.rows):
            for left in range(grid.cols):
                cells = [grid.cell(top + r, left + c) for r, c in image]
                if all(c >= 0 for c in cells):
                    found.append(tuple(sorted(cells)))
    return found


def ordered_pieces(
    grid: RectGrid, rng: Rng, shapes: Collection[Shape], largest: int = 7, redraws: int = 12
) -> PieceBoard:
    """A board solved at rung 1 by construction, or the draw with the fewest stranded cells:
    the last steps drawn again (the last 2, 4, 8... from kept copies) while cells strand."""
    return drawn(PieceBoard(grid, shapes, largest), rng, redraws, lambda b, _: b.step(rng), PieceBoard.stranded)
