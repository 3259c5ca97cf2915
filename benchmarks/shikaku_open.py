"""Open Shikaku boards (issue 23's "several" floor), side by side with CaDiCaL in one run.

    python benchmarks/shikaku_open.py                 # each board of OPEN: puzzlekit, then CaDiCaL
    python benchmarks/shikaku_open.py --timeout 20

Count to two (``count_solutions``, learning on) on Shikaku boards that are open: a 2 on
every black square of a chessboard (a domino tiling) and the same with 3s and 4s on
diagonals, then the SAT engine (``engine="sat"``, no deadline, python-sat) on the same
board, both in this process, in CPU seconds (``time.process_time()``).  Taking numbers off
a Shikaku leaves no solution, not many, and generated boards with their numbers moved
about stay unique or fall to deduction, so the open boards are tilings.  Shikaku's and
Sudoku's generation floors beside Tatham's Rectangles and Solo are
``benchmarks/generation.py --floors --genre shikaku --genre sudoku``; the famous hard
Sudokus against CaDiCaL are ``benchmarks/versus_sat.py --set sudoku-famous``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from akari import _has_sat, cpu_of  # benchmarks/akari.py: the same CPU clock

import puzzlekit
from puzzlekit.core.search import count_solutions

OPEN: tuple[tuple[str, int, int, Callable[[int, int], bool]], ...] = (
    ("a 2 on every black square, 10x10", 10, 2, lambda r, c: (r + c) % 2 == 0),
    ("a 2 on every black square, 20x20", 20, 2, lambda r, c: (r + c) % 2 == 0),
    ("a 4 on every fourth diagonal, 20x20", 20, 4, lambda r, c: (r + c) % 4 == 0),
    ("a 4 a knight's move apart, 20x20", 20, 4, lambda r, c: (r + 2 * c) % 4 == 0),
    ("a 3 on every third diagonal, 21x21", 21, 3, lambda r, c: (r + c) % 3 == 0),
)
"""(name, side, number, where it stands): boards tiled by many layouts of one piece size."""


def open_boards() -> list[tuple[str, str]]:
    """(name, level text) of each of ``OPEN``."""
    out = []
    for name, n, number, where in OPEN:
        cells = [str(number) if where(r, c) else "." for r in range(n) for c in range(n)]
        out.append((name, "".join(" ".join(cells[r * n : r * n + n]) + "\n" for r in range(n))))
    return out


def run_open(timeout: float) -> None:
    sat = _has_sat()
    print("| board | puzzlekit CPU s | CaDiCaL CPU s |")
    print("| --- | --- | --- |")
    for name, text in open_boards():
        (puzzle,) = puzzlekit.load("shikaku", text)
        model = puzzle.genre.build(puzzle.instance)
        spent, outcome = cpu_of(count_solutions, model, timeout=timeout, record=False)
        theirs = "-"
        if sat:
            sat_cpu, sat_result = cpu_of(puzzlekit.solve, "shikaku", text, engine="sat", timeout=None)
            theirs = f"{sat_cpu:.3f} ({sat_result.status.value})"
        print(f"| {name} | {spent:.3f} ({outcome.status.value}, {outcome.nodes} nodes) | {theirs} |", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Open Shikaku boards: 'several', beside CaDiCaL.")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per search")
    run_open(parser.parse_args(argv).timeout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
