"""Boards from Simon Tatham's loopy (tests/fixtures/tatham/) are unique, and solved
without search: an independent generator's view of the solver."""

from __future__ import annotations

from pathlib import Path

import pytest

import puzzlekit
from puzzlekit.api import Puzzle

FIXTURES = Path(__file__).parent / "fixtures" / "tatham"


def boards(name: str, count: int | None = None) -> list[Puzzle]:
    path = FIXTURES / name
    return puzzlekit.load("slitherlink", path.read_text(), str(path))[:count]


SMALL_SETS = ("loopy-7x7-easy.txt", "loopy-7x7-normal.txt", "loopy-10x10-hard.txt")
SMALL = [p for name in SMALL_SETS for p in boards(name)]


@pytest.mark.parametrize("puzzle", SMALL, ids=lambda p: p.where.rsplit("/", 1)[-1])
def test_tatham_board_is_unique_without_search(puzzle: Puzzle) -> None:
    result = puzzlekit.solve("slitherlink", puzzle)
    assert result.status == puzzlekit.Status.UNIQUE
    assert result.stats.nodes == 0
    assert not puzzle.genre.accept(puzzle.instance, result.solutions[0].values)


def test_non_square_boards_read_columns_by_rows() -> None:
    for puzzle in boards("loopy-15x10-tricky.txt", 5):
        assert puzzle.size == "15x10"
        assert puzzlekit.solve("slitherlink", puzzle).status == puzzlekit.Status.UNIQUE


def test_hard_30x30_boards_are_unique() -> None:
    for puzzle in boards("loopy-30x30-hard.txt", 3):
        assert puzzlekit.solve("slitherlink", puzzle).status == puzzlekit.Status.UNIQUE
