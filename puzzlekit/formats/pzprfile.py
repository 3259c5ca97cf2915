"""pzprjs's own file format, ``pzprv3``: read its lines with their places, and write it.

A file is lines of text (pzprjs reads ``/`` as a line break too, so a whole file fits on
one line, the form its tests use)::

    pzprv3          the format; pzprv3.1 is version 1 of a genre's layout
    slither         the puzzle id
    5               rows (rows first here, unlike a URL)
    5               columns
    f               variant flag lines, when the genre has any set
    2 . . 1 .       blocks of space-separated values, one line per row
    ...

What the blocks hold is the genre's business (clues, then the answer's lines and
crosses); this module hands them out with the line and column of every value, so a
genre's codec can point at a bad one.  Anything after the blocks a genre reads (pzprjs's
``info:``/``history:`` lines) is ignored.  Sizes are checked against the caps before
any block is read.  A file that ends after its size is an empty board, as pzprjs reads
it (``pzprv3/slither/5/5``), and a file inside a puzz.link URL (``p?pzprv3/...``) reads
as the file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from puzzlekit.errors import LevelError, LevelErrors, an
from puzzlekit.formats import puzzlink
from puzzlekit.formats.codec import MAX_DIGITS, MAX_SIDE, check_length, shown, too_many_cells
from puzzlekit.formats.level import is_number
from puzzlekit.formats.sniff import head
from puzzlekit.registry import Format

_HEADER = re.compile(r"pzprv3(?:\.(\d{1,3}))?")


@dataclass(frozen=True)
class Value:
    """One space-separated value and where it is: 1-based line and column."""

    text: str
    line: int
    col: int


T = TypeVar("T")


def each(rows: Sequence[Sequence[Value]], read: Callable[[Value], T]) -> list[list[T]]:
    """``read`` of every value of a block, by rows: every bad value is reported (up to
    ``LevelErrors.MAX_REPORTED``), not the first only."""
    out: list[list[T]] = []
    errors: list[LevelError] = []
    for row in rows:
        line: list[T] = []
        for value in row:
            try:
                line.append(read(value))
            except LevelError as err:
                errors.append(err)
        out.append(line)
        if len(errors) > LevelErrors.MAX_REPORTED:
            break
    LevelErrors.raise_any(errors)
    return out


class PzprFile:
    """A pzprv3 file being read: its header, then its lines handed out in order
    (``square``: one size line for both sides, as pzprjs writes Sudoku files)."""

    def __init__(self, source: str, limit: int = MAX_SIDE, square: bool = False) -> None:
        check_length(source)
        self.limit = limit
        self.name = shown(source)
        self.source = puzzlink.file_inside(source) or source
        self._lines = _lines(self.source)
        self._next = 0
        self._blocks = 0
        while self._next < len(self._lines) and not self._lines[self._next]:
            self._next += 1
        header = self._line("the header line 'pzprv3'")
        match = _HEADER.fullmatch(_text(header))
        if match is None:
            raise self.error(header[0] if header else None, "a pzprjs file starts with the line 'pzprv3'")
        self.version = int(match.group(1) or 0)
        pid = self._line("the puzzle id")
        if len(pid) != 1:
            raise self.error(pid[0] if pid else None, "expected the puzzle id (such as 'slither') on this line")
        self.pid_value = pid[0]
        self.pid = pid[0].text.lower()
        self.rows = self._size("the number of rows")
        self.cols = self.rows if square else self._size("the number of columns")
        too_many = too_many_cells(self.cols, self.rows)
        if too_many:
            raise self.error(pid[0], too_many)

    def error(self, at: Value | None, message: str) -> LevelError:
        """A LevelError at a value, or at the end of the file when ``at`` is None."""
        if at is None:
            lines = self.source.split("\n")
            return LevelError(self.name, len(lines), len(lines[-1]) + 1, message)
        return LevelError(self.name, at.line, at.col, message)

    def flag(self, word: str) -> bool:
        """Take a variant flag line equal to ``word`` if the next line is one."""
        if self._next < len(self._lines) and _text(self._lines[self._next]) == word:
            self._next += 1
            return True
        return False

    def at_end(self) -> bool:
        """Nothing more but empty lines and pzprjs's ``info:``/``history:`` trailer."""
        rest = [line for line in self._lines[self._next :] if line]
        return not rest or _text(rest[0]).startswith(("info:", "history:"))

    def block(self, rows: int, cols: int, what: str) -> list[list[Value]]:
        """The next ``rows`` lines of ``cols`` values each: ``what`` names them in errors.
        The first block of a file that ends after its size is empty cells (``.``)."""
        self._blocks += 1
        if self._blocks == 1 and self.at_end():
            line = len(self.source.split("\n"))
            return [[Value(".", line, 1)] * cols for _ in range(rows)]
        out = []
        for r in range(rows):
            values = self._line(f"{what} (line {r + 1} of {rows})")
            if len(values) != cols:
                at = values[cols] if len(values) > cols else (values[-1] if values else None)
                raise self.error(at, f"expected {cols} values in this line of {what}, found {len(values)}")
            out.append(values)
        return out

    def _line(self, what: str) -> list[Value]:
        if self._next >= len(self._lines):
            raise self.error(None, f"the file ends where {what} should be: it looks cut short")
        line = self._lines[self._next]
        self._next += 1
        return line

    def _size(self, what: str) -> int:
        values = self._line(what)
        if len(values) != 1 or not is_number(values[0].text):
            raise self.error(values[0] if values else None, f"expected {what} on this line")
        value = values[0]
        if len(value.text) > MAX_DIGITS or not 1 <= int(value.text) <= self.limit:
            raise self.error(
                value, f"{what} is {value.text[:12]}; boards are 1-{self.limit} on a side (refused before reading on)"
            )
        return int(value.text)


def _text(values: list[Value]) -> str:
    return " ".join(v.text for v in values)


def _lines(source: str) -> list[list[Value]]:
    """The file's lines split at line breaks and '/', each as its values with their places.

    Empty lines are kept: a block of a board one square wide has empty lines.
    """
    out: list[list[Value]] = []
    for number, raw in enumerate(source.split("\n"), start=1):
        raw = raw.removesuffix("\r")
        if number == 1:
            raw = raw.removeprefix("\ufeff")
        pos = 0
        for piece in raw.split("/"):
            values = [Value(m.group(0), number, pos + m.start() + 1) for m in re.finditer(r"\S+", piece)]
            out.append(values)
            pos += len(piece) + 1
    return out


def looks_like(text: str) -> bool:
    """Does ``text`` start like a pzprv3 file (the whole content, or a one-line SOURCE, or
    a puzz.link URL holding one)?  Looks at the sniffed prefix only."""
    return _HEADER.match(_start(text)) is not None


def pid_of(text: str) -> str | None:
    """The puzzle id of a pzprv3 file, lower-cased; None when it is not one.  Never raises."""
    if not looks_like(text):
        return None
    parts = re.split(r"[/\n]", _start(text), maxsplit=2)
    return parts[1].strip().lower() if len(parts) > 1 and parts[1].strip() else None


def _start(text: str) -> str:
    """The sniffed prefix of a file (or of the file a URL holds), without a byte-order mark."""
    inside = puzzlink.file_inside(head(text))
    return head(inside if inside is not None else text).lstrip("\ufeff \t\r\n")


def write(
    pid: str,
    rows: int,
    cols: int,
    blocks: Sequence[Sequence[Sequence[str]]],
    *,
    version: int = 0,
    flags: Sequence[str] = (),
    square: bool = False,
) -> str:
    """A pzprv3 file as pzprjs writes one: header, size, flag lines, then each value and a space
    (``square``: one size line, as for Sudoku)."""
    header = "pzprv3" if version == 0 else f"pzprv3.{version}"
    lines = [header, pid, str(rows), *([] if square else [str(cols)]), *flags]
    for block in blocks:
        lines.extend("".join(f"{value} " for value in row) for row in block)
    return "\n".join(lines) + "\n"


def open_genre(source: str, pids: tuple[str, ...], title: str, limit: int = MAX_SIDE, square: bool = False) -> PzprFile:
    """The file with its header read, refusing a file of another genre at its puzzle id."""
    f = PzprFile(source, limit, square)
    if f.pid not in pids:
        raise f.error(f.pid_value, f"this pzprjs file holds {an(repr(f.pid))} puzzle, not {title} ({', '.join(pids)})")
    return f


class PzprFormat(Format):
    """A genre's pzprv3 files: recognised by the header, claimed by puzzle id.  A subclass
    names its ``pids`` and its one genre, and reads and writes the body."""

    kind = "pzpr"
    pids: ClassVar[tuple[str, ...]]

    def matches(self, source: str) -> bool:
        return looks_like(source)

    def genre_of(self, source: str) -> str | None:
        return self.genres[0] if pid_of(source) in self.pids else None
