"""Yajilin as pzprjs files (``pzprv3``: the clues as ``direction,number``, then the
player's shading and lines) and puzz.link URLs (pzprjs's ArrowNumber16), through
``puzzlekit.formats.arrows``."""

from __future__ import annotations

from puzzlekit.formats import arrows, lines, pzprfile
from puzzlekit.formats.codec import level_text
from puzzlekit.grid import RectGrid, write_grid
from puzzlekit.grid.paths import write_drawn

PIDS = ("yajilin", "yajirin")


def read_pzpr(source: str) -> str:
    """Level text (drawn with the player's marks when the file has them) from a pzprv3 file."""
    f = pzprfile.open_genre(source, PIDS, "Yajilin")
    grid = RectGrid(f.rows, f.cols)
    tokens = arrows.read_arrow_cells(f, "the clues")
    if f.at_end():
        return level_text(write_grid(grid, tokens, separated=True))
    shade = [v.text for row in f.block(f.rows, f.cols, "the shading") for v in row]
    dom = lines.read_lines(f, grid)
    marks = [t if t != "." else {"#": "#", "+": "o"}.get(s, ".") for t, s in zip(tokens, shade)]
    return level_text(write_drawn(grid, marks, dom))


def read_url_body(cols: int, rows: int, body: str) -> str:
    """Level text from an ArrowNumber16 body."""
    return level_text(write_grid(RectGrid(rows, cols), arrows.read_arrow_body(cols, rows, body), separated=True))
