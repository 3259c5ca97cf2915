"""Benchmark puzzlekit's start-up and memory as whole processes, against a bare Python.

    python benchmarks/startup.py                 # the table (about a minute)
    python benchmarks/startup.py --runs 21       # more runs per row, steadier medians
    python benchmarks/startup.py --json          # machine-readable rows

Each row runs one command line as a fresh process ``--runs`` times and reports the median
wall time, the median CPU time (user + system, from ``wait4``) and the largest peak
resident memory.  ``python -c pass`` is the reference, measured in the same run, because
the machine is shared and absolute times are noisy; the floors of issue 15 (``--version``
<= 0.1 s, ``--help`` <= 0.2 s, a 3x3 solve <= 0.3 s) are checked on the median CPU time,
which waiting for a busy core does not inflate (on an idle machine wall and CPU agree).

The ``no .pyc`` row runs with ``PYTHONDONTWRITEBYTECODE=1`` and an empty
``PYTHONPYCACHEPREFIX``: what a machine that never wrote puzzlekit's bytecode pays on every
start (an editable install under that variable).  ``python -m compileall -q puzzlekit
plugins`` once, from the checkout, removes the cost (see docs/cli.md, "Start-up").

The memory rows solve, with ``--plain``, the first 20 of the corpus's janko Slitherlinks
(``janko_slither.txt``, from ``../shared/corpus`` or ``$PUZZLEKIT_CORPUS``; a bundled example
when it is absent), the same 20 repeated 59 times (1,180 boards), and all 1,176.  The CLI
parses a board when it solves it, so the first two peaks should match: memory is flat with
the number of boards.  The last row's peak is that of its largest board's solve.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE_3X3 = "3.2\n...\n2.3\n"
EXAMPLE_HASHI = "2.2\n...\n2.2\n"
EXAMPLE_URL = "https://puzz.link/p?slither/5/5/haag6216bgd6d"
FLOORS = {"--version": 0.1, "--help": 0.2, "solve 3x3": 0.3}


@dataclass
class Row:
    name: str
    wall: float
    """Median seconds, start to exit."""
    cpu: float
    """Median user + system seconds."""
    peak_mib: float
    """Largest peak resident set over the runs, MiB."""
    floor: float | None = None

    @property
    def verdict(self) -> str:
        if self.floor is None:
            return ""
        return "ok" if self.cpu <= self.floor else "OVER"


def measure(
    argv: Sequence[str], runs: int, stdin: str | None = None, env: dict[str, str] | None = None
) -> tuple[float, float, float]:
    """(median wall s, median CPU s, max peak RSS MiB) of ``argv`` run ``runs`` times."""
    walls: list[float] = []
    cpus: list[float] = []
    peak = 0
    for _ in range(runs):
        start = time.perf_counter()
        status, usage = run_once(argv, stdin, env)
        walls.append(time.perf_counter() - start)
        cpus.append(usage.ru_utime + usage.ru_stime)
        peak = max(peak, usage.ru_maxrss)
        code = os.waitstatus_to_exitcode(status)
        if code not in (0, 3, 4):
            print(f"warning: {' '.join(argv)} exited {code}", file=sys.stderr)
    return statistics.median(walls), statistics.median(cpus), peak / 1024


def run_once(argv: Sequence[str], stdin: str | None, env: dict[str, str] | None = None) -> tuple[int, os.struct_rusage]:
    """Run ``argv`` once with ``stdin`` (or none) and its output discarded; reaped with
    ``wait4``, so the usage is this process's own."""
    with tempfile.TemporaryFile() as feed:
        feed.write((stdin or "").encode())
        feed.seek(0)
        pid = os.fork()
        if pid == 0:  # the child: never returns
            try:
                os.dup2(feed.fileno(), 0)
                null = os.open(os.devnull, os.O_WRONLY)
                os.dup2(null, 1)
                os.dup2(null, 2)
                os.execvpe(argv[0], list(argv), {**os.environ, **(env or {})})
            finally:
                os._exit(127)
        _, status, usage = os.wait4(pid, 0)
    return status, usage


def corpus_blocks() -> list[str]:
    """The corpus's janko Slitherlinks as level blocks; a bundled example when it is absent."""
    janko = corpus.COMMUNITY / "janko_slither.txt"
    if not janko.is_file():
        return [(ROOT / "plugins" / "puzzlekit_slitherlink" / "examples" / "first.txt").read_text().strip()]
    blocks = janko.read_text().split("\n\n")
    return [b for b in blocks if b.strip() and not all(line.startswith("#") for line in b.splitlines())]


def boards_file(folder: Path, name: str, blocks: Sequence[str], count: int) -> Path:
    """A level file of ``count`` boards, cycling through ``blocks``."""
    path = folder / f"{name}.txt"
    path.write_text("\n\n".join(blocks[i % len(blocks)] for i in range(count)) + "\n")
    return path


def rows(runs: int, memory: bool) -> list[Row]:
    exe = str(Path(sys.executable).with_name("puzzlekit"))
    out: list[Row] = []
    reference = measure([sys.executable, "-c", "pass"], runs)
    out.append(Row("python -c pass", *reference))
    for name, argv, stdin in (
        ("--version", [exe, "--version"], None),
        ("--help", [exe, "--help"], None),
        ("solve 3x3", [exe, "solve", "slitherlink", "-"], EXAMPLE_3X3),
        ("import puzzlekit", [sys.executable, "-c", "import puzzlekit"], None),
        ("solve hashi (alias)", [exe, "solve", "hashi", "-"], EXAMPLE_HASHI),
        ("solve URL", [exe, "solve", EXAMPLE_URL], None),
        ("genres", [exe, "genres"], None),
    ):
        out.append(Row(name, *measure(argv, runs, stdin), floor=FLOORS.get(name)))
    with tempfile.TemporaryDirectory() as empty:  # no .pyc to read, none written: compiled every start
        no_pyc = {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": empty}
        argv = [exe, "solve", "slitherlink", "-"]
        out.append(Row("solve 3x3, no .pyc", *measure(argv, max(3, runs // 3), EXAMPLE_3X3, no_pyc)))
    if memory:
        blocks = corpus_blocks()
        with tempfile.TemporaryDirectory() as folder:
            files = (
                ("solve 20 boards", boards_file(Path(folder), "first-20", blocks[:20], 20)),
                ("solve 20 x 59", boards_file(Path(folder), "first-20-repeated", blocks[:20], 1180)),
                (f"solve {len(blocks)} boards", boards_file(Path(folder), "all", blocks, len(blocks))),
            )
            for name, path in files:
                argv = [exe, "solve", "slitherlink", str(path), "--plain", "--timeout", "600"]
                out.append(Row(name, *measure(argv, 1)))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=11, help="runs per start-up row (default 11)")
    parser.add_argument("--no-memory", action="store_true", help="skip the rows that solve files of boards")
    parser.add_argument("--json", action="store_true", help="one JSON object per row")
    args = parser.parse_args(argv)
    table = rows(args.runs, not args.no_memory)
    if args.json:
        for row in table:
            print(json.dumps({**asdict(row), "verdict": row.verdict}))
        return 0
    reference = table[0]
    print(f"{'command':<20} {'wall s':>8} {'cpu s':>8} {'x python':>9} {'peak MiB':>9} {'floor':>6}")
    for row in table:
        floor = f"{row.floor:.1f} {row.verdict}" if row.floor is not None else ""
        ratio = row.wall / reference.wall if reference.wall else 0
        print(f"{row.name:<20} {row.wall:>8.3f} {row.cpu:>8.3f} {ratio:>9.1f} {row.peak_mib:>9.1f} {floor:>6}")
    if not corpus.available():
        print("(the corpus is absent: the board rows repeat a bundled example)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
