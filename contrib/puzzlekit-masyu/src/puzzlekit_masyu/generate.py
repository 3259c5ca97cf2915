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

import time
from collections.abc import Sequence
from functools import cache, lru_cache

from puzzlekit import Genre
from puzzlekit.core import BOOL, FALSE, TRUE, Engine, NoEarlyLoop, Propagator, count_solutions
from puzzlekit.core.rng import Rng
from puzzlekit.generation import (
    ClueTrials,
    GenerateRequest,
    out_of_time,
    reduce_clues,
    symmetry_orbits,
    target_rung,
)
from puzzlekit.grid import RectGrid, grid_of
from puzzlekit_masyu.accept import one_loop
from puzzlekit_masyu.board import Board, arms_of
from puzzlekit_masyu.kept import KeptFixpoint
from puzzlekit_masyu.model import KIND_OF, PEARL_OF, MasyuClues
from puzzlekit_masyu.rules import BLACK_KIND, WHITE_KIND, Pearl, allowed


def grow(rows: int, cols: int, rng: Rng, deadline: float | None) -> set[int]:
    """A random region of 45-65% of the squares, grown from one square, thin rather than
    blocky: a square joins mostly where it touches the region on one side only, so the
    region branches like a tree and its boundary, the loop, passes through most cells
    (a cell the loop leaves out is one no pearl says anything about)."""
    squares = squares_of(rows, cols)
    inside = {rng.below(squares.n_cells)}
    target = max(1, squares.n_cells * (45 + rng.below(21)) // 100)
    for _ in range(40 * squares.n_cells):
        out_of_time(deadline)
        if len(inside) >= target:
            break
        cell = rng.choice(sorted({n for s in inside for n in squares.neighbours[s]} - inside))
        touching = sum(n in inside for n in squares.neighbours[cell])
        if (touching == 1 or rng.chance(1, 8)) and squares.flip_keeps_simple(inside, cell):
            inside.add(cell)
    return inside


@lru_cache(maxsize=8)
def squares_of(rows: int, cols: int) -> RectGrid:
    """The squares between the cell centres of a board: the grid one smaller each way."""
    return RectGrid(rows - 1, cols - 1)


@cache
def sides(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Per edge between cell centres, the squares (of the grid one smaller each way) it borders."""
    grid, squares = grid_of(rows, cols), squares_of(rows, cols)
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
    arms = arms_of(board.rows, board.cols)
    out = {}
    for cell in range(board.rows * board.cols):
        kind = _kind(arms[cell], lines)
        if kind:
            out[cell] = PEARL_OF[kind]
    return out


def _kind(arms: tuple[tuple[int, int], ...], lines: Sequence[int]) -> int:
    """The pearl a loop allows at a cell whose arms are ``arms``: 0 none, else its kind."""
    on = tuple(first >= 0 and lines[first] for first, _ in arms)
    if sum(on) != 2:
        return 0
    beyond = tuple(onward >= 0 and lines[onward] for _, onward in arms)
    if allowed(True, on, beyond):
        return BLACK_KIND
    return WHITE_KIND if allowed(False, on, beyond) else 0


def twins_near(board: Board, values: Sequence[int], positions: Sequence[tuple[int, int]]) -> list[list[int]]:
    """The loop moved by a square (or two side by side) at or near a removed pearl: the
    square goes in or out of the region, so its four sides flip.  Candidates only (the
    caller checks each with ``accept``); most second solutions a search would find
    after a pearl goes are one of these, found without the search."""
    edges_of = _square_edges(board.rows, board.cols)
    squares = squares_of(board.rows, board.cols)
    moves: dict[tuple[int, ...], None] = {}
    for r, c in positions:
        near = [squares.cell(r + dr, c + dc) for dr in range(-2, 2) for dc in range(-2, 2)]
        for s in (s for s in near if s >= 0):
            moves[(s,)] = None
            moves.update({tuple(sorted((s, n))): None for n in squares.neighbours[s]})
    grid, out = board.grid, []
    cell_edges, edge_cells, neighbours = grid.cell_edges, grid.edge_cells, grid.neighbours
    twin = list(values)  # each move flips its edges in place, and back
    for move in moves:
        flipped: set[int] = set()
        for s in move:
            flipped ^= set(edges_of[s])  # two squares side by side: their shared side stays
        for e in flipped:
            twin[e] ^= 1
        touched = {x for e in flipped for x in edge_cells[e]}
        if (
            all(sum(twin[e] for e in cell_edges[x] if e >= 0) in (0, 2) for x in touched)
            and all(_keeps(board, twin, p) for x in touched for p in (x, *neighbours[x]) if p in board.pearls)
            and one_loop(board, twin)  # the pearls away from the move see what they saw
        ):
            out.append(list(twin))
        for e in flipped:
            twin[e] ^= 1
    return out


def _keeps(board: Board, lines: Sequence[int], cell: int) -> bool:
    """Does the loop ``lines`` keep the pearl at ``cell``?"""
    return _kind(board.arms(cell), lines) == KIND_OF[board.pearls[cell]]


@cache
def _square_edges(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Per square between cell centres, the four edges around it."""
    out: list[list[int]] = [[] for _ in range((rows - 1) * (cols - 1))]
    for edge, pair in enumerate(sides(rows, cols)):
        for s in pair:
            out[s].append(edge)
    return tuple(map(tuple, out))


@cache
def _square_readers(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Per square, the cells whose pearl reads one of its four edges (as an arm or beyond one)."""
    readers: list[set[int]] = [set() for _ in range(len(sides(rows, cols)))]
    for cell, arms in enumerate(arms_of(rows, cols)):
        for first, onward in arms:
            for e in (first, onward):
                if e >= 0:
                    readers[e].add(cell)
    return tuple(tuple(sorted(set().union(*(readers[e] for e in edges)))) for edges in _square_edges(rows, cols))


CLIMB = 4
"""Reshapings tried per square before an attempt starts again from a new loop."""
STALL = 40
"""Reshapings in a row that leave no fewer edges open than the best so far, after which
the climb is stuck: a place no single square changes for the better."""
KICKS = 2
CANDIDATES = 3
"""Squares drawn per reshaping; the one whose flip adds most pearls (a black counting
double) is flipped."""
MANY, FEW, APART = 8, 40, 5
"""Squares flipped at once while more than ``FEW`` edges are open, ``APART`` squares apart
at least (measured on 20x20, 30 loops: 0.3 s CPU per solved loop against 0.45 s one at a
time)."""
"""Times a stuck climb keeps a reshaping whatever it does, before a new loop is cheaper."""


class Climb:
    """A loop being reshaped, its board of every pearl it allows, and what deduction
    capped at ``rung`` leaves open, on one model whose pearl slots (every cell) change
    in place as squares flip (``MasyuClues``)."""

    def __init__(self, rows: int, cols: int, inside: set[int], rung: int, deadline: float | None) -> None:
        self.rows, self.cols = rows, cols
        self.inside = inside
        self.lines = loop_lines(grid_of(rows, cols), inside)
        board = Board(rows, cols, pearls_of(Board(rows, cols, {}), self.lines))
        self.clues = MasyuClues(board, slots=range(rows * cols))
        self.engine = Engine(self.clues.model, max_rung=rung, deadline=deadline)
        if not self.engine.wired:
            out_of_time(deadline)
        props = self.clues.model.propagators
        chains = (i for i, p in enumerate(props) if isinstance(p, NoEarlyLoop))  # their aux: the chains
        self.kept = KeptFixpoint(self.engine, (*chains, self.clues.reach_index, self.clues.closing))
        self.slots = tuple(self.clues.index.values())
        self.kept_props = list(props)
        self.arms = arms_of(rows, cols)
        self.edges_of = _square_edges(rows, cols)
        self.readers = _square_readers(rows, cols)

    def gain(self, square: int) -> int:
        """How much more the pearls would say if ``square`` flipped: the change in their
        count near it, a black pearl counting double (it fixes more)."""
        lines = self.lines
        edges = self.edges_of[square]
        before = sum(_kind(self.arms[c], lines) for c in self.readers[square])
        for e in edges:
            lines[e] ^= 1
        after = sum(_kind(self.arms[c], lines) for c in self.readers[square])
        for e in edges:
            lines[e] ^= 1
        return after - before

    def flip(self, square: int) -> None:
        """Move ``square`` into or out of the region: its four sides flip, and the pearls
        of the cells that read them follow."""
        self.inside ^= {square}
        lines = self.lines
        for e in self.edges_of[square]:
            lines[e] ^= 1
        clues, arms = self.clues, self.arms
        for cell in self.readers[square]:
            clues.set_cell(cell, _kind(arms[cell], lines))

    def open_edges(self) -> list[int] | None:
        """The edges deduction leaves open (None: no pearl at all, or a contradiction,
        which sound rules never reach on a board read off a loop: checked all the same)."""
        engine, kept = self.engine, self.kept
        if not self.clues.board.pearls:
            return None
        props, was = engine.props, self.kept_props
        first = kept.base is None
        if not kept.again([i for i in self.slots if props[i] is not was[i] and _key(props[i]) != _key(was[i])]):
            return None
        if first:
            self.keep()
        dom, lines = engine.dom, self.lines
        if any(d != BOOL and (d == TRUE) != bool(line) for d, line in zip(dom, lines)):
            return None
        return [e for e, d in enumerate(dom) if d == BOOL]

    def keep(self) -> None:
        """The board as it stands is the one the next ``open_edges`` changes."""
        self.kept.keep()
        self.kept_props = list(self.engine.props)


def _key(prop: Propagator) -> int:
    """What a pearl slot's propagator enforces: its layout, -1 for none (``Idle``)."""
    return prop.layout if isinstance(prop, Pearl) else -1


def climb(grid: RectGrid, inside: set[int], rung: int, rng: Rng, deadline: float | None) -> Board | None:
    """The board of every pearl a reshaped loop allows, once deduction capped at ``rung``
    solves it (so it is unique), or None when ``CLIMB`` reshapings per square did not
    do it.

    A reshaping flips a square beside an open edge (the one of ``CANDIDATES`` that adds
    most pearls), and is kept when no more edges stay open.  While many are open it flips
    ``MANY`` such squares at once, apart (what deduction decides near one barely reaches
    another), judged together: one deduction for several steps.  After ``STALL`` judged
    reshapings without a new best, the next is kept whatever it does (a kick out of a
    place no single square improves), ``KICKS`` times before a new loop is cheaper."""
    squares = squares_of(grid.rows, grid.cols)
    state = Climb(grid.rows, grid.cols, inside, rung, deadline)
    left = state.open_edges()
    best, stalled, kicks = len(left) if left is not None else grid.n_edges + 1, 0, 0
    refused: set[int] = set()
    for _ in range(CLIMB * squares.n_cells):
        if left == []:
            return state.clues.instance()
        out_of_time(deadline)
        flipped = _reshape(state, squares, left, MANY if left and len(left) > FEW else 1, refused, rng)
        if not flipped:
            continue
        now = state.open_edges()
        kick = stalled >= STALL and now is not None
        if now is not None and (left is None or len(now) <= len(left) or kick):
            left = now
            state.keep()
            refused.clear()
        else:
            for square in reversed(flipped):
                state.flip(square)  # back
            if len(flipped) == 1:
                refused.add(flipped[0])  # the same flip from the same loop: the same answer
        if kick:
            kicks, stalled = kicks + 1, 0
            if kicks > KICKS:
                return None
        elif left is not None and len(left) < best:
            best, stalled = len(left), 0
        else:
            stalled += 1
    return None


def _reshape(
    state: Climb, squares: RectGrid, left: list[int] | None, many: int, refused: set[int], rng: Rng
) -> list[int]:
    """Flip up to ``many`` squares beside open edges, ``APART`` from each other; the flipped."""
    rows, cols = state.rows, state.cols
    flipped: list[int] = []
    for _ in range(many):
        candidates = []
        for _ in range(CANDIDATES):
            edge = rng.choice(left) if left else rng.below(len(state.lines))
            square = rng.choice(sides(rows, cols)[edge])
            r, c = squares.rc(square)
            near = any(max(abs(r - rr), abs(c - cc)) < APART for rr, cc in map(squares.rc, flipped))
            if not near and square not in refused and squares.flip_keeps_simple(state.inside, square):
                candidates.append((state.gain(square), square))
        if candidates:
            square = max(candidates)[1]
            state.flip(square)
            flipped.append(square)
    return flipped


TOP_TRIALS = 8
"""Pearl orbits tried at the top difficulty, whose every trial is a search with lookahead."""
TOP_MOST = 64
"""Pearl orbits tried at the top difficulty while none of them could go: a board with
none to spare needs only rung 2 and would be thrown away, with its climb."""


def generate(genre: Genre, request: GenerateRequest, rng: Rng) -> Board | None:
    """One attempt: a board unique at the requested difficulty, or None.  The climb asks
    rung 2 at most (the lookahead rung would cost far more); pearls then go at the target.
    At the top difficulty they first go at rung 2 (no search), and then only
    ``TOP_TRIALS`` of the pearls left are tried at the top (more while none has gone):
    the board has no pearl rung 2 could spare, so one such removal makes it need the top
    rung.  One ``ClueTrials`` serves both passes: one model, and the solution it found."""
    rows, cols = request.rows, request.cols
    grid = RectGrid(rows, cols)
    rung = target_rung(genre, request.difficulty)
    board = climb(grid, grow(rows, cols, rng, request.deadline), min(rung, 2), rng, request.deadline)
    if board is None:
        return None
    orbits = symmetry_orbits(cols, rows, request.symmetry)
    top = rung > 2 and rung == max(genre.difficulties.values())
    trials = ClueTrials(genre, board, request.max_nodes, request.deadline)
    board = reduce_clues(
        genre,
        board,
        _standing(grid, board, orbits),
        2 if top else rung,
        rng,
        request.max_nodes,
        request.deadline,
        trials,
    )
    if top:
        if not trials.proven:
            trials.unique(2)  # no pearl could go: rung 2 still proves it, so a removal is proven per value
        standing = _standing(grid, board, orbits)
        rng.shuffle(standing)
        passed = 0
        for tried, orbit in enumerate(standing):
            if tried >= TOP_TRIALS and (passed or tried >= TOP_MOST):
                break
            if not _second_loop_near(trials, orbit, request.deadline):
                passed += trials.blank(orbit, rung)
        board = trials.instance
    reduced: Board = board
    return reduced


NEAR = 4
"""How far (in cells, each way) from a pearl ``_second_loop_near`` lets the loop change."""


def _second_loop_near(trials: ClueTrials, orbit: Sequence[tuple[int, int]], deadline: float | None) -> bool:
    """Is there a second loop without the pearls of ``orbit`` that differs from the known
    one only within ``NEAR`` cells of them?  A small search (every edge farther away held
    to the known loop, rung 2 and a few nodes), where the proof that the pearls may go is
    a search over the whole board with lookahead: a removal that would fail is mostly
    refused here, cheaply, by a second solution that refuses it exactly."""
    clues, known = trials.editable, trials.solution
    if not isinstance(clues, MasyuClues) or known is None:
        return False
    board = clues.board
    grid = board.grid
    near = {
        e
        for r, c in orbit
        for x in range(board.rows * board.cols)
        if max(abs(grid.rc(x)[0] - r), abs(grid.rc(x)[1] - c)) <= NEAR
        for e in grid.cell_edges[x]
        if e >= 0
    }
    model = clues.model
    first = list(model.domains)
    kept = [(position, trials.genre.clue_at(trials.instance, position)) for position in orbit]
    try:
        for e, value in enumerate(known):
            if e not in near:
                model.domains[e] = TRUE if value else FALSE
        for position, _ in kept:
            clues.set_clue(position, None)
        timeout = None if deadline is None else max(deadline - time.perf_counter(), 1e-3)
        found = count_solutions(model, limit=2, max_nodes=NEAR_NODES, timeout=timeout, max_rung=2, record=False)
    finally:
        model.domains[:] = first
        for position, clue in kept:
            clues.set_clue(position, clue)
    return any(values != known for values in found.solutions)


NEAR_NODES = 64
"""Search nodes for ``_second_loop_near``."""


def _standing(grid: RectGrid, board: Board, orbits: list[list[tuple[int, int]]]) -> list[list[tuple[int, int]]]:
    """The orbits' cells that hold a pearl, orbits left empty dropped."""
    kept = [[p for p in o if grid.cell(*p) in board.pearls] for o in orbits]
    return [o for o in kept if o]
