"""A seeded fuzz campaign over every registered genre and every format it has.

For each genre (from the host, so a new plugin is fuzzed without a list to edit) and
each format, it feeds arbitrary text, structured sources (the genre's bundled examples
encoded in that format, then mutated: cut, digits changed, huge sizes, odd characters),
mutated level text, and odd valid boards (empty, all-clue, 1x1, 1xN) through decoding,
loading, solving, checking, drawing, hints, grades and, with ``--cli``, the command line.
A finding is an exception that is not a PuzzlekitError (the clean, located refusal), a
call over ``--slow`` CPU seconds (or stopped by the alarm), or a codec round trip that
does not read back the same board.  Same ``--seed``, same cases.

    python benchmarks/fuzz.py --cases 300 --seed 1
    python benchmarks/fuzz.py --genres akari,lits --cases 2000 --cli
"""

from __future__ import annotations

import argparse
import contextlib
import random
import re
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

import puzzlekit
from puzzlekit import interchange
from puzzlekit.core.model import domains_of
from puzzlekit.errors import PuzzlekitError
from puzzlekit.formats.level import read_blocks
from puzzlekit.genre import Genre
from puzzlekit.host import Host, make_host
from puzzlekit.registry import Format

HUGE = ["0", "1", "201", "10000", "100000", "1000000000000", "99999999999999999999", "-1", "1e3"]
ODD = [
    "\x00",
    "\ufeff",
    "é",
    "²",
    "¹",
    "٣",
    "½",
    "Ⅻ",
    "١٠",
    "\t",
    "\n",
    " ",
    "%",
    "/",
    "?",
    "-",
    ".",
    "+",
    "#",
    ":",
    "\\",
    '"',
    "[",
    "{",
    "--5",
    "-0",
]
LEVEL_BITS = ["# title: x\n", "# flags: full\n", "# expect: 2\n", "\n\n", "9999", "|", "+"]


class Hang(Exception):
    """Raised by the alarm when one call runs past the hang bound."""


@dataclass
class Row:
    """What one (genre, format) column of the table counts, and the first few findings."""

    cases: int = 0
    crashes: int = 0
    slow: int = 0
    trips: int = 0
    notes: list[str] = field(default_factory=list)

    def note(self, kind: str, what: str, source: str) -> None:
        if len(self.notes) < 6:
            self.notes.append(f"{kind}: {what} <- {source[:160]!r}")


@contextlib.contextmanager
def alarm(seconds: float) -> Iterator[None]:
    """Interrupt a call that hangs (wall clock, the only clock a signal has)."""

    def ring(_sig: int, _frame: FrameType | None) -> None:
        raise Hang

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


class Campaign:
    """Runs the cases of one seed and tallies them per (genre, format)."""

    def __init__(self, host: Host, seed: int, slow: float, hang: float) -> None:
        self.host, self.seed, self.slow, self.hang = host, seed, slow, hang
        self.rows: dict[tuple[str, str], Row] = {}

    def row(self, genre: str, fmt: str) -> Row:
        return self.rows.setdefault((genre, fmt), Row())

    def guard(self, row: Row, what: str, source: str, call: Callable[[], Any]) -> Any:
        """``call()``, counting an unclean exception as a crash and a long one as slow."""
        row.cases += 1
        start = time.process_time()
        try:
            with alarm(self.hang):
                return call()
        except PuzzlekitError:
            return None
        except Hang:
            row.slow += 1
            row.note("hang", what, source)
            return None
        except (Exception, RecursionError) as err:
            row.crashes += 1
            tb = traceback.extract_tb(err.__traceback__)[-1]
            row.note("crash", f"{what}: {type(err).__name__}: {err} at {Path(tb.filename).name}:{tb.lineno}", source)
            return None
        finally:
            spent = time.process_time() - start
            if spent > self.slow:
                row.slow += 1
                row.note("slow", f"{what} {spent:.1f}s", source)

    # -- decoding ---------------------------------------------------------------------

    def decode(self, genre: Genre, fmt: Format, source: str) -> None:
        """Read ``source`` with ``fmt`` when it claims it, then load it; and the host's
        own sniffing path (``interchange.decode``) on the same source."""
        row = self.row(genre.name, fmt.name)

        def direct() -> None:
            if fmt.matches(source):
                text = fmt.read(source, genre)
                puzzlekit.load(genre, text, host=self.host)
            fmt.genre_of(source)

        def sniffed() -> None:
            interchange.claimed_genres(source, self.host)
            text = interchange.decode(source, genre, self.host)
            if text is not None:
                puzzlekit.load(genre, text, host=self.host)

        self.guard(row, "read", source, direct)
        self.guard(row, "decode", source, sniffed)

    # -- boards -----------------------------------------------------------------------

    def exercise(self, genre: Genre, text: str, row: Row) -> None:
        """Every library call a user makes on a board, each guarded on its own."""
        loaded = self.guard(row, "load", text, lambda: puzzlekit.load(genre, text, host=self.host))
        if not loaded:
            return
        for p in loaded[:2]:
            self.use(genre, p, text, row)

    def use(self, genre: Genre, p: Any, text: str, row: Row) -> None:
        host, t = self.host, 1.0
        result = self.guard(row, "solve", text, lambda: puzzlekit.solve(genre, p, max_nodes=500, timeout=t, host=host))
        self.guard(row, "check", text, lambda: puzzlekit.check(genre, p, host=host, timeout=t))
        self.guard(row, "hint", text, lambda: puzzlekit.hint(genre, p, host=host, timeout=t))
        self.guard(row, "grade", text, lambda: puzzlekit.grade(genre, p, max_nodes=500, timeout=t, host=host))
        self.guard(row, "svg", text, lambda: genre.draw_svg(p.instance))
        self.guard(row, "places", text, lambda: genre.places(p.instance))
        if result is not None and (result.solutions or result.partial):
            dom = domains_of(result.solutions[0].values) if result.solutions else list(result.partial)
            self.guard(row, "terminal", text, lambda: genre.draw_terminal(p.instance, dom))
            self.guard(row, "svg", text, lambda: genre.draw_svg(p.instance, dom))

    def round_trip(self, genre: Genre, fmt: Format, text: str) -> str | None:
        """``text`` written with ``fmt`` and read back; a failure is tallied. Returns the
        written source (a seed for mutation) when the format could write it."""
        row = self.row(genre.name, fmt.name)
        loaded = self.guard(row, "load", text, lambda: puzzlekit.load(genre, text, host=self.host))
        if not loaded:
            return None
        p = loaded[0]
        written = self.guard(row, "write", text, lambda: fmt.write(p))
        if written is None:
            return None
        want = board_of(genre, p.instance)

        def back() -> list[str] | None:
            out = fmt.read(written, genre)
            (again,) = puzzlekit.load(genre, out, host=self.host)
            return board_of(genre, again.instance)

        row.cases += 1
        try:
            with alarm(self.hang):
                got = back()
        except (Exception, Hang) as err:
            got = [f"{type(err).__name__}: {err}"]
        if got != want:
            row.trips += 1
            row.note("round trip", f"{' / '.join(want)[:60]} -> {' / '.join(got or [])[:60]}", written)
        return written


def board_of(genre: Genre, instance: Any) -> list[str]:
    """The board's rows and flags as the genre writes them, its other metadata left out: a
    format may add a bound of its own (Filling IDs say ``# largest: 9``, as documented)."""
    (block,) = read_blocks("\n".join(genre.write(instance)) + "\n")
    return [*block.rows, " ".join(sorted(block.flags()))]


def mutate(rng: random.Random, text: str) -> str:
    """One to five edits that keep a source recognisable, so the decoder gets deep."""
    out = text
    for _ in range(rng.randint(1, 5)):
        kind = rng.randrange(7)
        at = rng.randrange(len(out) + 1)
        if kind == 0:
            out = out[:at]  # cut short
        elif kind == 1:
            digits = [m.start() for m in re.finditer(r"\d", out)]
            if digits:
                i = rng.choice(digits)
                out = out[:i] + rng.choice("0123456789") + out[i + 1 :]
        elif kind == 2:
            numbers = list(re.finditer(r"\d+", out))
            if numbers:
                m = rng.choice(numbers)
                out = out[: m.start()] + rng.choice(HUGE) + out[m.end() :]
        elif kind == 3:
            out = out[:at] + rng.choice(ODD) + out[at:]
        elif kind == 4:
            out = out[:at] + out[at + rng.randint(1, 8) :]
        elif kind == 5:
            out = out[:at] + rng.choice(LEVEL_BITS) + out[at:]
        else:
            seg = out[at : at + rng.randint(1, 20)]
            out = out[:at] + seg * rng.randint(2, 50) + out[at:]
    return out


SIZES = ["0", "1", "2", "3", "5", "7", "10", "201", "100000", "1000000000000", "-1", "", "x"]
BODY = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGZ.-+=%/_ "


def structured(rng: random.Random, fmt: Format) -> str:
    """A source in the format's own frame (its puzzle ids, size fields, layout) with random
    sizes and body: deep enough to reach the body decoder, random enough to break it."""
    pids = [*getattr(fmt, "pids", ()), rng.choice(["slither", "x", ""])]
    pid, cols, rows = rng.choice(pids), rng.choice(SIZES), rng.choice(SIZES)
    body = "".join(rng.choice(BODY) for _ in range(rng.randint(0, 60)))
    kind = fmt.kind or fmt.name
    if kind == "url":
        extra = rng.choice(["", "1/", "2/", "f/", "v/", "100000/"])
        return f"{rng.choice(['https://puzz.link/p?', 'http://pzv.jp/p.html?'])}{pid}/{extra}{cols}/{rows}/{body}"
    if kind == "pzpr":
        lines = [
            " ".join(
                rng.choice([".", "0", "1", "2", "-1", "-", "#", "+", "3,2", "9"]) for _ in range(rng.randint(0, 6))
            )
        ]
        lines *= rng.randint(0, 8)
        head = rng.choice(["pzprv3", "pzprv3.1"])
        return "\n".join([head, pid, rows, cols, *rng.sample(["1", "2", "3,1", "t"], rng.randint(0, 2)), *lines])
    if kind == "tatham":
        params = "".join(rng.sample(["dh", "de", "m2", "t0", "n1", "c", "d9"], rng.randint(0, 2)))
        return f"{cols}x{rows}{params}{rng.choice([':', '#', ''])}{body}"
    if kind == "janko":
        grid = "\n".join(" ".join(rng.choice(["-", ".", "1", "3", "x", "10"]) for _ in range(4)) for _ in range(3))
        return f"begin\npuzzle {pid}\nsize {cols}\nrows {rows}\nproblem\n{grid}\nend\n"
    return arbitrary(rng)


def arbitrary(rng: random.Random) -> str:
    alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCZ.-+/:?#x \n" + "".join(ODD)
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 80)))


def odd_boards(genre: Genre, examples: list[str], rng: random.Random) -> list[str]:
    """Valid-looking boards that are unsolvable or odd: blank, 1x1, 1xN, Nx1, every cell
    one clue character, an example's clues scrambled."""
    out: list[str] = []
    for cols, rows in ((1, 1), (1, 7), (7, 1), (2, 2), (3, 3)):
        out.append("\n".join("." * cols for _ in range(rows)) + "\n")
    for text in examples:
        blocks = read_blocks(text)
        if not blocks:
            continue
        rows = list(blocks[0].rows)
        chars = sorted({ch for r in rows for ch in r if ch not in ". "})
        for ch in chars[:4]:
            out.append("\n".join(re.sub(r"[^ ]", ch, r) for r in rows) + "\n")  # all one clue
            out += [f"{ch}\n", f"{ch}.\n", f"{ch}\n.\n"]  # one clue on 1x1, 1x2, 2x1
        out.append("\n".join(re.sub(r"[^ |]", ".", r) for r in rows) + "\n")  # clues emptied
        flat = [ch for r in rows for ch in r]
        rng.shuffle(flat)
        width = len(rows[0])
        out.append("\n".join("".join(flat[i : i + width]) for i in range(0, len(flat), width)) + "\n")
        out.append(rows[0] + "\n")  # one row of it
    return out


def examples_of(genre: Genre) -> list[str]:
    return [path.read_text() for path in genre.example_paths()]


def run_genre(c: Campaign, genre: Genre, cases: int, cli: bool) -> None:
    rng = random.Random(f"{c.seed}-{genre.name}")
    formats = c.host.formats(genre.name)
    examples = examples_of(genre)
    boards = odd_boards(genre, examples, rng)
    level_row = c.row(genre.name, "level text")
    for text in boards:
        c.exercise(genre, text, level_row)
    for _ in range(cases):
        text = mutate(rng, rng.choice(examples)) if examples else arbitrary(rng)
        c.exercise(genre, text, level_row)
    attempts(c, genre, rng, cases // 4)
    for fmt in formats:
        seeds: list[str] = []
        if fmt.can_write:
            for text in examples + boards:
                written = c.round_trip(genre, fmt, text)
                if written:
                    seeds.append(written)
        frng = random.Random(f"{c.seed}-{genre.name}-{fmt.name}")
        for i in range(cases):
            if i % 4 == 0 or not seeds:
                source = arbitrary(frng) if i % 8 == 0 else structured(frng, fmt)
            else:
                source = mutate(frng, frng.choice(seeds))
            if fmt.kind == "penpa" and seeds and i % 2:  # its text is compressed: mutate inside
                source = penpa_mutant(frng, frng.choice(seeds))
            c.decode(genre, fmt, source)
    if cli:
        run_cli(c, genre, examples + boards, rng, max(10, cases // 20))


def penpa_mutant(rng: random.Random, url: str) -> str:
    """A Penpa+ URL whose unpacked text was mutated, then packed again."""
    from puzzlekit.formats import penpa

    lines, _ = penpa.unpack(url)
    return penpa.CANONICAL + penpa.pack_text(mutate(rng, "\n".join(lines)))


def attempts(c: Campaign, genre: Genre, rng: random.Random, cases: int) -> None:
    """``check`` and ``hint`` of a bundled puzzle against its solution file, mutated: a
    player's state is user input too."""
    row = c.row(genre.name, "state text")
    pairs = []
    for path in genre.example_paths():
        solution = path.with_name(path.name.removesuffix(".txt") + ".solution.txt")
        if solution.exists():
            pairs.append((path.read_text(), read_blocks(solution.read_text())))
    for _ in range(cases if pairs else 0):
        text, solutions = rng.choice(pairs)
        loaded = c.guard(row, "load", text, lambda text=text: puzzlekit.load(genre, text, host=c.host))
        if not loaded or not solutions:
            continue
        judge(c, row, genre, loaded[0], mutate(rng, "\n".join(solutions[0].rows) + "\n"))


def judge(c: Campaign, row: Row, genre: Genre, p: Any, state: str) -> None:
    c.guard(row, "check", state, lambda: puzzlekit.check(genre, p, state, host=c.host, timeout=1.0))
    c.guard(row, "hint", state, lambda: puzzlekit.hint(genre, p, state, host=c.host, timeout=1.0))


def run_cli(c: Campaign, genre: Genre, texts: list[str], rng: random.Random, cases: int) -> None:
    """``puzzlekit solve/check/render GENRE FILE`` on mutated boards, in process."""
    import tempfile

    from click.testing import CliRunner

    from puzzlekit.cli.exitcodes import EXIT_CODES
    from puzzlekit.cli.main import main

    row = c.row(genre.name, "cli")
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "board.txt"
        for i in range(cases):
            text = texts[i % len(texts)] if i < len(texts) else mutate(rng, rng.choice(texts))
            path.write_text(text, encoding="utf-8", errors="surrogateescape")
            command = rng.choice([["solve", "--timeout", "1"], ["check"], ["render"], ["render", "--format", "svg"]])
            argv = [*command, genre.name, str(path)]
            row.cases += 1
            start = time.process_time()
            with alarm(c.hang * 2):
                try:
                    result = runner.invoke(main, argv, catch_exceptions=True)
                except Hang:
                    row.slow += 1
                    row.note("hang", " ".join(argv[:-1]), text)
                    continue
            if time.process_time() - start > c.slow:
                row.slow += 1
                row.note("slow", " ".join(argv[:-1]), text)
            bad = result.exception is not None and not isinstance(result.exception, SystemExit)
            if bad or result.exit_code not in EXIT_CODES or "Traceback" in result.output:
                row.crashes += 1
                row.note("crash", f"{' '.join(argv[:-1])} exit {result.exit_code}: {result.exception!r}", text)


def table(c: Campaign) -> str:
    lines = [f"{'genre':14} {'format':24} {'cases':>7} {'crashes':>8} {'slow':>5} {'round trip':>10}"]
    for (genre, fmt), row in sorted(c.rows.items()):
        lines.append(f"{genre:14} {fmt:24} {row.cases:7} {row.crashes:8} {row.slow:5} {row.trips:10}")
    total = Counter[str]()
    for row in c.rows.values():
        total.update(cases=row.cases, crashes=row.crashes, slow=row.slow, trips=row.trips)
    lines.append(f"{'total':39} {total['cases']:7} {total['crashes']:8} {total['slow']:5} {total['trips']:10}")
    for (genre, fmt), row in sorted(c.rows.items()):
        lines += [f"  {genre}/{fmt}: {n}" for n in row.notes]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=200, help="cases per (genre, format) and per genre's level text")
    ap.add_argument("--genres", default="", help="comma-separated genre names (default: every registered one)")
    ap.add_argument("--slow", type=float, default=5.0, help="CPU seconds a call may take before it counts as slow")
    ap.add_argument("--hang", type=float, default=20.0, help="wall seconds after which a call is stopped")
    ap.add_argument("--cli", action="store_true", help="also run solve/check/render on the command line")
    args = ap.parse_args(argv)
    host = make_host()
    names = [e.genre.name for e in host.genres()]
    if args.genres:
        names = [n for n in args.genres.split(",") if n]
    c = Campaign(host, args.seed, args.slow, args.hang)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 3000))
    for name in names:
        start = time.process_time()
        run_genre(c, host.genre(name), args.cases, args.cli)
        print(f"# {name}: {time.process_time() - start:.1f} CPU s", file=sys.stderr, flush=True)
    print(table(c))
    found = sum(r.crashes + r.slow + r.trips for r in c.rows.values())
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
