"""Masyu as a Penpa+ URL (see :mod:`puzzlekit.formats.penpa` for the container).

A pearl is a circle symbol in a cell: value 1 (Penpa's white) is a white pearl, 2
(black) a black one, at any of Penpa's circle sizes.  Written boards look as Penpa
draws an imported puzz.link Masyu: dashed grid, large circles, the line tool ready.
"""

from __future__ import annotations

from puzzlekit.formats import penpa
from puzzlekit.formats.codec import grid_rows, level_text
from puzzlekit_masyu.board import BLACK, EMPTY, MAX_SIDE, WHITE, Board

STYLE = penpa.Style(("2", "2", "1"), "linex", ("Surface", "Composite"), "masyu")
TAGS = ("masyu",)
COLOURS = {1: WHITE, 2: BLACK}


def decode(source: str) -> str:
    """Level text for a Penpa Masyu; LevelError for what Masyu cannot hold."""
    board = penpa.read(source, MAX_SIDE, {"symbol": "symbols"})
    cells = [EMPTY] * (board.rows * board.cols)
    for (r, c), (value, name) in board.symbols.items():
        if not str(name).startswith("circle") or value not in COLOURS:
            raise board.error(
                f"the symbol {str(name)[:20]!r} ({value!r}) at r{r + 1}c{c + 1} is no pearl "
                "(a white or black circle is)"
            )
        cells[r * board.cols + c] = COLOURS[value]
    meta = {"title": board.title} if board.title else {}
    if board.author:
        meta["author"] = board.author
    return level_text(grid_rows(cells, board.cols, board.rows), meta)


def encode(board: Board, title: str = "", author: str = "") -> str:
    """The Penpa+ URL of a board, as Penpa writes it when it imports the same board."""
    value = {WHITE: 1, BLACK: 2}
    symbols = {
        penpa.cell_index(board.cols, cell // board.cols, cell % board.cols): [value[pearl], "circle_L", 1]
        for cell, pearl in board.pearls.items()
    }
    return penpa.build(STYLE, board.cols, board.rows, symbols=symbols, title=title, author=author)


class MasyuPenpa(penpa.PenpaFormat):
    name = "masyu-penpa"
    genres = ("masyu",)
    summary = "Penpa+ URLs, https://swaroopg92.github.io/penpa-edit/#m=edit&p=... (circles are pearls)"
    tags = TAGS
    decode = staticmethod(decode)
    encode = staticmethod(encode)
