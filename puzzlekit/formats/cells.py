"""puzz.link URLs and pzprjs files for boards with at most one clue per cell.

Akari, Nurikabe and many more keep their puzzle in one value per cell: a URL body
in pzprjs's 4Cell or Number16 encoding, and a pzprv3 file whose first block has one
value per cell (pzprjs's ``CellQnumAns``: a number, ``-`` for a clue without number,
``#`` a shaded cell, ``+`` a dot, ``.`` nothing).  These helpers do the reading and
writing with errors at the offending character; a genre maps values to its own
level tokens and back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from puzzlekit.core.unionfind import UnionFind
from puzzlekit.formats import puzzlink, pzpr, pzprfile
from puzzlekit.formats.codec import MAX_SIDE, error_at, grid_rows, level_text
from puzzlekit.formats.level import is_number
from puzzlekit.formats.pzprfile import Value

if TYPE_CHECKING:
    from puzzlekit.genre import Genre
    from puzzlekit.puzzle import Puzzle

BODIES = {
    "4cell": (pzpr.decode_4cell, pzpr.encode_4cell),
    "number16": (pzpr.decode_number16, pzpr.encode_number16),
    "number36": (pzpr.decode_number36, pzpr.encode_number36),
}


def read_url(
    source: str,
    pids: tuple[str, ...],
    title: str,
    body: str,
    token: Callable[[pzpr.Clue, int], str],
    blank: str = ".",
    limit: int = MAX_SIDE,
) -> tuple[int, int, list[str]]:
    """(cols, rows, one level token per cell) of a URL; ``token(clue, cols)`` turns each
    clue the body gives into the genre's token, raising ``error_at`` for a bad one."""
    url = puzzlink.parse_genre(source, pids, title, limit)
    if url.flags:
        raise error_at(source, url.flags_at, f"{title} URLs have no variant flags, found {url.flags!r}")
    cells = [blank] * (url.cols * url.rows)
    for clue in BODIES[body][0](source, url.body, url.body_at, len(cells)):
        cells[clue.cell] = token(clue, url.cols)
    return url.cols, url.rows, cells


def write_url(pid: str, cols: int, rows: int, values: list[int], body: str) -> str:
    """The canonical URL of per-cell values (``pzpr.BLANK``, ``pzpr.UNKNOWN`` or a number)."""
    return puzzlink.build(pid, cols, rows, BODIES[body][1](values))


def read_file(
    source: str, pids: tuple[str, ...], title: str, token: Callable[[Value], str], limit: int = MAX_SIDE
) -> tuple[int, int, list[str]]:
    """(cols, rows, one level token per cell) of a pzprv3 file's first block; ``token``
    raises ``PzprFile.error``-style LevelErrors (use ``file_error``) for a bad value."""
    f = pzprfile.open_genre(source, pids, title, limit)
    cells = [cell for row in pzprfile.each(f.block(f.rows, f.cols, "the cells"), token) for cell in row]
    return f.cols, f.rows, cells


def read_borders(f: pzprfile.PzprFile, rows: int, cols: int, dead_ends: list[Value] | None = None) -> list[int] | None:
    """The regions the answer borders of a pzprv3 file draw (a block of vertical borders,
    then one of horizontal ones, as pzprjs saves a region genre's answer: 1 or 2 a border,
    0 or -1 none): per cell its region's number, counted in reading order; None when no
    border is drawn.  A border with one region on both sides (it ends inside it:
    pzprjs's ``bdDeadEnd``) draws no region; it goes into ``dead_ends`` for the genre to
    judge (pzprjs counts it wrong only when the regions are otherwise right)."""
    walls: list[tuple[Value, int, int]] = []
    regions = UnionFind(rows * cols)
    vertical = f.block(rows, cols - 1, "the vertical borders")
    for block, step in ((vertical, 1), (f.block(rows - 1, cols, "the horizontal borders"), cols)):
        for r, row in enumerate(block):
            for c, v in enumerate(row):
                if v.text not in ("0", "1", "2", "-1"):
                    raise f.error(v, f"expected 1 or 2 (a border), -1 or 0 (none), found {v.text[:10]!r}")
                if v.text in ("1", "2"):
                    walls.append((v, r * cols + c, r * cols + c + step))
                else:
                    regions.union(r * cols + c, r * cols + c + step)
    if dead_ends is not None:
        dead_ends += [v for v, a, b in walls if regions.find(a) == regions.find(b)]
    roots = [regions.find(cell) for cell in range(rows * cols)]
    number = {root: i for i, root in enumerate(dict.fromkeys(roots))}
    return [number[root] for root in roots] if walls else None


def border_blocks(owner: Sequence[int], rows: int, cols: int) -> list[list[list[str]]]:
    """The vertical and horizontal border blocks of a pzprv3 file for the regions ``owner``
    (per cell its region, -1 unknown): a border where two known, different regions meet."""

    def border(a: int, b: int) -> str:
        return "1" if owner[a] >= 0 and owner[b] >= 0 and owner[a] != owner[b] else "0"

    return [
        [[border(r * cols + c, r * cols + c + 1) for c in range(cols - 1)] for r in range(rows)],
        [[border(r * cols + c, (r + 1) * cols + c) for c in range(cols)] for r in range(rows - 1)],
    ]


def file_error(source: str, value: Value, message: str) -> Exception:
    """A LevelError at a value of a pzprv3 file."""
    return pzprfile.PzprFile(source).error(value, message)


def write_file(pid: str, cols: int, rows: int, values: Sequence[str]) -> str:
    """A pzprv3 file with one block of per-cell values, as pzprjs saves it."""
    return pzprfile.write(pid, rows, cols, [[values[r * cols : (r + 1) * cols] for r in range(rows)]])


class CellUrl(puzzlink.PuzzLinkFormat):
    """A genre's puzz.link URLs when its level text is one character (or token) per cell.

    Set ``name``, ``genres``, ``summary``, ``pids``, ``title`` and ``body`` (``4cell``,
    ``number16`` or ``number36``); the body's numbers are written as themselves, ``unknown`` stands for
    pzprjs's "clue without number" and ``blank`` for an empty cell.  Writing reads the
    genre's own bare text back into tokens, so nothing else is needed.  ``unknown`` None
    refuses a clue without number at its character.  Boards with a number of several
    digits are written as space-separated tokens (``puzzlekit.grid.read_grid(separated=True)``)."""

    title: ClassVar[str]
    body: ClassVar[str]
    unknown: ClassVar[str | None] = "?"
    no_unknown: ClassVar[str] = "{title} clues need a number here ('.' is not one)"
    """The error at a clue without number when ``unknown`` is None."""
    blank: ClassVar[str] = "."
    numbers: ClassVar[range] = range(0, 10)
    separated: ClassVar[bool] = False
    """Level rows as space-separated tokens even when every token is one character (Shikaku)."""
    max_side: ClassVar[int] = MAX_SIDE
    """The genre's own cap on a side: a bigger board is refused at its size, as the genre would."""

    def read(self, source: str, genre: Genre) -> str:
        def token(clue: pzpr.Clue, cols: int) -> str:
            if clue.value == pzpr.UNKNOWN:
                if self.unknown is None:
                    raise error_at(source, clue.pos, self.no_unknown.format(title=self.title))
                return self.unknown
            if clue.value not in self.numbers:
                top = self.numbers.stop - 1
                raise error_at(source, clue.pos, f"{self.title} clues are {self.numbers.start}-{top}, not {clue.value}")
            return str(clue.value)

        cols, rows, cells = read_url(source, self.pids, self.title, self.body, token, self.blank, self.max_side)
        return level_text(_rows(cells, cols, rows, self.separated), {"url": source.strip()})

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        rows = puzzle.genre.write(puzzle.instance)
        cells = _cells(rows)
        values = [pzpr.UNKNOWN if t == self.unknown else int(t) if is_number(t) else pzpr.BLANK for t in cells]
        return write_url(self.pids[0], len(cells) // len(rows), len(rows), values, self.body)


class CellFile(pzprfile.PzprFormat):
    """A genre's pzprjs files when the file is one block of per-cell values (pzprjs's
    ``CellQnumAns`` and kin): ``tokens`` maps each file value to the genre's level token
    (numbers stand for themselves); writing maps the genre's text (a state when given) back."""

    title: ClassVar[str]
    tokens: ClassVar[Mapping[str, str]]
    numbers: ClassVar[range] = range(0, 10)
    max_side: ClassVar[int] = MAX_SIDE
    """The genre's own cap on a side, as for :class:`CellUrl`."""

    def read(self, source: str, genre: Genre) -> str:
        def token(value: Value) -> str:
            if value.text in self.tokens:
                return self.tokens[value.text]
            if is_number(value.text) and len(value.text) < 6 and int(value.text) in self.numbers:
                return value.text
            known = ", ".join(repr(t) for t in self.tokens)
            top = self.numbers.stop - 1
            message = f"expected a number {self.numbers.start}-{top} or one of {known}, found {value.text[:9]!r}"
            raise file_error(source, value, message)

        cols, rows, cells = read_file(source, self.pids, self.title, token, self.max_side)
        return level_text(_rows(cells, cols, rows))

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        back = {level: value for value, level in self.tokens.items()}
        rows = puzzle.genre.write(puzzle.instance, state)
        cells = [back.get(t, t) for t in _cells(rows)]
        return write_file(self.pids[0], len(cells) // len(rows), len(rows), cells)


def _rows(cells: Sequence[str], cols: int, rows: int, separated: bool = False) -> list[str]:
    """Level rows: one character per cell, or space-separated tokens when one is longer."""
    width = max(len(c) for c in cells)
    if width == 1 and not separated:
        return grid_rows(cells, cols, rows)
    return [" ".join(c.rjust(width) for c in cells[r * cols : (r + 1) * cols]) for r in range(rows)]


def _cells(rows: Sequence[str]) -> list[str]:
    """The tokens of level rows, space-separated when any row has a space."""
    separated = any(" " in row for row in rows)
    return [t for row in rows for t in (row.split() if separated else row)]
