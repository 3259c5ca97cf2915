"""Calibrate difficulty names against Simon Tatham's: grade his boards with puzzlekit's
ladder, and (given his solver) puzzlekit's boards with his.

    python benchmarks/calibrate.py                                  # his boards, our ladder
    python benchmarks/calibrate.py --loopy-solver /tmp/loopysolver   # and ours, his solver

His boards come from Debian's ``sgt-puzzles`` (``/usr/games/sgt-loopy --generate N
'10x10t0dX#seed'``, ``/usr/games/sgt-bridges --generate N '15x15i30e10m2dX#seed'``); each is
solved by ``puzzlekit.solve`` and counted by the rung it needed.  His standalone Loopy grader
is not packaged: build ``loopy.c`` with ``-DSTANDALONE_SOLVER`` from his sources in a scratch
folder and pass its path (it prints "Difficulty rating: Hard").  From a checkout of his
sources (``git archive`` of https://git.tartarus.org/simon/puzzles.git, or a mirror), in
that folder::

    gcc -O2 -DSTANDALONE_SOLVER -I. -o /tmp/loopysolver loopy.c combi.c divvy.c dsf.c \
        findloop.c grid.c latin.c laydomino.c loopgen.c malloc.c matching.c misc.c penrose.c \
        penrose-legacy.c random.c sort.c tdq.c tree234.c version.c hat.c spectre.c nullfe.c \
        midend.c -lm

Bridges has no standalone grader.  The tables and the mapping chosen from them are in
docs/generating.md.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import puzzlekit
from puzzlekit.interchange import decode, encode

LOOPY = "/usr/games/sgt-loopy"
BRIDGES = "/usr/games/sgt-bridges"
LOOPY_LEVELS = {"e": "easy", "n": "normal", "t": "tricky", "h": "hard"}
BRIDGES_LEVELS = {"0": "easy", "1": "medium", "2": "hard"}


def tatham_ids(program: str, params: str, count: int) -> list[str]:
    """``count`` game IDs from Tatham's generator (one per line)."""
    out = subprocess.run([program, "--generate", str(count), params], capture_output=True, text=True, check=True)
    return [line.strip() for line in out.stdout.splitlines() if line.strip()]


def our_tier(genre: str, game_id: str, timeout: float) -> str:
    """The rung puzzlekit's ladder needs for a board, as a table cell (search: "search")."""
    g = puzzlekit.default_host().genre(genre)
    result = puzzlekit.solve(g, decode(game_id, g) or game_id, timeout=timeout)
    if result.status != puzzlekit.Status.UNIQUE:
        return str(result.status.value)
    return "search" if result.stats.rung > len(g.ladder) else str(result.stats.rung)


def grade_theirs(genre: str, program: str, params: str, levels: dict[str, str], count: int, timeout: float) -> str:
    """One row per Tatham level: how many of his boards need each of our rungs."""
    rows = []
    columns: set[str] = set()
    for letter, name in levels.items():
        spec = params.replace("{d}", letter)
        tally = Counter(our_tier(genre, game_id, timeout) for game_id in tatham_ids(program, spec, count))
        columns |= set(tally)
        rows.append((f"{name} ({spec.split('#')[0]})", tally))
        print(f"{genre} {name}: {dict(tally)}", file=sys.stderr, flush=True)
    return _table("Tatham level", rows, columns)


def tatham_grade(solver: str, game_id: str) -> str:
    out = subprocess.run([solver, "-g", game_id], capture_output=True, text=True, timeout=120)
    text = out.stdout.strip()
    return text.removeprefix("Difficulty rating: ").lower() if text else f"error: {out.stderr.strip()}"


def grade_ours(solver: str, size: str, count: int) -> str:
    """One row per puzzlekit difficulty: how Tatham's Loopy solver rates our boards."""
    rows = []
    columns: set[str] = set()
    for difficulty in ("easy", "medium", "hard", "expert"):
        made = puzzlekit.generate("slitherlink", size=size, difficulty=difficulty, seed="calibrate", count=count)
        tally = Counter(tatham_grade(solver, encode(puzzlekit.load("slitherlink", m.text)[0], "tatham")) for m in made)
        columns |= set(tally)
        rows.append((f"{difficulty} {size}", tally))
        print(f"ours {difficulty}: {dict(tally)}", file=sys.stderr, flush=True)
    return _table("puzzlekit difficulty", rows, columns)


def _table(first: str, rows: Sequence[tuple[str, Counter[str]]], columns: set[str]) -> str:
    order = sorted(columns, key=lambda c: (not c.isdigit(), int(c) if c.isdigit() else 0, c))
    head = [first, *(f"rung {c}" if c.isdigit() else c for c in order)]
    lines = [head] + [[name, *(str(tally.get(c, 0)) for c in order)] for name, tally in rows]
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    out = ["| " + " | ".join(cell.ljust(w) for cell, w in zip(line, widths)) + " |" for line in lines]
    out.insert(1, "| " + " | ".join("-" * w for w in widths) + " |")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Calibrate difficulty names against Tatham's levels.")
    parser.add_argument("--count", type=int, default=20, help="boards per level (default 20)")
    parser.add_argument("--size", default="10x10", help="Loopy board size (default 10x10)")
    parser.add_argument("--bridges-size", default="15x15", help="Bridges board size (default 15x15)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per solve")
    parser.add_argument("--loopy-solver", type=Path, help="Tatham's standalone Loopy grader, to grade our boards")
    args = parser.parse_args(argv)
    if not Path(LOOPY).exists():
        parser.error(f"{LOOPY} is missing: install Debian's sgt-puzzles")
    seed = "#calibrate"
    print(grade_theirs("slitherlink", LOOPY, f"{args.size}t0d{{d}}{seed}", LOOPY_LEVELS, args.count, args.timeout))
    print()
    bridges = f"{args.bridges_size}i30e10m2d{{d}}{seed}"
    print(grade_theirs("hashiwokakero", BRIDGES, bridges, BRIDGES_LEVELS, args.count, args.timeout))
    if args.loopy_solver:
        print()
        print(grade_ours(str(args.loopy_solver), args.size, args.count))
    return 0


if __name__ == "__main__":
    sys.exit(main())
