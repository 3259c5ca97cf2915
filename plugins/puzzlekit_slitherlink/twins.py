"""Second loops near the solution, told without a solver: the generator's "surely needed".

A clue whose removal leaves the board a second solution is kept by every trial, at any
rung (deduction is sound, so it never picks one of two solutions).  The loops tried are
the solution's region with up to ``MOVED`` cells moved in or out, found by a small search:
a move starts at or next to a blanked clue, and while a clue still standing beside it
counts the moved loop wrongly, one of that clue's cell or its neighbours joins the move
(every larger move that fixes the count must change one of them).  A move every standing
clue agrees with is a second loop if the region stays one piece with no hole or pinch
(``RectGrid.flips_keep_simple``: flip by flip, else on the whole board).  Exact
for what it says True of; tens of microseconds a clue, where ``accept`` on the whole
board costs milliseconds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from puzzlekit.grid import RectGrid
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


MOVED = 2
"""The most cells a move flips.  On 20x20 expert boards, at the start of the connectivity
pass: 44 and 49 clues of 188 and 195 told needed with 2, 47 and 53 with 3 at twice the
cost, 51 and 56 with 4 at six times (every one a second solution, the search agreed);
each costs a trial about 2 ms."""


def has_twin(grid: Grid, cells: RectGrid, clues: Sequence[int], inside: set[int], blank: Iterable[int]) -> bool:
    """Is there a second loop, up to ``MOVED`` cells moved at or next to the ``blank``
    cells, that every other clue standing (``clues``, -1 none) still counts?"""
    neighbours, outside = grid.cell_neighbours, grid.outside
    blanked = set(blank)
    todo = [frozenset((x,)) for p in sorted(blanked) for x in (p, *neighbours[p]) if x != outside]
    seen: set[frozenset[int]] = set()
    while todo:
        move = todo.pop()
        if move in seen:
            continue
        seen.add(move)
        wrong = _miscounted(grid, clues, inside, move, blanked)
        if wrong < 0:
            if cells.flips_keep_simple(inside, move):
                return True
        elif len(move) < MOVED:
            todo += [move | {z} for z in (wrong, *neighbours[wrong]) if z != outside and z not in move]
    return False


def _miscounted(grid: Grid, clues: Sequence[int], inside: set[int], move: frozenset[int], blanked: set[int]) -> int:
    """A cell beside or in ``move`` whose standing clue does not count the moved loop, or -1."""
    neighbours, outside = grid.cell_neighbours, grid.outside
    for y in sorted({z for x in move for z in (x, *neighbours[x]) if z != outside}):
        clue = clues[y]
        if clue < 0 or y in blanked:
            continue
        mine = (y in inside) != (y in move)
        count = 0
        for z in neighbours[y]:
            theirs = z != outside and (z in inside) != (z in move)
            count += theirs != mine
        if count != clue:
            return y
    return -1
