"""Masyu as a puzz.link URL: ``https://puzz.link/p?mashu/COLS/ROWS/BODY``.

The body is pzprjs's circle encoding: three cells per character, read as a base-27
number whose digits (base 3, most significant first) are the cells in reading order:
0 no pearl, 1 a white pearl, 2 a black one.  A last character may cover fewer cells.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from puzzlekit.formats.codec import error_at, grid_rows, level_text
from puzzlekit.formats.puzzlink import PuzzLinkFormat, build, parse_genre
from puzzlekit_masyu.board import BLACK, EMPTY, MAX_SIDE, WHITE, Board

if TYPE_CHECKING:
    pass

PIDS = ("mashu", "masyu", "pearl")
"""Puzzle ids read; the first is written."""
DIGITS = "0123456789abcdefghijklmnopq"
"""Base 27, as JavaScript's ``toString(27)`` writes it."""
PEARLS = (EMPTY, WHITE, BLACK)


def decode(source: str) -> str:
    """Level text for a Masyu URL; LevelError at the offending character otherwise."""
    url = parse_genre(source, PIDS, "Masyu", MAX_SIDE)
    n = url.cols * url.rows
    cells = [EMPTY] * n
    used = min((n + 2) // 3, len(url.body))
    for i, ch in enumerate(url.body[:used]):
        value = DIGITS.find(ch.lower())
        if value < 0:
            raise error_at(source, url.body_at + i, f"expected a pearl code 0-9 or a-q, found {ch!r}")
        for w, weight in enumerate((9, 3, 1)):
            cell = i * 3 + w
            if cell < n:
                cells[cell] = PEARLS[value // weight % 3]
    if url.body[used:].strip("/"):
        raise error_at(source, url.body_at + used, f"the body is longer than a {url.cols}x{url.rows} board needs")
    return level_text(grid_rows(cells, url.cols, url.rows), {"url": source.strip()})


def encode(board: Board) -> str:
    """The canonical URL of a board, as puzz.link itself would write it."""
    n = board.rows * board.cols
    codes = [PEARLS.index(board.pearls.get(c, EMPTY)) for c in range(n)]
    body = "".join(
        DIGITS[sum(code * weight for code, weight in zip(codes[i : i + 3], (9, 3, 1)))] for i in range(0, n, 3)
    )
    return build(PIDS[0], board.cols, board.rows, body)


class MasyuUrl(PuzzLinkFormat):
    name = "masyu-puzzlink"
    genres = ("masyu",)
    summary = "puzz.link URLs, https://puzz.link/p?mashu/COLS/ROWS/BODY (pzv.jp too)"
    pids = PIDS

    decode = staticmethod(decode)
    encode = staticmethod(encode)
