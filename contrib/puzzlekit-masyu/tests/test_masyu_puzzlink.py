"""Masyu's puzz.link URLs: pzprjs's own test board reads back, every board round-trips,
and a bad body is refused at its character."""

from __future__ import annotations

import pytest
from puzzlekit_masyu.formats.puzzlink import decode, encode

import puzzlekit
from puzzlekit.errors import LevelError

PZPRJS = "https://puzz.link/p?mashu/6/6/1063000i3000"
"""pzprjs's test board for mashu (tests/script/test_mashu.js)."""


def test_pzprjs_test_board_reads_as_its_pearls() -> None:
    rows = [r for r in decode(PZPRJS).splitlines() if not r.startswith("#")]
    assert rows == ["..W...", ".B..W.", "......", "...B..", ".W....", "......"]


@pytest.mark.parametrize("size", [(1, 1), (2, 5), (4, 4), (7, 3)])
def test_every_pearl_layout_round_trips(size: tuple[int, int]) -> None:
    rows, cols = size
    cells = [".WB"[(i * 7 + rows) % 3] for i in range(rows * cols)]
    text = "\n".join("".join(cells[r * cols : (r + 1) * cols]) for r in range(rows)) + "\n"
    puzzle = puzzlekit.load("masyu", text)[0]
    url = encode(puzzle.instance)
    again = [r for r in decode(url).splitlines() if not r.startswith("#")]
    assert again == text.splitlines()


def test_the_url_names_the_genre() -> None:
    from puzzlekit.interchange import infer_genre

    assert infer_genre(PZPRJS).name == "masyu"


def test_a_bad_body_character_is_located() -> None:
    with pytest.raises(LevelError) as err:
        decode("https://puzz.link/p?mashu/3/3/0z0")
    assert err.value.col == len("https://puzz.link/p?mashu/3/3/0") + 1
