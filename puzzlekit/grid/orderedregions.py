"""Norinori boards (two shaded cells a region, shaded cells in dominoes) built in the order
deduction solves them: the solution is drawn lazily,
one domino at a time on cells nothing has fixed yet, each domino with a region of its own
holding it and only cells already known unshaded (so the region's count shades it), whose
unknown neighbours its partner rule then leaves unshaded.  Every such board is solved by
rung 1 by construction; only cells known after every region beside them closed (near the
last dominoes) are stranded, and then the last steps are drawn again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from puzzlekit.core.rng import Rng
from puzzlekit.grid import RectGrid

UNKNOWN = -1


class OrderedBoard:
    """One draw: ``owner`` per cell, ``known`` (1 shaded, 0 unshaded, or UNKNOWN), ``when``
    the step a cell became known, ``free`` the known cells in no region yet."""

    def __init__(self, grid: RectGrid, largest: int) -> None:
        self.grid, self.largest, n = grid, largest, grid.n_cells
        self.known, self.when, self.owner = [UNKNOWN] * n, [0] * n, [-1] * n
        self.free: set[int] = set()
        self.regions = 0

    def copy(self) -> OrderedBoard:
        out = OrderedBoard(self.grid, self.largest)
        out.known, out.when, out.owner = self.known[:], self.when[:], self.owner[:]
        out.free, out.regions = set(self.free), self.regions
        return out

    def open_near(self, cell: int) -> list[int]:
        return [m for m in self.grid.neighbours[cell] if self.known[m] == UNKNOWN]

    def step(self, rng: Rng, careful: bool = False) -> bool:
        """Place one domino and close its region; False when no cell is left unknown.
        ``careful``: first the domino that cuts fewest new unshaded cells off (``_domino``)."""
        near, known = self.grid.neighbours, self.known
        pool = sorted({m for f in self.free for m in near[f] if known[m] == UNKNOWN})
        pool = pool or [c for c in range(self.grid.n_cells) if known[c] == UNKNOWN]
        if not pool:
            return False
        a, b = self._domino(pool, rng, careful)
        k = self.regions = self.regions + 1
        for c in (a, b):
            known[c], self.when[c], self.owner[c] = 1, k, k
        todo, size, cap = [m for c in (a, b) for m in near[c] if m in self.free], 2, rng.between(3, self.largest)
        while todo and size < cap:  # the oldest known cells first: they have the fewest regions left
            todo.sort(key=lambda m: self.when[m])
            m = todo.pop(0)
            if m in self.free:
                self.free.discard(m)
                self.owner[m], size = k, size + 1
                todo += [x for x in near[m] if x in self.free]
        fresh = [m for c in (a, b) for m in near[c] if known[m] == UNKNOWN]
        while fresh:  # D's neighbours, then cells left with no partner, are unshaded
            m = fresh.pop()
            if known[m] == UNKNOWN:
                known[m], self.when[m] = 0, k
                self.free.add(m)
                fresh += [x for x in near[m] if known[x] == UNKNOWN and not self.open_near(x)]
        return True

    def _domino(self, cells: list[int], rng: Rng, careful: bool) -> tuple[int, int]:
        """A domino at one of ``cells`` leaving the fewest new unshaded cells with no unknown
        cell beside them (none could join a later region), then the fewest unknown
        neighbours (corners first, so no cell is cut off)."""
        scored = []
        for a in cells:
            for b in self.open_near(a):
                fresh = {m for c in (a, b) for m in self.open_near(c)} - {a, b}
                cut = sum(all(x in fresh or x in (a, b) for x in self.open_near(m)) for m in fresh)
                scored.append((cut * careful, len(self.open_near(a)) + len(self.open_near(b)), a, b))
        best = min(scored)[:2]
        return rng.choice([(a, b) for cut, crowd, a, b in scored if (cut, crowd) == best])

    def settle(self, rng: Rng) -> bool:
        """Every free cell joins a region beside it that closed after the cell was known
        (passes until none can); True when none is left."""
        joined = True
        while self.free and joined:
            joined = False
            for u in sorted(self.free):
                later = [self.owner[m] for m in self.grid.neighbours[u] if self.owner[m] > self.when[u]]
                if later:
                    self.owner[u] = rng.choice(later)
                    self.free.discard(u)
                    joined = True
        return not self.free


def ordered_regions(grid: RectGrid, rng: Rng, largest: int = 5, redraws: int = 12) -> OrderedBoard:
    """A board solved at rung 1 by construction, or the draw with the fewest stranded cells
    (``drawn``; every other redraw careful)."""
    return drawn(
        OrderedBoard(grid, largest), rng, redraws, lambda b, careful: b.step(rng, careful), lambda b: len(b.free)
    )


class _Draw(Protocol):
    def copy(self: Board) -> Board: ...

    def settle(self, rng: Rng) -> bool: ...


Board = TypeVar("Board", bound=_Draw)


def drawn(
    board: Board, rng: Rng, redraws: int, step: Callable[[Board, bool], bool], left: Callable[[Board], int]
) -> Board:
    """``step(board, careful)`` until it is False, then ``settle``; while ``left(best)``
    cells strand, the last 2, 4, 8... steps drawn again from kept copies (``careful`` every
    other time), up to ``redraws`` times; the draw leaving fewest."""
    kept = []
    while True:
        kept.append(board.copy())
        if not step(board, False):
            break
    best = board.copy()
    best.settle(rng)
    for i in range(redraws):
        if not left(best):
            break
        back = min(len(kept) - 1, 2 << (i // 3))
        board = kept[-1 - back].copy()
        while step(board, i % 2 == 0):
            pass
        board.settle(rng)
        if left(board) < left(best):
            best = board
    return best
