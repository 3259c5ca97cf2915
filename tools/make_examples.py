"""Draw the bundled Slitherlink examples: a random loop, all its clues, then blank
clues while the puzzle stays uniquely solvable.  Deterministic for a given seed.

    python tools/make_examples.py SEED COLSxROWS OUT

writes OUT.txt (the puzzle) and OUT.solution.txt (the loop it was drawn from).
A small stand-in until the real generator lands; every board it writes is
proven unique by the solver.
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


def lattice(inside: set[tuple[int, int]], clues: list[int | None], rows: int, cols: int) -> str:
    """The loop around ``inside``, drawn in the lattice form with the puzzle's clues."""
    out = []
    for r in range(rows + 1):
        out.append(
            "+" + "+".join("-" if ((r - 1, c) in inside) != ((r, c) in inside) else " " for c in range(cols)) + "+"
        )
        if r < rows:
            row = []
            for c in range(cols + 1):
                row.append("|" if ((r, c - 1) in inside) != ((r, c) in inside) else " ")
                if c < cols:
                    clue = clues[r * cols + c]
                    row.append("." if clue is None else str(clue))
            out.append("".join(row).rstrip())
    return "\n".join(out) + "\n"


def main() -> None:
    seed, size, stem = sys.argv[1], sys.argv[2], sys.argv[3]
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
    head = f"# title: {seed}\n# seed: {seed}\n# generator: tools/make_examples.py\n"
    with open(f"{stem}.txt", "w", encoding="utf-8") as out:
        out.write(head + "# expect: unique\n" + text(clues, cols))
    with open(f"{stem}.solution.txt", "w", encoding="utf-8") as out:
        out.write(head + lattice(inside, clues, rows, cols))


if __name__ == "__main__":
    main()
