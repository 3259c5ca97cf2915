"""Every 4x4 Sudoku with one solution falls to naked singles: why ``generate sudoku --size
4x4`` offers only easy (Tatham's Solo says the same of its 2x2 boxes).

    python benchmarks/sudoku_4x4.py        # a few seconds

The 288 grids are enumerated.  Relabelling the digits changes neither uniqueness nor what
deduction does, so the 12 grids whose first row is 1234 stand for all of them.  A set of
givens leaves a grid the only solution exactly when it meets, for every other grid, a cell
where the two differ; the minimal such sets (no given can go) are checked with puzzlekit's
rung 1 alone (``max_rung=1``, no search).  Every puzzle with one solution holds a minimal
one, and more givens only help deduction, so that covers every 4x4 puzzle.
"""

from __future__ import annotations

import itertools
import sys

import puzzlekit


def grids() -> list[tuple[int, ...]]:
    """All 288 grids of a 4x4 Sudoku in 2x2 boxes."""
    houses = [[r * 4 + c for c in range(4)] for r in range(4)] + [[r * 4 + c for r in range(4)] for c in range(4)]
    houses += [[(br + r) * 4 + bc + c for r in range(2) for c in range(2)] for br in (0, 2) for bc in (0, 2)]
    out = []
    for rows in itertools.product(itertools.permutations(range(1, 5)), repeat=4):
        grid = sum(rows, ())
        if all(len({grid[c] for c in house}) == 4 for house in houses):
            out.append(grid)
    return out


def minimal_hitting_sets(masks: list[int]) -> list[int]:
    """Every set of cells (a 16-bit mask) that meets each of ``masks`` and loses that by
    dropping any one cell."""
    masks = [m for m in masks if not any(o != m and o & m == o for o in masks)]  # only the least ones matter
    hits = [all(s & m for m in masks) for s in range(1 << 16)]
    return [s for s in range(1 << 16) if hits[s] and not any(hits[s ^ (1 << c)] for c in range(16) if s >> c & 1)]


def main() -> int:
    every = grids()
    assert len(every) == 288, len(every)
    representatives = [g for g in every if g[:4] == (1, 2, 3, 4)]
    checked = failed = 0
    for grid in representatives:
        differ = [sum(1 << c for c in range(16) if grid[c] != other[c]) for other in every if other != grid]
        for givens in minimal_hitting_sets(differ):
            shown = "".join(str(grid[c]) if givens >> c & 1 else "." for c in range(16))
            level = "\n".join(shown[r * 4 : r * 4 + 4] for r in range(4))
            result = puzzlekit.solve("sudoku", level + "\n", max_rung=1, max_nodes=0)
            checked += 1
            if result.status != puzzlekit.Status.UNIQUE:
                failed += 1
                print(f"not solved by naked singles:\n{level}\n", file=sys.stderr)
    print(f"{len(every)} grids ({len(representatives)} up to relabelling), {checked} minimal puzzles with one "
          f"solution, {failed} that naked singles do not solve")  # fmt: skip
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
