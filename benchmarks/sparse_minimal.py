"""Make the sparse, minimal Slitherlink benchmark sets (issue 11): boards that need search.

    python benchmarks/sparse_minimal.py            # rewrite benchmarks/sets/sparse-minimal-*.txt
    python benchmarks/sparse_minimal.py --check    # only prove the committed boards unique again

Each board: a random hole-free region of half the cells (grown one cell at a time with the
Slitherlink generator's ``can_join`` test, so the loop around it is one simple loop), every
cell clued from that loop, then clues blanked one at a time in a shuffled order, each removal
kept only while the SAT engine (``puzzlekit.engines.sat``, the ``sat`` extra) still finds
exactly one solution.  One pass is enough for minimality: a clue kept was needed when it was
tried, and blanking more clues only adds solutions, so every clue left is needed.

Seeds are ``sparse-WxH-i``, drawn with ``puzzlekit.core.rng.Rng``, so the same boards come
out on every machine.  The boards are committed; the benchmark reads them instead of
generating them again.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from puzzlekit_slitherlink.generate import can_join, clues_of
from puzzlekit_slitherlink.grid import grid_for
from puzzlekit_slitherlink.text import BLANK, Board, write_clue_grid

import puzzlekit
from puzzlekit.api import get_genre
from puzzlekit.core.rng import Rng
from puzzlekit.core.search import Status
from puzzlekit.engines.sat import solve_sat
from puzzlekit.genre import Genre

SETS = Path(__file__).resolve().parent / "sets"
SIZES = ((10, 10), (15, 15), (20, 20))
COUNT = 10

Cell = tuple[int, int]


def grow_half(rows: int, cols: int, rng: Rng) -> set[Cell]:
    """A simply connected region of half the cells, grown from a random cell."""
    inside = {(rng.below(rows), rng.below(cols))}
    target = rows * cols // 2
    frontier: list[Cell] = []

    def add_frontier(cell: Cell) -> None:
        r, c = cell
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nb[0] < rows and 0 <= nb[1] < cols and nb not in inside and nb not in frontier:
                frontier.append(nb)

    add_frontier(next(iter(inside)))
    misses = 0
    while len(inside) < target and frontier and misses < 100 * rows * cols:
        i = rng.below(len(frontier))
        cell = frontier[i]
        if not can_join(inside, cell, rows, cols):
            misses += 1
            continue
        frontier[i] = frontier[-1]
        frontier.pop()
        inside.add(cell)
        add_frontier(cell)
    return inside


def is_unique(genre: Genre, board: Board) -> bool:
    return solve_sat(genre, board, limit=2, timeout=None).status == Status.UNIQUE


def make_board(genre: Genre, rows: int, cols: int, seed: str) -> Board:
    """A sparse minimal board from ``seed`` (a new region until the full clue set is unique)."""
    rng = Rng(seed)
    grid = grid_for(rows, cols)
    while True:
        board = Board(grid, clues_of(grow_half(rows, cols, rng), rows, cols))
        if is_unique(genre, board):
            break
    order = list(range(rows * cols))
    rng.shuffle(order)
    clues = list(board.clues)
    for cell in order:
        kept = clues[cell]
        clues[cell] = BLANK
        if not is_unique(genre, Board(grid, tuple(clues))):
            clues[cell] = kept
    return Board(grid, tuple(clues))


def set_path(rows: int, cols: int) -> Path:
    return SETS / f"sparse-minimal-{cols}x{rows}.txt"


def write_set(genre: Genre, rows: int, cols: int) -> None:
    lines = [
        f"# Sparse minimal Slitherlinks, {cols} columns x {rows} rows: a random hole-free region of half",
        "# the cells gives the loop, every clue left is needed (proven unique by the SAT engine).",
        "# Made by benchmarks/sparse_minimal.py; do not edit by hand.",
        "",
    ]
    for i in range(COUNT):
        seed = f"sparse-{cols}x{rows}-{i}"
        started = time.perf_counter()
        board = make_board(genre, rows, cols, seed)
        clued = sum(1 for c in board.clues if c != BLANK)
        print(f"{seed}: {clued}/{rows * cols} clued, {time.perf_counter() - started:.1f}s", file=sys.stderr, flush=True)
        lines += [f"# seed: {seed}", f"# clued: {clued}/{rows * cols}", "# expect: unique", *write_clue_grid(board), ""]
    SETS.mkdir(exist_ok=True)
    set_path(rows, cols).write_text("\n".join(lines), encoding="utf-8")


def check_sets(genre: Genre) -> int:
    bad = 0
    for rows, cols in SIZES:
        path = set_path(rows, cols)
        for puzzle in puzzlekit.load(genre, path.read_text(encoding="utf-8"), str(path)):
            if not is_unique(genre, puzzle.instance):
                print(f"{path.name}#{puzzle.index + 1}: not unique", file=sys.stderr)
                bad += 1
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="prove the committed boards unique, write nothing")
    parser.add_argument("--size", action="append", help="only this size, WxH (repeatable)")
    args = parser.parse_args(argv)
    genre = get_genre("slitherlink")
    if args.check:
        return check_sets(genre)
    for rows, cols in SIZES:
        if args.size and f"{cols}x{rows}" not in args.size:
            continue
        write_set(genre, rows, cols)
    return 0


if __name__ == "__main__":
    sys.exit(main())
