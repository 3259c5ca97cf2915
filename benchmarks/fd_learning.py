"""Finite-domain models: the depth-first search, the learning search and the SAT engine, one run.

    python benchmarks/fd_learning.py                          # every set below
    python benchmarks/fd_learning.py --set janko-hashi --sample 200
    python benchmarks/fd_learning.py --set bridges-unknowns-100x100 --timeout 120

Each board is solved three times in this process, one right after the other, each timed
with ``time.perf_counter()`` around ``puzzlekit.solve``: with clause learning for
finite-domain models switched off (``puzzlekit.core.fdtwin.ENABLED = False``: the
depth-first search, as before it existed), switched on (the default), and by the SAT
engine (``engine="sat"``, the ``sat`` extra).  Ratios are to the SAT engine, per board
(``med``) and in total (``tot``).  ``same`` counts boards where the two core searches
gave the same status and solutions (a board either leaves undecided does not count
against it); ``right`` checks each against the set's expected answer.

Sets: ``janko-hashi`` and ``puzzlink-hashi`` (the shared corpus; skipped when absent),
Tatham's ``bridges-15x15-hard`` and ``bridges-30x30-hard`` (tests/fixtures/tatham),
``bridges-unknowns-*`` (big boards with 60% ``?`` islands, made from seeds by
``bridges_unknowns.py``; each has at least two solutions), and the generated
``sudoku-9x9`` and ``shikaku-10x10`` (their models learn once their SAT encodings declare
``values``; until then both searches there are the depth-first one).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import bridges_unknowns  # benchmarks/bridges_unknowns.py
import run  # benchmarks/run.py
from versus_sat import load_note

import puzzlekit
from puzzlekit.core import fdtwin
from puzzlekit.errors import PuzzlekitError

UNKNOWN_BOARDS = {20: 5, 30: 3, 40: 2, 60: 1, 100: 1}
"""Side -> how many seeded boards of ``bridges-unknowns-SIDExSIDE``."""


@dataclass
class Run:
    status: str
    seconds: float
    nodes: int
    solutions: list[list[int]]


@dataclass
class Triple:
    board: run.Board
    dfs: Run
    learn: Run
    sat: Run


@dataclass
class FdRow:
    name: str
    triples: list[Triple] = field(default_factory=list)
    skipped: str | None = None


def _unknowns(side: int, count: int) -> run.PuzzleSet:
    def load() -> list[run.Board]:
        return [
            run.Board("hashiwokakero", f"seed {k}", bridges_unknowns.board_text(side, str(k)), "multiple", frozenset())
            for k in range(count)
        ]

    return run.PuzzleSet(f"bridges-unknowns-{side}x{side}", load)


def fd_sets() -> dict[str, run.PuzzleSet]:
    known = run.all_sets()
    names = ("janko-hashi", "puzzlink-hashi", "bridges-15x15-hard", "bridges-30x30-hard")
    sets = {n: known[n] for n in names if n in known}
    for side, count in UNKNOWN_BOARDS.items():
        s = _unknowns(side, count)
        sets[s.name] = s
    for name in ("sudoku-9x9", "shikaku-10x10"):
        if name in known:
            sets[name] = known[name]
    return sets


def solve(board: run.Board, timeout: float | None, engine: str, learning: bool) -> Run:
    fdtwin.ENABLED = learning
    started = time.perf_counter()
    try:
        result = puzzlekit.solve(board.genre, board.text, timeout=timeout, engine=engine)
    except PuzzlekitError as exc:
        return Run(f"refused: {exc}", time.perf_counter() - started, 0, [])
    finally:
        fdtwin.ENABLED = True
    seconds = time.perf_counter() - started
    return Run(result.status.value, seconds, result.stats.nodes, [list(s.values) for s in result.solutions])


def run_fd(puzzle_set: run.PuzzleSet, sample: int | None, timeout: float | None, sat: bool) -> FdRow:
    row = FdRow(puzzle_set.name)
    if puzzle_set.missing is not None:
        row.skipped = puzzle_set.missing
        return row
    boards = puzzle_set.load()[:sample] if sample else puzzle_set.load()
    print(f"{puzzle_set.name}: {len(boards)} boards ...", file=sys.stderr, flush=True)
    for board in boards:
        dfs = solve(board, timeout, "propagation", False)
        learn = solve(board, timeout, "propagation", True)
        by_sat = solve(board, timeout, "sat", True) if sat else Run("-", 0.0, 0, [])
        row.triples.append(Triple(board, dfs, learn, by_sat))
    return row


def _right(board: run.Board, r: Run) -> bool:
    if r.status != board.expect:
        return False
    return board.known is None or r.status != "unique" or r.solutions[0] == board.known


def _same(t: Triple) -> bool:
    if "undecided" in (t.dfs.status, t.learn.status):
        return True  # a spent budget proves nothing either way
    if t.dfs.status != t.learn.status:
        return False
    # With a limit of two the searches may find different pairs of a multiple board.
    return t.dfs.status == "multiple" or t.dfs.solutions == t.learn.solutions


HEADERS = [
    "set",
    "boards",
    "right dfs/learn/sat",
    "same",
    "dfs med s",
    "dfs total s",
    "learn med s",
    "learn total s",
    "sat med s",
    "sat total s",
    "dfs/sat med",
    "learn/sat med",
    "dfs/sat tot",
    "learn/sat tot",
]


def _ratio(a: Sequence[float], b: Sequence[float], total: bool) -> str:
    if not b or not any(b):
        return "-"
    if total:
        return f"{sum(a) / max(sum(b), 1e-9):.2f}x"
    return f"{statistics.median(x / max(y, 1e-9) for x, y in zip(a, b)):.2f}x"


def cells(row: FdRow) -> list[str]:
    if row.skipped is not None or not row.triples:
        return [row.name, "-", *["-"] * (len(HEADERS) - 3), f"skipped: {row.skipped}"]
    t = row.triples
    pick: dict[str, Callable[[Triple], Run]] = {
        "dfs": lambda x: x.dfs,
        "learn": lambda x: x.learn,
        "sat": lambda x: x.sat,
    }
    secs = {k: [f(x).seconds for x in t] for k, f in pick.items()}
    rights = "/".join(str(sum(_right(x.board, f(x)) for x in t)) for f in pick.values())
    return [
        row.name,
        str(len(t)),
        rights,
        str(sum(_same(x) for x in t)),
        f"{statistics.median(secs['dfs']):.3f}",
        f"{sum(secs['dfs']):.2f}",
        f"{statistics.median(secs['learn']):.3f}",
        f"{sum(secs['learn']):.2f}",
        f"{statistics.median(secs['sat']):.3f}",
        f"{sum(secs['sat']):.2f}",
        _ratio(secs["dfs"], secs["sat"], False),
        _ratio(secs["learn"], secs["sat"], False),
        _ratio(secs["dfs"], secs["sat"], True),
        _ratio(secs["learn"], secs["sat"], True),
    ]


def render(rows: Sequence[FdRow]) -> str:
    table = [HEADERS] + [cells(r) for r in rows]
    widths = [max(len(line[i]) for line in table if i < len(line)) for i in range(len(HEADERS))]

    def line(values: Sequence[str]) -> str:
        return "  ".join(v.ljust(w) if i == 0 else v.rjust(w) for i, (v, w) in enumerate(zip(values, widths))).rstrip()

    return "\n".join([line(table[0]), "  ".join("-" * w for w in widths), *(line(c) for c in table[1:])])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", action="append", dest="sets", metavar="NAME", help="only this set (repeatable)")
    parser.add_argument("--sample", type=int, help="only the first N boards of each set")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per board and search (0: none)")
    parser.add_argument("--no-sat", action="store_true", help="skip the SAT engine (no python-sat here)")
    parser.add_argument("--slowest", type=int, default=0, metavar="K", help="list the K slowest boards (learning)")
    args = parser.parse_args(argv)
    known = fd_sets()
    names = args.sets or list(known)
    unknown = [n for n in names if n not in known]
    if unknown:
        print(f"unknown set(s): {', '.join(unknown)} (known: {', '.join(known)})", file=sys.stderr)
        return 2
    timeout = args.timeout or None
    puzzlekit.default_host()
    start_note = load_note()
    started = time.perf_counter()
    rows = [run_fd(known[n], args.sample, timeout, not args.no_sat) for n in names]
    print(render(rows))
    print(f"\nwall {time.perf_counter() - started:.1f}s; at the start {start_note}; at the end {load_note()}")
    if args.slowest:
        triples = sorted((t for r in rows for t in r.triples), key=lambda t: -t.learn.seconds)[: args.slowest]
        for t in triples:
            print(
                f"  learn {t.learn.seconds:8.3f}s {t.learn.nodes:>7} nodes {t.learn.status:<9} "
                f"dfs {t.dfs.seconds:8.3f}s {t.dfs.nodes:>7} nodes {t.dfs.status:<9} "
                f"sat {t.sat.seconds:.3f}s  {t.board.key}"
            )
    bad = [t for r in rows for t in r.triples if not _same(t)]
    for t in bad:
        print(f"  DIFFERENT: {t.board.key}: dfs {t.dfs.status}, learning {t.learn.status}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
