"""Benchmark puzzlekit's solvers: one table, one row per puzzle set.

    python benchmarks/run.py                         # every set
    python benchmarks/run.py --set janko-slither --sample 100 --slowest 10
    python benchmarks/run.py --json > rows.jsonl
    python benchmarks/run.py --generation            # then the generators' table (generation.py)
    python benchmarks/run.py --versus-sat            # issue 11's sets beside the SAT engine (versus_sat.py)

Sets: ``akari-10x10``, ``nurikabe-10x10``, ``sudoku-9x9`` and ``shikaku-10x10`` (tests/fixtures/generated, made by the
generators), ``janko-slither``, ``puzzlink-slither``, ``janko-hashi`` and ``puzzlink-hashi``
from the shared community corpus (../shared/corpus, read through benchmarks/corpus.py;
absent on a fresh clone, then reported as skipped), and every
``tests/fixtures/tatham/*.txt`` file as a set named after the file (``loopy-*`` are
Slitherlink, ``bridges-*`` Hashiwokakero).  Boards
are solved one after another in this process, each timed with ``time.perf_counter()``
around ``puzzlekit.solve``.  See benchmarks/README.md for the columns.

Exit status: 0 when every board that ran was right, 1 when any was wrong, undecided,
refused or crashed, 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import corpus  # benchmarks/corpus.py: Python puts the script's own folder on sys.path
import generation  # benchmarks/generation.py

import puzzlekit
from puzzlekit.errors import PuzzlekitError
from puzzlekit.formats.level import read_blocks

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures" / "tatham"
FIXTURE_GENRES = {"loopy": "slitherlink", "bridges": "hashiwokakero"}
GENERATED = REPO / "tests" / "fixtures" / "generated"
"""Boards made by puzzlekit's own generators, ``GENRE-SIZE.txt`` (Akari, Nurikabe, Sudoku, Shikaku)."""


@dataclass(frozen=True)
class Board:
    """One puzzle to solve: an id, its level text, what it should give."""

    genre: str
    key: str
    text: str
    expect: str
    flags: frozenset[str]
    known: list[int] | None = None
    """Variable values of the known solution (puzzlekit's order), when there is one."""


@dataclass
class PuzzleSet:
    """A named set of boards, loaded on demand; ``missing`` says why it cannot run."""

    name: str
    load: Callable[[], list[Board]]
    missing: str | None = None


@dataclass
class Outcome:
    """What solving one board gave."""

    set_name: str
    board: Board
    status: str
    """unique, multiple, none or undecided; 'refused' (a PuzzlekitError) or 'crashed'."""
    right: bool
    seconds: float
    nodes: int = 0
    rung: int = 0
    rung_name: str = ""
    skipped: bool = False
    compared: bool = False
    """True when the solution was checked against a known one."""
    note: str = ""


@dataclass
class Row:
    """One set's line in the table."""

    name: str
    outcomes: list[Outcome] = field(default_factory=list)
    skipped_reason: str | None = None
    error: str | None = None

    @property
    def ran(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.skipped]

    @property
    def solved(self) -> list[Outcome]:
        """Boards puzzlekit accepted and answered (timings and nodes come from these)."""
        return [o for o in self.ran if o.status not in ("refused", "crashed")]

    @property
    def right(self) -> int:
        return sum(o.right for o in self.ran)

    @property
    def failures(self) -> list[Outcome]:
        return [o for o in self.ran if not o.right]

    def rungs(self) -> dict[str, int]:
        """Boards per rung_name, in ladder order (search last)."""
        order: dict[str, int] = {}
        counts: Counter[str] = Counter()
        for o in self.solved:
            order[o.rung_name] = o.rung
            counts[o.rung_name] += 1
        return {name: counts[name] for name in sorted(counts, key=lambda n: order[n])}


# -- the sets ------------------------------------------------------------------


def _known_slither(entry: corpus.Entry) -> list[int]:
    assert entry.solution is not None
    return corpus.lattice_lines(entry.solution, len(entry.rows), len(entry.rows[0]))


def _known_hashi(entry: corpus.Entry) -> list[int]:
    """Bridge counts read from the solved map with the genre's own state reader."""
    assert entry.solution is not None
    (puzzle,) = puzzlekit.load("hashiwokakero", entry.text)
    dom = puzzle.genre.parse_state(puzzle.instance, read_blocks("\n".join(entry.solution))[0])
    return puzzle.genre.finished(puzzle.instance, dom)


_KNOWN: dict[str, Callable[[corpus.Entry], list[int]]] = {
    "slitherlink": _known_slither,
    "hashiwokakero": _known_hashi,
}


def _corpus_loader(genre: str, read: Callable[[], list[corpus.Entry]]) -> Callable[[], list[Board]]:
    def load() -> list[Board]:
        boards = []
        for entry in read():
            known = _KNOWN[genre](entry) if entry.solution is not None else None
            flags = frozenset(entry.meta.get("flags", "").lower().split())
            boards.append(Board(genre, entry.key, entry.text, entry.expect, flags, known))
        return boards

    return load


def _fixture_loader(path: Path, genre: str) -> Callable[[], list[Board]]:
    def load() -> list[Board]:
        puzzles = puzzlekit.load(genre, path.read_text(encoding="utf-8"), str(path.relative_to(REPO)))
        return [
            Board(
                genre,
                f"{path.stem}#{p.index + 1}",
                p.text(),
                p.expect() or "unique",
                frozenset(p.block.flags()),
            )
            for p in puzzles
        ]

    return load


def _natural(name: str) -> list[Any]:
    """Sort key that puts 7x7 before 10x10."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def _missing_file(*paths: Path) -> str | None:
    for path in paths:
        if not path.is_file():
            return f"{path} not found"
    return None


def all_sets() -> dict[str, PuzzleSet]:
    """Every known set, in table order: the corpus sets, then the fixture files."""
    where = corpus.COMMUNITY
    corpus_sets = [
        (
            "janko-slither",
            "slitherlink",
            corpus.janko_slither,
            ("janko_slither.txt", "janko_slither_solutions.txt"),
        ),
        ("puzzlink-slither", "slitherlink", corpus.puzzlink_slither, ("slither_neutral.txt",)),
        (
            "janko-hashi",
            "hashiwokakero",
            corpus.janko_hashi,
            ("janko_hashi.txt", "janko_hashi_solutions.txt"),
        ),
        ("puzzlink-hashi", "hashiwokakero", corpus.puzzlink_hashi, ("hashikake_neutral.txt",)),
    ]
    sets = {
        name: PuzzleSet(name, _corpus_loader(genre, read), _missing_file(*(where / f for f in files)))
        for name, genre, read, files in corpus_sets
    }
    if FIXTURES.is_dir():
        for path in sorted(FIXTURES.glob("*.txt"), key=lambda p: _natural(p.stem)):
            genre = FIXTURE_GENRES.get(path.stem.split("-")[0])
            if genre is not None:
                sets[path.stem] = PuzzleSet(path.stem, _fixture_loader(path, genre))
    for path in sorted(GENERATED.glob("*.txt"), key=lambda p: _natural(p.stem)):
        sets[path.stem] = PuzzleSet(path.stem, _fixture_loader(path, path.stem.split("-")[0]))
    return sets


def choose_sets(names: Sequence[str] | None) -> list[PuzzleSet]:
    """The sets asked for (all by default); a name with no file becomes a skipped set."""
    known = all_sets()
    if not names:
        return list(known.values())
    chosen: list[PuzzleSet] = []
    for name in dict.fromkeys(names):
        if name in known:
            chosen.append(known[name])
        else:
            path = FIXTURES / f"{name}.txt"
            reason = f"no set named {name!r} ({path} not found; known: {', '.join(known)})"
            chosen.append(PuzzleSet(name, list, reason))
    return chosen


# -- solving -------------------------------------------------------------------


def solve_board(set_name: str, board: Board, timeout: float | None, max_nodes: int | None) -> Outcome:
    """Solve one board, timed around puzzlekit.solve, and judge the answer."""
    started = time.perf_counter()
    try:
        result = puzzlekit.solve(board.genre, board.text, timeout=timeout, max_nodes=max_nodes)
    except PuzzlekitError as exc:
        seconds = time.perf_counter() - started
        # Boards of the 'full' variant may be skipped, but only when puzzlekit refuses them.
        skipped = "full" in board.flags
        return Outcome(set_name, board, "refused", False, seconds, skipped=skipped, note=str(exc))
    except Exception as exc:  # a crash is a solver bug: record it and carry on with the set
        seconds = time.perf_counter() - started
        return Outcome(set_name, board, "crashed", False, seconds, note=f"{type(exc).__name__}: {exc}")
    seconds = time.perf_counter() - started
    stats = result.stats
    status = result.status.value
    right = status == board.expect
    note = ""
    compared = False
    if not right:
        note = f"expected {board.expect}"
        if stats.stopped_by:
            note += f"; stopped by {stats.stopped_by}"
    elif board.known is not None and status == "unique":
        compared = True
        if list(result.solutions[0].values) != board.known:
            right = False
            note = "unique, but not the known solution"
    return Outcome(
        set_name,
        board,
        status,
        right,
        seconds,
        stats.nodes,
        stats.rung,
        stats.rung_name,
        compared=compared,
        note=note,
    )


def run_set(puzzle_set: PuzzleSet, sample: int | None, timeout: float | None, max_nodes: int | None) -> Row:
    row = Row(puzzle_set.name)
    if puzzle_set.missing is not None:
        row.skipped_reason = puzzle_set.missing
        print(f"{puzzle_set.name}: skipped ({puzzle_set.missing})", file=sys.stderr)
        return row
    try:
        boards = puzzle_set.load()
    except (OSError, PuzzlekitError) as exc:
        row.error = f"cannot read the set: {exc}"
        print(f"{puzzle_set.name}: {row.error}", file=sys.stderr)
        return row
    if sample is not None:
        boards = boards[:sample]
    print(f"{puzzle_set.name}: {len(boards)} boards ...", file=sys.stderr, flush=True)
    started = time.perf_counter()
    row.outcomes = [solve_board(puzzle_set.name, b, timeout, max_nodes) for b in boards]
    print(
        f"{puzzle_set.name}: {row.right}/{len(row.ran)} right in {time.perf_counter() - started:.1f}s",
        file=sys.stderr,
        flush=True,
    )
    return row


# -- output --------------------------------------------------------------------


def _median(values: Sequence[float]) -> float | None:
    return statistics.median(values) if values else None


def _num(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def _whole(value: float | None) -> float | int | None:
    """Node counts stay integers in JSON unless a median falls between two."""
    return int(value) if value is not None and float(value).is_integer() else value


def _secs(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def table_cells(row: Row) -> list[str]:
    if row.skipped_reason is not None or row.error is not None:
        what = f"skipped: {row.skipped_reason}" if row.error is None else f"ERROR: {row.error}"
        return [row.name, "-", "-", "-", "-", "-", "-", what]
    seconds = [o.seconds for o in row.solved]
    nodes = [float(o.nodes) for o in row.solved]
    count = str(len(row.ran))
    if len(row.ran) != len(row.outcomes):
        count += f" (+{len(row.outcomes) - len(row.ran)} skipped)"
    return [
        row.name,
        count,
        str(row.right),
        _secs(_median(seconds)),
        _secs(max(seconds, default=None)),
        _num(_median(nodes)),
        _num(max(nodes, default=None)),
        ", ".join(f"{name} {n}" for name, n in row.rungs().items()) or "-",
    ]


HEADERS = ["set", "boards", "right", "med s", "max s", "med nodes", "max nodes", "rungs (boards)"]
LEFT = {0, 7}


def render_table(rows: Sequence[Row]) -> str:
    cells = [HEADERS] + [table_cells(r) for r in rows]
    widths = [max(len(line[i]) for line in cells) for i in range(len(HEADERS))]

    def line(values: Sequence[str]) -> str:
        parts = [v.ljust(w) if i in LEFT else v.rjust(w) for i, (v, w) in enumerate(zip(values, widths))]
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), rule, *(line(c) for c in cells[1:])])


def _short(key: str, width: int = 72) -> str:
    """Long ids (whole puzz.link URLs) cut for the terminal; --json keeps them whole."""
    return key if len(key) <= width else key[: width - 3] + "..."


def render_text(rows: Sequence[Row], slowest: list[Outcome], wall: float) -> str:
    out = [render_table(rows), ""]
    ran = [o for r in rows for o in r.ran]
    right = sum(o.right for o in ran)
    compared = sum(o.compared for o in ran)
    out.append(f"{right}/{len(ran)} boards right in {wall:.1f}s ({compared} checked against a known solution)")
    skipped = [o for r in rows for o in r.outcomes if o.skipped]
    for o in skipped:
        out.append(f"  skipped {o.set_name} {_short(o.board.key)}: {o.note}")
    failures = [o for r in rows for o in r.failures]
    if failures:
        out.append("")
        out.append("Not right:")
        for o in failures:
            out.append(f"  {o.set_name}  {_short(o.board.key)}  {o.status}  ({o.note}, {o.seconds:.2f}s)")
    if slowest:
        out.append("")
        out.append(f"Slowest {len(slowest)}:")
        width = max(len(o.set_name) for o in slowest)
        for o in slowest:
            out.append(
                f"  {o.seconds:8.3f}s  {o.nodes:>8} nodes  {o.rung_name or o.status:<16}  "
                f"{o.set_name:<{width}}  {_short(o.board.key)}"
            )
    return "\n".join(out)


def board_json(o: Outcome) -> dict[str, Any]:
    return {
        "set": o.set_name,
        "id": o.board.key,
        "status": o.status,
        "expect": o.board.expect,
        "right": o.right,
        "seconds": round(o.seconds, 6),
        "nodes": o.nodes,
        "rung": o.rung,
        "rung_name": o.rung_name,
        "note": o.note,
    }


def row_json(row: Row) -> dict[str, Any]:
    seconds = [o.seconds for o in row.solved]
    nodes = [float(o.nodes) for o in row.solved]
    return {
        "kind": "set",
        "set": row.name,
        "skipped": row.skipped_reason,
        "error": row.error,
        "count": len(row.ran),
        "right": row.right,
        "solutions_compared": sum(o.compared for o in row.ran),
        "median_seconds": _median(seconds),
        "max_seconds": max(seconds, default=None),
        "median_nodes": _whole(_median(nodes)),
        "max_nodes": _whole(max(nodes, default=None)),
        "rungs": row.rungs(),
        "skipped_boards": [board_json(o) for o in row.outcomes if o.skipped],
        "failures": [board_json(o) for o in row.failures],
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Benchmark puzzlekit's solvers, one table row per puzzle set.",
        epilog="sets: janko-slither, puzzlink-slither, janko-hashi, puzzlink-hashi (shared corpus) "
        "and each tests/fixtures/tatham/*.txt by file name",
    )
    parser.add_argument("--set", dest="sets", action="append", metavar="NAME", help="run this set (repeatable)")
    parser.add_argument("--sample", type=int, metavar="N", help="only the first N boards of each set")
    parser.add_argument(
        "--timeout", type=float, default=60.0, metavar="S", help="seconds per puzzle (default 60; 0 = none)"
    )
    parser.add_argument(
        "--max-nodes",
        type=int,
        default=None,
        metavar="N",
        help="search-node budget per puzzle (default: none, the timeout is the budget)",
    )
    parser.add_argument("--json", action="store_true", help="JSON Lines: one object per set, then the slowest")
    parser.add_argument("--slowest", type=int, default=0, metavar="K", help="list the K slowest boards")
    parser.add_argument("--list", action="store_true", help="list the sets and whether they can run")
    parser.add_argument(
        "--generation", action="store_true", help="then benchmark the generators too (see generation.py)"
    )
    parser.add_argument(
        "--versus-sat",
        action="store_true",
        help="instead, the search beside the SAT engine, issue 11's sets (see versus_sat.py)",
    )
    args = parser.parse_args(argv)
    if args.versus_sat:
        import versus_sat  # benchmarks/versus_sat.py (it imports this module)

        more = [*(f"--set={name}" for name in args.sets or ()), f"--timeout={args.timeout}"]
        more += [f"--sample={args.sample}"] if args.sample else []
        more += [f"--slowest={args.slowest}"] if args.slowest else []
        return versus_sat.main(more)
    if args.sample is not None and args.sample < 1:
        parser.error("--sample must be at least 1")
    if args.slowest < 0:
        parser.error("--slowest must not be negative")
    if args.list:
        for s in all_sets().values():
            print(f"{s.name}: {'skipped, ' + s.missing if s.missing else 'available'}")
        return 0

    timeout = args.timeout if args.timeout > 0 else None
    puzzlekit.default_host()  # load the plugins before the first board is timed
    started = time.perf_counter()
    rows = [run_set(s, args.sample, timeout, args.max_nodes) for s in choose_sets(args.sets)]
    wall = time.perf_counter() - started
    everything = [o for r in rows for o in r.solved]
    slowest = sorted(everything, key=lambda o: o.seconds, reverse=True)[: args.slowest]

    if args.json:
        for row in rows:
            print(json.dumps(row_json(row)))
        for o in slowest:
            print(json.dumps({"kind": "slowest", **board_json(o)}))
    else:
        print(render_text(rows, slowest, wall))
    failed = any(r.error for r in rows) or any(r.failures for r in rows)
    if args.generation:
        made = generation.run_rows(generation.parse_rows(None))
        if args.json:
            for g in made:
                print(json.dumps(generation.row_json(g)))
        else:
            print()
            print(generation.table(made))
        failed = failed or generation.failed(made)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
