"""The core's search side by side with the SAT engine: one table, ratios measured in one run.

    python benchmarks/versus_sat.py                       # every set of issue 11's floors
    python benchmarks/versus_sat.py --set sparse-minimal-20x20 --slowest 5
    python benchmarks/versus_sat.py --sample 200          # the first 200 boards of each set
    python benchmarks/run.py --versus-sat                 # the same table, from run.py

Each board is solved twice in this process, one right after the other: by
``puzzlekit.solve`` (the propagation engine and its search) and by
``puzzlekit.solve(..., engine="sat")`` (CaDiCaL through python-sat, the ``sat`` extra),
each timed with ``time.perf_counter()`` around the call.  Because the two runs of a
board share the moment, the ratio holds up on a loaded machine where absolute times
do not.  ``ratio med`` is the median of the per-board ratios, ``ratio tot`` the
total time over the SAT engine's total.  The ``cpu`` columns say the same in CPU time
of this process (``time.process_time()``, the SAT solver's included), which a machine
shared with other work disturbs much less than wall time.  ``right`` counts boards whose status is the
expected one (and whose solution is the known one, where the set has it) for the
core, and for the SAT engine alike.

Sets: ``sparse-minimal-*`` (benchmarks/sets, made by sparse_minimal.py),
``loopy-30x30-hard`` and ``bridges-30x30-hard`` (tests/fixtures/tatham),
``janko-slither`` and ``janko-hashi`` (the shared corpus; skipped when absent),
``janko-slither-search`` (the 22 of janko-slither that deduction alone leaves open, listed
in benchmarks/sets/janko-slither-search.ids: the small search trees), and
``empty-slither-25x25`` / ``empty-masyu-25x25`` (one clueless board each, which must
prove "multiple"), ``sudoku-famous`` (benchmarks/sets: famous hard Sudokus, most of them
needing search) and ``shikaku-chessboard-20x20`` (a 2 on every black square: "multiple").
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import run  # benchmarks/run.py

import puzzlekit
from puzzlekit.errors import PuzzlekitError

SETS_DIR = Path(__file__).resolve().parent / "sets"


@dataclass
class Pair:
    core: run.Outcome
    sat_seconds: float
    sat_right: bool
    core_cpu: float = 0.0
    sat_cpu: float = 0.0


@dataclass
class VsRow:
    name: str
    pairs: list[Pair] = field(default_factory=list)
    skipped: str | None = None


def _empty(genre: str, size: int) -> run.PuzzleSet:
    text = "# expect: multiple\n" + "\n".join("." * size for _ in range(size)) + "\n"

    def load() -> list[run.Board]:
        return [run.Board(genre, f"empty {size}x{size}", text, "multiple", frozenset())]

    return run.PuzzleSet(f"empty-{genre}-{size}x{size}", load)


def _only(whole: run.PuzzleSet, name: str, ids: Path) -> run.PuzzleSet:
    """The boards of ``whole`` whose keys ``ids`` lists (one a line), in its order."""
    wanted = set(ids.read_text(encoding="utf-8").split())

    def load() -> list[run.Board]:
        return [board for board in whole.load() if board.key in wanted]

    return run.PuzzleSet(name, load, whole.missing)


def vs_sets() -> dict[str, run.PuzzleSet]:
    """The sets in table order (issue 11's floors)."""
    sets: dict[str, run.PuzzleSet] = {}
    for path in sorted(SETS_DIR.glob("sparse-minimal-*.txt"), key=lambda p: run._natural(p.stem)):
        sets[path.stem] = run.PuzzleSet(path.stem, run._fixture_loader(path, "slitherlink"))
    known = run.all_sets()
    known["janko-slither-search"] = _only(
        known["janko-slither"], "janko-slither-search", SETS_DIR / "janko-slither-search.ids"
    )
    for name in (
        "loopy-30x30-hard",
        "janko-slither",
        "janko-slither-search",
        "bridges-30x30-hard",
        "janko-hashi",
        "akari-10x10",
        "nurikabe-10x10",
        "sudoku-9x9",
        "shikaku-10x10",
    ):
        if name in known:
            sets[name] = known[name]
    for genre in ("slitherlink", "masyu"):
        s = _empty(genre, 25)
        sets[s.name] = s
    famous = SETS_DIR / "sudoku-famous.txt"
    sets[famous.stem] = run.PuzzleSet(famous.stem, run._fixture_loader(famous, "sudoku"))
    sets["shikaku-chessboard-20x20"] = _chessboard(20)
    return sets


def _chessboard(size: int) -> run.PuzzleSet:
    """A Shikaku with a 2 on every black square of a chessboard: a domino tiling, which has
    a great many solutions and must come out ``multiple`` (issue 23's open board)."""
    rows = [" ".join("2" if (r + c) % 2 == 0 else "." for c in range(size)) for r in range(size)]
    text = "# expect: multiple\n" + "\n".join(rows) + "\n"

    def load() -> list[run.Board]:
        return [run.Board("shikaku", f"chessboard {size}x{size}", text, "multiple", frozenset())]

    return run.PuzzleSet(f"shikaku-chessboard-{size}x{size}", load)


def sat_board(board: run.Board, timeout: float | None) -> tuple[float, bool]:
    """The SAT engine's wall time on the board, and whether its answer is right."""
    started = time.perf_counter()
    try:
        result = puzzlekit.solve(board.genre, board.text, timeout=timeout, engine="sat")
    except PuzzlekitError:
        return time.perf_counter() - started, False
    seconds = time.perf_counter() - started
    right = result.status.value == board.expect
    if right and board.known is not None and result.status.value == "unique":
        right = list(result.solutions[0].values) == board.known
    return seconds, right


def run_vs(puzzle_set: run.PuzzleSet, sample: int | None, timeout: float | None) -> VsRow:
    row = VsRow(puzzle_set.name)
    if puzzle_set.missing is not None:
        row.skipped = puzzle_set.missing
        return row
    try:
        boards = puzzle_set.load()
    except (OSError, PuzzlekitError) as exc:
        row.skipped = f"cannot read the set: {exc}"
        return row
    if sample is not None:
        boards = boards[:sample]
    print(f"{puzzle_set.name}: {len(boards)} boards ...", file=sys.stderr, flush=True)
    for board in boards:
        cpu = time.process_time()
        core = run.solve_board(puzzle_set.name, board, timeout, None)
        core_cpu = time.process_time() - cpu
        cpu = time.process_time()
        sat_seconds, sat_right = sat_board(board, timeout)
        sat_cpu = time.process_time() - cpu
        row.pairs.append(Pair(core, sat_seconds, sat_right, core_cpu, sat_cpu))
    return row


HEADERS = [
    "set",
    "boards",
    "right",
    "med s",
    "max s",
    "total s",
    "med nodes",
    "max nodes",
    "sat med s",
    "sat total s",
    "ratio med",
    "ratio tot",
    "sat right",
    "cpu med s",
    "cpu max s",
    "cpu ratio med",
    "cpu ratio tot",
]


def cells(row: VsRow) -> list[str]:
    if row.skipped is not None or not row.pairs:
        return [row.name, "-", "-", *["-"] * (len(HEADERS) - 4), f"skipped: {row.skipped}"]
    secs = [p.core.seconds for p in row.pairs]
    sats = [p.sat_seconds for p in row.pairs]
    nodes = [p.core.nodes for p in row.pairs]
    ratios = [c / max(s, 1e-9) for c, s in zip(secs, sats)]
    cpus = [p.core_cpu for p in row.pairs]
    sat_cpus = [p.sat_cpu for p in row.pairs]
    cpu_ratios = [c / max(s, 1e-9) for c, s in zip(cpus, sat_cpus)]
    return [
        row.name,
        str(len(row.pairs)),
        str(sum(p.core.right for p in row.pairs)),
        f"{statistics.median(secs):.3f}",
        f"{max(secs):.3f}",
        f"{sum(secs):.2f}",
        f"{statistics.median(nodes):g}",
        str(max(nodes)),
        f"{statistics.median(sats):.3f}",
        f"{sum(sats):.2f}",
        f"{statistics.median(ratios):.2f}x",
        f"{sum(secs) / max(sum(sats), 1e-9):.2f}x",
        str(sum(p.sat_right for p in row.pairs)),
        f"{statistics.median(cpus):.3f}",
        f"{max(cpus):.3f}",
        f"{statistics.median(cpu_ratios):.2f}x",
        f"{sum(cpus) / max(sum(sat_cpus), 1e-9):.2f}x",
    ]


def render(rows: Sequence[VsRow]) -> str:
    table = [HEADERS] + [cells(r) for r in rows]
    widths = [max(len(line[i]) for line in table if i < len(line)) for i in range(len(HEADERS))]

    def line(values: Sequence[str]) -> str:
        return "  ".join(v.ljust(w) if i == 0 else v.rjust(w) for i, (v, w) in enumerate(zip(values, widths))).rstrip()

    return "\n".join([line(table[0]), "  ".join("-" * w for w in widths), *(line(c) for c in table[1:])])


def load_note() -> str:
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "load average unknown"
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", action="append", dest="sets", metavar="NAME", help="only this set (repeatable)")
    parser.add_argument("--sample", type=int, help="only the first N boards of each set")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per board and engine (0: none)")
    parser.add_argument("--slowest", type=int, default=0, metavar="K", help="list the K slowest boards")
    args = parser.parse_args(argv)
    known = vs_sets()
    names = args.sets or list(known)
    unknown = [n for n in names if n not in known]
    if unknown:
        print(f"unknown set(s): {', '.join(unknown)} (known: {', '.join(known)})", file=sys.stderr)
        return 2
    timeout = args.timeout or None
    puzzlekit.default_host()  # load the plugins before the first board is timed
    start_note = load_note()
    print(start_note, file=sys.stderr)
    started = time.perf_counter()
    rows = [run_vs(known[n], args.sample, timeout) for n in names]
    print(render(rows))
    print(f"\nwall {time.perf_counter() - started:.1f}s; at the start {start_note}; at the end {load_note()}")
    if args.slowest:
        pairs = sorted((p for r in rows for p in r.pairs), key=lambda p: -p.core.seconds)[: args.slowest]
        for p in pairs:
            o = p.core
            print(
                f"  {o.seconds:8.3f}s (sat {p.sat_seconds:.3f}s; cpu {p.core_cpu:.3f}s, sat {p.sat_cpu:.3f}s)"
                f"  {o.nodes:>7} nodes  {o.status:<9} "
                f"{o.set_name}  {o.board.key}"
            )
    wrong = sum(not p.core.right for r in rows for p in r.pairs)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
