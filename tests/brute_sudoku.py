"""An independent Sudoku oracle for the tests: every 4x4 grid enumerated, and plain
backtracking (no shared code with the genre) for larger boards."""

from __future__ import annotations

import itertools
import random
from functools import cache

Grid = tuple[int, ...]


def units(n: int, w: int, h: int) -> list[list[int]]:
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [
        [(br + r) * n + bc + c for r in range(h) for c in range(w)] for br in range(0, n, h) for bc in range(0, n, w)
    ]
    return rows + cols + boxes


def valid(grid: Grid, n: int, w: int, h: int) -> bool:
    return all(len({grid[c] for c in unit}) == n for unit in units(n, w, h))


@cache
def all_4x4() -> list[Grid]:
    out = []
    for rows in itertools.product(itertools.permutations(range(1, 5)), repeat=4):
        grid = sum(rows, ())
        if valid(grid, 4, 2, 2):
            out.append(grid)
    return out


def solutions(givens: Grid, n: int, w: int, h: int, limit: int = 3) -> list[Grid]:
    """Up to ``limit`` completions, in a fixed order (exhaustive for 4x4)."""
    if n == 4 and (w, h) == (2, 2):
        found = [g for g in all_4x4() if all(v == 0 or v == x for v, x in zip(givens, g))]
        return found[:limit]
    houses = units(n, w, h)
    of = [[u for u in houses if cell in u] for cell in range(n * n)]
    grid = list(givens)
    for cell, v in enumerate(grid):
        if v and any(grid[o] == v for u in of[cell] for o in u if o != cell):
            return []
    out: list[Grid] = []

    def fill(cell: int) -> None:
        if len(out) >= limit:
            return
        if cell == n * n:
            out.append(tuple(grid))
            return
        if grid[cell]:
            fill(cell + 1)
            return
        for v in range(1, n + 1):
            if all(grid[o] != v for u in of[cell] for o in u):
                grid[cell] = v
                fill(cell + 1)
                grid[cell] = 0

    fill(0)
    return out


def sample(rng: random.Random, n: int, w: int, h: int) -> Grid:
    """A small random board: givens taken from a real grid, or random digits."""
    cells = rng.sample(range(n * n), rng.randint(1, n * n // 2) if n == 4 else rng.randint(n * n // 3, 3 * n * n // 4))
    if rng.random() < 0.6:
        if n == 4:
            truth = rng.choice(all_4x4())
        else:  # a real grid: the first completion of a shuffled first row
            row = list(range(1, n + 1))
            rng.shuffle(row)
            truth = solutions(tuple(row) + (0,) * (n * n - n), n, w, h, 1)[0]
        return tuple(truth[c] if c in cells else 0 for c in range(n * n))
    return tuple(rng.randint(1, n) if c in cells[: rng.randint(1, 3 + n)] else 0 for c in range(n * n))


def text(givens: Grid, n: int) -> str:
    return "\n".join("".join(str(v) if v else "." for v in givens[r * n : (r + 1) * n]) for r in range(n)) + "\n"
