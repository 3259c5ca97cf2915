"""Numberlink (issue 20): generated boards solved in process, the propagation engine beside
the SAT engine (CaDiCaL through python-sat), and generation time per difficulty.

    python benchmarks/numberlink.py                          # 10x10 and 15x15, 20 boards each
    python benchmarks/numberlink.py --sizes 10 --boards 100

Boards are made with ``make_each`` from the seeds ``bench-0`` .. at ``--difficulty``; each is
solved (count to two: the proof of uniqueness) by ``puzzlekit.solve`` and by
``puzzlekit.solve(..., engine="sat")``.  CPU seconds (``time.process_time()``), not the
clock: the machine is shared.  Issue 20's floors: a solve median of 20 ms at 10x10 and at
most twice the CaDiCaL twin; generation at 10x10 a median of 0.5 s per difficulty.
"""

from __future__ import annotations

import argparse
import statistics
import time

import puzzlekit
from puzzlekit.generation import make_each
from puzzlekit.host import make_host


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", type=int, default=[10, 15])
    parser.add_argument("--boards", type=int, default=20)
    parser.add_argument("--difficulty", default="medium")
    args = parser.parse_args()
    host = make_host()
    print("| size | boards | make median s | solve median ms | worst ms | SAT median ms | worst ms | right |")
    print("|---|---|---|---|---|---|---|---|")
    for size in args.sizes:
        made_s: list[float] = []
        mine: list[float] = []
        sat: list[float] = []
        right = 0
        for k in range(args.boards):
            started = time.process_time()
            (made,) = make_each(
                "numberlink", size=(size, size), seed=f"bench-{k}", difficulty=args.difficulty, timeout=300, host=host
            )
            made_s.append(time.process_time() - started)
            started = time.process_time()
            a = puzzlekit.solve("numberlink", made.text, host=host)
            mine.append((time.process_time() - started) * 1000)
            started = time.process_time()
            b = puzzlekit.solve("numberlink", made.text, engine="sat", host=host)
            sat.append((time.process_time() - started) * 1000)
            same = a.solutions and b.solutions and a.solutions[0].values == b.solutions[0].values
            right += bool(a.status == b.status == puzzlekit.Status.UNIQUE and same)
        print(
            f"| {size}x{size} | {len(mine)} | {statistics.median(made_s):.2f} | {statistics.median(mine):.1f} | "
            f"{max(mine):.1f} | {statistics.median(sat):.1f} | {max(sat):.1f} | {right}/{len(mine)} |"
        )


if __name__ == "__main__":
    main()
