"""Brute force against the solver on random small boards, for every genre with a sampler.

    python benchmarks/brute_force.py                 # 2,000 boards per genre
    python benchmarks/brute_force.py --boards 5000 --genre akari

Each genre that implements ``Genre.small_board`` (Akari, Nurikabe, ...) draws boards from
a fixed seed; every assignment of each board is enumerated through ``accept`` and the
count (none, one, many) and the solution are compared with ``count_solutions``: the same
check ``PuzzleConformance.brute_force`` runs on a few boards in the default test run.
Exit status 1 when any genre disagrees.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence

import puzzlekit
from puzzlekit.core import count_solutions
from puzzlekit.core.rng import Rng
from puzzlekit.genre import Genre
from puzzlekit.testing.checks import Failed, check_brute_force


def statuses(genre: Genre, boards: int, seed: str) -> Counter[str]:
    """How the sampled boards split between none, unique and multiple (the same boards)."""
    rng = Rng(f"{genre.name}:brute-force:{seed}")
    found: Counter[str] = Counter()
    for _ in range(boards):
        outcome = count_solutions(genre.build(genre.small_board(rng)), limit=2, timeout=None, record=False)
        found[outcome.status.value] += 1
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=2000)
    parser.add_argument("--genre", action="append", help="only these genres (default: every one with a sampler)")
    args = parser.parse_args(argv)
    host = puzzlekit.default_host()
    genres = list({g.name: g for g in (host.genre(name) for name in (args.genre or host.registry.names()))}.values())
    sampled = [g for g in genres if type(g).small_board is not Genre.small_board]
    print(f"{'genre':12}  {'boards':>6}  {'agree':5}  {'none':>5}  {'unique':>6}  {'multiple':>8}  {'seconds':>7}")
    bad = False
    for genre in sampled:
        started = time.perf_counter()
        try:
            check_brute_force(genre, args.boards)
            agree = "yes"
        except Failed as why:
            agree, bad = "NO", True
            print(f"{genre.name}: {why}", file=sys.stderr)
        took = time.perf_counter() - started
        split = statuses(genre, args.boards, "conformance")
        print(
            f"{genre.name:12}  {args.boards:>6}  {agree:5}  {split['none']:>5}  {split['unique']:>6}  "
            f"{split['multiple']:>8}  {took:>7.1f}"
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
