"""Akari's floors (issue 23), side by side with Simon Tatham's Light Up in one run.

    python benchmarks/akari.py generate              # every size x difficulty, 5 seeds, and sgt-lightup
    python benchmarks/akari.py generate --sizes 25 --difficulties hard
    python benchmarks/akari.py open                  # open boards: "several" against CaDiCaL
    python benchmarks/akari.py solve                 # boards deduction decides: no regression

CPU seconds (``time.process_time()``) throughout, not the clock: the machine is shared.

- ``generate``: ``puzzlekit.generate("akari", ...)`` in this process, seeds ``bench-0``
  .. ``bench-4``, each puzzle solved again afterwards (unique, and needing the rung it
  is stamped with); Tatham's ``/usr/games/sgt-lightup --generate N 'WxHb20s0dD#bench'``
  timed as child-process CPU per board, at the level the mapping in docs/generating.md
  gives each name (easy: Easy ``d0``, medium: Tricky ``d1``, hard: Hard ``d2``).
- ``open``: count to two on boards with few or no numbers (empty boards; generated hard
  boards with every number taken off, or every other one), against CaDiCaL through the
  SAT engine (``engine="sat"`` with no deadline, python-sat), both in this process.
  ``--variants`` adds the other ways to search measured for issue 23: the depth-first
  search, and the learning search with cells emptied first and/or "lit" as one clause
  over every cell a cell sees (``--timeout`` bounds each).
- ``solve``: the ``akari-10x10`` benchmark set (tests/fixtures/generated) and the janko
  boards of ``published/akari-hard.txt`` in the corpus (``$PUZZLEKIT_CORPUS``, by
  default ``../shared/corpus``; skipped when absent).

Run it with another interpreter (a venv of an older checkout) for a "before" column.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from pathlib import Path
from typing import Any, TypeVar

import corpus  # benchmarks/corpus.py: Python puts the script's own folder on sys.path

import puzzlekit
from puzzlekit.core.cdcl import cardinality
from puzzlekit.core.search import count_solutions
from puzzlekit.engines.sat import SatEncoding
from puzzlekit.errors import PuzzlekitError

T = TypeVar("T")
LIGHTUP = "/usr/games/sgt-lightup"
LEVELS = {"easy": 0, "medium": 1, "hard": 2}
HERE = Path(__file__).resolve().parent
OPEN = HERE / "sets" / "akari-open.txt"
SET_10x10 = HERE.parent / "tests" / "fixtures" / "generated" / "akari-10x10.txt"
PUBLISHED = corpus.ROOT / "published" / "akari-hard.txt"


def cpu_of(work: Callable[..., T], *args: Any, **kwargs: Any) -> tuple[float, T]:
    """CPU seconds of ``work(*args, **kwargs)`` in this process, and what it returned."""
    started = time.process_time()
    out = work(*args, **kwargs)
    return time.process_time() - started, out


def tatham_cpu(size: int, difficulty: str, count: int) -> float | None:
    """Median-free: Tatham's CPU per board, ``count`` boards made by one process."""
    if not shutil.which(LIGHTUP):
        return None
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    game = f"{size}x{size}b20s0d{LEVELS[difficulty]}#bench"
    subprocess.run([LIGHTUP, "--generate", str(count), game], capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) / count


def generate_rows(sizes: Sequence[int], difficulties: Sequence[str], seeds: int, timeout: float) -> None:
    puzzlekit.default_host()
    print("| size | difficulty | made | med CPU s | max CPU s | med numbers | sgt-lightup CPU s | right |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for size in sizes:
        for difficulty in difficulties:
            cpu: list[float] = []
            numbers: list[int] = []
            wrong, error = 0, ""
            for i in range(seeds):
                try:
                    spent, (made,) = cpu_of(
                        puzzlekit.generate,
                        "akari",
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
                rows = [r for r in made.text.splitlines() if r and not r.startswith("# ")]
                numbers.append(sum(ch.isdigit() for row in rows for ch in row))
                check = puzzlekit.solve("akari", made.text)
                wrong += check.status != puzzlekit.Status.UNIQUE or check.stats.rung != made.rung
            theirs = tatham_cpu(size, difficulty, seeds)
            print(
                f"| {size}x{size} | {difficulty} | {len(numbers)}/{seeds} | {statistics.median(cpu):.2f} | "
                f"{max(cpu):.2f} | {statistics.median(numbers) if numbers else '-'} | "
                f"{'-' if theirs is None else f'{theirs:.3f}'} | {len(numbers) - wrong}"
                + (f" | {error}" if error else "")
                + " |",
                flush=True,
            )


def open_boards() -> list[tuple[str, str]]:
    """(name, level text) of ``benchmarks/sets/akari-open.txt``: empty boards, and generated
    hard boards with every number, or every other one, made a plain black cell."""
    return [
        (p.meta["title"], "\n".join(p.genre.write(p.instance)) + "\n")
        for p in puzzlekit.load("akari", OPEN.read_text())
    ]


def one_clause_lit(board: Any) -> SatEncoding:
    """The encoding before run variables: "lit" as one clause over every cell a cell sees."""
    clauses = [[v + 1, *(w + 1 for w in seen)] for v, seen in enumerate(board.seen)]
    clauses += [[-a - 1, -b - 1] for run in board.segments for a, b in combinations(run, 2)]
    for cell, n in sorted(board.clues.items()):
        clauses += cardinality([v + 1 for v in board.around(cell)], [n])
    return SatEncoding.boolean(len(board.whites), clauses)


VARIANTS: dict[str, tuple[bool, Callable[[Any], SatEncoding] | None, bool]] = {
    "shipped": (True, None, True),
    "depth-first": (False, None, True),
    "runs, empty first": (True, None, False),
    "one clause, bulbs first": (True, one_clause_lit, True),
    "one clause, empty first": (True, one_clause_lit, False),
}
"""(learning, the twin's encoding (None: the genre's), bulbs first) of each way to search."""


def open_variant(text: str, variant: str, timeout: float) -> tuple[float, str]:
    learning, encoding, bulbs_first = VARIANTS[variant]
    (puzzle,) = puzzlekit.load("akari", text)
    model = puzzle.genre.build(puzzle.instance)

    def twin() -> SatEncoding:
        made = (encoding or puzzle.genre.sat_encoding)(puzzle.instance)
        made.true_first = bulbs_first
        return made

    model.cnf = twin
    spent, outcome = cpu_of(count_solutions, model, timeout=timeout, learning=learning, record=False)
    return spent, f"{outcome.status.value}, {outcome.nodes} nodes"


def run_open(variants: Sequence[str], timeout: float) -> None:
    sat = _has_sat()
    print("| board | " + " | ".join(f"{v} CPU s" for v in variants) + " | CaDiCaL CPU s |")
    print("| --- " * (len(variants) + 2) + "|")
    for name, text in open_boards():
        cells = []
        for variant in variants:
            spent, what = open_variant(text, variant, timeout)
            cells.append(f"{spent:.3f} ({what})")
        theirs = "-"
        if sat:
            sat_cpu, sat_result = cpu_of(puzzlekit.solve, "akari", text, engine="sat", timeout=None)
            theirs = f"{sat_cpu:.3f} ({sat_result.status.value})"
        print(f"| {name} | " + " | ".join(cells) + f" | {theirs} |", flush=True)


def run_solve() -> None:
    sat = _has_sat()
    print("| set | boards | right | med CPU s | max CPU s | total CPU s | CaDiCaL total CPU s |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, path in (("akari-10x10", SET_10x10), ("published akari-hard", PUBLISHED)):
        if not path.exists():
            print(f"| {name} | skipped: {path} is missing | | | | | |")
            continue
        puzzles = puzzlekit.load("akari", path.read_text())
        cpu, right, theirs = [], 0, 0.0
        for p in puzzles:
            spent, result = cpu_of(puzzlekit.solve, "akari", p, timeout=60)
            cpu.append(spent)
            right += result.status == puzzlekit.Status.UNIQUE
            if sat:
                theirs += cpu_of(puzzlekit.solve, "akari", p, engine="sat", timeout=None)[0]
        print(
            f"| {name} | {len(puzzles)} | {right} | {statistics.median(cpu):.3f} | {max(cpu):.3f} | "
            f"{sum(cpu):.3f} | {f'{theirs:.3f}' if sat else '-'} |"
        )


def _has_sat() -> bool:
    try:
        import pysat  # noqa: F401
    except ImportError:
        return False
    return True


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Akari's generation and search floors, beside Tatham's Light Up.")
    parser.add_argument("section", choices=("generate", "open", "solve"))
    parser.add_argument("--sizes", type=int, nargs="+", default=[5, 7, 10, 15, 20, 25])
    parser.add_argument("--difficulties", nargs="+", default=list(LEVELS), choices=list(LEVELS))
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per puzzle (open: per search)")
    parser.add_argument("--variants", nargs="+", default=["shipped"], choices=list(VARIANTS), help="open: searches")
    args = parser.parse_args(argv)
    if args.section == "generate":
        generate_rows(args.sizes, args.difficulties, args.seeds, args.timeout)
    elif args.section == "open":
        run_open(args.variants, args.timeout)
    else:
        run_solve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
