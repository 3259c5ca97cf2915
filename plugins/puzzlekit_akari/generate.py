"""Making an Akari: a layout whose fully numbered board deduction already solves, then
numbers taken away while the board stays solvable at the target rung."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit.core import BOOL, Engine
from puzzlekit.core.rng import Rng
from puzzlekit.grid import RectGrid
from puzzlekit_akari.board import Board
from puzzlekit_akari.model import AkariClues

BLACK = (1, 5)
"""The chance of each cell (each symmetry orbit) starting black, as Tatham's 20%."""


def numbered(grid: RectGrid, black: set[int], bulbs: set[int]) -> Board:
    """The board with these black cells, each numbered with the bulbs beside it."""
    tokens = ["."] * grid.n_cells
    for cell in black:
        tokens[cell] = str(sum(n in bulbs for n in grid.neighbours[cell]))
    return Board(grid, tuple(tokens))


def light(board: Board, bulbs: set[int], rng: Rng) -> set[int]:
    """``bulbs`` (cells, none lighting another) and a bulb on each cell still dark, tried in
    random order: a random solution of the board's white cells."""
    whites, runs, row_of, column_of = board.whites, board.runs, *board.lanes[1:]
    lit = bytearray(len(whites))
    order = list(range(len(whites)))
    rng.shuffle(order)
    out = set(bulbs)
    for v in [board.var_of[c] for c in sorted(bulbs)] + order:
        if whites[v] in bulbs or not lit[v]:
            out.add(whites[v])
            for w in (*runs[row_of[v]], *runs[column_of[v]]):
                lit[w] = 1
    return out


def solved(grid: RectGrid, black: set[int], rng: Rng) -> Board:
    """These black cells, bulbs placed at random where still dark, every black cell numbered."""
    return numbered(grid, black, light(numbered(grid, black, set()), set(), rng))


def layout(grid: RectGrid, orbits: Sequence[Sequence[int]], rng: Rng, cap: int, deadline: float | None) -> Board:
    """Black cells at random (by orbit) and a random solution, numbered; while deduction
    capped at ``cap`` leaves cells open, some of them turn black (the solution relit
    around them), so the numbers pin the rest down."""
    black = {c for orbit in orbits if rng.chance(*BLACK) for c in orbit}
    orbit_of = {c: orbit for orbit in orbits for c in orbit}
    bulbs = light(numbered(grid, black, set()), set(), rng)
    while True:
        board = numbered(grid, black, bulbs)
        engine = Engine(AkariClues(board).model, max_rung=cap, deadline=deadline)
        engine.start()  # past the deadline: Timeout, which ends the attempt
        open_ = [board.whites[v] for v, d in enumerate(engine.dom) if d == BOOL]
        if not open_:
            return board
        for _ in range(max(1, len(open_) // 8)):
            for cell in orbit_of[rng.choice(open_)]:
                black.add(cell)
                bulbs.discard(cell)
        bulbs = light(numbered(grid, black, bulbs), bulbs, rng)


def twins_near(board: Board, values: Sequence[int], positions: Sequence[int]) -> list[list[int]]:
    """The solution with one bulb moved along its row or column run, from beside a blanked
    number or onto a cell beside one: only moves that keep every cell lit, no bulb in sight
    of another and every standing number's count (the generator checks each with
    ``accept`` again).  A blanked number is most often lost this way."""
    runs, row_of, column_of = board.lanes
    has = [0] * len(runs)
    for v, on in enumerate(values):
        if on:
            has[row_of[v]] = has[column_of[v]] = 1
    moves: set[tuple[int, int]] = set()
    for position in positions:
        for t in board.around(position):  # a bulb beside it moves away, or one moves onto t
            moves.update((t, w) if values[t] else (w, t) for w in board.seen[t] if values[t] or values[w])
    out = []
    for bulb, to in sorted(moves):
        if row_of[to] == row_of[bulb]:  # along its row: its column goes dark, the new one lights up
            gone, lit, other = column_of[bulb], column_of[to], row_of
        else:
            gone, lit, other = row_of[bulb], row_of[to], column_of
        if has[lit] or any(not has[other[u]] for u in runs[gone] if u != bulb):
            continue  # the bulb would see another, or a cell only it lit would go dark
        if _numbers_beside(board, bulb) == _numbers_beside(board, to):
            twin = list(values)
            twin[bulb], twin[to] = 0, 1
            out.append(twin)
    return out


def _numbers_beside(board: Board, var: int) -> set[int]:
    return {n for n in board.grid.neighbours[board.whites[var]] if n in board.clues}
