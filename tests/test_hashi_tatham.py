"""Boards from Simon Tatham's bridges (tests/fixtures/tatham/bridges-*.txt) are unique
and solved without search: an independent generator's view of the solver."""

from __future__ import annotations

from pathlib import Path

import pytest

import puzzlekit
from puzzlekit.api import Puzzle

FIXTURES = Path(__file__).parent / "fixtures" / "tatham"


def boards(name: str, count: int | None = None) -> list[Puzzle]:
    path = FIXTURES / name
    return puzzlekit.load("hashiwokakero", path.read_text(), str(path))[:count]


SETS = (
    "bridges-7x7-easy.txt",
    "bridges-10x10-medium.txt",
    "bridges-15x15-hard.txt",
    "bridges-20x12-hard.txt",
)
BOARDS = [p for name in SETS for p in boards(name)] + boards("bridges-30x30-hard.txt", 5)


@pytest.mark.parametrize("puzzle", BOARDS, ids=lambda p: p.where.rsplit("/", 1)[-1])
def test_tatham_bridges_board_is_unique_without_search(puzzle: Puzzle) -> None:
    result = puzzlekit.solve("hashiwokakero", puzzle)
    assert result.status == puzzlekit.Status.UNIQUE
    assert result.stats.nodes == 0
    assert not puzzle.genre.accept(puzzle.instance, result.solutions[0].values)


def test_non_square_boards_read_columns_by_rows() -> None:
    assert {p.size for p in boards("bridges-20x12-hard.txt")} == {"20x12"}
