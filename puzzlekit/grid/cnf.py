"""The cell-connectivity rules as CNF, for a shading genre's SAT twin (``Genre.sat_encoding``):
written from the rules, sharing nothing with the propagators of ``connectivity``.

``colour(cell)`` is the SAT literal "cell has the colour the rule is about" (Nurikabe's
islands: ``-(cell + 1)`` when variable ``cell + 1`` means shaded).  One piece of a colour is
``piece_cuts`` (lazy cuts for ``SatEncoding.refine``); regions that each hold one clue of
their size are ``sized_regions`` (the clauses) and ``lone_pieces`` (its lazy cuts).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations

from puzzlekit.grid.connectivity import reach
from puzzlekit.grid.topology import RectGrid

Clause = list[int]


def sized_regions(
    grid: RectGrid,
    clues: Mapping[int, int],
    colour: Callable[[int], int],
    top: int,
    state: Sequence[bool | None] | None = None,
) -> tuple[list[Clause], int]:
    """Every cell of the colour takes the label of one clue near enough to reach it (SAT
    variables above ``top``), a clue's own cell its own; neighbours of the colour share
    labels; each label is on exactly as many cells as its clue says, and its cells are
    one piece (``region_levels``; past ``LEVELS_LIMIT``, only the lazy cuts of
    ``lone_pieces``).  A cell takes a label only when a path of at most the
    number minus one steps joins it to the clue round the other clues and the cells beside
    them (a region there would touch another clue's).  Returns the clauses and the new top.

    ``state`` (per cell: True of the colour, False not, None open) writes the twin of the
    solutions that agree with it (the learning search's root): the cells of the colour
    joined to a clue there are its (no other label through them), no label through a cell
    not of the colour, and a region most of whose cells are its so counts only its open
    labels (janko's 1030: the 994's counter over 78 open cells, not 1,019).  Counting
    only the open labels of a region barely started (a 6 with 1 or 2 of its cells) sent the
    learning search on open lattices down five times as many decisions, so those keep theirs."""
    label: list[dict[int, int]] = [{} for _ in range(grid.n_cells)]
    order = sorted(clues.items())
    sizes = [n for _, n in order]
    on = None if state is None else [s is True for s in state]
    known = [set() if on is None else set(reach(grid, on, [c])) for c, _ in order]
    closed = None if state is None else [s is False for s in state]
    steps = region_reach(grid, clues, closed, {c: clue for i, (clue, _) in enumerate(order) for c in known[i]})
    for i in range(len(order)):
        for cell in steps[i]:
            top += 1
            label[cell][i] = top
    clauses = [[colour(c)] for c in clues] + [[label[c][i]] for i, (c, _) in enumerate(order)]
    for cell, mine in enumerate(label):
        clauses += [[-colour(cell), *mine.values()]] + [[-x, -y] for x, y in combinations(mine.values(), 2)]
        clauses += [[-x, colour(cell)] for x in mine.values()]
        for i, x in mine.items():
            clauses += [[-x, -colour(d), *([label[d][i]] if i in label[d] else [])] for d in grid.neighbours[cell]]
            if sizes[i] > 1:  # a region of several cells: each of them has a neighbour in it
                clauses.append([-x, *(label[d][i] for d in grid.neighbours[cell] if i in label[d])])
    for i, (clue, n) in enumerate(order):
        if not known[i] <= steps[i].keys():  # the state joins the clue to a cell it cannot reach
            clauses.append([])
            continue
        clauses += [[label[c][i]] for c in known[i]]
        counted = known[i] if 2 * len(known[i]) > n else set()  # most of it fixed (see the docstring)
        lits = [label[c][i] for c in sorted(steps[i]) if c not in counted]
        left = n - len(counted)
        if not 0 <= left <= len(lits):  # more cells than the board holds around it: no solution
            clauses.append([])
            continue
        if _counts_out(n, len(lits) + len(counted)):  # the cells it leaves out: 30 of 1,019 for janko's 994
            more, top = exactly_k([-x for x in lits], len(lits) - left, top)
        else:
            more, top = exactly_k(lits, left, top)
        clauses += more
        if level_count(n, steps[i]) <= LEVELS_LIMIT:
            more, top = region_levels(grid, clue, n, steps[i], {c: m[i] for c, m in enumerate(label) if i in m}, top)
            clauses += more
    return clauses, top


HUGE = 100
"""A number from which ``sized_regions`` counts the cells its region leaves out, when
fewer (a counter as wide as those, not as the number; smaller ones keep the clauses
they had)."""


def _counts_out(n: int, cells: int) -> bool:
    return n >= HUGE and cells - n < n


LEVELS_LIMIT = 50_000
"""The most level variables (``level_count``) a region's ``region_levels`` may write; a
region past it (janko's 994: about a million) is held to one piece by the lazy cuts of
``lone_pieces`` alone (a piece of its label without the clue holds no clue)."""


def level_count(n: int, steps: Mapping[int, int]) -> int:
    """How many variables ``region_levels`` writes for a region of ``n`` with ``steps``."""
    return sum(n - d for d in steps.values())


def twin_size(grid: RectGrid, clues: Mapping[int, int]) -> int:
    """How many variables ``sized_regions`` writes: per clue, the cells its region may hold
    (``region_reach``) times its counter's width plus one (its label), and its levels when
    written (``LEVELS_LIMIT``)."""
    total = 0
    for steps, n in zip(region_reach(grid, clues), (n for _, n in sorted(clues.items()))):
        levels = level_count(n, steps)
        width = len(steps) - n if _counts_out(n, len(steps)) else n
        total += len(steps) * (width + 2) + (levels if levels <= LEVELS_LIMIT else 0)
    return total


def region_reach(
    grid: RectGrid,
    clues: Mapping[int, int],
    closed: Sequence[bool] | None = None,
    owners: Mapping[int, int] | None = None,
) -> list[dict[int, int]]:
    """Per clue (in cell order), the cells its region may hold, each with its steps from the
    clue: within the number minus one steps, round the other clues and the cells beside them
    (and the ``closed`` cells, which no region holds, and those ``owners`` gives another clue's)."""
    out = []
    for clue, n in sorted(clues.items()):
        blocked = [False] * grid.n_cells if closed is None else list(closed)
        for cell, owner in (owners or {}).items():
            blocked[cell] = blocked[cell] or owner != clue
        for other in clues:
            if other != clue:
                for cell in (other, *grid.neighbours[other]):
                    blocked[cell] = cell != clue
        out.append(reach(grid, [True] * grid.n_cells, [clue], n - 1, blocked))
    return out


def region_levels(
    grid: RectGrid, clue: int, n: int, steps: Mapping[int, int], labels: Mapping[int, int], top: int
) -> tuple[list[Clause], int]:
    """One region of ``n`` cells is one piece holding ``clue``: variable ``w(c, k)`` (above
    ``top``) is true when cell ``c`` is in the region within ``k`` steps of the clue through
    it, for ``k`` from ``steps[c]`` (the shortest path on the board) to ``n - 1``; a labelled
    cell is within ``n - 1`` steps, and a cell within ``k`` (not the clue) has a neighbour
    within ``k - 1``.  Unit propagation then knows a label cut off from its clue, which lazy
    cuts (``lone_pieces``) only learn one candidate at a time: on janko.at's 15x15 Nurikabe
    756, with two 22s, CaDiCaL answers in 0.2 s instead of not in 60.  ``labels``: cell to
    its label literal.  Returns the clauses and the new top."""
    within: dict[tuple[int, int], int] = {}
    for cell, first in steps.items():
        for k in range(first, n):
            top += 1
            within[cell, k] = top
    clauses: list[Clause] = []
    for cell, first in steps.items():
        x = labels[cell]
        clauses.append([-x, within[cell, n - 1]])
        for k in range(first, n):
            w = within[cell, k]
            clauses.append([-w, x])
            if k + 1 < n:
                clauses.append([-w, within[cell, k + 1]])
            if cell != clue:
                clauses.append([-w, *(within[d, k - 1] for d in grid.neighbours[cell] if (d, k - 1) in within)])
    return clauses, top


def exactly_k(lits: Sequence[int], k: int, top: int) -> tuple[list[Clause], int]:
    """Clauses saying exactly ``k`` of ``lits`` are true: a sequential counter whose
    variable ``r(i, j)`` (above ``top``) is true exactly when at least ``j`` of the first
    ``i`` literals are (``j`` up to ``k + 1``), so unit propagation counts both ways.
    Returns the clauses and the new top."""
    if k > len(lits):
        return [[]], top
    if not lits:
        return [], top
    width = k + 1
    clauses: list[Clause] = []
    previous: list[int] = []  # r(i - 1, 1..width); r(i, 0) is true and r(0, j) false
    for x in lits:
        row = list(range(top + 1, top + 1 + width))
        top += width
        for j, r in enumerate(row, start=1):
            same = [previous[j - 1]] if previous else []  # r(i-1, j), when i > 1
            fewer = [previous[j - 2]] if previous and j > 1 else []  # r(i-1, j-1), when not true
            # r(i, j) <-> r(i-1, j) or (x and r(i-1, j-1))
            if j == 1 or fewer:
                clauses.append([-r, *same, x])
                clauses.append([-x, *(-f for f in fewer), r])
            else:
                clauses.append([-r])  # j > 1 of the first literal alone: never
            if j > 1:
                clauses.append([-r, *same, *fewer])
            clauses += [[-p, r] for p in same]
        previous = row
    if k > 0:
        clauses.append([previous[k - 1]])
    clauses.append([-previous[k]])
    return clauses, top


def lone_pieces(
    grid: RectGrid, pieces: Sequence[Sequence[int]], clues: Mapping[int, int], colour: Callable[[int], int]
) -> list[Clause]:
    """For a candidate's pieces of the colour: per piece holding no clue and per cell of it,
    a clause that the cell is not of the colour or some cell bordering the piece is (a
    region reaches its clue through the piece's border)."""
    out = []
    for piece in pieces:
        inside = set(piece)
        if not inside & clues.keys():
            border = [colour(c) for c in sorted({n for c in piece for n in grid.neighbours[c]} - inside)]
            out += [[-colour(cell), *border] for cell in piece]
    return out


def piece_cuts(
    neighbours: Sequence[Sequence[int]],
    pieces: Sequence[Sequence[int]],
    lit: Callable[[int], int],
    total: int | None = None,
) -> list[Clause]:
    """The cell twin of ``loop_cuts``, for "the cells of a colour form one piece" (Nurikabe's
    sea): ``lit(cell)`` is the SAT literal "cell has the colour", ``pieces`` the candidate's
    pieces of it (``RectGrid.pieces``).  Empty for one piece.  Per piece P and another
    piece Q, a clause saying a solution with P's first cell and Q's first cell of the colour
    gives some cell bordering P the colour, as one piece joining them must; when every
    solution has exactly ``total`` cells of the colour (Nurikabe: the cells no island
    takes), the stronger cuts: per cell of a piece smaller than that, the cell is not of the
    colour or some cell bordering the piece is."""
    if len(pieces) < 2:
        return []
    clauses = []
    for piece in pieces:
        inside = set(piece)
        border = [lit(cell) for cell in sorted({n for cell in piece for n in neighbours[cell] if n not in inside})]
        if total is not None and len(piece) < total:
            clauses += [[-lit(cell), *border] for cell in piece]
            continue
        for other in pieces:
            if other is not piece:
                clauses.append([-lit(piece[0]), -lit(other[0]), *border])
    return clauses
