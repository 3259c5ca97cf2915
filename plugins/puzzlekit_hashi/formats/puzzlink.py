"""Hashiwokakero as a puzz.link URL: ``https://puzz.link/p?hashi/COLS/ROWS/BODY``.

pzprjs calls the genre ``hashikake`` but writes ``hashi`` in its URLs (``hashikake``
and ``bridges`` are read too); a body that ends in ``.`` gets a trailing ``/``.  The
body is pzprjs's Number16 encoding: a number is an island with that many bridges, ``.``
an island without a number (puzzlekit's ``?``).  pzprjs takes numbers up to 8191;
puzzlekit's Hashiwokakero joins two islands with at most two bridges, so an island is
1-8, and any other number is refused at its character.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from puzzlekit.formats import puzzlink, pzpr
from puzzlekit.formats.codec import cell_name, error_at, grid_rows, level_text
from puzzlekit_hashi.board import MAX_BRIDGES, NO_CLUE, Board
from puzzlekit_hashi.text import MAX_SIDE

if TYPE_CHECKING:
    pass

PIDS = ("hashi", "hashikake", "bridges")
"""Puzzle ids read; the first is written, as pzprjs writes it."""
NO_ISLANDS = (
    "this board has no islands (pzprjs writes an empty editor board this way, as in hashi/5/5/zk); "
    "a Hashiwokakero puzzle needs at least one island"
)
MAX_CLUE = 4 * MAX_BRIDGES


def decode(source: str) -> str:
    """Level text for a Hashikake URL; LevelError at the offending character otherwise."""
    url = puzzlink.parse_genre(source, PIDS, "Hashiwokakero", MAX_SIDE)
    if url.flags:
        raise error_at(source, url.flags_at, f"Hashikake URLs have no variant flags, found {url.flags!r}")
    cells = ["."] * (url.cols * url.rows)
    for clue in pzpr.decode_number16(source, url.body, url.body_at, len(cells)):
        if clue.value == pzpr.UNKNOWN:
            cells[clue.cell] = "?"
        elif 1 <= clue.value <= MAX_CLUE:
            cells[clue.cell] = str(clue.value)
        else:
            raise error_at(
                source,
                clue.pos,
                f"island {clue.value} at {cell_name(clue.cell, url.cols)}: puzzlekit's Hashiwokakero joins two "
                f"islands with at most {MAX_BRIDGES} bridges, so an island is 1-{MAX_CLUE}",
            )
    if all(cell == "." for cell in cells):
        raise error_at(source, url.body_at, NO_ISLANDS)
    return level_text(grid_rows(cells, url.cols, url.rows), {"url": source.strip()})


def encode(board: Board) -> str:
    """The canonical URL of a board, as puzz.link itself would write it."""
    values = [pzpr.BLANK] * (board.rows * board.cols)
    for (r, c), clue in zip(board.islands, board.clues):
        values[r * board.cols + c] = pzpr.UNKNOWN if clue == NO_CLUE else clue
    return puzzlink.build(PIDS[0], board.cols, board.rows, pzpr.encode_number16(values))


class HashiUrl(puzzlink.PuzzLinkFormat):
    name = "hashiwokakero-puzzlink"
    genres = ("hashiwokakero",)
    summary = "puzz.link URLs, https://puzz.link/p?hashi/COLS/ROWS/BODY (pzv.jp too; ids hashikake, bridges)"
    pids = PIDS

    decode = staticmethod(decode)
    encode = staticmethod(encode)
