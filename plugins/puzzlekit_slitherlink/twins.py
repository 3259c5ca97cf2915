"""Second loops near the solution, told without a solver: the generator's "surely needed".

A clue whose removal leaves the board a second solution is kept by every trial, at any
rung (deduction is sound, so it never picks one of two solutions).  The loops tried are
``twins_near``'s: the solution's region with one cell, or two side by side or corner to
corner, at or next to the clue, moved in or out.  Here each is judged on the cells it
touches: the clues still standing there must count the moved loop, and the region must
stay one piece with no hole or pinch, flip by flip (``RectGrid.flip_keeps_simple``), so
its boundary is one loop.  That is exact for what it says True of, and costs tens of
microseconds a clue where ``accept`` on the whole board costs milliseconds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from puzzlekit.grid import RING, RectGrid
from puzzlekit_slitherlink.grid import Grid


def inside_of(grid: Grid, solution: Sequence[int]) -> set[int]:
    """The cells inside the loop ``solution`` draws: crossing a line, row by row from the
    left, goes in or out."""
    inside = set()
    for r in range(grid.rows):
        within = False
        for c in range(grid.cols):
            if solution[grid.v(r, c)]:
                within = not within
            if within:
                inside.add(r * grid.cols + c)
    return inside


def has_twin(grid: Grid, cells: RectGrid, clues: Sequence[int], inside: set[int], blank: Iterable[int]) -> bool:
    """Is there a second loop, one or two cells moved at or next to the ``blank`` cells,
    that every other clue standing (``clues``, -1 none) still counts?"""
    rows, cols = grid.rows, grid.cols
    blanked = set(blank)
    moves: dict[tuple[int, ...], None] = {}
    for p in blanked:
        for x in (p, *grid.cell_neighbours[p]):
            if x == grid.outside:
                continue
            moves[(x,)] = None
            xr, xc = divmod(x, cols)
            for dr, dc in RING:
                if 0 <= xr + dr < rows and 0 <= xc + dc < cols:
                    y = (xr + dr) * cols + xc + dc
                    moves[(min(x, y), max(x, y))] = None
    return any(
        _counts_hold(grid, clues, inside, move, blanked) and _stays_simple(cells, inside, move) for move in moves
    )


def _counts_hold(grid: Grid, clues: Sequence[int], inside: set[int], move: tuple[int, ...], blanked: set[int]) -> bool:
    """Does every clue standing beside or in ``move`` count the moved loop?"""
    neighbours, outside = grid.cell_neighbours, grid.outside
    for y in {z for x in move for z in (x, *neighbours[x]) if z != outside}:
        clue = clues[y]
        if clue < 0 or y in blanked:
            continue
        mine = (y in inside) != (y in move)
        count = 0
        for z in neighbours[y]:
            theirs = z != outside and (z in inside) != (z in move)
            count += theirs != mine
        if count != clue:
            return False
    return True


def _stays_simple(cells: RectGrid, inside: set[int], move: tuple[int, ...]) -> bool:
    """Does the region, ``move``'s cells flipped one at a time (in either order), stay one
    piece with no hole or pinch at every step, so that its boundary stays one loop?"""
    for order in (move, move[::-1]) if len(move) > 1 else (move,):
        done: list[int] = []
        for x in order:
            if not cells.flip_keeps_simple(inside, x):
                break
            inside.symmetric_difference_update((x,))
            done.append(x)
        inside.symmetric_difference_update(done)  # the region as it was
        if len(done) == len(order):
            return True
    return False
