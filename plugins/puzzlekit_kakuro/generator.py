"""Kakuro's generator: a layout and a fill (``grid.sumboards``), then digits changed where
the sums leave cells open, and black cells added where changes stall, until the board
needs its difficulty's rung: easy the sums alone; then random digit changes (``_harden``)
until it needs the needed digits (medium) or the trial (hard)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from puzzlekit.core.model import Model
from puzzlekit.core.rng import Rng
from puzzlekit.grid import RectGrid, Run, SumClimb, black_near, fill_runs, run_layout, runs_of

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

ROUNDS = 200
"""Layouts (each one black cell more) per attempt."""
TRIES = 20
"""Digit changes per layout before a black cell goes in."""
HARDEN = 200
"""Digit changes tried on an easy board to make it medium or hard."""
NEAR = 12
"""The most cells rung 2 may leave open for the trial to be asked: its probes cost per open cell."""


def generate(genre: Any, request: GenerateRequest, rng: Rng) -> Any | None:
    """An easy board (``climb``), then for medium or hard ``harden``."""
    from puzzlekit.generation import target_rung

    grid, rung = RectGrid(request.rows, request.cols), target_rung(genre, request.difficulty)
    climb = _climb(genre, grid, rng, request.deadline)
    if climb is None or rung == 1:
        return climb and genre.board_of(grid, climb.white, climb.runs())
    return _harden(genre, climb, rung, rng, request)


def _climb(genre: Any, grid: RectGrid, rng: Rng, deadline: float | None) -> SumClimb | None:
    """A layout and a fill changed until the sums alone solve the board."""
    from puzzlekit.generation import out_of_time

    white = run_layout(grid, rng)
    values = fill_runs(grid, runs_of(grid, white, {}, {}), rng)
    for _ in range(ROUNDS):
        out_of_time(deadline)
        climb = SumClimb(grid, white, values, _builder(genre, grid, white), 1, 3, deadline)
        for _ in range(TRIES):
            if not climb.open:
                return climb
            climb.change(rng)
        white = black_near(grid, white, climb.open, rng)
        values = [v if w else 0 for v, w in zip(values, white)]
    return None


def _builder(genre: Any, grid: RectGrid, white: list[bool]) -> Callable[[list[Run]], Model]:
    """The genre's model of the layout with these run totals."""
    return lambda runs: genre.build(genre.board_of(grid, white, runs))


def _harden(genre: Any, climb: SumClimb, rung: int, rng: Rng, request: GenerateRequest) -> Any | None:
    """Random digit changes of an easy board: the board is the first that needs exactly
    ``rung``; a change to a board of a lower rung is kept (the walk goes on there), any other
    undone."""
    from puzzlekit.generation import out_of_time

    cells = [c for c, w in enumerate(climb.white) if w]
    for _ in range(HARDEN):
        out_of_time(request.deadline)
        cell = rng.choice(cells)
        digits, old = climb.digits_for(cell), climb.values[cell]
        if not digits:
            continue
        climb.put(cell, rng.choice(digits))
        climb.open, climb.score = climb.judge()
        needs = _rung(climb, rung)
        if needs == rung:
            return genre.board_of(climb.grid, climb.white, climb.runs())
        if not 0 < needs < rung:  # a board the rungs below solve: the walk goes on from it
            climb.put(cell, old)
    return None


def _rung(climb: SumClimb, rung: int) -> int:
    """Right after ``judge``: the least rung up to ``rung`` whose deduction solves the board
    (1 sums, 2 needed digits, 3 trial), else 0; the trial is asked only where rung 2 leaves
    ``NEAR`` open cells at most."""
    if not climb.open:
        return 1
    left = climb.deeper(2)
    if not left or rung < 3 or len(left) > NEAR:
        return 2 if not left else 0
    return 3 if not climb.deeper(3) else 0
