"""Generators that plant a solution and draw regions round it (Star Battle): a layout of k
per row and column, none touching, placed row by row on bitmasks, and regions settled
until deduction capped at a rung solves the board, on one engine per layout.

A cell given its planted value (for Star Battle: no star) means the same in any region, so
a board with every other cell given is solved at once, and taking givens away only
weakens it: Tatham's clue removal, with givens for clues, on a fixed layout (an engine
per layout, reset per trial; batches of removals, which pass or fail together).  What
no removal order gets rid of is then fixed by moving cells beside the open ones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from puzzlekit.core import clock
from puzzlekit.core.clock import check
from puzzlekit.core.engine import Engine
from puzzlekit.core.model import BOOL, FALSE, Model, Propagator, Rung
from puzzlekit.core.rng import Rng
from puzzlekit.grid.regions import _shuffled
from puzzlekit.grid.topology import RectGrid

CHEAP_SHARE = 0.6
"""The share of the givens a cheaper cap tries to take away (one pass) before the next cap
takes over: stripped bare by the cheap cap, a board leaves the dear one nothing to need it
for.  10x10 medium, 3 seeds: one attempt each at 0.6 (0.23-0.41 s CPU), 1-5 with every
given tried at the cheap cap."""
Engines = Callable[[Sequence[int], int], Engine]
"""``engine(owner, cap)``: an engine capped at rung ``cap`` on the board whose cell ``c`` is
in region ``owner[c]``, in its first state (nothing given); a ``RegionEngines``'s."""


def spread_stars(rows: int, cols: int, k: int, rng: Rng, max_nodes: int = 20_000) -> list[int] | None:
    """A random layout of ``k`` items per row and per column, no two touching (diagonals
    too), as the cells holding one; None when ``max_nodes`` row choices found none.

    Row by row, each row a random bitmask of ``k`` columns none side by side, clear of the
    row above's and its diagonals, and leaving every column able to reach ``k`` in the rows
    left: two columns side by side hold at most one item in two rows between them."""
    rows_of = [sum(1 << (c + i) for i, c in enumerate(at)) for at in combinations(range(cols - k + 1), k)]
    count, chosen, budget = [0] * cols, [0] * rows, [max_nodes]

    def place(r: int, above: int) -> bool:
        if r == rows:
            return True
        left = (rows - r) // 2  # the most a column, or two side by side, take in the rows after this
        need = [k - n for n in count] + [0]
        if any(need[c] + need[c + 1] > left + 1 for c in range(cols)):
            return False
        hit = [3 << c if c + 1 < cols else 1 << c for c in range(cols) if need[c] + need[c + 1] > left]
        blocked = above | above << 1 | above >> 1 | sum(1 << c for c in range(cols) if not need[c])
        order = [m for m in rows_of if not m & blocked and all(m & h for h in hit)]
        rng.shuffle(order)
        for m in order:
            budget[0] -= 1
            if budget[0] < 0:
                return False
            for c in range(cols):
                count[c] += m >> c & 1
            chosen[r] = m
            if place(r + 1, m):
                return True
            for c in range(cols):
                count[c] -= m >> c & 1
        return False

    if not rows_of or not place(0, 0):
        return None
    return [r * cols + c for r in range(rows) for c in range(cols) if chosen[r] >> c & 1]


class RegionEngines:
    """One engine per cap on a generator's board of regions, kept from board to board:
    a change of regions swaps the changed regions' propagators (``region(cells)``) and the
    region-wide ones (``wide(regions)``, rebuilt every time) in place with
    ``Engine.replace``, instead of a model and an engine per board; ``fixed`` (the rules
    no region changes: rows, columns) stay.  A region's propagators are kept by its cells.
    A board whose regions make another count of propagators gets a new engine."""

    def __init__(
        self,
        ladder: Sequence[Rung],
        n_cells: int,
        fixed: Sequence[Propagator],
        region: Callable[[tuple[int, ...]], Sequence[Propagator]],
        wide: Callable[[list[tuple[int, ...]]], Sequence[Propagator]],
    ) -> None:
        self.ladder, self.n_cells, self.fixed = tuple(ladder), n_cells, list(fixed)
        self._region, self._wide = region, wide
        self._kept: dict[tuple[int, ...], list[Propagator]] = {}
        self._engines: dict[int, tuple[Engine, list[tuple[int, ...]], list[int]]] = {}

    def parts(self, cells: tuple[int, ...]) -> list[Propagator]:
        """The propagators of the region of ``cells``, built once."""
        made = self._kept.get(cells)
        if made is None:
            if len(self._kept) > 50 * self.n_cells:  # regions long gone
                self._kept.clear()
            made = self._kept[cells] = list(self._region(cells))
        return made

    def __call__(self, owner: Sequence[int], cap: int) -> Engine:
        cells: dict[int, list[int]] = {}
        for cell, region in enumerate(owner):
            cells.setdefault(region, []).append(cell)
        regions = [tuple(c) for c in cells.values()]
        parts = [self.parts(r) for r in regions]
        sizes = [len(p) for p in parts]
        kept = self._engines.get(cap)
        if kept is None or kept[2] != sizes:
            model = Model(self.ladder, domains=[BOOL] * self.n_cells)
            for prop in [*self.fixed, *(p for made in parts for p in made), *self._wide(regions)]:
                model.add(prop)
            kept = self._engines[cap] = (Engine(model, cap), regions, sizes)
        engine, was, _ = kept
        if was != regions:
            at = len(self.fixed)
            for old, now, made in zip(was, regions, parts):
                for offset, prop in enumerate(made if old != now else ()):
                    engine.replace(at + offset, prop)
                at += len(made)
            for prop in self._wide(regions):
                engine.replace(at, prop)
                at += 1
            self._engines[cap] = (engine, regions, sizes)
        engine.reset()
        engine.deadline = clock.deadline()  # the attempt's: the engine raises Timeout past it
        return engine


PATIENCE = 12
"""Moves tried round one given (``_moved``) before it is put back and another tried."""


def settle_regions(
    grid: RectGrid,
    owner: list[int],
    items: Sequence[int],
    engines: Engines,
    caps: Sequence[int],
    rng: Rng,
    moves: int,
    patience: int = PATIENCE,
) -> bool:
    """Move cells of ``owner`` (per cell its region, each one piece holding its planted
    ``items``) between regions until deduction capped at ``caps[-1]`` solves the board;
    False when ``moves`` moves did not get there.

    First Tatham's clue removal, with givens for clues: every cell but the items starts
    given (its planted value, no item), so deduction solves the board at once, and givens
    go in random order while it still does, by halving on one live engine (``_halves``):
    one pass over ``CHEAP_SHARE`` of them at each cap before the last (most removals pass,
    cheaply), then every given left at the last.  Fewer givens only know less, so a
    removal refused once stays refused.  Then the givens left go one at a time, moving
    cells round those deduction leaves open (``_moved``, ``patience`` moves round each
    given before another is tried).  Raises ``Timeout`` past the
    deadline of the call (``core.clock``)."""
    given = [cell not in set(items) for cell in range(grid.n_cells)]
    for phase, cap in enumerate(caps):
        check()
        offers = [c for c in _shuffled(rng, range(grid.n_cells)) if given[c]]
        if phase + 1 < len(caps):  # one pass at a cheaper cap, over a share of the givens
            offers = offers[: int(len(offers) * CHEAP_SHARE)]
        _halves(engines(owner, cap), given, offers)
    if not _moved(grid, owner, items, given, engines, caps[-1], rng, moves, patience):
        return False
    return _hardened(grid, owner, items, engines, caps, rng, moves // 4)


def _open(engine: Engine, given: Sequence[bool]) -> list[int]:
    """The cells deduction leaves open with the cells ``given`` given (no contradiction: the
    planted solution is one)."""
    dom = engine.dom
    for cell, fixed in enumerate(given):
        if fixed:
            dom[cell] = FALSE
    engine.start()
    return [c for c, d in enumerate(dom) if d == BOOL]


def _halves(engine: Engine, given: list[bool], offers: Sequence[int]) -> None:
    """Take the givens of ``offers`` away, each in turn where deduction (``engine``, in its
    first state) still solves the board with the givens before it that stayed, those
    after it and every other, by halving as ``generation.ClueTrials._halves`` does: the
    engine holds the fixpoint every trial of a run of offers shares and adds half the run
    to decide the other half, so a few fixpoints decide the pass, each from a narrow
    state.  The same answers as one trial per offer."""
    removed = [False] * len(offers)
    dom = engine.dom

    def split(lo: int, hi: int) -> None:
        check()
        if BOOL not in dom:  # solved: every trial of the run passes
            for i in range(lo, hi):
                removed[i] = True
            return
        if hi - lo == 1:
            return
        mid = (lo + hi) // 2
        mark = engine.mark()
        if all(engine.set(c, FALSE) for c in offers[mid:hi]) and engine.run():
            split(lo, mid)
        engine.undo(mark)
        if all(engine.set(offers[i], FALSE) for i in range(lo, mid) if not removed[i]) and engine.run():
            split(mid, hi)

    if not offers:
        return
    for cell in offers:
        given[cell] = False
    _open(engine, given)
    split(0, len(offers))
    for cell, gone in zip(offers, removed):
        given[cell] = not gone


def _moved(
    grid: RectGrid,
    owner: list[int],
    items: Sequence[int],
    given: list[bool],
    engines: Engines,
    cap: int,
    rng: Rng,
    moves: int,
    patience: int = PATIENCE,
) -> bool:
    """Take the givens no removal order got rid of away one at a time: a cell at or round
    one deduction then leaves open moves to a region beside it (never an item, never
    splitting its region), kept while no more cells are left open.  The other givens stay
    meanwhile, so a trial leaves few cells open, and so is cheap (dropped all at once,
    20x20 left 350 of 400 cells open, and random moves never closed them)."""
    stuck, planted = [c for c in range(grid.n_cells) if given[c]], set(items)
    tries = 0
    while stuck:
        g = stuck.pop(rng.below(len(stuck)))
        given[g] = False
        now = _open(engines(owner, cap), given)
        for _ in range(patience):
            if not now or tries >= moves:
                break
            check()
            tries += 1
            c = rng.choice(now)
            near = [x for x in (c, *grid.kings[c]) if x not in planted and _movable(grid, owner, x)]
            if not near:
                continue
            old = _move(grid, owner, rng.choice(near), rng)
            trial = _open(engines(owner, cap), given)
            if len(trial) <= len(now):
                now = trial
            else:
                owner[old[0]] = old[1]
        if now:
            if tries >= moves:
                return False
            given[g] = True  # another given first; this one comes round again
            stuck.append(g)
        elif stuck:  # the moves may have freed others
            _halves(engines(owner, cap), given, _shuffled(rng, stuck))
            stuck = [c for c in stuck if given[c]]
    return True


def _move(grid: RectGrid, owner: list[int], cell: int, rng: Rng) -> tuple[int, int]:
    """Move ``cell`` to a random region beside it; the cell and its region before."""
    old, regions = owner[cell], sorted({owner[n] for n in grid.neighbours[cell]} - {owner[cell]})
    owner[cell] = rng.choice(regions)
    return cell, old


def _hardened(
    grid: RectGrid, owner: list[int], items: Sequence[int], engines: Engines, caps: Sequence[int], rng: Rng, moves: int
) -> bool:
    """Make a board deduction capped at ``caps[-1]`` solves need more than ``caps[0]``:
    random cells move while the cheaper cap still solves it (so the dearer does too), and
    a move after which it does not is kept when the dearer still does, and ends the walk;
    False when ``moves`` moves did not get there.  Without it a board the moves left too
    easy costs the generator a whole attempt (10x10 medium: one in two)."""
    none = [False] * grid.n_cells
    if len(caps) < 2 or _open(engines(owner, caps[0]), none):
        return True
    movable = [c for c in range(grid.n_cells) if c not in set(items)]
    for _ in range(moves):
        check()
        x = rng.choice(movable)
        if not _movable(grid, owner, x):
            continue
        old = _move(grid, owner, x, rng)
        if not _open(engines(owner, caps[0]), none):
            continue  # still easy: a step of the walk
        if not _open(engines(owner, caps[-1]), none):
            return True
        owner[old[0]] = old[1]
    return False


def _movable(grid: RectGrid, owner: Sequence[int], cell: int) -> bool:
    """Does ``cell`` touch another region, and its own stay one piece without it?"""
    own = [n for n in grid.neighbours[cell] if owner[n] == owner[cell]]
    if not own or len(own) == len(grid.neighbours[cell]):
        return False
    seen, queue = {cell, own[0]}, [own[0]]
    for x in queue:
        for n in grid.neighbours[x]:
            if owner[n] == owner[cell] and n not in seen:
                seen.add(n)
                queue.append(n)
    return all(n in seen for n in own)
