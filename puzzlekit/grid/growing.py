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

from puzzlekit.core.clock import check
from puzzlekit.core.rng import Rng
from puzzlekit.grid.regions import _shuffled
from puzzlekit.grid.topology import RectGrid

CHEAP_SHARE = 0.6
"""The share of the givens a cheaper cap tries to take away (one pass) before the next cap
takes over: stripped bare by the cheap cap, a board leaves the dear one nothing to need it
for.  10x10 medium, 3 seeds: one attempt each at 0.6 (0.23-0.41 s CPU), 1-5 with every
given tried at the cheap cap."""
Deduce = Callable[[Sequence[int], Sequence[bool], int], list[int]]
"""``left(owner, given, cap)``: the cells deduction capped at rung ``cap`` leaves open on the
board whose cell ``c`` is in region ``owner[c]``, where the cells ``given`` hold their planted
value (none: it solves the board, which is then unique)."""


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


def settle_regions(
    grid: RectGrid, owner: list[int], items: Sequence[int], left: Deduce, caps: Sequence[int], rng: Rng, moves: int
) -> bool:
    """Move cells of ``owner`` (per cell its region, each one piece holding its planted
    ``items``) between regions until deduction capped at ``caps[-1]`` solves the board;
    False when ``moves`` moves did not get there.

    First Tatham's clue removal, with givens for clues: every cell but the items starts
    given (its planted value), so deduction solves the board at once, and givens go in
    random order, in batches, while ``left(owner, given, cap)`` is empty: one pass over
    ``CHEAP_SHARE`` of them at each cap before the last (most removals pass, cheaply),
    then every given left at the last.  Fewer givens only know less, so a removal
    refused once stays refused.  Then, givens gone, a cell at or round one left open
    moves to a region beside it, kept while no more cells are left open.  Raises
    ``Timeout`` past the deadline of the call (``core.clock``)."""
    given = [True] * grid.n_cells
    for cell in items:
        given[cell] = False
    refused: list[set[int]] = [set() for _ in caps]
    phase = 0
    while True in given:  # givens away while deduction solves the board
        check()
        offers = [c for c in _shuffled(rng, range(grid.n_cells)) if given[c] and c not in refused[phase]]
        if phase + 1 < len(caps):  # one pass at a cheaper cap, over a share of the givens
            _take(owner, given, offers[: int(len(offers) * CHEAP_SHARE)], left, caps[phase], refused[phase])
            phase += 1
        elif offers:
            _take(owner, given, offers, left, caps[phase], refused[phase])
        else:
            break
    given = [False] * grid.n_cells
    now = left(owner, given, caps[-1])
    for _ in range(moves):  # the rest by moving cells near those it leaves open
        if not now:
            return True
        check()
        c = rng.choice(now)
        near = [x for x in (c, *grid.kings[c]) if x not in items and _movable(grid, owner, x)]
        if not near:
            continue
        x = rng.choice(near)
        old, regions = owner[x], sorted({owner[n] for n in grid.neighbours[x]} - {owner[x]})
        owner[x] = rng.choice(regions)
        trial = left(owner, given, caps[-1])
        if len(trial) <= len(now):
            now = trial
        else:
            owner[x] = old
    return not now


def _take(
    owner: Sequence[int], given: list[bool], offers: Sequence[int], left: Deduce, cap: int, refused: set[int]
) -> None:
    """Take the givens of ``offers`` away where deduction capped at ``cap`` still solves the
    board: a batch at a time, doubling after a batch that passes and halving after one that
    fails; a given that fails alone is refused for good (fewer givens only know less)."""
    at, size = 0, 1
    while at < len(offers):
        batch = offers[at : at + size]
        for cell in batch:
            given[cell] = False
        if not left(owner, given, cap):
            at, size = at + len(batch), size * 2
            continue
        for cell in batch:
            given[cell] = True
        if size == 1:
            refused.add(batch[0])
            at += 1
        size = max(1, size // 2)


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
