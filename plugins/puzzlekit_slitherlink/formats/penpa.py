"""Slitherlink as a Penpa+ URL (see :mod:`puzzlekit.formats.penpa` for the container).

A clue is a number in a cell, 0-3; Penpa's other clue styles (a circled or coloured
number) read the same.  Written boards look as Penpa draws an imported puzz.link
Slitherlink: dots only, the edge tool ready, tagged ``slitherlink``.  Penpa has no
"loop through every dot" variant, so ``# flags: full`` cannot be written.
"""

from __future__ import annotations

from puzzlekit.formats import penpa
from puzzlekit.formats.codec import CannotWrite, grid_rows, level_text
from puzzlekit_slitherlink.text import BLANK, MAX_SIDE, Board

STYLE = penpa.Style(("3", "1", "2"), "edgex", ("Surface", "Composite"), "slitherlink")
TAGS = ("slitherlink",)


def decode(source: str) -> str:
    """Level text for a Penpa Slitherlink; LevelError for what Slitherlink cannot hold."""
    board = penpa.read(source, MAX_SIDE, {"number": "numbers"})
    cells = ["."] * (board.rows * board.cols)
    for (r, c), (value, _) in board.numbers.items():
        text = str(value).strip()
        if text not in ("0", "1", "2", "3"):
            raise board.error(f"the number {text[:10]!r} at r{r + 1}c{c + 1}: puzzlekit's Slitherlink reads clues 0-3")
        cells[r * board.cols + c] = text
    meta = {"title": board.title} if board.title else {}
    if board.author:
        meta["author"] = board.author
    return level_text(grid_rows(cells, board.cols, board.rows), meta)


def encode(board: Board, title: str = "", author: str = "") -> str:
    """The Penpa+ URL of a board, as Penpa writes it when it imports the same board."""
    if board.full:
        raise CannotWrite("Penpa has no variant where the loop passes every dot ('# flags: full'); write it as a url")
    numbers = {
        penpa.cell_index(board.cols, i // board.cols, i % board.cols): [clue, 1, "1"]
        for i, clue in enumerate(board.clues)
        if clue != BLANK
    }
    return penpa.build(STYLE, board.cols, board.rows, numbers=numbers, title=title, author=author)


class SlitherlinkPenpa(penpa.PenpaFormat):
    name = "slitherlink-penpa"
    genres = ("slitherlink",)
    summary = "Penpa+ URLs, https://swaroopg92.github.io/penpa-edit/#m=edit&p=... (square grids, clues 0-3)"
    tags = TAGS
    decode = staticmethod(decode)
    encode = staticmethod(encode)
