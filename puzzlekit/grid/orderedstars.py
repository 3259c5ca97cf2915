"""Star Battle boards (k stars in every row, column and region, none touching) whose
regions are drawn in the order deduction solves them, round a planted layout of stars.

Each step closes one region: k planted stars joined by cells no region holds yet, mostly
cells already known empty, kept only when its k stars can go one way alone among the cells
not known empty (``Patterns`` on the region then places them).  What that teaches is
carried forward, never rebuilt: the cells round a star are empty, and a row or column
with its k stars (or with as many cells left as stars missing) is done (``Count``).  So
rung 1 solves every such board by construction, with no engine run.  A draw for a board
that must need confinement first closes a region of one edge line's stars that can go
several ways there (``StarOrder.confine``): only confinement empties the rest of that line.
Stars no step can join get regions grown at random (``ordered_star_regions``); no step is
ever redrawn (redrawing the last 2, 4, 8 from kept copies was tried: it cost more than it
closed)."""

from __future__ import annotations

from collections.abc import Sequence
from heapq import heappop, heappush

from puzzlekit.core.rng import Rng
from puzzlekit.grid.regions import grown_regions
from puzzlekit.grid.topology import RectGrid

UNKNOWN = -1
SEEDS = 100
"""Stars tried as a step's first star before the step gives up (those nearest the edge
first, ``StarOrder._ring``)."""


TRIES = 3
"""Random regions drawn round each of them."""
TIE = (1 << 20) - 1
"""A random tie-break per path step: ``rng.below(1 << 20)``, which for a power of two is
the low bits of one draw (the same numbers, without ``below``'s rejection bound)."""
UNKNOWN_COST = 8
"""A cell not known empty costs this many known ones on a path between stars: a path
mostly through known cells leaves the region's stars one way to go."""


class StarOrder:
    """One draw: ``owner`` per cell (-1 in no region yet), ``known`` (1 star, 0 empty, or
    UNKNOWN), ``when`` the step a cell became known; ``star`` the planted layout."""

    def __init__(self, grid: RectGrid, stars: Sequence[int], k: int) -> None:
        n = grid.n_cells
        self.grid, self.k, self.star = grid, k, [False] * n
        for s in stars:
            self.star[s] = True
        self.known, self.when, self.owner = [UNKNOWN] * n, [0] * n, [-1] * n
        self.regions = 0
        self.pending: list[list[int]] = []
        self.lines = [grid.row(r) for r in range(grid.rows)] + [grid.column(c) for c in range(grid.cols)]
        self.line_of = [(c // grid.cols, grid.rows + c % grid.cols) for c in range(n)]

    def copy(self) -> StarOrder:
        out = object.__new__(StarOrder)
        out.__dict__.update(self.__dict__)
        out.known, out.when, out.owner = self.known[:], self.when[:], self.owner[:]
        out.pending = self.pending[:]
        return out

    @property
    def free(self) -> list[int]:
        """Known cells in no region yet."""
        return [c for c, o in enumerate(self.owner) if o < 0 and self.known[c] != UNKNOWN]

    def step(self, rng: Rng) -> bool | None:
        """Close one region; False when every star has one, None when no region found works."""
        left = [s for s in range(self.grid.n_cells) if self.star[s] and self.owner[s] < 0]
        if not left:
            return False
        rng.shuffle(left)
        left.sort(key=self._ring)
        for piece in self._pieces_left(()):
            if sum(self.star[c] for c in piece) == self.k and self._alone(piece):
                self._close(piece, rng)
                return True
        for seed in [s for s in left[:SEEDS] for _ in range(TRIES)]:
            region = self._grown(seed, rng)
            # alone before whole too: whole only adds cells with no star, so more ways
            if region is not None and self._alone(region) and self._whole(region) and self._alone(region):
                self._close(region, rng)
                return True
        return None

    def confine(self, rng: Rng) -> bool:
        """Close a region holding every star of an edge row or column: the line's cells from
        its first star to its last, when those stars can go more than one way there.  The
        region fits in that one line, so confinement (not rung 1) empties the rest of the
        line; the region waits (``pending``) until its stars can go one way alone.  The
        line with the shortest span goes first: its region is placed sooner (20x20, 200
        draws: 22 boards needing confinement, 12 in random order, 9 longest first).  False
        when no edge line's stars can make such a region."""
        last_row, last_col = self.grid.rows - 1, self.grid.rows + self.grid.cols - 1
        edges = [self.lines[line] for line in (0, last_row, self.grid.rows, last_col)]
        rng.shuffle(edges)
        spans = [[i for i, c in enumerate(cells) if self.star[c]] for cells in edges]
        for at, cells in sorted(zip(spans, edges), key=lambda pair: pair[0][-1] - pair[0][0]):
            span = list(cells[at[0] : at[-1] + 1])
            if any(self.owner[c] >= 0 for c in span) or self._alone(span):
                continue
            region = span[:]
            if self._whole(region) and all(self.known[c] == 0 for c in region[len(span) :]):
                self._close(region, rng, learn=[c for c in cells if c not in span])
                self.pending.append(span)
                return True
        return False

    def _ring(self, cell: int) -> int:
        """How far ``cell`` lies from the board's edge: steps start from the stars nearest
        it, so the cells left stay one piece in the middle.  The stars a draw leaves last
        were the edge's under a sweep from the top left corner (20x20, 100 draws: every
        region closed in 23, was 3; 15x15 56, was 42; 10x10 81, was 69)."""
        r, c = divmod(cell, self.grid.cols)
        return min(r, c, self.grid.rows - 1 - r, self.grid.cols - 1 - c)

    def _grown(self, seed: int, rng: Rng) -> list[int] | None:
        """``seed`` joined to the nearest other stars with no region (k in all), each by a
        path through cells no region holds, fewest cells not known empty first (flat lists
        for the costs: every step tries tens of these)."""
        near, known, star, draw = self.grid.neighbours, self.known, self.star, rng.next64
        region, free = [seed], bytearray(o < 0 for o in self.owner)
        free[seed] = 0  # free: in no region, and not in this one yet
        came = [0] * len(free)
        for _ in range(self.k - 1):
            cost = [-1] * len(free)
            for c in region:
                cost[c] = 0
            todo, found = [(0, draw() & TIE, c) for c in region], None
            while todo:
                at, _, cell = heappop(todo)
                if at > cost[cell]:
                    continue
                if star[cell] and free[cell]:
                    found = cell
                    break
                for m in near[cell]:
                    if free[m]:
                        to = at + (1 if known[m] == 0 else UNKNOWN_COST)
                        if cost[m] < 0 or to < cost[m]:
                            cost[m], came[m] = to, cell
                            heappush(todo, (to, draw() & TIE, m))
            if found is None:
                return None
            while free[found]:
                free[found] = 0
                region.append(found)
                found = came[found]
        return region

    def _whole(self, region: list[int], known_only: bool = False) -> bool:
        """Can the cells left still make regions of k stars?  Each piece of them must hold a
        multiple of k stars; a piece with none joins ``region`` (else it would strand)."""
        star = self.star
        for piece in self._pieces_left(region):
            held = sum(star[c] for c in piece)
            if held % self.k or (known_only and not held and any(self.known[c] != 0 for c in piece)):
                return False
            if not held:
                region += piece
        return True

    def _pieces_left(self, region: Sequence[int]) -> list[list[int]]:
        """The pieces of the cells no region holds, ``region``'s left out: ``grid.pieces``'s
        (each sorted, in order of its smallest cell) on a flat list of flags, as every
        candidate region of a step asks it (half of a draw's time through ``pieces``)."""
        free = bytearray(o < 0 for o in self.owner)
        for c in region:
            free[c] = 0
        near, out = self.grid.neighbours, []
        for start in range(len(free)):
            if free[start]:
                free[start], piece, stack = 0, [], [start]
                while stack:
                    cell = stack.pop()
                    piece.append(cell)
                    for m in near[cell]:
                        if free[m]:
                            free[m] = 0
                            stack.append(m)
                piece.sort()
                out.append(piece)
        return out

    def _alone(self, region: Sequence[int]) -> bool:
        """Can the region's k stars go only one way among its cells not known empty?"""
        kings, known = self.grid.kings, self.known
        open_ = [c for c in region if known[c] != 0]
        must = {c for c in open_ if known[c] == 1}
        found = 0

        def ways(at: int, chosen: list[int]) -> None:
            nonlocal found
            if len(chosen) == self.k:
                found += must <= set(chosen)
                return
            for i in range(at, len(open_)):
                c = open_[i]
                if found < 2 and all(x not in kings[c] for x in chosen):
                    ways(i + 1, [*chosen, c])

        ways(0, [])
        return found == 1

    def _close(self, region: list[int], rng: Rng, learn: list[int] | None = None) -> None:
        """Give ``region`` the next number, with the known empty cells beside it that no
        region holds (the oldest first, up to a random size), and learn what follows (from
        the region's cells, or from ``learn``)."""
        k = self.regions = self.regions + 1
        near, owner, known = self.grid.neighbours, self.owner, self.known
        cap, inside = rng.between(len(region), max(len(region), 3 * self.grid.cols // 2)), set(region)
        todo = [m for c in region for m in near[c] if owner[m] < 0 and known[m] == 0 and m not in inside]
        base = region[:]
        while todo and len(region) < cap:
            todo.sort(key=lambda m: self.when[m])
            m = todo.pop(0)
            if m not in inside:
                inside.add(m)
                region.append(m)
                todo += [x for x in near[m] if owner[x] < 0 and known[x] == 0 and x not in inside]
        if len(region) > len(base) and not self._whole(region, known_only=True):
            region = base
        for c in region:
            owner[c] = k
        self._learn([c for c in (region if learn is None else learn) if known[c] == UNKNOWN])

    def _learn(self, cells: list[int]) -> None:
        """``cells`` take their planted values; then what apart, every full or short row and
        column, and a pending region whose stars can go one way alone give, to a fixpoint
        (each true of the planted layout, so sound)."""
        todo = list(cells)
        while True:
            self._learn_lines(todo)
            placed = next((r for r in self.pending if self._alone(r)), None)
            if placed is None:
                return
            self.pending.remove(placed)
            todo = [c for c in placed if self.known[c] == UNKNOWN]

    def _learn_lines(self, todo: list[int]) -> None:
        """``_learn`` but for the pending regions: ``todo`` emptied."""
        known, star, when, kings, k = self.known, self.star, self.when, self.grid.kings, self.k
        while todo:
            c = todo.pop()
            if known[c] != UNKNOWN:
                continue
            known[c], when[c] = int(star[c]), self.regions
            if star[c]:
                todo += [m for m in kings[c] if known[m] == UNKNOWN]
            for line in self.line_of[c]:
                cells_ = self.lines[line]
                stars = sum(known[x] == 1 for x in cells_)
                open_ = [x for x in cells_ if known[x] == UNKNOWN]
                if stars == k or stars + len(open_) == k:
                    todo += open_

    def settle(self, rng: Rng) -> bool:
        """Every free cell joins a region beside it that closed after the cell was known
        (passes until none can); True when none is left."""
        joined, near = True, self.grid.neighbours
        while joined:
            joined = False
            for u in self.free:
                later = [self.owner[m] for m in near[u] if self.owner[m] > self.when[u]]
                if later:
                    self.owner[u] = rng.choice(later)
                    joined = True
        return not self.free


def ordered_star_regions(
    grid: RectGrid, stars: Sequence[int], k: int, rng: Rng, confine: bool = False
) -> tuple[list[int], int] | None:
    """Per cell its region round ``stars`` (k per row and column, none touching), and how
    many regions were drawn in solving order (``StarOrder``, until no step finds one;
    with ``confine`` the first is ``StarOrder.confine``'s, so deduction needs confinement);
    the stars left get regions grown round them (``grown_regions``, on the cells no
    region holds), and cells cut off join a region beside them.  None when the stars
    left could not be joined into regions of k.  That fallback stays although it runs
    after ``settle``: with 1 star a region it always succeeds, with 2 a third to half the time,
    and it made 16 of 150 8x8 boards and 9 of 150 10x10 ones (bench-0..49, 2026-12-04)
    for under 0.5% of their CPU; from 3 stars it never succeeded (the caller throws
    such draws away)."""
    board = StarOrder(grid, stars, k)
    if confine:
        board.confine(rng)
    while board.step(rng):
        pass
    board.settle(rng)
    owner, left = board.owner[:], [s for s in stars if board.owner[s] < 0]
    if left:
        taken = [c for c, o in enumerate(owner) if o > 0]
        grown = next((g for _ in range(20) if (g := grown_regions(grid, left, k, rng, taken))), None)
        if grown is None:
            return None
        for cell, region in enumerate(grown):
            if region >= 0:
                owner[cell] = board.regions + 1 + region
    while -1 in owner:
        for cell in [c for c, o in enumerate(owner) if o < 0]:
            near = [owner[m] for m in grid.neighbours[cell] if owner[m] > 0]
            if near:
                owner[cell] = rng.choice(near)
    return owner, board.regions
