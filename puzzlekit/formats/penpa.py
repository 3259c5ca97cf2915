"""Penpa-edit / Penpa+ URLs: recognise them, unpack the board, and pack one back.

Penpa+ (swaroopg92.github.io/penpa-edit) is the editor most setters share puzzles from
today.  A URL carries the whole editor state::

    https://swaroopg92.github.io/penpa-edit/#m=edit&p=DATA      (or ?m=solve&p=DATA)

DATA is base64 of raw-deflate compressed text.  Before compressing, Penpa shortens the
text with fixed substitutions (``"number"`` becomes ``zN``, and every ``z`` first becomes
``zZ``), undone here in reverse order.  The text is lines: line 0 the grid (``square``,
columns, rows, ...), line 1 the hidden margins ``[top, bottom, left, right]``, line 3 the
problem layer ``pu_q`` as JSON, line 5 the visible cells, line 17 the genre tags.

Cells of a square grid are numbered with a frame of two unused cells on every side:
cell (r, c) is ``(cols + 4) * (r + 2) + c + 2``.  A number is ``[value, style, size]``
and a symbol ``[value, name, layer]``.  Only the problem layer is read (a solution drawn
in Penpa is not); a board with anything a genre cannot hold (given lines, shading, cages,
numbers on edges or corners) is refused, naming what it has, rather than half read.

Writing produces the text Penpa itself makes when it imports the same board from a
puzz.link URL, line for line (``tests/fixtures/penpa/`` holds boards Penpa made, and what
Penpa read back from the URLs puzzlekit wrote).  The genre plugins say which numbers or
symbols their clues are (:class:`Style`).
"""

from __future__ import annotations

import base64
import binascii
import functools
import itertools
import json
import re
import urllib.parse
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from puzzlekit.errors import LevelError, an
from puzzlekit.formats.codec import MAX_SIDE, MAX_SOURCE, CannotWrite, check_length, check_size, error_at
from puzzlekit.formats.level import is_number
from puzzlekit.formats.sniff import SNIFF
from puzzlekit.registry import Format

if TYPE_CHECKING:
    from puzzlekit.genre import Genre
    from puzzlekit.puzzle import Puzzle

CANONICAL = "https://swaroopg92.github.io/penpa-edit/#m=edit&p="
"""What puzzlekit writes: Penpa+'s own home, in edit mode."""

SCHEMES = ("http", "https", "file")
"""A Penpa URL's scheme, when it has one: Penpa+'s site, a mirror, or a local copy."""
_SEPARATORS = re.compile("([&#?])")

SUBSTITUTIONS: tuple[tuple[str, str], ...] = (
    ("z", "zZ"),
    ('"qa"', "z9"),
    ('"pu_q"', "zQ"),
    ('"pu_a"', "zA"),
    ('"grid"', "zG"),
    ('"edit_mode"', "zM"),
    ('"surface"', "zS"),
    ('"line"', "zL"),
    ('"lineE"', "zE"),
    ('"wall"', "zW"),
    ('"cage"', "zC"),
    ('"number"', "zN"),
    ('"symbol"', "zY"),
    ('"special"', "zP"),
    ('"board"', "zB"),
    ('"command_redo"', "zR"),
    ('"command_undo"', "zU"),
    ('"command_replay"', "z8"),
    ('"numberS"', "z1"),
    ('"freeline"', "zF"),
    ('"freelineE"', "z2"),
    ('"thermo"', "zT"),
    ('"arrows"', "z3"),
    ('"direction"', "zD"),
    ('"squareframe"', "z0"),
    ('"polygon"', "z5"),
    ('"deletelineE"', "z4"),
    ('"killercages"', "z6"),
    ('"nobulbthermo"', "z7"),
    ('"__a"', "z_"),
    ("null", "zO"),
)
"""Penpa's text shortenings, applied in this order when packing (so reversed to unpack)."""

_EMPTY_LAYER = (
    "command_redo",
    "command_undo",
    "command_replay",
    "surface",
    "number",
    "numberS",
    "symbol",
    "thermo",
    "arrows",
    "direction",
    "squareframe",
    "polygon",
    "line",
    "lineE",
    "wall",
    "cage",
    "deletelineE",
    "killercages",
    "nobulbthermo",
)
"""The keys of a layer, in the order Penpa writes them."""
_IGNORED = {"command_redo", "command_undo", "command_replay", "__a"}
_BACKGROUND = '{"url":null,"x":0,"y":0,"opacity":100,"foreground":true,"mask_white":true}'
_ANSWER_CHECKS = (
    "surface_exact",
    "surface",
    "number",
    "loopline_exact",
    "loopline",
    "ignoreloopline",
    "loopedge_exact",
    "loopedge",
    "ignoreborder",
    "wall",
    "square",
    "circle",
    "tri",
    "arrow",
    "math",
    "battleship",
    "tent",
    "star",
    "akari",
    "mine",
)
"""Penpa's answer-check switches, all off in a new board, in the order it writes them."""
_BACKGROUND_PACKED = "JYjBDkAwEAX/5Z33UNf+jDQUjdWV1Q0i/r0Nl8nMPDBl+GzMhAveEe6PsochleadazWJxlnF8ghf1CJhC8fan0sq8T9vBQ=="
SIZE = 38
"""Penpa's default cell size in pixels, part of the text it writes."""
VERSION = [3, 2, 3]
"""The Penpa+ version whose text puzzlekit writes."""
MAX_WRITTEN = 100
"""The most rows or columns Penpa+ opens: a URL of a bigger board is refused by Penpa, so
puzzlekit does not write one."""


@dataclass(frozen=True)
class Style:
    """How a genre's board looks in Penpa: the grid drawing, the answer tool, the tag."""

    grid: tuple[str, str, str]
    """Penpa's ``mode.grid``: grid lines, dots, outer frame."""
    answer_tool: str
    """The composite tool a solver starts with (``edgex``, ``hashi``, ``linex``)."""
    tabs: tuple[str, ...]
    tag: str
    """The genre tag Penpa files the puzzle under."""


@dataclass
class PenpaBoard:
    """A square-grid board unpacked from a Penpa URL: its visible cells' numbers and symbols."""

    source: str
    cols: int
    rows: int
    numbers: dict[tuple[int, int], tuple[Any, Any]] = field(default_factory=dict)
    """(row, col) -> (value, style)."""
    symbols: dict[tuple[int, int], tuple[Any, Any]] = field(default_factory=dict)
    """(row, col) -> (value, name)."""
    tags: list[str] = field(default_factory=list)
    title: str = ""
    author: str = ""
    at: int = 0
    """Where DATA starts in the source, for errors."""

    def error(self, message: str) -> LevelError:
        return error_at(self.source, self.at, message)


def looks_like(source: str) -> bool:
    """Is ``source`` a Penpa URL (``...#m=edit&p=`` or ``?m=solve&p=``)?  Cheap, never raises."""
    return data_start(source[:SNIFF].lstrip()) is not None


def data_start(text: str) -> int | None:
    """Where DATA starts in a Penpa URL ``text`` (just after ``p=``), or None when it is not one.

    The URL is a scheme-less address, an ``http``, ``https`` or ``file`` one, or nothing,
    then ``#`` or ``?`` and ``&``-separated parameters: ``m=edit`` (or ``m=solve``) and,
    later in the same list, ``p=DATA``.  Only the sniffed prefix is looked at, in one
    pass: no regular expression to backtrack on hostile text.
    """
    text = text[:SNIFF]
    start = min((i for i in (text.find("#"), text.find("?")) if i >= 0), default=-1)
    if start < 0 or any(ch.isspace() for ch in text[:start]):
        return None
    scheme, sep, _ = text[:start].partition("://")
    if sep and scheme.lower() not in SCHEMES:
        return None
    mode = False
    pos = start + 1
    pieces = _SEPARATORS.split(text[pos:])  # parameter, separator, parameter, ...
    for param, stop in itertools.zip_longest(pieces[::2], pieces[1::2], fillvalue=""):
        if any(ch.isspace() for ch in param):
            return None
        lowered = param.lower()
        if mode and lowered.startswith("p="):
            return pos + 2
        if lowered in ("m=edit", "m=solve"):
            mode = True
        if stop in ("#", "?"):
            mode = False  # the mode and the data belong to one list of parameters
        pos += len(param) + len(stop)
    return None


def unpack(source: str) -> tuple[list[str], int]:
    """The text lines of a Penpa URL, and where DATA starts; LevelError when it is not one."""
    lines, at = _unpack(source)
    return list(lines), at


@functools.lru_cache(maxsize=2)
def _unpack(source: str) -> tuple[tuple[str, ...], int]:
    """``unpack``, kept for the last sources: every Penpa format asks a URL for its genre
    tag, then one reads it, and each would otherwise inflate it again."""
    check_length(source)
    text = source.strip()
    start = len(source) - len(source.lstrip())
    begins = data_start(text)
    if begins is None:
        raise error_at(source, start, "not a Penpa URL: expected ...penpa-edit/#m=edit&p=DATA")
    at = start + begins
    data = urllib.parse.unquote(text[begins:].split("&", 1)[0])
    try:
        packed = base64.b64decode(data + "=" * (-len(data) % 4), validate=True)
    except (binascii.Error, ValueError):
        raise error_at(source, at, "the p= data is not base64: the URL looks damaged or cut short") from None
    inflater = zlib.decompressobj(-15)
    try:
        raw = inflater.decompress(packed, MAX_SOURCE * 4)
    except zlib.error:
        raise error_at(source, at, "the p= data does not inflate: the URL looks damaged or cut short") from None
    if inflater.unconsumed_tail:
        raise error_at(source, at, f"the p= data unpacks to more than {MAX_SOURCE * 4:,} bytes; refused")
    try:
        unpacked = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise error_at(source, at, "the p= data is not UTF-8 text: the URL looks damaged") from None
    return tuple(expand(unpacked).split("\n")), at


def expand(text: str) -> str:
    """Undo Penpa's shortenings: its replacements, in reverse order (``zZ``, the escaped
    ``z``, last), as Penpa's own loader does."""
    for plain, short in reversed(SUBSTITUTIONS):
        text = text.replace(short, plain)
    return text


def read(source: str, limit: int = MAX_SIDE, what: Mapping[str, str] | None = None) -> PenpaBoard:
    """A square-grid board from a Penpa URL; LevelError for anything it cannot hold.

    ``what`` names the problem-layer keys the genre reads (``number``, ``symbol``) with
    the words for them; anything else drawn in the problem layer is refused.
    """
    lines, at = unpack(source)
    header = lines[0].split(",")
    if not header or not header[0] or is_number(header[0][0]):
        raise error_at(source, at, "this is an old Penpa URL (before Penpa+), which puzzlekit does not read")
    if header[0] != "square":
        grid = an(repr(header[0][:20]))
        raise error_at(source, at, f"this Penpa board is {grid} grid; puzzlekit reads square grids only")
    if len(lines) < 6 or len(header) < 17:
        raise error_at(source, at, f"the Penpa data has {len(lines)} lines; a board needs at least 6")
    try:
        cols, rows = int(header[1]), int(header[2])
        space = [int(v) for v in json.loads(lines[1])]
        layer = json.loads(lines[3])
        raw_cells = json.loads(lines[5])
        tags = json.loads(lines[17]) if len(lines) > 17 and lines[17].strip() else []
    except (ValueError, TypeError, RecursionError):
        raise error_at(source, at, "the Penpa data is not what Penpa writes (a line is not JSON)") from None
    check_size(source, at, cols, rows, 10 * MAX_SIDE)
    if not isinstance(layer, dict) or not isinstance(raw_cells, list) or len(space) != 4:
        raise error_at(source, at, "the Penpa data is not what Penpa writes (the problem layer is missing)")
    wide = cols + 4
    cells = _visible(source, at, raw_cells)
    if not cells:
        raise error_at(source, at, "this Penpa board has no visible cells")
    rs = sorted({i // wide for i in cells})
    cs = sorted({i % wide for i in cells})
    top, left = rs[0], cs[0]
    height, width = rs[-1] - top + 1, cs[-1] - left + 1
    if len(cells) != height * width:
        raise error_at(
            source, at, f"this Penpa board is not a rectangle ({len(cells)} cells in a {width}x{height} frame)"
        )
    check_size(source, at, width, height, limit)
    board = PenpaBoard(source, width, height, at=at, title=_field(header, 15, "Title: "))
    board.author = _field(header, 16, "Author: ")
    board.tags = [str(t) for t in tags] if isinstance(tags, list) else []
    allowed = dict(what or {})
    for key, value in layer.items():
        if key in _IGNORED or not value:
            continue
        if key not in allowed:
            raise error_at(source, at, f"this Penpa board has {_named(key)}, which puzzlekit does not read here")
        if not isinstance(value, dict):
            raise error_at(source, at, f"the Penpa data's {key!r} is not what Penpa writes")
        target = board.numbers if key == "number" else board.symbols
        for index, entry in value.items():
            cell = int(index) if is_number(str(index)) else -1
            if cell not in cells:
                raise error_at(source, at, f"this Penpa board has {allowed[key]} off the cells (on edges or corners)")
            if not isinstance(entry, list) or len(entry) < 2:
                raise error_at(source, at, f"the Penpa data's {key} entry {index} is not what Penpa writes")
            target[cell // wide - top, cell % wide - left] = (entry[0], entry[1])
    return board


def _visible(source: str, at: int, deltas: list[Any]) -> set[int]:
    """The visible cells: Penpa writes their indices as a first index, then differences."""
    out: set[int] = set()
    index = 0
    for i, delta in enumerate(deltas):
        if not isinstance(delta, int):
            raise error_at(source, at, "the Penpa data's cell list is not what Penpa writes")
        index = delta if i == 0 else index + delta
        out.add(index)
    return out


def _field(header: list[str], index: int, prefix: str) -> str:
    if index >= len(header):
        return ""
    value = header[index].replace("%2C", ",")
    return value[len(prefix) :].strip() if value.startswith(prefix) else value.strip()


def _named(key: str) -> str:
    names = {"surface": "shaded cells", "line": "given lines", "lineE": "given edge lines", "wall": "walls"}
    return names.get(key, f"{key!r} marks")


# -- writing -------------------------------------------------------------------------


def cell_index(cols: int, r: int, c: int) -> int:
    """Penpa's index of cell (r, c) on a board ``cols`` wide (a frame of two on each side)."""
    return (cols + 4) * (r + 2) + c + 2


def center(cols: int, rows: int) -> int:
    """The point Penpa centres the board on: a cell, a corner or an edge's midpoint."""
    wide, high = cols + 4, rows + 4
    n = wide * high
    if cols % 2 and rows % 2:
        return wide * (2 + rows // 2) + 2 + cols // 2
    if not cols % 2 and not rows % 2:
        return n + wide * (1 + rows // 2) + 1 + cols // 2
    if cols % 2:  # rows even: the middle of a horizontal edge
        return 2 * n + wide * (1 + rows // 2) + 2 + cols // 2
    return 3 * n + wide * (2 + rows // 2) + 1 + cols // 2


def pack_text(text: str) -> str:
    """Penpa's DATA for ``text``: shortened, raw-deflated, base64."""
    for plain, short in SUBSTITUTIONS:
        text = text.replace(plain, short)
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.b64encode(deflater.compress(text.encode("utf-8")) + deflater.flush()).decode("ascii")


def text_of(
    style: Style,
    cols: int,
    rows: int,
    numbers: Mapping[int, list[Any]] | None = None,
    symbols: Mapping[int, list[Any]] | None = None,
    title: str = "",
    author: str = "",
) -> str:
    """The text Penpa writes for a board: ``numbers``/``symbols`` by Penpa cell index."""
    mid = center(cols, rows)
    header = [
        "square",
        str(cols),
        str(rows),
        str(SIZE),
        "0",
        "1",
        "1",
        str(SIZE * (cols + 1)),
        str(SIZE * (rows + 1)),
        str(mid),
        str(mid),
        "0",
        "0",
        "0",
        "0",
        "Title: " + _escape(title),
        "Author: " + _escape(author),
        "",
        "",
        "OFF",
        "false",
        _background(),
    ]
    mode = _json(
        {
            "qa": "pu_a",
            "grid": list(style.grid),
            "pu_q": _tools("battleship", ["1", 2], ["1", 1], ["1", 1]),
            "pu_a": _tools(style.answer_tool, ["1", 3], ["1", 2], ["1", 9]),
        }
    )
    problem = _layer({"number": dict(numbers or {}), "symbol": dict(symbols or {})})
    empty = _layer({})
    cells = [cell_index(cols, r, c) for r in range(rows) for c in range(cols)]
    deltas = [cells[0], *(b - a for a, b in itertools.pairwise(cells))]
    settings = dict.fromkeys(_ANSWER_CHECKS, False)
    either = {k: False for k in settings if k not in ("ignoreloopline", "ignoreborder")}
    lines = [
        ",".join(header),
        "[0,0,0,0]",
        mode,
        problem,
        empty,
        _json(deltas),
        _json(list(style.tabs)),
        _json({f"sol_{k}": v for k, v in settings.items()}),
        '"x"',
        '"x"',
        _json(VERSION),
        mode,
        '"x"',
        "0",
        empty,
        empty,
        _json({f"sol_or_{k}": v for k, v in either.items()}),
        _json([style.tag]),
        "",
    ]
    return "\n".join(lines)


def build(style: Style, cols: int, rows: int, **kwargs: Any) -> str:
    """The Penpa+ URL of a board (see :func:`text_of`); CannotWrite for a board Penpa+
    does not open (over :data:`MAX_WRITTEN` rows or columns)."""
    if cols > MAX_WRITTEN or rows > MAX_WRITTEN:
        raise CannotWrite(
            f"Penpa+ opens boards of at most {MAX_WRITTEN}x{MAX_WRITTEN}; this one is {cols}x{rows} "
            "(write it as a puzz.link URL or a pzprjs file instead)"
        )
    return CANONICAL + pack_text(text_of(style, cols, rows, **kwargs))


def _background() -> str:
    """Penpa's default background-image settings (:data:`_BACKGROUND`) as Penpa packs them:
    its deflater's bytes, kept as it writes them so the text is Penpa's byte for byte."""
    return _BACKGROUND_PACKED


def _tools(combi: str, line: list[Any], number: list[Any], sudoku: list[Any]) -> dict[str, Any]:
    return {
        "edit_mode": "combi",
        "surface": ["", 1],
        "multicolor": ["", 1],
        "line": line,
        "lineE": line,
        "wall": ["", line[1]],
        "cage": ["1", 10],
        "number": number,
        "symbol": ["circle_L", 1],
        "special": ["thermo", ""],
        "board": ["", ""],
        "move": ["1", ""],
        "combi": [combi, 3],
        "sudoku": sudoku,
    }


def _layer(content: Mapping[str, Mapping[int, list[Any]]]) -> str:
    layer: dict[str, Any] = {}
    for key in _EMPTY_LAYER:
        if key.startswith("command_"):
            layer[key] = {"__a": []}
        elif key in ("thermo", "arrows", "direction", "squareframe", "polygon", "killercages", "nobulbthermo"):
            layer[key] = []
        else:
            layer[key] = {str(i): v for i, v in sorted(content.get(key, {}).items())}
    return _json(layer)


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _escape(text: str) -> str:
    return " ".join(text.split()).replace(",", "%2C")


class PenpaFormat(Format):
    """A genre's Penpa+ URLs: recognised by shape, claimed by the genre tag Penpa stores.
    A subclass sets ``tags`` (Penpa's genre tags for it) and its two codec functions:
    ``decode`` (a URL to level text) and ``encode`` (a board, its title and author to a URL)."""

    kind = "penpa"
    tags: ClassVar[tuple[str, ...]]

    @staticmethod
    def decode(source: str) -> str:
        """Level text for a Penpa+ URL of this genre; LevelError for what it cannot hold."""
        raise NotImplementedError

    @staticmethod
    def encode(board: Any, title: str, author: str) -> str:
        """The Penpa+ URL of a board, as Penpa writes it when it imports the same board."""
        raise NotImplementedError

    def read(self, source: str, genre: Genre) -> str:
        return type(self).decode(source)

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        """The URL of the puzzle (an attempt is not written: a Penpa+ link shares the puzzle)."""
        return type(self).encode(puzzle.instance, puzzle.meta.get("title", ""), puzzle.meta.get("author", ""))

    def matches(self, source: str) -> bool:
        return looks_like(source)

    def genre_of(self, source: str) -> str | None:
        if not looks_like(source):
            return None
        try:
            lines, _ = unpack(source)
            tags = json.loads(lines[17]) if len(lines) > 17 and lines[17].strip() else []
        except (LevelError, ValueError, TypeError, RecursionError):
            return None
        if isinstance(tags, list) and any(str(t).lower() in self.tags for t in tags):
            return self.genres[0]
        return None
