"""Kakuro's generator on ``grid.sumboards``: a layout and a fill climbed until the sums
alone solve it (easy), then random digit changes until it needs the needed digits
(medium) or the trial (hard)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from puzzlekit import Model
from puzzlekit.core.rng import Rng
from puzzlekit.grid import RectGrid, Run, sum_board

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest


def generate(genre: Any, request: GenerateRequest, rng: Rng) -> Any | None:
    """``sum_board`` at the difficulty's rung (1 sums, 2 needed digits, 3 trial)."""
    from puzzlekit.generation import target_rung

    grid = RectGrid(request.rows, request.cols)

    def build(white: list[bool]) -> Callable[[list[Run]], Model]:
        return lambda runs: genre.build(genre.board_of(grid, white, runs))

    climb = sum_board(grid, rng, build, target_rung(genre, request.difficulty), request.deadline)
    return None if climb is None else genre.board_of(grid, climb.white, climb.runs())
