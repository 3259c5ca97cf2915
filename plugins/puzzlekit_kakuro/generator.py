"""Kakuro's generator on ``grid.sumboards``: a layout and a fill climbed until the sums
alone solve it (easy), then random digit changes until it needs the needed digits
(medium) or the trial (hard)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from puzzlekit import Model
from puzzlekit.core.rng import Rng
from puzzlekit.grid import RectGrid, Run, SumClimb, solved_climb, walk_to

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

ROUNDS = 200
"""Layouts (each one black cell more) per attempt."""
TRIES = 12
"""Digit changes per layout before a black cell goes in (20 made as dense boards, slower)."""
HARDEN = 200
"""Digit changes tried on an easy board to make it medium or hard."""
NEAR = 12
"""The most cells rung 2 may leave open for the trial to be asked: its probes cost per open cell."""


def generate(genre: Any, request: GenerateRequest, rng: Rng) -> Any | None:
    """An easy board (``solved_climb``), then for medium or hard ``walk_to`` the rung."""
    from puzzlekit.generation import target_rung

    grid, rung = RectGrid(request.rows, request.cols), target_rung(genre, request.difficulty)

    def build(white: list[bool]) -> Callable[[list[Run]], Model]:
        return lambda runs: genre.build(genre.board_of(grid, white, runs))

    climb = solved_climb(grid, rng, build, 3, request.deadline, ROUNDS, TRIES)
    if climb is None or not (
        rung == 1 or walk_to(climb, rung, lambda c: _rung(c, rung), rng, HARDEN, request.deadline)
    ):
        return None
    return genre.board_of(grid, climb.white, climb.runs())


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
