"""Issue 20's solving floor for every new genre: solving generated boards in process, the
propagation engine against the SAT engine (CaDiCaL through python-sat) side by side.

    python benchmarks/region_genres.py                    # every genre of issue 20, 7x7 and 10x10, 5 seeds
    python benchmarks/region_genres.py --sizes 10 --seeds 20 --genres starbattle
    python benchmarks/region_genres.py --sizes 10 15 --seeds 100 --genres heyawake   # issue 20's floor

Boards are made with ``make_each`` from the seeds ``bench-0`` .. (every difficulty in
turn), then each is solved (count to two: the proof of uniqueness) by
``puzzlekit.solve`` and by ``puzzlekit.solve(..., engine="sat")``. CPU seconds
(``time.process_time()``) per solve, not the clock: the machine is shared.  The floor of
issue 20 is a median of 20 ms at 10x10 and at most twice the CaDiCaL twin on hard boards:
the last column is the median, over the hard boards, of each board's propagation CPU over
its SAT CPU.  A board the generator does not make in ``--timeout`` seconds is counted
apart ("not made").  A board is right when both engines say unique with the same
solution; a row passes when every board made is right, the median is at most 20 ms (the
floor is set at 10x10) and the hard ratio at most 2.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time

import puzzlekit
from puzzlekit.errors import PuzzlekitError
from puzzlekit.generation import make_each
from puzzlekit.host import Host, make_host

GENRES = [
    "heyawake",
    "starbattle",
    "norinori",
    "hitori",
    "kakuro",
    "yajilin",
    "fillomino",
    "numberlink",
    "kurodoko",
    "lits",
]
FLOOR_MS = 20.0  # issue 20: median at 10x10
FLOOR_RATIO = 2.0  # issue 20: within twice the CaDiCaL twin on hard boards


def timed(genre: str, text: str, engine: str, host: Host) -> tuple[float, puzzlekit.SolveResult]:
    """CPU milliseconds of one solve, and its result.

    A full collection first: the boards made earlier in the process leave garbage behind, and a
    collection falling inside one solve (both engines alike) would be timed as that solve's."""
    gc.collect()
    started = time.process_time()
    out = puzzlekit.solve(genre, text, engine=engine, host=host)
    return (time.process_time() - started) * 1000, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genres", nargs="+", default=GENRES)
    parser.add_argument("--sizes", nargs="+", type=int, default=[7, 10])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--first", type=int, default=0, help="the first seed's number (to split a long run)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds to make one board")
    args = parser.parse_args()
    host = make_host()
    print(
        "| genre | size | boards | puzzlekit median ms | worst ms | SAT median ms | worst ms | agree "
        "| hard: ours / SAT | not made | floor |",
        flush=True,
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|", flush=True)
    for genre in args.genres:
        difficulties = list(host.genre(genre).difficulties)
        for size in args.sizes:
            mine: list[float] = []
            sat: list[float] = []
            agree = missing = 0
            ratios: list[float] = []
            for k in range(args.first, args.first + args.seeds):
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
                right = bool(a.status == b.status == puzzlekit.Status.UNIQUE and same)
                agree += right
                # one line per board on stderr, so a run cut short still says what it measured
                print(
                    genre, size, seed, difficulty, f"{t_mine:.1f}", f"{t_sat:.1f}", right, file=sys.stderr, flush=True
                )
            if not mine:
                print(f"| {genre} | {size}x{size} | 0 | | | | | | | {missing} | fail |", flush=True)
                continue
            ratio = f"{statistics.median(ratios):.2f}x" if ratios else ""
            passes = agree == len(mine) and (size > 10 or statistics.median(mine) <= FLOOR_MS)
            passes = passes and (not ratios or statistics.median(ratios) <= FLOOR_RATIO)
            print(
                f"| {genre} | {size}x{size} | {len(mine)} | {statistics.median(mine):.1f} | {max(mine):.1f} | "
                f"{statistics.median(sat):.1f} | {max(sat):.1f} | {agree}/{len(mine)} | {ratio} | {missing} | "
                f"{'pass' if passes else 'fail'} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
