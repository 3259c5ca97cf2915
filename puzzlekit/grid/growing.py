"""Regions round a planted solution, for region genres' generators: regions grown at random
from the pieces of a planted shading (one piece each), then paths of cells moved between
regions while every region stays one piece and keeps the planted cells it has, so the
planted shading stays a solution (Norinori's dominoes, LITS's tetrominoes)."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit.core.rng import Rng
from puzzlekit.grid.topology import RectGrid


def grown_regions(
    grid: RectGrid, seeds: Sequence[Sequence[int]], rng: Rng, most: Sequence[int] | None = None
) -> list[int]:
    """Per cell its region: region ``i`` starts as ``seeds[i]`` (disjoint cells) and the
    smallest region that can grow takes a random cell beside it, until the board is
    covered (so regions come out near one size; cells no seed reaches stay -1).
    ``most``: region ``i`` grows to ``most[i]`` cells at most while others can grow
    (small regions give a solver a place to start)."""
    owner = [-1] * grid.n_cells
    size = [len(seed) for seed in seeds]
    for i, seed in enumerate(seeds):
        for cell in seed:
            owner[cell] = i
    growing = {i for i in range(len(seeds)) if most is None or size[i] < most[i]}
    while growing or (-1 in owner and most is not None):
        if not growing:  # the capped regions take the cells the others could not reach
            growing, most = set(range(len(seeds))), None
        smallest = min(size[i] for i in growing)
        i = rng.choice(sorted(g for g in growing if size[g] == smallest))
        beside = sorted({n for c in range(grid.n_cells) if owner[c] == i for n in grid.neighbours[c] if owner[n] < 0})
        if not beside:
            growing.discard(i)
            continue
        owner[rng.choice(beside)] = i
        size[i] += 1
        if most is not None and size[i] >= most[i]:
            growing.discard(i)
    return owner


def moved_path(grid: RectGrid, owner: Sequence[int], kept: Sequence[int], start: int, rng: Rng) -> list[int] | None:
    """``owner`` with a path of cells from ``start`` (or, when ``kept[start]`` is set, a
    random neighbour) to the nearest cell beside another region moved into that region,
    never through a ``kept`` cell; the pieces its own region would lose move along, so
    every region stays one piece and keeps its kept cells.  None when no path does.
    A second solution that shades ``start`` breaks: its region's count changes."""
    if kept[start]:
        start = rng.choice(grid.neighbours[start]) if grid.neighbours[start] else start
        if kept[start]:
            return None
    here = owner[start]
    region = {c for c in range(grid.n_cells) if owner[c] == here}
    came, queue = {start: start}, [start]
    for cell in queue:  # breadth first through the region
        beside = sorted({owner[n] for n in grid.neighbours[cell] if n not in region})
        path = [cell]
        while path[-1] != start:
            path.append(came[path[-1]])
        pieces = grid.pieces((region - set(path)).__contains__)
        holding = [p for p in pieces if any(kept[c] for c in p)]
        if beside and len(holding) == 1:
            moved, to = list(owner), rng.choice(beside)
            for c in [*path, *(c for p in pieces if p is not holding[0] for c in p)]:
                moved[c] = to
            return moved
        for n in grid.neighbours[cell]:
            if n in region and n not in came and not kept[n]:
                came[n] = cell
                queue.append(n)
    return None
