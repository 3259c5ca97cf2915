"""Second loops near the solution, told without a solver: the generator's "surely needed".

A clue whose removal leaves the board a second solution is kept by every trial, at any
rung (deduction is sound, so it never picks one of two solutions).  The loops tried are
the solution's region with up to ``MOVED`` cells moved in or out, found by a small search:
a move starts at or next to a blanked clue, and while a clue still standing beside it
counts the moved loop wrongly, one of that clue's cell or its neighbours joins the move
(every larger move that fixes the count must change one of them).  A move every standing
clue agrees with is a second loop if the region stays one piece with no hole or pinch:
flip by flip (``RectGrid.flip_keeps_simple``), else checked on the whole board.  Exact
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
            if _stays_simple(grid, cells, inside, move):
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


def _stays_simple(grid: Grid, cells: RectGrid, inside: set[int], move: frozenset[int]) -> bool:
    """Is the region with ``move``'s cells flipped one piece with no hole or pinch, so that
    its boundary is one loop?  Flip by flip first (each step kept simple), else on the
    whole board (two cells corner to corner may pinch alone and not together)."""
    order = sorted(move)
    done: list[int] = []
    for x in order:
        if not cells.flip_keeps_simple(inside, x):
            break
        inside.symmetric_difference_update((x,))
        done.append(x)
    inside.symmetric_difference_update(done)  # the region as it was
    if len(done) == len(order):
        return True
    return _simple(grid, inside.symmetric_difference(move), move)


def _simple(grid: Grid, region: set[int], move: frozenset[int]) -> bool:
    """Is ``region`` (the solution's region with ``move`` flipped) one piece, its outside one
    piece with the off-board, and no 2x2 block round a cell of ``move`` a chessboard?"""
    neighbours, outside = grid.cell_neighbours, grid.outside
    if not region or not _one_piece(neighbours, outside, region, next(iter(region))):
        return False
    rest = set(range(grid.n_cells)) - region | {outside}
    if not _one_piece(neighbours, outside, rest, outside):
        return False
    rows, cols = grid.rows, grid.cols
    for x in move:
        r, c = divmod(x, cols)
        for top in (r - 1, r):
            for left in (c - 1, c):
                a, b, d, e = (
                    0 <= rr < rows and 0 <= cc < cols and rr * cols + cc in region
                    for rr, cc in ((top, left), (top, left + 1), (top + 1, left), (top + 1, left + 1))
                )
                if a == e and b == d and a != b:
                    return False
    return True


def _one_piece(neighbours: Sequence[Sequence[int]], outside: int, faces: set[int], first: int) -> bool:
    """Are ``faces`` joined side to side (the outside face beside every border cell)?"""
    seen, todo = {first}, [first]
    while todo:
        f = todo.pop()
        around = [c for c in faces if c != outside and outside in neighbours[c]] if f == outside else neighbours[f]
        for z in around:
            if z in faces and z not in seen:
                seen.add(z)
                todo.append(z)
    return len(seen) == len(faces)
