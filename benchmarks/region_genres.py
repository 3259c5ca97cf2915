"""Heyawake, Star Battle, Norinori and Kurodoko (issue 20): solving generated boards in process, the
propagation engine against the SAT engine (CaDiCaL through python-sat) side by side.

    python benchmarks/region_genres.py                    # 7x7 and 10x10, 5 seeds each
    python benchmarks/region_genres.py --sizes 10 --seeds 20 --genres starbattle
    python benchmarks/region_genres.py --sizes 10 15 --seeds 100 --genres heyawake   # issue 20's floor

Boards are made with ``make_each`` from the seeds ``bench-0`` .. (every difficulty in
turn), then each is solved (count to two: the proof of uniqueness) by
``puzzlekit.solve`` and by ``puzzlekit.solve(..., engine="sat")``. CPU seconds
(``time.process_time()``) per solve, not the clock: the machine is shared.  The floor of
issue 20 is a median of 20 ms at 10x10 and at most twice the CaDiCaL twin on hard boards:
the last column is the median, over the hard boards, of each board's propagation CPU over
its SAT CPU.  A board the generator does not make in ``--timeout`` seconds is counted
apart ("not made").
"""

from __future__ import annotations

import argparse
import statistics
import time

import puzzlekit
from puzzlekit.errors import PuzzlekitError
from puzzlekit.generation import make_each
from puzzlekit.host import Host, make_host


def timed(genre: str, text: str, engine: str, host: Host) -> tuple[float, puzzlekit.SolveResult]:
    """CPU milliseconds of one solve, and its result."""
    started = time.process_time()
    out = puzzlekit.solve(genre, text, engine=engine, host=host)
    return (time.process_time() - started) * 1000, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genres", nargs="+", default=["heyawake", "starbattle", "norinori"])
    parser.add_argument("--sizes", nargs="+", type=int, default=[7, 10])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds to make one board")
    args = parser.parse_args()
    host = make_host()
    print(
        "| genre | size | boards | puzzlekit median ms | worst ms | SAT median ms | worst ms | agree "
        "| hard: ours / SAT | not made |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for genre in args.genres:
        difficulties = list(host.genre(genre).difficulties)
        for size in args.sizes:
            mine: list[float] = []
            sat: list[float] = []
            agree = missing = 0
            ratios: list[float] = []
            for k in range(args.seeds):
                difficulty = difficulties[k % len(difficulties)]
                seed = f"bench-{k}"
                try:
                    (made,) = make_each(
                        genre, size=(size, size), seed=seed, difficulty=difficulty, timeout=args.timeout, host=host
                    )
                except PuzzlekitError:
                    missing += 1
                    continue
                t_mine, a = timed(genre, made.text, "propagation", host)
                t_sat, b = timed(genre, made.text, "sat", host)
                mine.append(t_mine)
                sat.append(t_sat)
                if difficulty == difficulties[-1]:
                    ratios.append(t_mine / max(t_sat, 1e-3))
                same = a.solutions and b.solutions and a.solutions[0].values == b.solutions[0].values
                agree += bool(a.status == b.status == puzzlekit.Status.UNIQUE and same)
            if not mine:
                print(f"| {genre} | {size}x{size} | 0 | | | | | | | {missing} |")
                continue
            ratio = f"{statistics.median(ratios):.2f}x" if ratios else ""
            print(
                f"| {genre} | {size}x{size} | {len(mine)} | {statistics.median(mine):.1f} | {max(mine):.1f} | "
                f"{statistics.median(sat):.1f} | {max(sat):.1f} | {agree}/{len(mine)} | {ratio} | {missing} |"
            )


if __name__ == "__main__":
    main()
