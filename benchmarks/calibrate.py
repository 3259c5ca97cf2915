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

Singles (``--singles-grader``) is graded the same way: ``singlesgrade.c`` includes his
unmodified ``singles.c``; for each ID read a line on stdin it runs ``solve_specific(state,
diff, false)`` at Easy, then Tricky, and prints the least that finishes (easy / tricky /
unsolved / impossible); ``gcc -O2 -I$S -o singlesgrade singlesgrade.c $S/latin.c
$S/matching.c $S/dsf.c $S/tree234.c $S/random.c $S/misc.c $S/malloc.c $S/version.c
$S/nullfe.c $S/midend.c $S/sort.c -lm``.

Range (``--range-grader``) has no levels, only the steps of his solver, tried in order
(not too big, adjacency, connectedness, then recursion; his generator stops short of
recursion).  ``rangegrade.c`` includes his unmodified ``range.c`` and for each ID runs
``solve_internal(state, buf, d)`` for each step in turn, printing the least that fills
every square (not-too-big / adjacency / connectedness / recursion / unsolved /
impossible; his recursion, which remembers nothing, gets 5 s of the clock under
``alarm``, then "slow"); ``gcc -O2 -I$S -o rangegrade rangegrade.c $S/dsf.c $S/tree234.c
$S/random.c $S/misc.c $S/malloc.c $S/version.c $S/nullfe.c $S/midend.c $S/sort.c -lm``.

Both take game IDs as arguments or one a line on stdin; on his own generators' boards
they give back the level each was made at.

Solo's standalone grader is built the same way from ``solo.c``
(``gcc -O2 -DSTANDALONE_SOLVER -I. -o /tmp/solosolver solo.c divvy.c dsf.c malloc.c misc.c
random.c tree234.c version.c nullfe.c midend.c -lm``; ``--solo-solver``, it prints
"Difficulty rating: Advanced (...)").  Rectangles has no standalone solver at all: a driver
that includes his unmodified ``rect.c`` and calls its ``rect_solver`` on the numbers as
given (no winnowing) answers "solved" or "unfinished"; built in a scratch folder next to
his sources (``--rect-solver``)::

    #include "rect.c"   /* then main(): decode_params, validate_desc, new_game, one
                           numberdata (area, one point) per number, rect_solver(w, h, n,
                           numbers, NULL, NULL, NULL); print ret == 1 ? "solved" : ... */

    gcc -O2 -I. -o /tmp/rectsolver rectsolver.c malloc.c misc.c random.c dsf.c nullfe.c \
        midend.c version.c tree234.c findloop.c divvy.c sort.c -lm

Light Up's grader is built the same way from ``lightup.c``
(``gcc -O2 -DSTANDALONE_SOLVER -I. -o /tmp/lightupsolver lightup.c combi.c dsf.c malloc.c
misc.c random.c tree234.c version.c nullfe.c midend.c -lm``; pass it with
``--lightup-solver``): it prints "Puzzle has difficulty N" (0 Easy, 1 Tricky, 2 Hard).
``--games solo rect`` or ``--games lightup`` runs those sections alone.  The tables and the
mapping chosen from them are in docs/generating.md.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from puzzlekit_sudoku.board import SYMBOLS

import puzzlekit
from puzzlekit.formats import tatham
from puzzlekit.grid import Houses
from puzzlekit.interchange import decode, encode

LOOPY = "/usr/games/sgt-loopy"
BRIDGES = "/usr/games/sgt-bridges"
PEARL = "/usr/games/sgt-pearl"
LOOPY_LEVELS = {"e": "easy", "n": "normal", "t": "tricky", "h": "hard"}
BRIDGES_LEVELS = {"0": "easy", "1": "medium", "2": "hard"}
PEARL_LEVELS = {"e": "easy", "t": "tricky"}
SOLO = "/usr/games/sgt-solo"
SOLO_LEVELS = {"t": "trivial", "b": "basic", "i": "intermediate", "a": "advanced", "e": "extreme", "u": "unreasonable"}
RECT = "/usr/games/sgt-rect"
LIGHTUP = "/usr/games/sgt-lightup"
LIGHTUP_LEVELS = {"0": "easy", "1": "tricky", "2": "hard"}
SINGLES = "/usr/games/sgt-singles"
SINGLES_LEVELS = {"e": "Easy", "k": "Tricky"}
RANGE = "/usr/games/sgt-range"
GAMES = ("loopy", "bridges", "lightup", "pearl", "solo", "rect", "singles", "range")


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


def singles_id(text: str) -> str:
    return encode(puzzlekit.load("hitori", text)[0], "tatham")


def range_id(text: str) -> str:
    return encode(puzzlekit.load("kurodoko", text)[0], "tatham")


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


# -- Solo (Sudoku) and Rectangles (Shikaku) ---------------------------------------------


def tatham_cells(desc: str) -> list[int]:
    """The squares of a Solo or Rectangles description: ``a``-``z`` a run of 1-26 empty
    squares (0), a number one square, ``_`` between two numbers."""
    out: list[int] = []
    for token in re.findall(r"[a-z]|\d+", desc):
        out += [int(token)] if token.isdigit() else [0] * (ord(token) - 96)
    return out


def tatham_desc(values: Sequence[int]) -> str:
    """The inverse of ``tatham_cells``."""
    out, run = "", 0
    for v in [*values, -1]:
        if v == 0:
            run += 1
            if run == 26:
                out, run = out + "z", 0
            continue
        if run:
            out, run = out + chr(96 + run), 0
        elif out and out[-1].isdigit() and v > 0:
            out += "_"
        out += str(v) if v > 0 else ""
    return out


def solo_level(game_id: str) -> str:
    """Sudoku level text of a Solo game ID ``CxR:DESC`` (his boxes are R wide and C tall)."""
    params, desc = game_id.split(":")
    c, r = (int(x) for x in params.split("x"))
    n, cells = c * r, tatham_cells(desc)
    return f"# box: {r}x{c}\n" + "".join("".join(SYMBOLS[v] for v in cells[i * n : i * n + n]) + "\n" for i in range(n))


def solo_id(board: Any) -> str:
    return f"{board.box_h}x{board.box_w}:{tatham_desc(board.givens)}"


def rect_level(game_id: str) -> str:
    """Shikaku level text of a Rectangles game ID ``WxH:DESC``."""
    params, desc = game_id.split(":")
    w, h = (int(x) for x in params.split("e")[0].split("x"))
    cells = [str(v) if v else "." for v in tatham_cells(desc)]
    return "".join(" ".join(cells[i * w : i * w + w]) + "\n" for i in range(h))


def rect_id(board: Any) -> str:
    numbers = dict(board.clues)
    return f"{board.cols}x{board.rows}:{tatham_desc([numbers.get(c, 0) for c in range(board.rows * board.cols)])}"


def rung_of(genre: str, level: str, timeout: float) -> str:
    """The rung puzzlekit's ladder needs for a level (its status when it is not unique)."""
    g = puzzlekit.default_host().genre(genre)
    result = puzzlekit.solve(g, level, timeout=timeout)
    if result.status != puzzlekit.Status.UNIQUE:
        return str(result.status.value)
    return "search" if result.stats.rung > len(g.ladder) else str(result.stats.rung)


def grade_solo_theirs(params: str, count: int, timeout: float) -> str:
    """Per Solo level: how many of his boards need each of our Sudoku rungs."""
    rows, columns = [], set()
    for letter, name in SOLO_LEVELS.items():
        spec = f"{params}d{letter}#calibrate"
        tally = Counter(rung_of("sudoku", solo_level(i), timeout) for i in tatham_ids(SOLO, spec, count))
        columns |= set(tally)
        rows.append((f"{name} ({spec.split('#')[0]})", tally))
        print(f"solo {name}: {dict(tally)}", file=sys.stderr, flush=True)
    return _table("Tatham level", rows, columns)


def grade_solo_ours(solver: str, size: str, count: int) -> str:
    """Per puzzlekit difficulty: how Tatham's Solo grader rates our Sudokus."""
    rows, columns = [], set()
    for difficulty in ("easy", "medium", "hard", "expert"):
        made = puzzlekit.generate("sudoku", size=size, difficulty=difficulty, seed="calibrate", count=count)
        tally = Counter(tatham_grade(solver, solo_id(m.instance)).split(" ")[0] for m in made)
        columns |= set(tally)
        rows.append((f"{difficulty} {size}", tally))
        print(f"ours sudoku {difficulty}: {dict(tally)}", file=sys.stderr, flush=True)
    return _table("puzzlekit difficulty", rows, columns)


def grade_rect_theirs(sizes: Sequence[str], count: int, timeout: float) -> str:
    """Per size (his one level, expansion factor 0): how many of his boards need each of our Shikaku rungs."""
    rows, columns = [], set()
    for size in sizes:
        ids = tatham_ids(RECT, f"{size}#calibrate", count)
        tally = Counter(rung_of("shikaku", rect_level(game_id), timeout) for game_id in ids)
        columns |= set(tally)
        rows.append((f"Rectangles {size}", tally))
        print(f"rect {size}: {dict(tally)}", file=sys.stderr, flush=True)
    return _table("Tatham board", rows, columns)


def grade_rect_ours(solver: str, sizes: Sequence[str], count: int) -> str:
    """Per puzzlekit difficulty and size: whether Tatham's Rectangles solver finishes our boards."""
    rows, columns = [], set()
    for size in sizes:
        for difficulty in ("easy", "medium", "hard"):
            made = puzzlekit.generate("shikaku", size=size, difficulty=difficulty, seed="calibrate", count=count)
            run = partial(subprocess.run, capture_output=True, text=True, timeout=120)
            tally = Counter(run([solver, rect_id(m.instance)]).stdout.strip() for m in made)
            columns |= set(tally)
            rows.append((f"{difficulty} {size}", tally))
            print(f"ours shikaku {difficulty} {size}: {dict(tally)}", file=sys.stderr, flush=True)
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
    words = ("easy", "normal", "medium", "tricky", "hard", "beyond his hard", "not-too-big", "adjacency")
    words += ("connectedness", "recursion", "slow", "ambiguous", "unsolved")
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
    parser.add_argument("--solo-size", default="9x9", help="Sudoku / Solo board size (default 9x9)")
    parser.add_argument("--solo-solver", type=Path, help="Tatham's standalone Solo grader, to grade our Sudokus")
    parser.add_argument("--rect-sizes", nargs="+", default=["10x10", "15x15"], help="Shikaku / Rectangles sizes")
    parser.add_argument("--rect-solver", type=Path, help="a driver of Tatham's Rectangles solver, to grade ours")
    parser.add_argument("--masyu-size", default="10x10", help="Pearl / Masyu board size (default 10x10)")
    parser.add_argument("--pearl-grader", type=Path, help="the pearlgrade driver (above), to grade our Masyu boards")
    parser.add_argument("--bridges-grader", type=Path, help="the bridgesgrade driver (above), to grade our Bridges")
    parser.add_argument("--lightup-sizes", nargs="+", default=["7x7", "10x10", "15x15"], help="Light Up board sizes")
    parser.add_argument("--lightup-solver", type=Path, help="Tatham's standalone Light Up grader, to grade our Akari")
    parser.add_argument("--singles-size", default="10x10", help="Singles / Hitori board size (default 10x10)")
    parser.add_argument("--singles-grader", type=Path, help="the singlesgrade driver (above), to grade our Hitori")
    parser.add_argument("--range-size", default="10x10", help="Range / Kurodoko board size (default 10x10)")
    parser.add_argument("--range-grader", type=Path, help="the rangegrade driver (above), to grade our Kurodoko")
    parser.add_argument(
        "--games", nargs="+", choices=GAMES, default=list(GAMES), help="which of his games to calibrate (default all)"
    )
    args = parser.parse_args(argv)
    for game, program in zip(GAMES, (LOOPY, BRIDGES, LIGHTUP, PEARL, SOLO, RECT, SINGLES, RANGE)):
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
    if "solo" in args.games:
        c, r = Houses.box_shape(int(args.solo_size.split("x")[0]))[::-1]
        print(grade_solo_theirs(f"{c}x{r}", args.count, args.timeout))
        print()
        if args.solo_solver:
            print(grade_solo_ours(str(args.solo_solver), args.solo_size, args.count))
            print()
    if "rect" in args.games:
        print(grade_rect_theirs(args.rect_sizes, args.count, args.timeout))
        print()
        if args.rect_solver:
            print(grade_rect_ours(str(args.rect_solver), args.rect_sizes, args.count))
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
    if "singles" in args.games:
        singles = f"{args.singles_size}d{{d}}{seed}"
        print(grade_theirs("hitori", SINGLES, singles, SINGLES_LEVELS, args.count, args.timeout))
        if args.singles_grader:
            print()
            print(grade_ours_with("hitori", str(args.singles_grader), singles_id, args.singles_size, args.count))
    if "range" in args.games:  # one level: his boards by the rung they need, ours by his solver's steps
        print()
        print(grade_theirs("kurodoko", RANGE, f"{args.range_size}{seed}", {"": "Range"}, args.count, args.timeout))
        if args.range_grader:
            print()
            print(grade_ours_with("kurodoko", str(args.range_grader), range_id, args.range_size, args.count))
    return 0


if __name__ == "__main__":
    sys.exit(main())
