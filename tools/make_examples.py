"""Draw the bundled Slitherlink examples: a random loop, all its clues, then blank
clues while the puzzle stays uniquely solvable.  Deterministic for a given seed.

    python tools/make_examples.py SEED COLSxROWS [--keep-every N]

This is a small stand-in until the real generator lands; every board it writes
is proven unique by the solver before it is printed.
"""

from __future__ import annotations

import random
import sys

import puzzlekit


def grow_region(rows: int, cols: int, rng: random.Random, fill: float) -> set[tuple[int, int]]:
    inside = {(rng.randrange(rows), rng.randrange(cols))}
    target = int(rows * cols * fill)
    tries = 0
    while len(inside) < target and tries < 20000:
        tries += 1
        r, c = rng.choice(sorted(inside))
        dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
        cell = (r + dr, c + dc)
        if not (0 <= cell[0] < rows and 0 <= cell[1] < cols) or cell in inside:
            continue
        trial = inside | {cell}
        if _simple(trial, rows, cols):
            inside = trial
    return inside


def _simple(inside: set[tuple[int, int]], rows: int, cols: int) -> bool:
    """Outside connected to the border and no diagonal pinch."""
    outside = {(r, c) for r in range(rows) for c in range(cols)} - inside
    seen = {x for x in outside if x[0] in (0, rows - 1) or x[1] in (0, cols - 1)}
    todo = list(seen)
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in outside and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    if seen != outside:
        return False
    for r in range(rows - 1):
        for c in range(cols - 1):
            a, b, d, e = (
                (r, c) in inside,
                (r, c + 1) in inside,
                (r + 1, c) in inside,
                (r + 1, c + 1) in inside,
            )
            if a == e and b == d and a != b:
                return False
    return True


def clues_of(inside: set[tuple[int, int]], rows: int, cols: int) -> list[int]:
    out = []
    for r in range(rows):
        for c in range(cols):
            me = (r, c) in inside
            out.append(sum(((nb in inside) != me) for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))))
    return out


def text(clues: list[int | None], cols: int) -> str:
    cells = ["." if k is None else str(k) for k in clues]
    return "\n".join("".join(cells[i : i + cols]) for i in range(0, len(cells), cols)) + "\n"


def main() -> None:
    seed, size = sys.argv[1], sys.argv[2]
    cols, rows = (int(x) for x in size.split("x"))
    rng = random.Random(seed)
    while True:
        inside = grow_region(rows, cols, rng, 0.45)
        full = clues_of(inside, rows, cols)
        if 4 in full:
            continue
        clues: list[int | None] = list(full)
        if puzzlekit.solve("slitherlink", text(clues, cols)).status.value == "unique":
            break
    order = list(range(rows * cols))
    rng.shuffle(order)
    for i in order:
        saved, clues[i] = clues[i], None
        if puzzlekit.solve("slitherlink", text(clues, cols)).status.value != "unique":
            clues[i] = saved
    print(f"# seed: {seed}\n# generator: tools/make_examples.py\n# expect: unique")
    print(text(clues, cols), end="")


if __name__ == "__main__":
    main()
