"""Shikaku's and Sudoku's floors (issue 23), side by side with Simon Tatham's Rectangles and
Solo in one run.

    python benchmarks/shikaku_sudoku.py generate                    # both genres, every size x difficulty, 5 seeds
    python benchmarks/shikaku_sudoku.py generate --genre sudoku --sizes 16 --difficulties expert
    python benchmarks/shikaku_sudoku.py open                        # Shikaku open boards: "several" against CaDiCaL

CPU seconds (``time.process_time()``) throughout, not the clock: the machine is shared.

- ``generate``: ``puzzlekit.generate`` in this process, seeds ``bench-0`` .. ``bench-4``,
  each puzzle solved again afterwards (unique, and needing the rung it is stamped with);
  Tatham's generator timed as child-process CPU per board, the same number of boards from
  one process: ``/usr/games/sgt-rect --generate N 'WxH#bench'`` (he has one level) and
  ``/usr/games/sgt-solo --generate N 'CxRdL#bench'`` at the level the mapping in
  docs/generating.md gives each name (easy: Trivial ``t``, medium: Basic ``b``, hard:
  Advanced ``a``, expert: Extreme ``e``; with ``--solo-unreasonable`` expert is timed at
  Unreasonable ``u`` too).  Sizes are Shikaku's 5, 7, 10, 15, 20 and Sudoku's 4, 6, 9, 16
  unless ``--sizes`` says otherwise; a 4x4 Sudoku is only ever easy (docs/sudoku.md).
- ``open``: count to two on Shikaku boards that are open (``OPEN``: a 2 on every black
  square of a chessboard, a domino tiling, and the same with 3s and 4s on diagonals),
  against CaDiCaL through the SAT engine (``engine="sat"``, no deadline), both in this
  process.  Taking numbers off a Shikaku leaves no solution, not many, and generated
  boards with their numbers moved about stay unique or fall to deduction.

The famous hard Sudokus against CaDiCaL are ``benchmarks/versus_sat.py --set sudoku-famous``.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
from collections.abc import Sequence

from akari import _has_sat, cpu_of  # benchmarks/akari.py: the same CPU clock
from calibrate import RECT, SOLO  # benchmarks/calibrate.py: Tatham's binaries

import puzzlekit
from puzzlekit.core.search import count_solutions
from puzzlekit.errors import PuzzlekitError
from puzzlekit.grid import Houses

DIFFICULTIES = {"shikaku": ("easy", "medium", "hard"), "sudoku": ("easy", "medium", "hard", "expert")}
SIZES = {"shikaku": (5, 7, 10, 15, 20), "sudoku": (4, 6, 9, 16)}
SOLO_LEVEL = {"easy": "t", "medium": "b", "hard": "a", "expert": "e"}


def tatham_params(genre: str, size: int, level: str) -> str:
    if genre == "shikaku":
        return f"{size}x{size}#bench"
    c, r = Houses.box_shape(size)[::-1]
    return f"{c}x{r}d{level}#bench"


def tatham_cpu(genre: str, size: int, level: str, count: int) -> float | None:
    """Tatham's CPU per board: ``count`` boards made by one process, child-process CPU."""
    program = RECT if genre == "shikaku" else SOLO
    if not shutil.which(program):
        return None
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [program, "--generate", str(count), tatham_params(genre, size, level)], capture_output=True, check=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) / count


def generate_rows(
    genres: Sequence[str],
    sizes: Sequence[int] | None,
    difficulties: Sequence[str] | None,
    seeds: int,
    timeout: float,
    unreasonable: bool,
) -> None:
    puzzlekit.default_host()
    print("| genre | size | difficulty | made | med CPU s | max CPU s | Tatham CPU s per board | right |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for genre in genres:
        g = puzzlekit.default_host().genre(genre)
        for size in sizes or SIZES[genre]:
            for difficulty in difficulties or DIFFICULTIES[genre]:
                if difficulty not in DIFFICULTIES[genre]:
                    continue
                if difficulty not in g.difficulties_at(size, size):
                    print(f"| {genre} | {size}x{size} | {difficulty} | refused: not offered at this size | | | | |")
                    continue
                cpu: list[float] = []
                wrong, made_n, error = 0, 0, ""
                for i in range(seeds):
                    try:
                        spent, (made,) = cpu_of(
                            puzzlekit.generate,
                            genre,
                            size=size,
                            difficulty=difficulty,
                            seed=f"bench-{i}",
                            timeout=timeout,
                        )
                    except PuzzlekitError as err:
                        error = str(err).split(";")[0]
                        cpu.append(timeout)
                        continue
                    cpu.append(spent)
                    made_n += 1
                    check = puzzlekit.solve(genre, made.text)
                    wrong += check.status != puzzlekit.Status.UNIQUE or check.stats.rung != made.rung
                level = SOLO_LEVEL[difficulty] if genre == "sudoku" else ""
                theirs = tatham_cpu(genre, size, level, seeds)
                tatham = "-" if theirs is None else f"{theirs:.3f}" + (f" ({level})" if level else "")
                if unreasonable and genre == "sudoku" and difficulty == "expert":
                    extra = tatham_cpu(genre, size, "u", seeds)
                    tatham += "" if extra is None else f", {extra:.3f} (u)"
                print(
                    f"| {genre} | {size}x{size} | {difficulty} | {made_n}/{seeds} | {statistics.median(cpu):.3f} | "
                    f"{max(cpu):.3f} | {tatham} | {made_n - wrong}" + (f" | {error}" if error else "") + " |",
                    flush=True,
                )


OPEN = (
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
    parser = argparse.ArgumentParser(description="Shikaku's and Sudoku's floors, beside Tatham's Rectangles and Solo.")
    parser.add_argument("section", choices=("generate", "open"))
    parser.add_argument("--genre", action="append", choices=list(SIZES), help="generate: this genre (repeatable)")
    parser.add_argument("--sizes", type=int, nargs="+", help="generate: board sides (default: the issue's)")
    parser.add_argument("--difficulties", nargs="+", choices=DIFFICULTIES["sudoku"])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per puzzle (open: per search)")
    parser.add_argument("--solo-unreasonable", action="store_true", help="generate: time Solo's Unreasonable too")
    args = parser.parse_args(argv)
    if args.section == "generate":
        generate_rows(
            args.genre or list(SIZES), args.sizes, args.difficulties, args.seeds, args.timeout, args.solo_unreasonable
        )
    else:
        run_open(args.timeout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
