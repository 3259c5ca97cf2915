"""Every loop on a small board, enumerated without the solver.

A single loop on a grid is exactly the boundary of a non-empty set of cells
that is 4-connected, whose complement (with the area outside the board) is
4-connected, and that has no two cells touching only at a corner while the
other two are outside (a pinch).  So: try every set of cells.
"""

from __future__ import annotations

from collections.abc import Iterator


def _connected(cells: set[tuple[int, int]], rows: int, cols: int, with_outside: bool) -> bool:
    """4-connectivity of ``cells``; the outside ring joins every border cell when asked."""
    if not cells and not with_outside:
        return False
    todo: list[tuple[int, int]] = []
    seen: set[tuple[int, int]] = set()
    if with_outside:
        seen = {c for c in cells if c[0] in (0, rows - 1) or c[1] in (0, cols - 1)}
        todo = list(seen)
    else:
        first = next(iter(cells))
        seen = {first}
        todo = [first]
    while todo:
        r, c = todo.pop()
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return seen == cells


def loops(rows: int, cols: int) -> Iterator[frozenset[tuple[int, int]]]:
    """Inside regions of every single loop on a rows x cols board."""
    everything = [(r, c) for r in range(rows) for c in range(cols)]
    for bits in range(1, 1 << len(everything)):
        inside = {cell for i, cell in enumerate(everything) if bits >> i & 1}
        outside = set(everything) - inside
        if not _connected(inside, rows, cols, False):
            continue
        if not _connected(outside, rows, cols, True):
            continue
        pinched = False
        for r in range(rows - 1):
            for c in range(cols - 1):
                a, b = (r, c) in inside, (r, c + 1) in inside
                d, e = (r + 1, c) in inside, (r + 1, c + 1) in inside
                if a == e and b == d and a != b:
                    pinched = True
        if not pinched:
            yield frozenset(inside)


def clue_counts(inside: frozenset[tuple[int, int]], rows: int, cols: int) -> tuple[int, ...]:
    """Each cell's number of loop edges: neighbours (or the outside) of the other colour."""
    out = []
    for r in range(rows):
        for c in range(cols):
            me = (r, c) in inside
            n = 0
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if (nb in inside) != me:
                    n += 1
            out.append(n)
    return tuple(out)


def visits_every_dot(inside: frozenset[tuple[int, int]], rows: int, cols: int) -> bool:
    """Does the loop pass every dot (the puzz.link "full" variant)?"""
    for r in range(rows + 1):
        for c in range(cols + 1):
            around = [(r - 1, c - 1), (r - 1, c), (r, c), (r, c - 1)]
            colours = [cell in inside for cell in around]
            if all(x == colours[0] for x in colours):
                return False
    return True


def count_table(all_loops: list[frozenset[tuple[int, int]]], rows: int, cols: int) -> list[tuple[int, ...]]:
    """Each loop's clue counts, computed once so matching is a comparison."""
    return [clue_counts(inside, rows, cols) for inside in all_loops]


def count_matching(clues: tuple[int, ...], table: list[tuple[int, ...]]) -> int:
    """Loops (given by their count table) that agree with every clue (-1 = blank)."""
    given = [(i, k) for i, k in enumerate(clues) if k >= 0]
    return sum(1 for counts in table if all(counts[i] == k for i, k in given))
