"""Making Masyu puzzles: a random loop, every pearl it allows, the loop reshaped until
those pearls force it, then pearls removed while the puzzle stays unique at the
difficulty (the core's ``reduce_clues``).

The loop is the boundary of a simply connected region of the squares between cell
centres, grown one square at a time on a ``puzzlekit.grid.RectGrid``: a square joins only
if the region keeps no hole and no diagonal pinch (either would make two loops or a
crossing).  A random loop's pearls seldom force it; the climb (``climb``) makes them do
so: a square beside an edge that deduction leaves open joins or leaves the region, kept
when no more edges stay open, until none does.  Deterministic for a seed, like every
generator here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from puzzlekit import Genre
from puzzlekit.core import BOOL, TRUE, Engine
from puzzlekit.core.rng import Rng
from puzzlekit.generation import GenerateRequest, out_of_time, reduce_clues, symmetry_orbits, target_rung
from puzzlekit.grid import RectGrid
from puzzlekit_masyu.board import BLACK, WHITE, Board
from puzzlekit_masyu.rules import allowed


def simple(squares: RectGrid, inside: set[int]) -> bool:
    """No hole (every outside piece reaches the board's edge) and no diagonal pinch."""
    last_row, last_col = squares.rows - 1, squares.cols - 1
    for piece in squares.pieces(lambda s: s not in inside):
        if not any(squares.rc(s)[0] in (0, last_row) or squares.rc(s)[1] in (0, last_col) for s in piece):
            return False
    for top in range(squares.rows - 1):
        for left in range(squares.cols - 1):
            a, b, c, d = (squares.cell(top + dr, left + dc) in inside for dr, dc in ((0, 0), (0, 1), (1, 0), (1, 1)))
            if a == d and b == c and a != b:
                return False
    return True


def grow(rows: int, cols: int, rng: Rng, deadline: float | None) -> set[int]:
    """A random region of 45-65% of the squares, grown from one square, thin rather than
    blocky: a square joins mostly where it touches the region on one side only, so the
    region branches like a tree and its boundary, the loop, passes through most cells
    (a cell the loop leaves out is one no pearl says anything about)."""
    squares = RectGrid(rows - 1, cols - 1)
    inside = {rng.below(squares.n_cells)}
    target = max(1, squares.n_cells * (45 + rng.below(21)) // 100)
    for _ in range(40 * squares.n_cells):
        out_of_time(deadline)
        if len(inside) >= target:
            break
        cell = rng.choice(sorted({n for s in inside for n in squares.neighbours[s]} - inside))
        touching = sum(n in inside for n in squares.neighbours[cell])
        if (touching == 1 or rng.chance(1, 8)) and simple(squares, inside | {cell}):
            inside.add(cell)
    return inside


@cache
def sides(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Per edge between cell centres, the squares (of the grid one smaller each way) it borders."""
    grid, squares = RectGrid(rows, cols), RectGrid(rows - 1, cols - 1)
    out = []
    for a, b in grid.edge_cells:
        r, c = grid.rc(a)
        pair = ((r - 1, c), (r, c)) if b == a + 1 else ((r, c - 1), (r, c))
        out.append(tuple(squares.cell(*sq) for sq in pair if squares.cell(*sq) >= 0))
    return tuple(out)


def loop_lines(grid: RectGrid, inside: set[int]) -> list[int]:
    """1 on each edge between cell centres that bounds the region of squares, else 0."""
    return [sum(sq in inside for sq in pair) % 2 for pair in sides(grid.rows, grid.cols)]


def pearls_of(board: Board, lines: list[int]) -> dict[int, str]:
    """Every pearl the loop allows, cell by cell (black where both fit: never)."""
    out = {}
    for cell in range(board.rows * board.cols):
        on, beyond = _pattern(board, lines, cell)
        for colour in (BLACK, WHITE):
            if allowed(colour == BLACK, on, beyond):
                out[cell] = colour
    return out


def twins_near(board: Board, values: Sequence[int], positions: Sequence[tuple[int, int]]) -> list[list[int]]:
    """The loop moved by a square (or two side by side) at or near a removed pearl: the
    square goes in or out of the region, so its four sides flip.  Candidates only (the
    caller checks each with ``accept``); most second solutions a search would find
    after a pearl goes are one of these, found without the search."""
    edges_of = _square_edges(board.rows, board.cols)
    squares = RectGrid(board.rows - 1, board.cols - 1)
    moves: dict[tuple[int, ...], None] = {}
    for r, c in positions:
        near = [squares.cell(r + dr, c + dc) for dr in range(-2, 2) for dc in range(-2, 2)]
        for s in (s for s in near if s >= 0):
            moves[(s,)] = None
            moves.update({tuple(sorted((s, n))): None for n in squares.neighbours[s]})
    grid, out = board.grid, []
    for move in moves:
        flipped = {e for s in move for e in edges_of[s]}
        twin = [v ^ (e in flipped) for e, v in enumerate(values)]
        touched = {x for e in flipped for x in grid.edge_cells[e]}
        if all(sum(twin[e] for e in grid.cell_edges[x] if e >= 0) in (0, 2) for x in touched) and all(
            _keeps(board, twin, p) for x in touched for p in (x, *grid.neighbours[x]) if p in board.pearls
        ):
            out.append(twin)
    return out


def _keeps(board: Board, lines: Sequence[int], cell: int) -> bool:
    """Does the loop ``lines`` keep the pearl at ``cell``?"""
    return allowed(board.pearls[cell] == BLACK, *_pattern(board, lines, cell))


def _pattern(board: Board, lines: Sequence[int], cell: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per direction (N, E, S, W): is the edge to the neighbour a line, and the one beyond it?"""
    arms = board.arms(cell)
    on = tuple(int(first >= 0 and bool(lines[first])) for first, _ in arms)
    beyond = tuple(int(onward >= 0 and bool(lines[onward])) for _, onward in arms)
    return on, beyond


@cache
def _square_edges(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Per square between cell centres, the four edges around it."""
    out: list[list[int]] = [[] for _ in range((rows - 1) * (cols - 1))]
    for edge, pair in enumerate(sides(rows, cols)):
        for s in pair:
            out[s].append(edge)
    return tuple(map(tuple, out))


CLIMB = 4
"""Reshapings tried per square before an attempt starts again from a new loop."""


def climb(genre: Genre, grid: RectGrid, inside: set[int], rung: int, rng: Rng, deadline: float | None) -> Board | None:
    """The board of every pearl a reshaped loop allows, once deduction capped at ``rung``
    solves it (so it is unique), or None when ``CLIMB`` reshapings per square did not do it."""
    squares = RectGrid(grid.rows - 1, grid.cols - 1)
    board, left = _judged(genre, grid, inside, rung)
    for _ in range(CLIMB * squares.n_cells):
        if left == []:
            return board
        out_of_time(deadline)
        edge = rng.choice(left) if left else rng.below(grid.n_edges)
        trial = inside ^ {rng.choice(sides(grid.rows, grid.cols)[edge])}
        if not trial or len(squares.pieces(trial.__contains__)) != 1 or not simple(squares, trial):
            continue
        reshaped, now = _judged(genre, grid, trial, rung)
        if now is not None and (left is None or len(now) <= len(left)):
            inside, board, left = trial, reshaped, now
    return None


def _judged(genre: Genre, grid: RectGrid, inside: set[int], rung: int) -> tuple[Board, list[int] | None]:
    """The board of every pearl the region's loop allows, and the edges deduction capped at
    ``rung`` leaves open (None: no pearl, or deduction settled on another loop: never, as
    the rules are sound, but checked against the loop itself)."""
    lines = loop_lines(grid, inside)
    board = Board(grid.rows, grid.cols, pearls_of(Board(grid.rows, grid.cols, {}), lines))
    engine = Engine(genre.build(board), max_rung=rung)
    if not board.pearls or not engine.start():
        return board, None
    left = [e for e, d in enumerate(engine.dom) if d == BOOL]
    wrong = any((d == TRUE) != bool(line) for d, line in zip(engine.dom, lines) if d != BOOL)
    return board, None if wrong else left


TOP_TRIALS = 16
"""Pearl orbits tried at the top difficulty, whose every trial is a search with lookahead."""


def generate(genre: Genre, request: GenerateRequest, rng: Rng) -> Board | None:
    """One attempt: a board unique at the requested difficulty, or None.  The climb asks
    rung 2 at most (the lookahead rung would cost far more); pearls then go at the target.
    At the top difficulty they first go at rung 2 (no search), and then only
    ``TOP_TRIALS`` of the pearls left are tried at the top: the board has no pearl rung 2
    could spare, so one such removal makes it need the top rung."""
    rows, cols = request.rows, request.cols
    grid = RectGrid(rows, cols)
    rung = target_rung(genre, request.difficulty)
    board = climb(genre, grid, grow(rows, cols, rng, request.deadline), min(rung, 2), rng, request.deadline)
    if board is None:
        return None
    orbits = symmetry_orbits(cols, rows, request.symmetry)
    if rung > 2 and rung == max(genre.difficulties.values()):
        board = reduce_clues(genre, board, _standing(grid, board, orbits), 2, rng, request.max_nodes, request.deadline)
        orbits = _standing(grid, board, orbits)
        rng.shuffle(orbits)
        orbits = orbits[:TOP_TRIALS]
    reduced: Board = reduce_clues(
        genre, board, _standing(grid, board, orbits), rung, rng, request.max_nodes, request.deadline
    )
    return reduced


def _standing(grid: RectGrid, board: Board, orbits: list[list[tuple[int, int]]]) -> list[list[tuple[int, int]]]:
    """The orbits' cells that hold a pearl, orbits left empty dropped."""
    kept = [[p for p in o if grid.cell(*p) in board.pearls] for o in orbits]
    return [o for o in kept if o]
