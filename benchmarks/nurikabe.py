"""Nurikabe's floors (issue 23): generation at every size and difficulty, and open boards.

    python benchmarks/nurikabe.py generate              # 5x5 .. 20x20 x easy, medium, hard, 5 seeds
    python benchmarks/nurikabe.py generate --sizes 20 --difficulties hard --seeds 3
    python benchmarks/nurikabe.py open                  # boards with several solutions
    python benchmarks/nurikabe.py published             # the corpus's hard janko.at boards

CPU seconds (``time.process_time()``) throughout, not the clock: the machine is shared.
There is no Nurikabe in Simon Tatham's collection, so the reference is the issue's own
numbers and the SAT engine (CaDiCaL through python-sat, in this process).

- ``generate``: ``puzzlekit.generate("nurikabe", ...)`` at default settings (its default
  timeout) from seeds ``bench-0`` .. ``bench-4``; each puzzle is solved again (unique, and
  needing exactly the rung it is stamped with) and proven unique by the SAT engine, whose
  CPU time is the last column.
- ``open``: count to two on boards with many solutions (a lattice of equal numbers), by
  the default search and by the SAT engine, each under ``--timeout``.

- ``published``: solve (count to two) each board of the corpus's
  ``published/nurikabe-hard.txt`` (``$PUZZLEKIT_CORPUS``) by the default search and by the
  SAT engine, each under ``--timeout``; the floor is 2 s CPU a board.

Run it with another interpreter (a venv of an older checkout) for a "before" column.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import corpus  # benchmarks/corpus.py: Python puts the script's own folder on sys.path

import puzzlekit
from puzzlekit.core.search import Status
from puzzlekit.errors import PuzzlekitError

T = TypeVar("T")
SIZES = (5, 7, 10, 15, 20)
DIFFICULTIES = ("easy", "medium", "hard")
FLOOR = {10: 0.5, 20: 1.0}
"""The issue's median CPU per puzzle (seconds) at these sizes."""
LATTICES = ((4, 5), (4, 6), (5, 8))
"""Open boards: a number ``k`` every ``step`` cells in both directions, from r2c2."""
PUBLISHED = corpus.ROOT / "published" / "nurikabe-hard.txt"
PUBLISHED_FLOOR = 2.0
"""The issue's floor: every published board solved and proven unique in this many CPU s."""


def cpu_of(work: Callable[..., T], *args: Any, **kwargs: Any) -> tuple[float, T]:
    """CPU seconds of ``work(*args, **kwargs)`` in this process, and what it returned."""
    started = time.process_time()
    out = work(*args, **kwargs)
    return time.process_time() - started, out


def table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in [head, *rows]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def generate_row(size: int, difficulty: str, seeds: int) -> list[str]:
    """One table row: made, median and max CPU, the floor, wrong ones, SAT proof CPU."""
    cpu: list[float] = []
    sat: list[float] = []
    wrong: list[str] = []
    error = ""
    for i in range(seeds):
        try:
            spent, (made,) = cpu_of(
                puzzlekit.generate, "nurikabe", size=f"{size}x{size}", difficulty=difficulty, seed=f"bench-{i}"
            )
        except PuzzlekitError as err:
            error = str(err)
            continue
        cpu.append(spent)
        check = puzzlekit.solve("nurikabe", made.text)
        if check.status != Status.UNIQUE or check.stats.rung != made.rung:
            wrong.append(f"bench-{i}: {check.status.value}, rung {check.stats.rung} (stamped {made.rung})")
        proof_cpu, proof = cpu_of(puzzlekit.solve, "nurikabe", made.text, engine="sat", timeout=None)
        sat.append(proof_cpu)
        if proof.status != Status.UNIQUE:
            wrong.append(f"bench-{i}: SAT says {proof.status.value}")
    floor = FLOOR.get(size)
    median = statistics.median(cpu) if cpu else None
    meets = "-" if floor is None or median is None else ("yes" if median <= floor and not error else "NO")
    for w in wrong:
        print(f"wrong: {size}x{size} {difficulty}: {w}", file=sys.stderr)
    return [
        f"{size}x{size} {difficulty}",
        f"{len(cpu)}/{seeds}",
        f"{median:.2f}" if median is not None else "-",
        f"{max(cpu):.2f}" if cpu else "-",
        f"{floor:g}" if floor else "-",
        meets,
        str(len(cpu) - len(wrong)),
        f"{statistics.median(sat):.3f}" if sat else "-",
        error[:60],
    ]


def lattice(size: int, step: int, k: int) -> str:
    clues = {(r, c) for r in range(1, size, step) for c in range(1, size, step)}
    wide = k > 9
    rows = [[str(k) if (r, c) in clues else "." for c in range(size)] for r in range(size)]
    return "\n".join((" " if wide else "").join(row) for row in rows) + "\n"


def open_rows(sizes: Sequence[int], timeout: float) -> list[list[str]]:
    out = []
    for size in sizes:
        for step, k in LATTICES:
            text = lattice(size, step, k)
            ours_cpu, ours = cpu_of(puzzlekit.solve, "nurikabe", text, timeout=timeout)
            sat_cpu, sat = cpu_of(puzzlekit.solve, "nurikabe", text, engine="sat", timeout=timeout)
            out.append(
                [
                    f"{size}x{size}, a {k} every {step}",
                    ours.status.value,
                    f"{ours_cpu:.3f}",
                    sat.status.value,
                    f"{sat_cpu:.3f}",
                ]
            )
    return out


def published_boards(path: Path) -> list[tuple[str, str]]:
    """(title, level text) of each block of a corpus file, blocks split at ``# title:``."""
    boards: list[tuple[str, str]] = []
    for block in re.split(r"(?m)^(?=# title:)", path.read_text()):
        if block.strip():
            title = block.splitlines()[0].removeprefix("# title:").strip()
            boards.append((title, block))
    return boards


def published_rows(path: Path, timeout: float, only: Sequence[str]) -> list[list[str]]:
    out = []
    for title, text in published_boards(path):
        if only and not any(o in title for o in only):
            continue
        ours_cpu, ours = cpu_of(puzzlekit.solve, "nurikabe", text, timeout=timeout)
        sat_cpu, sat = cpu_of(puzzlekit.solve, "nurikabe", text, engine="sat", timeout=timeout)
        meets = "yes" if ours.status == Status.UNIQUE and ours_cpu <= PUBLISHED_FLOOR else "NO"
        row = [title, ours.status.value, f"{ours_cpu:.2f}", meets, sat.status.value, f"{sat_cpu:.2f}"]
        print("  ".join(row), file=sys.stderr, flush=True)
        out.append(row)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Nurikabe's floors: generation and open boards, CPU seconds.")
    sub = parser.add_subparsers(dest="what", required=True)
    gen = sub.add_parser("generate", help="every size x difficulty, with the SAT engine's proof time")
    gen.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    gen.add_argument("--difficulties", nargs="+", default=list(DIFFICULTIES), choices=DIFFICULTIES)
    gen.add_argument("--seeds", type=int, default=5)
    opened = sub.add_parser("open", help="boards with several solutions: the search against the SAT engine")
    opened.add_argument("--sizes", type=int, nargs="+", default=[10, 15, 20])
    opened.add_argument("--timeout", type=float, default=10.0, help="seconds per board and engine")
    pub = sub.add_parser("published", help="the corpus's hard janko.at boards: the search against the SAT engine")
    pub.add_argument("--timeout", type=float, default=30.0, help="seconds per board and engine")
    pub.add_argument("--only", nargs="*", default=[], help="boards whose title contains one of these")
    args = parser.parse_args(argv)
    puzzlekit.default_host()  # load the plugins before the first puzzle is timed
    if args.what == "generate":
        head = ["nurikabe", "made", "med cpu s", "max cpu s", "floor s", "meets", "right", "SAT proof s", "error"]
        rows = [generate_row(s, d, args.seeds) for s in args.sizes for d in args.difficulties]
        print(table(head, rows))
        return 1 if any(r[5] == "NO" or r[8] for r in rows) else 0
    if args.what == "published":
        if not PUBLISHED.is_file():
            print(f"no published Nurikabes at {PUBLISHED} (set PUZZLEKIT_CORPUS)", file=sys.stderr)
            return 2
        head = ["board", "search", "cpu s", "<= 2 s", "SAT engine", "cpu s"]
        rows = published_rows(PUBLISHED, args.timeout, args.only)
        print(table(head, rows))
        return 1 if any(r[3] == "NO" for r in rows) else 0
    print(table(["board", "search", "cpu s", "SAT engine", "cpu s"], open_rows(args.sizes, args.timeout)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
