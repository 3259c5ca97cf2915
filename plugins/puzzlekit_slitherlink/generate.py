"""Making Slitherlinks: grow a loop, write down every clue, blank clues while unique.

The loop is the boundary of a region of cells grown one cell at a time.  A cell
may join only if the region stays one piece without holes or diagonal pinches
(checked locally, on the eight cells around it), and cells that would touch
the region on one side only are preferred, so the loop wanders instead of
swelling into a blob.  A drawn mask (``--from-mask``) can stand in for the
grown region.  Clue removal and grading are the core's (puzzlekit.generation).
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit import Block, Genre
from puzzlekit.core.rng import Rng
from puzzlekit.generation import (
    ClueTrials,
    GenerateRequest,
    out_of_time,
    reduce_clues,
    symmetry_orbits,
    target_rung,
)
from puzzlekit.grid import RING, ring_keeps_simple
from puzzlekit_slitherlink.grid import grid_for
from puzzlekit_slitherlink.text import BLANK, Board

Cell = tuple[int, int]


def can_join(inside: set[Cell], cell: Cell, rows: int, cols: int) -> bool:
    """Would adding ``cell`` keep the region one simply connected piece?

    Around the cell, the outside cells that touch it by a side must all lie in one
    run of outside cells on the ring, else the outside would be cut, or enclosed
    into a hole.  That also rules out a diagonal pinch: the two outside cells beside
    a diagonal contact would lie in different runs (the cell's own inside
    neighbour separates them the other way round).
    """
    r, c = cell

    def out(dr: int, dc: int) -> bool:
        rr, cc = r + dr, c + dc
        return not (0 <= rr < rows and 0 <= cc < cols) or (rr, cc) not in inside

    return ring_keeps_simple([out(dr, dc) for dr, dc in RING])


def grow_region(rows: int, cols: int, rng: Rng, deadline: float | None = None) -> set[Cell]:
    """A random simply connected region covering roughly 35-55% of the board.

    A cell beside the region that touches it on ``t`` sides is picked with weight
    ``1/t²``, so cells touching it on one side only are preferred and the loop wanders
    instead of swelling into a blob.  Linear in the board: the frontier is kept in one
    bucket per ``t`` with each cell's index, so a pick is one draw; a cell that may not
    join is set aside until a cell of its ring joins (only that can change the answer),
    so each join costs a bounded amount of work.  Looks at the clock every
    ``CLOCK_EVERY`` picks."""
    target = max(rows * cols * (35 + rng.below(21)) // 100, 1)
    start = (rng.below(rows), rng.below(cols))
    inside = {start}
    buckets: list[list[Cell]] = [[] for _ in WEIGHTS]  # buckets[t]: frontier cells touching t sides
    where: dict[Cell, tuple[int, int]] = {}  # frontier cell -> (t, index in buckets[t])
    blocked: set[Cell] = set()  # frontier cells that may not join until their ring changes

    def drop(cell: Cell) -> None:
        t, i = where.pop(cell)
        bucket = buckets[t]
        last = bucket.pop()
        if i < len(bucket):
            bucket[i] = last
            where[last] = (t, i)

    def place(cell: Cell) -> None:
        """(Re)file an outside cell by how many sides it shares with the region."""
        if cell in where:
            drop(cell)
        blocked.discard(cell)
        t = sum(1 for nb in _neighbours(cell, rows, cols) if nb in inside)
        if t:
            where[cell] = (t, len(buckets[t]))
            buckets[t].append(cell)

    for nb in _neighbours(start, rows, cols):
        place(nb)
    picks = 0
    while len(inside) < target and where:
        picks += 1
        if picks % CLOCK_EVERY == 0:
            out_of_time(deadline)
        draw = rng.below(sum(w * len(b) for w, b in zip(WEIGHTS, buckets)))
        for w, bucket in zip(WEIGHTS, buckets):
            if draw < w * len(bucket):
                cell = bucket[draw // w]
                break
            draw -= w * len(bucket)
        if not can_join(inside, cell, rows, cols):
            drop(cell)
            blocked.add(cell)
            continue
        inside.add(cell)
        drop(cell)
        r, c = cell
        for dr, dc in RING:
            ring = (r + dr, c + dc)
            if ring not in inside and (ring in blocked or (dr == 0 or dc == 0)) and _on_board(ring, rows, cols):
                place(ring)
    return inside


def _on_board(cell: Cell, rows: int, cols: int) -> bool:
    return 0 <= cell[0] < rows and 0 <= cell[1] < cols


WEIGHTS = (0, 144, 36, 16, 9)
"""Pick weight of a frontier cell touching the region on 0..4 sides: 144/t², in integers."""
CLOCK_EVERY = 1024
"""Picks of ``grow_region`` between two looks at the clock."""


def _neighbours(cell: Cell, rows: int, cols: int) -> list[Cell]:
    r, c = cell
    return [
        (r + dr, c + dc) for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)) if 0 <= r + dr < rows and 0 <= c + dc < cols
    ]


def clues_of(inside: set[Cell], rows: int, cols: int) -> tuple[int, ...]:
    """Every cell's count of loop edges: its sides between inside and outside."""
    out = []
    for r in range(rows):
        for c in range(cols):
            me = (r, c) in inside
            n = sum(1 for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)) if ((r + dr, c + dc) in inside) != me)
            out.append(n)
    return tuple(out)


def read_mask(block: Block) -> tuple[set[Cell], int, int]:
    """A region drawn with ``x`` (inside) and ``.``; checked to make one loop.

    Errors name the cell: a split region, a hole.  (With the inside and the outside
    each in one piece, a diagonal pinch cannot happen: the contact and the inside's
    path around would enclose one of the two outside cells.)"""
    rows = block.padded()
    height, width = len(rows), len(rows[0])
    inside: set[Cell] = set()
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in "xX":
                inside.add((r, c))
            elif ch not in ". ":
                raise block.error(r, c, f"a mask is drawn with 'x' (inside the loop) and '.', found {ch!r}")
    if not inside:
        raise block.error(0, 0, "the mask has no 'x' cell: nothing for the loop to go around")
    first = min(inside)
    seen = {first}
    todo = [first]
    while todo:
        for nb in _neighbours(todo.pop(), height, width):
            if nb in inside and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    if seen != inside:
        r, c = min(inside - seen)
        raise block.error(
            r, c, f"the mask is in pieces: r{r + 1}c{c + 1} is not joined to r{first[0] + 1}c{first[1] + 1}"
        )
    outside = {(r, c) for r in range(height) for c in range(width)} - inside
    reach = {x for x in outside if x[0] in (0, height - 1) or x[1] in (0, width - 1)}
    todo = list(reach)
    while todo:
        for nb in _neighbours(todo.pop(), height, width):
            if nb in outside and nb not in reach:
                reach.add(nb)
                todo.append(nb)
    if reach != outside:
        r, c = min(outside - reach)
        raise block.error(r, c, f"the mask has a hole at r{r + 1}c{c + 1}: one loop cannot go around it")
    return inside, height, width


def generate(genre: Genre, request: GenerateRequest, rng: Rng) -> Board | None:
    """One attempt: a board unique at the requested difficulty, or None."""
    rung = target_rung(genre, request.difficulty)
    if request.mask is not None:
        inside, rows, cols = read_mask(request.mask)
    else:
        rows, cols = request.rows, request.cols
        inside = grow_region(rows, cols, rng, request.deadline)
        if len(inside) < 2:
            return None
    board = Board(grid_for(rows, cols), clues_of(inside, rows, cols))
    trials = ClueTrials(genre, board, request.max_nodes, request.deadline)  # one model for the attempt
    if not trials.unique(max(genre.difficulties.values())):
        return None  # even fully clued, this loop has a twin (2x2 "23/32")
    orbits = symmetry_orbits(cols, rows, request.symmetry)
    reduced: Board = reduce_clues(genre, board, orbits, rung, rng, trials=trials)
    return reduced


def with_clue(board: Board, position: Cell, clue: int | None) -> Board:
    r, c = position
    clues = list(board.clues)
    clues[r * board.cols + c] = BLANK if clue is None else clue
    return Board(board.grid, tuple(clues), board.full)


def twins_near(board: Board, values: Sequence[int], positions: Sequence[Cell]) -> list[list[int]]:
    """The loop moved by one cell, or two side by side or corner to corner, at (or next
    to) a blanked clue: those cells go in or out of the region, so the sides they do not
    share flip.  Only moves that keep every clue still standing around them are offered
    (the caller checks the whole loop).  Measured on 15x15 expert boards, one in seven of
    the second solutions the search finds differs from the first by two cells corner to
    corner.  Also the loop round a blanked cell alone: the one count there (4) that no
    clue can say, which ``Genre.clue_values`` leaves to this."""
    grid, clues, cols = board.grid, board.clues, board.cols
    cell_edges, neighbours, outside = grid.cell_edges, grid.cell_neighbours, grid.outside
    moves: dict[frozenset[int], None] = {}
    for r, c in positions:
        p = r * cols + c
        for x in (p, *neighbours[p]):
            if x != outside:
                moves[frozenset((x,))] = None
                xr, xc = divmod(x, cols)
                for dr, dc in RING:  # a pair side by side or corner to corner
                    if 0 <= xr + dr < board.rows and 0 <= xc + dc < cols:
                        moves[frozenset((x, (xr + dr) * cols + xc + dc))] = None
    out = []
    for r, c in positions:
        alone = [0] * len(values)
        for e in cell_edges[r * cols + c]:
            alone[e] = 1
        out.append(alone)
    for move in moves:
        flipped: set[int] = set()
        for x in move:
            flipped.symmetric_difference_update(cell_edges[x])
        touched = {y for x in move for y in (x, *neighbours[x]) if y != outside}
        if all(clues[y] < 0 or clues[y] == sum(values[e] ^ (e in flipped) for e in cell_edges[y]) for y in touched):
            moved = list(values)
            for e in flipped:
                moved[e] ^= 1
            out.append(moved)
    return out
