"""Slitherlink as a puzz.link URL: ``https://puzz.link/p?slither/[f/]COLS/ROWS/BODY``.

The body is pzprjs's 4Cell encoding.  pzprjs allows a clue of 4 and a ``?`` clue;
puzzlekit's Slitherlink reads 0-3, so a 4 is refused at its character, and a ``?`` (a
clue whose number is not given, which constrains nothing) is read as a blank cell.
The variant flag ``f`` (the loop passes every dot) is ``# flags: full``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from puzzlekit.formats import puzzlink, pzpr
from puzzlekit.formats.codec import cell_name, error_at, grid_rows, level_text
from puzzlekit_slitherlink.text import BLANK, MAX_SIDE, Board

if TYPE_CHECKING:
    pass

PIDS = ("slither", "slitherlink")
"""Puzzle ids read; the first is written."""
FULL = "f"


def decode(source: str) -> str:
    """Level text for a Slitherlink URL; LevelError at the offending character otherwise."""
    url = puzzlink.parse_genre(source, PIDS, "Slitherlink", MAX_SIDE)
    if url.flags not in ("", FULL):
        raise error_at(
            source,
            url.flags_at,
            f"unknown Slitherlink variant flag(s) {url.flags!r}: puzzlekit reads 'f' (the loop passes every dot)",
        )
    cells = ["."] * (url.cols * url.rows)
    for clue in pzpr.decode_4cell(source, url.body, url.body_at, len(cells)):
        if clue.value == pzpr.UNKNOWN:
            continue
        if clue.value > 3:
            raise error_at(
                source,
                clue.pos,
                f"clue {clue.value} at {cell_name(clue.cell, url.cols)}: puzzlekit's Slitherlink reads clues 0-3",
            )
        cells[clue.cell] = str(clue.value)
    meta = {"url": source.strip()}
    if url.flags == FULL:
        meta["flags"] = "full"
    return level_text(grid_rows(cells, url.cols, url.rows), meta)


def encode(board: Board) -> str:
    """The canonical URL of a board, as puzz.link itself would write it."""
    values = [pzpr.BLANK if clue == BLANK else clue for clue in board.clues]
    return puzzlink.build(PIDS[0], board.cols, board.rows, pzpr.encode_4cell(values), FULL if board.full else "")


class SlitherlinkUrl(puzzlink.PuzzLinkFormat):
    name = "slitherlink-puzzlink"
    genres = ("slitherlink",)
    summary = "puzz.link URLs, https://puzz.link/p?slither/COLS/ROWS/BODY (pzv.jp too; 'f' is # flags: full)"
    pids = PIDS

    decode = staticmethod(decode)
    encode = staticmethod(encode)
