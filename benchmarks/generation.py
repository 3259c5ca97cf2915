"""Benchmark puzzlekit's generators: one table row per genre, size and difficulty.

    python benchmarks/generation.py                   # the default rows (a few minutes)
    python benchmarks/generation.py --row slitherlink:10x10:hard:10
    python benchmarks/run.py --generation             # the solver table, then this one
    python benchmarks/generation.py --floors --genre masyu --jobs 2   # issue 23's floor matrix

``--floors`` runs the matrix of benchmarks/floors.py instead: every genre, size and
difficulty over five seeds, CPU seconds per puzzle beside Tatham's generator, and
each row against its floor.

Each puzzle is made with ``puzzlekit.generate`` from the seeds ``bench-0``, ``bench-1``,
... (so every run makes the same puzzles), one after another in this process, timed
with ``time.perf_counter()``.  Clue density is given cells over all cells (a
Hashiwokakero clue is an island).  Every puzzle is solved again afterwards: it must be
unique and need exactly the rung its ``# tier:`` states.  See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import floors  # benchmarks/floors.py: Python puts the script's own folder on sys.path

import puzzlekit
from puzzlekit.core.search import Status
from puzzlekit.errors import PuzzlekitError
from puzzlekit.formats.level import read_blocks

DEFAULT_ROWS = (
    "slitherlink:7x7:easy:10",
    "slitherlink:10x10:medium:10",
    "slitherlink:10x10:hard:10",
    "slitherlink:10x10:expert:5",
    "slitherlink:20x20:hard:5",
    "slitherlink:20x20:expert:5",
    "slitherlink:30x30:hard:3",
    "hashiwokakero:15x15:hard:10",
    "hashiwokakero:30x30:hard:5",
    "akari:10x10:hard:10",
    "nurikabe:10x10:easy:10",
    "nurikabe:10x10:medium:10",
    "nurikabe:10x10:hard:10",
    "sudoku:9x9:hard:10",
    "shikaku:10x10:hard:10",
    "masyu:10x10:easy:10",
    "masyu:10x10:medium:10",
    "masyu:10x10:hard:10",
    "masyu:15x15:hard:5",
    "numberlink:10x10:easy:10",
    "numberlink:10x10:medium:10",
    "fillomino:10x10:easy:10",
    "fillomino:10x10:medium:10",
    "fillomino:20x20:medium:5",
    "kurodoko:10x10:easy:10",
    "kurodoko:10x10:medium:10",
    "kurodoko:10x10:hard:10",
    "kurodoko:20x20:hard:5",
    "yajilin:10x10:easy:10",
    "yajilin:10x10:medium:10",
    "yajilin:10x10:hard:10",
    "kakuro:10x10:easy:10",
    "kakuro:10x10:medium:10",
    "kakuro:10x10:hard:10",
)


@dataclass(frozen=True)
class Spec:
    """What one row makes: ``count`` puzzles of a genre, size and difficulty."""

    genre: str
    size: str
    difficulty: str
    count: int

    @classmethod
    def parse(cls, text: str) -> Spec:
        """``GENRE:WxH:DIFFICULTY:COUNT``."""
        parts = text.split(":")
        if len(parts) != 4 or not parts[3].isdigit() or int(parts[3]) < 1:
            raise ValueError(f"a row is GENRE:WxH:DIFFICULTY:COUNT, such as slitherlink:10x10:hard:10, not {text!r}")
        return cls(parts[0], parts[1], parts[2], int(parts[3]))

    @property
    def name(self) -> str:
        return f"{self.genre} {self.size} {self.difficulty}"


@dataclass
class GenRow:
    """The puzzles one spec made, and what went wrong, if anything."""

    spec: Spec
    seconds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    """CPU seconds of this process per puzzle: steadier than the clock on a shared machine."""
    attempts: list[int] = field(default_factory=list)
    density: list[float] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    error: str | None = None
    tatham: list[float] = field(default_factory=list)
    """Seconds Tatham's generator takes per board of the same size (with ``--tatham``)."""


TATHAM = {
    "slitherlink": ("/usr/games/sgt-loopy", "{w}x{h}t0d{d}", {"easy": "e", "medium": "n", "hard": "h", "expert": "h"}),
    "hashiwokakero": ("/usr/games/sgt-bridges", "{w}x{h}i20e10m2d{d}", {"easy": "0", "medium": "1", "hard": "2"}),
}
"""Tatham's generator for a genre, its parameters, and the level that goes with our name
(the mapping of docs/generating.md; Bridges at puzzlekit's default 20% islands)."""


def tatham_seconds(spec: Spec) -> list[float]:
    """Each of ``spec.count`` boards made by Tatham's own program, timed as a process."""
    if spec.genre not in TATHAM or not shutil.which(TATHAM[spec.genre][0]):
        return []
    program, params, levels = TATHAM[spec.genre]
    if spec.difficulty not in levels:
        return []
    w, h = spec.size.split("x")
    out = []
    for i in range(spec.count):
        game = params.format(w=w, h=h, d=levels[spec.difficulty]) + f"#bench-{i}"
        started = time.perf_counter()
        subprocess.run([program, "--generate", "1", game], capture_output=True, check=True)
        out.append(time.perf_counter() - started)
    return out


def clue_density(text: str) -> float:
    """Given cells over all cells of a generated level text (its metadata lines left out)."""
    rows = [row for block in read_blocks(text) for row in block.rows]
    cells = [cell for row in rows for cell in (row.split() if " " in row else row)]  # Shikaku: tokens
    return sum(cell != "." for cell in cells) / len(cells)


def run_spec(spec: Spec) -> GenRow:
    row = GenRow(spec)
    for i in range(spec.count):
        seed = f"bench-{i}"
        print(f"{spec.name}: seed {seed} ...", file=sys.stderr, flush=True)
        started, cpu = time.perf_counter(), time.process_time()
        try:
            (made,) = puzzlekit.generate(
                spec.genre, size=spec.size, difficulty=spec.difficulty, seed=seed, timeout=None
            )
        except PuzzlekitError as err:
            row.error = f"{seed}: {err}"
            return row
        row.seconds.append(time.perf_counter() - started)
        row.cpu.append(time.process_time() - cpu)
        row.attempts.append(made.attempts)
        row.density.append(clue_density(made.text))
        check = puzzlekit.solve(spec.genre, made.text)
        if check.status != Status.UNIQUE or check.stats.rung != made.rung:
            row.wrong.append(f"{seed}: {check.status.value}, rung {check.stats.rung} (stamped {made.rung})")
    return row


def table(rows: Sequence[GenRow]) -> str:
    head = ["puzzles", "count", "med s", "max s", "med cpu s", "med attempts", "med density", "max density", "right"]
    if any(r.tatham for r in rows):
        head.append("Tatham med s")
    lines = [head]
    for r in rows:
        if r.error:
            lines.append([r.spec.name, str(r.spec.count), "error: " + r.error] + [""] * (len(head) - 3))
            continue
        lines.append(
            [
                r.spec.name,
                str(len(r.seconds)),
                f"{statistics.median(r.seconds):.2f}",
                f"{max(r.seconds):.2f}",
                f"{statistics.median(r.cpu):.2f}",
                f"{statistics.median(r.attempts):g}",
                f"{statistics.median(r.density):.0%}",
                f"{max(r.density):.0%}",
                str(len(r.seconds) - len(r.wrong)),
            ]
            + ([f"{statistics.median(r.tatham):.3f}" if r.tatham else "-"] if len(head) > 9 else [])
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    out = ["  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip() for line in lines]
    out.insert(1, "  ".join("-" * w for w in widths))
    for r in rows:
        out += [f"wrong: {r.spec.name}: {w}" for w in r.wrong]
    return "\n".join(out)


def row_json(r: GenRow) -> dict[str, object]:
    return {
        "kind": "generation",
        "genre": r.spec.genre,
        "size": r.spec.size,
        "difficulty": r.spec.difficulty,
        "count": len(r.seconds),
        "median_seconds": statistics.median(r.seconds) if r.seconds else None,
        "max_seconds": max(r.seconds) if r.seconds else None,
        "median_cpu_seconds": statistics.median(r.cpu) if r.cpu else None,
        "median_attempts": statistics.median(r.attempts) if r.attempts else None,
        "median_density": statistics.median(r.density) if r.density else None,
        "max_density": max(r.density) if r.density else None,
        "wrong": r.wrong,
        "error": r.error,
        "tatham_median_seconds": statistics.median(r.tatham) if r.tatham else None,
    }


def run_rows(specs: Sequence[Spec], tatham: bool = False) -> list[GenRow]:
    puzzlekit.default_host()  # load the plugins before the first puzzle is timed
    rows = []
    for spec in specs:
        row = run_spec(spec)
        if tatham:
            row.tatham = tatham_seconds(spec)
        rows.append(row)
    return rows


def failed(rows: Sequence[GenRow]) -> bool:
    return any(r.error or r.wrong for r in rows)


def parse_rows(texts: Sequence[str] | None) -> list[Spec]:
    return [Spec.parse(t) for t in (texts or DEFAULT_ROWS)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark puzzlekit's generators, one table row per kind.")
    parser.add_argument(
        "--row", dest="rows", action="append", metavar="GENRE:WxH:DIFFICULTY:COUNT", help="make these (repeatable)"
    )
    parser.add_argument("--json", action="store_true", help="JSON Lines: one object per row")
    parser.add_argument("--tatham", action="store_true", help="time Tatham's generator (sgt-puzzles) beside each row")
    matrix = parser.add_argument_group("floor matrix (issue 23)")
    matrix.add_argument("--floors", action="store_true", help="every genre x size x difficulty against its floor")
    matrix.add_argument("--genre", action="append", help="only this genre (repeatable)")
    matrix.add_argument("--size", action="append", help="only this size, WxH (repeatable; any size may be named)")
    matrix.add_argument("--difficulty", action="append", help="only this difficulty (repeatable)")
    matrix.add_argument("--seeds", type=int, default=5, help="seeds bench-0 .. per row (default 5)")
    matrix.add_argument("--jobs", type=int, default=1, help="worker processes (default 1); CPU time is per puzzle")
    matrix.add_argument(
        "--timeout",
        type=float,
        default=floors.TIMEOUT,
        help="CPU seconds per puzzle before it counts as failed (default 60; 0: none)",
    )
    matrix.add_argument(
        "--tatham-cap", type=float, default=20.0, help="CPU seconds per Tatham board before it counts as none (20)"
    )
    args = parser.parse_args(argv)
    if args.floors:
        return run_floors(args, parser)
    try:
        specs = parse_rows(args.rows)
    except ValueError as err:
        parser.error(str(err))
    rows = run_rows(specs, args.tatham)
    if args.json:
        for r in rows:
            print(json.dumps(row_json(r)))
    else:
        print(table(rows))
    return 1 if failed(rows) else 0


def run_floors(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """``--floors``: the matrix, its table (or JSON Lines), exit 1 when a row fails."""
    if args.rows or args.tatham:
        parser.error("--floors makes its own rows, with Tatham's beside them: leave out --row and --tatham")
    try:
        cells = floors.matrix(args.genre, args.size, args.difficulty)
    except PuzzlekitError as err:
        parser.error(str(err))
    if not cells:
        parser.error("no row matches --genre, --size and --difficulty")
    outcomes = floors.run(cells, args.seeds, args.jobs, args.timeout or None, args.tatham_cap)
    if args.json:
        for o in outcomes:
            print(floors.as_json(o))
    else:
        print(floors.table(outcomes))
    return 0 if all(floors.passes(o) for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
