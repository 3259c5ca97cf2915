"""Big Hashiwokakero boards with many ``?`` islands, made from a seed (issue 11's "100x100
Bridges with 60% ``?`` islands"), for ``fd_learning.py``.

    python benchmarks/bridges_unknowns.py --size 100 --seed 0     # print one board

A random connected, crossing-free bridge network is grown island by island (as the
genre's generator does, but with no uniqueness check: these boards are for the search,
not for people), some islands that face each other are joined to close cycles, the
numbers are read off the network, and a seeded share of the islands lose their number.
The network is a solution, so every board has at least one; most have many, which the
search must find (two) or prove.  Same seed, same board, on every machine.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from puzzlekit_hashi.generate import STEPS, _free

from puzzlekit.core.rng import Rng

Cell = tuple[int, int]
DENSITY = 0.2
"""Islands per square (the genre generator's default)."""
UNKNOWN = 0.6
"""The share of islands drawn ``?``."""


def network(size: int, density: float, rng: Rng) -> dict[Cell, int]:
    """Island -> its number, for a connected crossing-free network on a ``size`` square."""
    count = max(2, round(size * size * density))
    islands: dict[Cell, int] = {(rng.below(size), rng.below(size)): 0}
    under: set[Cell] = set()
    for _ in range(20 * count):
        if len(islands) >= count:
            break
        r, c = rng.choice(sorted(islands))
        dr, dc = rng.choice(STEPS)
        length = rng.between(2, 5)
        end = (r + dr * length, c + dc * length)
        path = [(r + dr * k, c + dc * k) for k in range(1, length)]
        if not _free(end, islands, under, size, size) or any(cell in islands or cell in under for cell in path):
            continue
        n = 1 + rng.chance(1, 3)
        if islands[r, c] + n > 8:
            continue
        islands[end] = n
        islands[r, c] += n
        under.update(path)
    for r, c in sorted(islands):  # close some cycles
        for dr, dc in ((0, 1), (1, 0)):
            path = []
            rr, cc = r + dr, c + dc
            while 0 <= rr < size and 0 <= cc < size and (rr, cc) not in islands and (rr, cc) not in under:
                path.append((rr, cc))
                rr, cc = rr + dr, cc + dc
            other = (rr, cc)
            if other not in islands or not path or not rng.chance(1, 3):
                continue
            n = 1 + rng.chance(1, 4)
            if max(islands[r, c], islands[other]) + n > 8:
                continue
            islands[r, c] += n
            islands[other] += n
            under.update(path)
    return islands


def board_text(size: int, seed: str, density: float = DENSITY, unknown: float = UNKNOWN) -> str:
    """The level text (clue grid) of one board."""
    rng = Rng(f"bridges-unknowns-{size}-{seed}")
    islands = network(size, density, rng)
    cells = sorted(islands)
    rng.shuffle(cells)
    hidden = set(cells[: round(len(cells) * unknown)])
    rows = [["."] * size for _ in range(size)]
    for (r, c), n in islands.items():
        rows[r][c] = "?" if (r, c) in hidden else str(n)
    return "\n".join("".join(row) for row in rows) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100)
    parser.add_argument("--seed", default="0")
    parser.add_argument("--density", type=float, default=DENSITY)
    parser.add_argument("--unknown", type=float, default=UNKNOWN)
    args = parser.parse_args(argv)
    print(board_text(args.size, args.seed, args.density, args.unknown), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
