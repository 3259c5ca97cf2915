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

Masyu and Bridges, both ways (``--pearl-grader``, ``--bridges-grader``): his Pearl boards
(``/usr/games/sgt-pearl --generate N '10x10dX#calibrate'``, Easy and Tricky) and Bridges
boards graded by our ladder, ours graded by his solvers.  Neither game ships a grader that
serves: Pearl's standalone solver prints "Tricky" for every board it solves (it prints
``pearl_diffnames[ret]``, the solver's return value, not the level it reached), and
Bridges has none.  So two small drivers, each including his unmodified ``pearl.c`` or
``bridges.c``, call his solver at each of his levels and print the least that finishes
the board (his generators ask the same of a board: solvable at its level, not below).
Build them in a scratch folder, never in this repository (``S`` is his sources)::

    # pearlgrade.c: #include "pearl.c", then main() reads each ID, builds the game with
    # new_game(), and for diff in Easy, Tricky runs pearl_solve(w, h, clues, lines, diff,
    # false) until it returns 1: prints easy / tricky / ambiguous / impossible.
    gcc -O2 -I$S -o pearlgrade pearlgrade.c $S/grid.c $S/loopgen.c $S/tdq.c $S/dsf.c \
        $S/tree234.c $S/random.c $S/misc.c $S/malloc.c $S/penrose.c $S/penrose-legacy.c \
        $S/hat.c $S/spectre.c $S/version.c $S/nullfe.c $S/midend.c $S/sort.c $S/findloop.c -lm
    # bridgesgrade.c: #include "bridges.c", then for d in 0, 1, 2 runs
    # solve_from_scratch(dup_game(new_game_sub(params, desc)), d): easy / medium / hard /
    # unsolved (beyond his Hard: his solver has no search).
    gcc -O2 -I$S -o bridgesgrade bridgesgrade.c $S/dsf.c $S/findloop.c $S/tree234.c \
        $S/random.c $S/misc.c $S/malloc.c $S/version.c $S/nullfe.c $S/midend.c $S/sort.c -lm

Both take game IDs as arguments or one a line on stdin; on his own generators' boards
they give back the level each was made at.

Light Up's grader is built the same way from ``lightup.c``
(``gcc -O2 -DSTANDALONE_SOLVER -I. -o /tmp/lightupsolver lightup.c combi.c dsf.c malloc.c
misc.c random.c tree234.c version.c nullfe.c midend.c -lm``; pass it with
``--lightup-solver``): it prints "Puzzle has difficulty N" (0 Easy, 1 Tricky, 2 Hard).
``--games lightup`` runs that section alone.  The tables and the mapping chosen from them
are in docs/generating.md.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import puzzlekit
from puzzlekit.formats import tatham
from puzzlekit.interchange import decode, encode

LOOPY = "/usr/games/sgt-loopy"
BRIDGES = "/usr/games/sgt-bridges"
PEARL = "/usr/games/sgt-pearl"
LOOPY_LEVELS = {"e": "easy", "n": "normal", "t": "tricky", "h": "hard"}
BRIDGES_LEVELS = {"0": "easy", "1": "medium", "2": "hard"}
PEARL_LEVELS = {"e": "easy", "t": "tricky"}
GAMES = ("loopy", "bridges", "lightup", "pearl")
LIGHTUP = "/usr/games/sgt-lightup"
LIGHTUP_LEVELS = {"0": "easy", "1": "tricky", "2": "hard"}


def tatham_ids(program: str, params: str, count: int) -> list[str]:
    """``count`` game IDs from Tatham's generator (one per line)."""
    out = subprocess.run([program, "--generate", str(count), params], capture_output=True, text=True, check=True)
    return [line.strip() for line in out.stdout.splitlines() if line.strip()]


def our_tier(genre: str, game_id: str, timeout: float) -> str:
    """The rung puzzlekit's ladder needs for a board, as a table cell (search: "search")."""
    g = puzzlekit.default_host().genre(genre)
    text = pearl_level(game_id) if genre == "masyu" else decode(game_id, g) or game_id
    result = puzzlekit.solve(g, text, timeout=timeout)
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


def pearl_level(game_id: str) -> str:
    """A Pearl game ID (``WxH:DESC``, ``B`` and ``W`` pearls, ``a``-``z`` runs of empty
    cells) as Masyu level text."""
    params, desc, at = tatham.split_id(game_id, "Pearl")
    cols, rows, _ = tatham.read_size(game_id, params, 0)
    cells, _ = tatham.expand_runs(game_id, desc, at, cols * rows, lambda pos, ch: ch)
    return "\n".join("".join(cells[r * cols : (r + 1) * cols]) for r in range(rows)) + "\n"


def pearl_id(text: str) -> str:
    """Masyu level text as a Pearl game ID."""
    rows = [row for row in text.splitlines() if row and not row.startswith("#")]
    return f"{len(rows[0])}x{len(rows)}:" + tatham.encode_runs([ch for row in rows for ch in row])


def grade_ours_with(genre: str, grader: str, to_id: Callable[[str], str], size: str, count: int) -> str:
    """One row per puzzlekit difficulty: the least of Tatham's levels his solver (run by
    ``grader``, one ID a line on stdin) finishes our boards at."""
    rows = []
    columns: set[str] = set()
    for difficulty in puzzlekit.default_host().genre(genre).difficulties:
        made = puzzlekit.generate(genre, size=size, difficulty=difficulty, seed="calibrate", count=count)
        ids = "\n".join(to_id(m.text) for m in made) + "\n"
        out = subprocess.run([grader], input=ids, capture_output=True, text=True, timeout=600, check=True)
        tally = Counter(line.strip() for line in out.stdout.splitlines() if line.strip())
        columns |= set(tally)
        rows.append((f"{difficulty} {size}", tally))
        print(f"ours {genre} {difficulty}: {dict(tally)}", file=sys.stderr, flush=True)
    return _table("puzzlekit difficulty", rows, columns)


def bridges_id(text: str) -> str:
    return encode(puzzlekit.load("hashiwokakero", text)[0], "tatham")


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


# -- Light Up (Akari) --------------------------------------------------------------------


def lightup_level(game_id: str) -> str:
    """Akari level text of a Light Up game ID (``WxH[...]:DESC``: ``B`` a black cell,
    ``0``-``4`` a numbered one, ``a``-``z`` a run of 1-26 white cells)."""
    params, desc = game_id.split(":")
    cols, rows = (int(n) for n in params.split("b")[0].split("x"))
    cells = "".join("." * (ord(ch) - 96) if ch.islower() else "#" if ch == "B" else ch for ch in desc)
    return "# title: light up\n" + "".join(cells[r * cols : (r + 1) * cols] + "\n" for r in range(rows))


def lightup_id(rows: Sequence[str]) -> str:
    """The Light Up game ID of an Akari board's rows (the inverse of ``lightup_level``)."""
    desc = "".join(rows).replace("#", "B")
    runs = re.sub(r"\.{1,26}", lambda m: chr(96 + len(m.group())), desc)
    return f"{len(rows[0])}x{len(rows)}:{runs}"


def grade_lightup_theirs(sizes: Sequence[str], count: int, timeout: float) -> str:
    """Per Tatham level and size: how many of his boards need each of our Akari rungs."""
    g = puzzlekit.default_host().genre("akari")
    rows, columns = [], set()
    for size in sizes:
        for digit, name in LIGHTUP_LEVELS.items():
            spec = f"{size}b20s0d{digit}#calibrate"
            tally: Counter[str] = Counter()
            for game_id in tatham_ids(LIGHTUP, spec, count):
                result = puzzlekit.solve(g, lightup_level(game_id), timeout=timeout)
                unique = result.status == puzzlekit.Status.UNIQUE
                tally[str(result.stats.rung) if unique else result.status.value] += 1
            columns |= set(tally)
            rows.append((f"{name} ({spec.split('#')[0]})", tally))
            print(f"lightup {name} {size}: {dict(tally)}", file=sys.stderr, flush=True)
    return _table("Tatham level", rows, columns)


def lightup_grade(solver: str, rows: Sequence[str]) -> str:
    """His solver's verdict on one board: its level's name, or what went wrong."""
    out = subprocess.run([solver, lightup_id(rows)], capture_output=True, text=True, timeout=120).stdout
    found = re.search(r"Puzzle has difficulty (\d)", out)
    if found:
        return LIGHTUP_LEVELS.get(found.group(1), found.group(1))
    return "multiple" if "multiple" in out else "unsolved" if "Unable" in out else "error"


def grade_lightup_ours(solver: str, sizes: Sequence[str], count: int) -> str:
    """Per puzzlekit difficulty and size: how Tatham's Light Up solver rates our boards."""
    g = puzzlekit.default_host().genre("akari")
    rows, columns = [], set()
    for size in sizes:
        for difficulty in ("easy", "medium", "hard"):
            made = puzzlekit.generate(g, size=size, difficulty=difficulty, seed="calibrate", count=count)
            tally = Counter(lightup_grade(solver, g.write(m.instance)) for m in made)
            columns |= set(tally)
            rows.append((f"{difficulty} {size}", tally))
            print(f"ours akari {difficulty} {size}: {dict(tally)}", file=sys.stderr, flush=True)
    return _table("puzzlekit difficulty", rows, columns)


def _table(first: str, rows: Sequence[tuple[str, Counter[str]]], columns: set[str]) -> str:
    words = ("easy", "normal", "medium", "tricky", "hard", "beyond his hard", "ambiguous", "unsolved")
    order = sorted(
        columns,
        key=lambda c: (
            not c.isdigit(),
            int(c) if c.isdigit() else 0,
            c not in words,
            words.index(c) if c in words else 0,
            c,
        ),
    )
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
    parser.add_argument("--masyu-size", default="10x10", help="Pearl / Masyu board size (default 10x10)")
    parser.add_argument("--pearl-grader", type=Path, help="the pearlgrade driver (above), to grade our Masyu boards")
    parser.add_argument("--bridges-grader", type=Path, help="the bridgesgrade driver (above), to grade our Bridges")
    parser.add_argument("--lightup-sizes", nargs="+", default=["7x7", "10x10", "15x15"], help="Light Up board sizes")
    parser.add_argument("--lightup-solver", type=Path, help="Tatham's standalone Light Up grader, to grade our Akari")
    parser.add_argument(
        "--games", nargs="+", choices=GAMES, default=list(GAMES), help="which of his games to calibrate (default all)"
    )
    args = parser.parse_args(argv)
    for game, program in (("loopy", LOOPY), ("bridges", BRIDGES), ("lightup", LIGHTUP), ("pearl", PEARL)):
        if game in args.games and not Path(program).exists():
            parser.error(f"{program} is missing: install Debian's sgt-puzzles")
    seed = "#calibrate"
    if "loopy" in args.games:
        print(grade_theirs("slitherlink", LOOPY, f"{args.size}t0d{{d}}{seed}", LOOPY_LEVELS, args.count, args.timeout))
        print()
    if "bridges" in args.games:
        bridges = f"{args.bridges_size}i30e10m2d{{d}}{seed}"
        print(grade_theirs("hashiwokakero", BRIDGES, bridges, BRIDGES_LEVELS, args.count, args.timeout))
        print()
        if args.bridges_grader:
            print(grade_ours_with("hashiwokakero", str(args.bridges_grader), bridges_id, args.bridges_size, args.count))
            print()
    if "loopy" in args.games and args.loopy_solver:
        print(grade_ours(str(args.loopy_solver), args.size, args.count))
        print()
    if "lightup" in args.games:
        print(grade_lightup_theirs(args.lightup_sizes, args.count, args.timeout))
        if args.lightup_solver:
            print()
            print(grade_lightup_ours(str(args.lightup_solver), args.lightup_sizes, args.count))
        print()
    if "pearl" in args.games:
        pearl = f"{args.masyu_size}d{{d}}{seed}"
        print(grade_theirs("masyu", PEARL, pearl, PEARL_LEVELS, args.count, args.timeout))
        if args.pearl_grader:
            print()
            print(grade_ours_with("masyu", str(args.pearl_grader), pearl_id, args.masyu_size, args.count))
    return 0


if __name__ == "__main__":
    sys.exit(main())
