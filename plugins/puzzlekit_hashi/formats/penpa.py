"""Hashiwokakero as a Penpa+ URL (see :mod:`puzzlekit.formats.penpa` for the container).

An island is a number in a cell, 1-8, usually circled (Penpa's number style 6); a blank
circled number, a ``?`` or a circle symbol without a number is an island whose number is
not given (puzzlekit's ``?``).  Written boards look as Penpa draws an imported puzz.link
Hashikake: no grid, circled numbers, the bridge tool ready.
"""

from __future__ import annotations

from puzzlekit.formats import is_number, penpa
from puzzlekit.formats.codec import grid_rows, level_text
from puzzlekit_hashi.board import MAX_BRIDGES, NO_CLUE, Board
from puzzlekit_hashi.formats.puzzlink import NO_ISLANDS
from puzzlekit_hashi.text import MAX_SIDE

STYLE = penpa.Style(("3", "2", "2"), "hashi", ("Surface", "Edge Normal", "Composite"), "hashiwokakero (hashi/bridges)")
TAGS = ("hashiwokakero (hashi/bridges)", "hashiwokakero", "hashi", "bridges")
MAX_CLUE = 4 * MAX_BRIDGES
CIRCLED = 6
"""Penpa's number style of a circled number, as it draws Hashikake islands."""


def decode(source: str) -> str:
    """Level text for a Penpa Hashiwokakero; LevelError for what it cannot hold."""
    board = penpa.read(source, MAX_SIDE, {"number": "numbers", "symbol": "symbols"})
    cells = ["."] * (board.rows * board.cols)
    for (r, c), (_, name) in board.symbols.items():
        if not str(name).startswith("circle"):
            raise board.error(f"the symbol {str(name)[:20]!r} at r{r + 1}c{c + 1} is no island (a circle is)")
        cells[r * board.cols + c] = "?"
    for (r, c), (value, _) in board.numbers.items():
        text = str(value).strip()
        if text in ("", "?"):
            cells[r * board.cols + c] = "?"
        elif is_number(text) and len(text) < 4 and 1 <= int(text) <= MAX_CLUE:
            cells[r * board.cols + c] = text
        else:
            raise board.error(
                f"the number {text[:10]!r} at r{r + 1}c{c + 1}: puzzlekit's Hashiwokakero joins two islands "
                f"with at most {MAX_BRIDGES} bridges, so an island is 1-{MAX_CLUE}"
            )
    if all(cell == "." for cell in cells):
        raise board.error(NO_ISLANDS.replace("pzprjs", "Penpa").replace(", as in hashi/5/5/zk", ""))
    meta = {"title": board.title} if board.title else {}
    if board.author:
        meta["author"] = board.author
    return level_text(grid_rows(cells, board.cols, board.rows), meta)


def encode(board: Board, title: str = "", author: str = "") -> str:
    """The Penpa+ URL of a board, as Penpa writes it when it imports the same board."""
    numbers = {
        penpa.cell_index(board.cols, r, c): [" " if clue == NO_CLUE else clue, CIRCLED, "1"]
        for (r, c), clue in zip(board.islands, board.clues)
    }
    return penpa.build(STYLE, board.cols, board.rows, numbers=numbers, title=title, author=author)


class HashiPenpa(penpa.PenpaFormat):
    name = "hashiwokakero-penpa"
    genres = ("hashiwokakero",)
    summary = "Penpa+ URLs, https://swaroopg92.github.io/penpa-edit/#m=edit&p=... (circled numbers are islands)"
    tags = TAGS
    decode = staticmethod(decode)
    encode = staticmethod(encode)
