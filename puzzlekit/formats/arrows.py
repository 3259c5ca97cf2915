"""pzprjs's arrow-and-number clues (Yajilin, Yajikazu, ...), as level tokens: a number
and an arrow, ``2<`` (``^`` up, ``v`` down, ``<`` left, ``>`` right), ``.`` no clue.

- ``read_arrow_body(cols, rows, body)`` / ``arrow_body(tokens)``: pzprjs's ArrowNumber16
  URL body (a direction digit 1-4 and one hex digit; 5-9 and two; ``-``, a direction and
  three; a letter ``a``-``z`` one to 26 cells without a clue);
- ``read_arrow_cells(f, what)``: a pzprv3 block of ``direction,number`` values;
- ``ArrowUrl``: a genre's puzz.link URLs, its level text space-separated tokens (set
  ``name``, ``genres``, ``summary``, ``pids``, ``title``);
- ``ShadedLoopPzpr``: pzprv3 files of a shaded-loop genre (``grid.shadedloop``: Yajilin),
  the clues, then the player's shading and lines, read as drawn level text and written
  from a state laid out as ``grid.shadedloop``'s (edges, then each cell's shading).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from puzzlekit.formats import pzprfile
from puzzlekit.formats.codec import error_at, level_text
from puzzlekit.formats.level import is_number
from puzzlekit.formats.lines import line_blocks, read_lines
from puzzlekit.formats.puzzlink import PuzzLinkFormat, build, parse_genre
from puzzlekit.formats.pzprfile import PzprFile, PzprFormat, open_genre
from puzzlekit.formats.regions import cell_block, shading_block
from puzzlekit.grid.topology import RectGrid

if TYPE_CHECKING:
    from puzzlekit.genre import Genre
    from puzzlekit.puzzle import Puzzle

DIRECTIONS = {"1": "^", "2": "v", "3": "<", "4": ">"}
CODES = {arrow: d for d, arrow in DIRECTIONS.items()}


def read_arrow_cells(f: PzprFile, what: str) -> list[str]:
    """A block of ``.`` or ``direction,number`` cells as tokens; a clue without arrow
    (``0,n``) or without number is refused in words, at its place."""
    tokens = []
    for row in f.block(f.rows, f.cols, what):
        for v in row:
            d, _, n = v.text.partition(",")
            if v.text == ".":
                tokens.append(".")
            elif d in DIRECTIONS and is_number(n) and len(n) < 4:
                tokens.append(n + DIRECTIONS[d])
            else:
                why = "a clue without arrow" if d == "0" else "a clue without number" if n == "-2" else "not a clue"
                raise f.error(v, f"expected '.' or direction,number (1 up, 2 down, 3 left, 4 right): {why}")
    return tokens


class BodyError(ValueError):
    """A bad ArrowNumber16 body, ``at`` its 0-based character."""

    def __init__(self, at: int, message: str) -> None:
        super().__init__(message)
        self.at = at


def read_arrow_body(cols: int, rows: int, body: str) -> list[str]:
    """Cell tokens (``.``, or a number and an arrow ``^ v < >``) from an ArrowNumber16
    body (``5/5/m32j10``'s ``m32j10``); ValueError names the character that is wrong."""
    tokens: list[str] = []
    i = 0
    while i < len(body) and len(tokens) < cols * rows:
        ch = body[i]
        if "a" <= ch <= "z":
            tokens += ["."] * (ord(ch) - ord("a") + 1)
            i += 1
            continue
        if ch == "-":  # a direction and three hex digits
            d, width, start = body[i + 1 : i + 2], 3, i + 2
        elif ch in "01234":  # a direction and one hex digit
            d, width, start = ch, 1, i + 1
        elif ch in "56789":  # a direction + 5 and two hex digits
            d, width, start = str(int(ch) - 5), 2, i + 1
        else:
            raise BodyError(i, f"{ch!r} is not a clue or a run of cells without clues")
        number = body[start : start + width]
        if d not in DIRECTIONS or not number or any(c not in "0123456789abcdef" for c in number):
            why = "a clue without number" if number[:1] == "." else "a clue without arrow" if d == "0" else "a bad clue"
            raise BodyError(i, f"{ch!r}: {why}; expected a direction 1-4 and a number")
        tokens.append(f"{int(number, 16)}{DIRECTIONS[d]}")
        i = start + width
    if len(tokens) < cols * rows:
        raise BodyError(len(body), f"the body ends after {len(tokens)} of the board's {cols * rows} cells")
    return tokens[: cols * rows]


def arrow_body(tokens: Sequence[str]) -> str:
    """The ArrowNumber16 body of a board's tokens (``.`` or a number and an arrow)."""
    out, blanks = "", 0
    for t in [*tokens, ""]:
        if t == ".":
            blanks += 1
            if blanks < 26:
                continue
        while blanks:
            out, blanks = out + chr(ord("a") + min(blanks, 26) - 1), blanks - min(blanks, 26)
        if t:
            d, n = CODES[t[-1]], int(t[:-1])
            out += f"{d}{n:x}" if n < 16 else f"{int(d) + 5}{n:02x}" if n < 256 else f"-{d}{n:03x}"
    return out


class ArrowUrl(PuzzLinkFormat):
    """puzz.link URLs of a genre of arrow clues whose level text is space-separated tokens
    (``.`` or ``2<``, as ``grid.write_grid(separated=True)`` writes them)."""

    title: ClassVar[str]

    def read(self, source: str, genre: Genre) -> str:
        url = parse_genre(source, self.pids, self.title)
        try:
            tokens = read_arrow_body(url.cols, url.rows, url.body)
        except BodyError as err:
            raise error_at(source, url.body_at + err.at, str(err)) from None
        width = max(len(t) for t in tokens)
        rows = [" ".join(t.rjust(width) for t in tokens[r * url.cols : (r + 1) * url.cols]) for r in range(url.rows)]
        return level_text(rows, {"url": source.strip()})

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        rows = tokens_of(puzzle)
        return build(self.pids[0], len(rows[0]), len(rows), arrow_body([t for row in rows for t in row]))


def tokens_of(puzzle: Puzzle) -> list[list[str]]:
    """The rows of a puzzle's level text as tokens (``.`` or ``2<``)."""
    return [row.split() for row in puzzle.genre.write(puzzle.instance)]


class ShadedLoopPzpr(PzprFormat):
    """pzprv3 files of arrow clues, shading and a loop: the clues (``direction,number``),
    then, when saved with the player's marks, the shading (``#`` shaded, ``+`` marked
    not) and the lines, read as level text drawn with them (``grid.paths.write_marked``)."""

    title: ClassVar[str]

    def read(self, source: str, genre: Genre) -> str:
        from puzzlekit.grid.paths import write_marked
        from puzzlekit.grid.text import write_grid

        f = open_genre(source, self.pids, self.title)
        grid = RectGrid(f.rows, f.cols)
        tokens = read_arrow_cells(f, "the clues")
        if f.at_end():
            return level_text(write_grid(grid, tokens, separated=True))
        shade = [v.text for row in f.block(f.rows, f.cols, "the shading") for v in row]
        dom = read_lines(f, grid)
        marks = [t if t != "." else {"#": "#", "+": "o"}.get(s, ".") for t, s in zip(tokens, shade)]
        return level_text(write_marked(grid, marks, dom))

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        rows = tokens_of(puzzle)
        grid, tokens = RectGrid(len(rows), len(rows[0])), [t for row in rows for t in row]
        clues = ["." if t == "." else f"{CODES[t[-1]]},{t[:-1]}" for t in tokens]
        n, cells = grid.n_edges, grid.n_cells
        shade = shading_block(None if state is None else state[n : n + cells], cells, grid.cols)
        shade = [
            ["." if tokens[r * grid.cols + c] != "." else v for c, v in enumerate(row)] for r, row in enumerate(shade)
        ]
        lines = line_blocks(grid, None if state is None else state[:n])
        return pzprfile.write(self.pids[0], grid.rows, grid.cols, [cell_block(clues, grid.cols), shade, *lines])
