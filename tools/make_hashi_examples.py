"""Draw the bundled Hashiwokakero examples: grow a connected network of islands and
bridges that never cross, write down each island's count, and keep the board only if
the solver proves it unique.  Deterministic for a given seed.

    python tools/make_hashi_examples.py SEED COLSxROWS ISLANDS OUT

writes OUT.txt (the puzzle) and OUT.solution.txt (the network it was drawn
from).  A small stand-in until the real generator lands.
"""

from __future__ import annotations

import random
import sys

import puzzlekit

Cell = tuple[int, int]


Bridge = tuple[list[Cell], int]  # the water cells under it, and 1 or 2


def grow(cols: int, rows: int, target: int, rng: random.Random) -> tuple[dict[Cell, int], list[Bridge]] | None:
    islands: dict[Cell, int] = {(rng.randrange(rows), rng.randrange(cols)): 0}
    used: set[Cell] = set()  # water cells under a bridge
    bridges: list[Bridge] = []
    for _ in range(4000):
        if len(islands) >= target:
            return islands, bridges
        r, c = rng.choice(sorted(islands))
        dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
        length = rng.randint(2, 4)
        path = [(r + dr * k, c + dc * k) for k in range(1, length)]
        end = (r + dr * length, c + dc * length)
        if not (0 <= end[0] < rows and 0 <= end[1] < cols) or end in islands or end in used:
            continue
        if any(cell in islands or cell in used for cell in path):
            continue
        # The path is all water and the far end is free, so the two islands are a pair
        # of the finished board, and no later island can land on this bridge.
        n = rng.choice([1, 1, 2])
        islands[end] = n
        islands[r, c] += n
        used.update(path)
        bridges.append((path, n if dr == 0 else -n))  # negative: vertical
    return None


def text(islands: dict[Cell, int], cols: int, rows: int) -> str:
    grid = [["."] * cols for _ in range(rows)]
    for (r, c), n in islands.items():
        grid[r][c] = str(n)
    return "\n".join("".join(row) for row in grid) + "\n"


def bridge_map(islands: dict[Cell, int], bridges: list[Bridge], cols: int, rows: int) -> str:
    grid = [list(row) for row in text(islands, cols, rows).split("\n")[:rows]]
    for path, n in bridges:
        mark = {1: "-", 2: "=", -1: "|", -2: '"'}[n]
        for r, c in path:
            grid[r][c] = mark
    return "\n".join("".join(row) for row in grid) + "\n"


def main() -> None:
    seed, size, count, stem = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    cols, rows = (int(x) for x in size.split("x"))
    rng = random.Random(seed)
    while True:
        grown = grow(cols, rows, count, rng)
        if grown is None or max(grown[0].values()) > 8:
            continue
        islands, bridges = grown
        board = text(islands, cols, rows)
        if puzzlekit.solve("hashiwokakero", board).status == puzzlekit.Status.UNIQUE:
            break
    head = f"# title: {seed}\n# seed: {seed}\n# generator: tools/make_hashi_examples.py\n"
    with open(f"{stem}.txt", "w", encoding="utf-8") as out:
        out.write(head + "# expect: unique\n" + board)
    with open(f"{stem}.solution.txt", "w", encoding="utf-8") as out:
        out.write(head + bridge_map(islands, bridges, cols, rows))


if __name__ == "__main__":
    main()
