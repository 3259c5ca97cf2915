"""The CLI parses SOURCE's boards as it uses them, so memory stays flat with the boards
in a file (benchmarks/startup.py measures the peak), and still reports a bad board
before it prints anything."""

from __future__ import annotations

import gc
import weakref

import pytest
from click.testing import CliRunner

from puzzlekit.cli.main import main
from puzzlekit.cli.sources import puzzles_in
from puzzlekit.errors import LevelError
from puzzlekit.host import Host

BOARD = "3.2\n...\n2.3\n"


def test_a_board_is_not_kept_once_the_next_one_is_in_use(host: Host) -> None:
    puzzles = puzzles_in(host.genre("slitherlink"), "\n".join([BOARD] * 5), "boards.txt")
    assert len(puzzles) == 5
    it = iter(puzzles)
    first = weakref.ref(next(it))
    second = next(it)
    gc.collect()
    assert first() is None, "a parsed board outlived its turn"
    assert second.block.index == 1
    assert puzzles[4].block.index == 4 and [p.block.index for p in puzzles[1:3]] == [1, 2]


def test_a_bad_board_anywhere_is_reported_before_any_output(host: Host) -> None:
    with pytest.raises(LevelError, match=r"boards.txt:9:"):
        puzzles_in(host.genre("slitherlink"), BOARD + "\n" + BOARD + "\n3.x\n", "boards.txt")
    result = CliRunner().invoke(main, ["solve", "slitherlink", "-"], input=BOARD + "\n" + BOARD + "\n3.x\n")
    assert result.exit_code == 1
    assert result.stdout == ""
