"""What every interchange codec shares: size caps, located errors, level text out.

A codec turns another way of writing a puzzle (a puzz.link URL, a Tatham game ID, a
pzprjs file) into puzzlekit level text and back.  Its input comes straight from a user's
clipboard, so it is hostile by default: every decoder refuses bad input with a
:class:`LevelError` that points at the offending character, and checks the size a
source *claims* before it allocates anything, so a URL that claims a 10000x10000 board
costs two integer parses, not a 100-million-cell list.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import BinaryIO

from puzzlekit.errors import LevelError, PuzzlekitError, escaped
from puzzlekit.formats.level import MAX_SIDE as MAX_SIDE  # decoded boards share the level cap
from puzzlekit.formats.level import write_block
from puzzlekit.formats.sniff import begins_janko

MAX_SOURCE = 1 << 20
"""Characters a URL, an ID, a pzprjs file or one janko block may have, and bytes a file
may have: a 500x500 board needs far fewer."""

MAX_COLLECTION = 64 << 20
"""Bytes a janko.at collection file may have (janko.at's own are 1.2-2.2 MB): each of its
blocks is still held to :data:`MAX_SOURCE`."""

MAX_DIGITS = 9
"""Digits a size may have in a source; longer numbers are refused before ``int()``."""

_SHOWN = 60


@dataclass
class CellCap:
    """The most cells a board may claim within :func:`cells_at_most`, and whether a
    decoder refused one for it (so a server can answer "too large", not "bad input")."""

    cells: int
    refused: bool = False


_CAP: ContextVar[CellCap | None] = ContextVar("cell_cap", default=None)


@contextmanager
def cells_at_most(cells: int) -> Iterator[CellCap]:
    """Within the block, every decoder refuses a board that claims more than ``cells``
    cells, at its size and before reading the rest (a server's cap: a 2 KB URL can claim
    a 200x200 board, which would take seconds and hundreds of MB to build)."""
    cap = CellCap(cells)
    token = _CAP.set(cap)
    try:
        yield cap
    finally:
        _CAP.reset(token)


def too_many_cells(cols: int, rows: int) -> str | None:
    """Why a board of ``cols`` x ``rows`` is refused under :func:`cells_at_most`, or None."""
    cap = _CAP.get()
    if cap is None or cols * rows <= cap.cells:
        return None
    cap.refused = True
    return f"this board claims {cols}x{rows}; boards here are at most {cap.cells:,} cells (refused before reading on)"


class CannotWrite(PuzzlekitError):
    """A puzzle that a format cannot express (a '?' island in a Bridges game ID, say)."""


def shown(source: str) -> str:
    """The source as an error names it: the first line, cut to 60 characters when long.

    Positions in the error still count in the whole source, so a user can find the
    character even when the name is shortened.
    """
    first = source.split("\n", 1)[0]
    if first == source and len(source) <= _SHOWN + 20:
        return escaped(source)
    return escaped(first[:_SHOWN]) + "…"


def error_at(source: str, pos: int, message: str) -> LevelError:
    """A LevelError at 0-based character ``pos`` of a one-line source (a URL or an ID)."""
    return LevelError(shown(source), 1, pos + 1, message)


def check_length(source: str) -> None:
    """Refuse a source longer than :data:`MAX_SOURCE` before looking at it any further."""
    if len(source) > MAX_SOURCE:
        raise error_at(
            source,
            MAX_SOURCE,
            f"this is {len(source):,} characters long; puzzlekit reads at most {MAX_SOURCE:,} "
            f"(a {MAX_SIDE}x{MAX_SIDE} board needs far fewer)",
        )


def check_size(source: str, pos: int, cols: int, rows: int, limit: int = MAX_SIDE) -> None:
    """Refuse an empty board or one beyond ``limit`` on a side, at the size's position."""
    if cols < 1 or rows < 1:
        raise error_at(source, pos, f"a board needs at least one column and one row; this one claims {cols}x{rows}")
    if cols > limit or rows > limit:
        raise error_at(
            source,
            pos,
            f"boards are limited to {limit}x{limit}; this one claims {cols}x{rows} (refused before reading the rest)",
        )
    too_many = too_many_cells(cols, rows)
    if too_many:
        raise error_at(source, pos, too_many)


def grid_rows(cells: Sequence[str], cols: int, rows: int) -> list[str]:
    """``rows`` strings of ``cols`` cells each, from cells in reading order."""
    return ["".join(cells[r * cols : (r + 1) * cols]) for r in range(rows)]


def cell_name(cell: int, cols: int) -> str:
    """``r2c3`` for cell index ``cell`` of a board ``cols`` wide, as puzzlekit names cells."""
    r, c = divmod(cell, cols)
    return f"r{r + 1}c{c + 1}"


def level_text(rows: Sequence[str], meta: Mapping[str, str] | None = None) -> str:
    """One level block: ``# key: value`` lines, then the rows."""
    return write_block(list(rows), dict(meta or {}))


def read_capped(stream: BinaryIO, name: str) -> str:
    """A file's or standard input's text: at most :data:`MAX_SOURCE` bytes (like a URL;
    ``/dev/zero`` is one error line, not a MemoryError), UTF-8.  A janko.at collection
    (the first megabyte says ``begin``) is read on, a megabyte at a time, up to
    :data:`MAX_COLLECTION`; its blocks are held to the 1 MiB cap one by one."""
    data = stream.read(MAX_SOURCE + 1)
    if len(data) <= MAX_SOURCE:
        return utf8(data, name)
    if not begins_janko(data[: MAX_SOURCE // 4].decode("utf-8", "replace")):
        raise PuzzlekitError(
            f"{name}: more than {MAX_SOURCE:,} bytes; puzzlekit reads at most 1 MiB from a file "
            f"(a janko.at collection, up to {MAX_COLLECTION >> 20} MiB)"
        )
    chunks = [data]
    size = len(data)
    while chunk := stream.read(MAX_SOURCE):
        size += len(chunk)
        if size > MAX_COLLECTION:
            raise PuzzlekitError(f"{name}: a janko.at collection of more than {MAX_COLLECTION:,} bytes; split it")
        chunks.append(chunk)
    return utf8(b"".join(chunks), name)


def utf8(data: bytes, name: str) -> str:
    """Level text is UTF-8, from a file, standard input or ``bytes`` alike."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise PuzzlekitError(f"{name}: not UTF-8 text (bad byte at offset {err.start})") from None
