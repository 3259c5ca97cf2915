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
  SAT engine (``engine="sat"``, python-sat), both in this process.
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
from pathlib import Path

import puzzlekit
from puzzlekit.errors import PuzzlekitError

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import ROOT  # noqa: E402

LIGHTUP = "/usr/games/sgt-lightup"
LEVELS = {"easy": 0, "medium": 1, "hard": 2}
HERE = Path(__file__).resolve().parent
SET_10x10 = HERE.parent / "tests" / "fixtures" / "generated" / "akari-10x10.txt"
PUBLISHED = ROOT / "published" / "akari-hard.txt"


def cpu_of(work: Callable[[], object]) -> tuple[float, object]:
    started = time.process_time()
    out = work()
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
                    spent, made = cpu_of(
                        lambda: puzzlekit.generate(
                            "akari", size=size, difficulty=difficulty, seed=f"bench-{i}", timeout=timeout
                        )[0]
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
    """(name, level text): empty boards, and generated hard boards with numbers taken off."""
    out = [(f"empty {n}x{n}", "# title: empty\n" + ("." * n + "\n") * n) for n in (10, 15, 20, 25)]
    for n in (15, 25):
        (made,) = puzzlekit.generate("akari", size=n, difficulty="hard", seed="bench-open")
        rows = [r for r in made.text.splitlines() if r and not r.startswith("# ")]
        bare = "\n".join("".join("#" if ch.isdigit() else ch for ch in row) for row in rows)
        out.append((f"{n}x{n} hard, no numbers", "# title: bare\n" + bare + "\n"))
        seen = 0
        half = []
        for row in rows:
            cells = []
            for ch in row:
                seen += ch.isdigit()
                cells.append("#" if ch.isdigit() and seen % 2 else ch)
            half.append("".join(cells))
        out.append((f"{n}x{n} hard, half the numbers", "# title: half\n" + "\n".join(half) + "\n"))
    return out


def run_open() -> None:
    sat = _has_sat()
    print("| board | status | nodes | CPU s | CaDiCaL CPU s |")
    print("| --- | --- | --- | --- | --- |")
    for name, text in open_boards():
        spent, result = cpu_of(lambda: puzzlekit.solve("akari", text, timeout=60))
        assert isinstance(result, puzzlekit.SolveResult)
        theirs = "-"
        if sat:
            sat_cpu, sat_result = cpu_of(lambda: puzzlekit.solve("akari", text, engine="sat", timeout=None))
            assert isinstance(sat_result, puzzlekit.SolveResult)
            theirs = f"{sat_cpu:.3f} ({sat_result.status.value})"
        print(f"| {name} | {result.status.value} | {result.stats.nodes} | {spent:.3f} | {theirs} |", flush=True)


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
            spent, result = cpu_of(lambda: puzzlekit.solve("akari", p, timeout=60))
            assert isinstance(result, puzzlekit.SolveResult)
            cpu.append(spent)
            right += result.status == puzzlekit.Status.UNIQUE
            if sat:
                theirs += cpu_of(lambda: puzzlekit.solve("akari", p, engine="sat", timeout=None))[0]
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
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per puzzle")
    args = parser.parse_args(argv)
    if args.section == "generate":
        generate_rows(args.sizes, args.difficulties, args.seeds, args.timeout)
    elif args.section == "open":
        run_open()
    else:
        run_solve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
