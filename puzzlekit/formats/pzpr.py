"""pzprjs's clue encodings for URL bodies: ``4Cell``, ``Number16`` and ``Number36``, read and written.

Both list the cells in reading order.  A letter ``g``-``z`` skips 1-20 blank cells and
``.`` is a clue whose number is not given (pzprjs's ``?``).  They differ in the numbers:

* **4Cell** (Slitherlink): ``0``-``4`` a clue; ``5``-``9`` a clue 0-4 followed by one
  blank, ``a``-``e`` one followed by two.
* **Number16** (Hashikake, and many more): a hex digit ``0``-``f`` is 0-15; ``-XX`` is
  two hex digits (16-255), ``+XXX`` three, ``=XXX`` 4096 more, ``%XXX`` 8192 more.
* **Number36** (Hitori: pzprjs's ``decodeHitori``): one character per cell, no skips:
  a base-36 digit ``0``-``z``, ``-XX`` two of them (36-1295), ``.`` a blank cell and
  ``@`` (or ``%``) a clue without number.

The decoders are stricter than pzprjs, which silently ignores what it does not
understand: an unknown character, a body that stops before the board is full
(truncated) and characters left over once it is full (over-long) are each refused with
the offending position.  A skip that runs past the last cell is fine; pzprjs's own
encoder writes that.  The encoders reproduce pzprjs's output byte for byte, so a board
round-trips to the URL puzz.link itself would write.
"""

from __future__ import annotations

from typing import NamedTuple

from puzzlekit.errors import UsageError
from puzzlekit.formats.codec import error_at

BLANK = -1
"""A cell without a clue."""
UNKNOWN = -2
"""pzprjs's ``?``: a clue cell whose number is not given."""

MAX_RUN = 20
_WIDE = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192)}
_HEX = "0123456789abcdef"
_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"


class Clue(NamedTuple):
    """A cell the body gives something for, and where in the source that is."""

    cell: int
    value: int
    """The number, or UNKNOWN."""
    pos: int
    """0-based position of its first character in the source."""


class Body:
    """A URL body being read: the source it sits in, where it starts, the board size."""

    def __init__(self, source: str, body: str, at: int, cells: int) -> None:
        self.source = source
        self.body = body
        self.at = at
        self.cells = cells

    def error(self, i: int, message: str) -> Exception:
        return error_at(self.source, self.at + i, message)

    def finish(self, i: int, cell: int) -> None:
        """Refuse a body that stopped short of the board's end or goes on past it."""
        if cell < self.cells:
            raise self.error(
                len(self.body),
                f"the body ends after {cell} of the board's {self.cells} cells: the URL looks cut short",
            )
        rest = len(self.body) - i
        if rest:
            raise self.error(
                i,
                f"the board is full here but {rest} more character(s) follow ({self.body[i : i + 10]!r}): "
                "an over-long body (two URLs run together?)",
            )


def decode_4cell(source: str, body: str, at: int, cells: int) -> list[Clue]:
    """The clues of a 4Cell body for a board of ``cells`` cells (``body`` starts at ``at``)."""
    reader = Body(source, body, at, cells)
    clues: list[Clue] = []
    cell = 0
    i = 0
    while cell < cells and i < len(body):
        ch = body[i]
        if "0" <= ch <= "9":
            clues.append(Clue(cell, int(ch) % 5, at + i))
            cell += 1 + int(ch) // 5
        elif "a" <= ch <= "e":
            clues.append(Clue(cell, ord(ch) - ord("a"), at + i))
            cell += 3
        elif "g" <= ch <= "z":
            cell += ord(ch) - ord("f")
        elif ch == ".":
            clues.append(Clue(cell, UNKNOWN, at + i))
            cell += 1
        else:
            raise reader.error(i, f"unexpected character {ch!r} in the body: expected 0-9, a-e, g-z or '.'")
        i += 1
    reader.finish(i, cell)
    return clues


def decode_number16(source: str, body: str, at: int, cells: int) -> list[Clue]:
    """The clues of a Number16 body for a board of ``cells`` cells (``body`` starts at ``at``)."""
    reader = Body(source, body, at, cells)
    clues: list[Clue] = []
    cell = 0
    i = 0
    while cell < cells and i < len(body):
        ch = body[i]
        if ch in _HEX:
            clues.append(Clue(cell, _HEX.index(ch), at + i))
            cell += 1
            i += 1
        elif ch in _WIDE:
            width, offset = _WIDE[ch]
            digits = body[i + 1 : i + 1 + width]
            if len(digits) < width:
                raise reader.error(i, f"{ch!r} takes {width} hex digits but the body ends: the URL looks cut short")
            bad = next((j for j, d in enumerate(digits) if d not in _HEX), None)
            if bad is not None:
                raise reader.error(i + 1 + bad, f"{ch!r} takes {width} hex digits 0-9a-f, found {digits[bad]!r}")
            clues.append(Clue(cell, int(digits, 16) + offset, at + i))
            cell += 1
            i += 1 + width
        elif "g" <= ch <= "z":
            cell += ord(ch) - ord("f")
            i += 1
        elif ch == ".":
            clues.append(Clue(cell, UNKNOWN, at + i))
            cell += 1
            i += 1
        else:
            raise reader.error(i, f"unexpected character {ch!r} in the body: expected 0-9a-f, -+=%, g-z or '.'")
    reader.finish(i, cell)
    return clues


def decode_number36(source: str, body: str, at: int, cells: int) -> list[Clue]:
    """The clues of a Number36 body (one character, or ``-`` and two, per cell)."""
    reader = Body(source, body, at, cells)
    clues: list[Clue] = []
    cell = i = 0
    while cell < cells and i < len(body):
        ch = body[i]
        if ch == "-":
            digits = body[i + 1 : i + 3]
            if len(digits) < 2 or not all(d in _BASE36 for d in digits):
                raise reader.error(i, f"'-' takes two base-36 digits 0-9a-z, found {digits!r}")
            clues.append(Clue(cell, int(digits, 36), at + i))
            i += 2
        elif ch in _BASE36:
            clues.append(Clue(cell, int(ch, 36), at + i))
        elif ch in "@%":
            clues.append(Clue(cell, UNKNOWN, at + i))
        elif ch != ".":
            expected = "expected a base-36 number 0-9a-z, '-', '.' or '@'"
            raise reader.error(i, f"unexpected character {ch!r} in the body: {expected}")
        cell += 1
        i += 1
    reader.finish(i, cell)
    return clues


def encode_number36(values: list[int]) -> str:
    """A Number36 body for cell values 0-1295, BLANK or UNKNOWN, as pzprjs writes it."""
    pieces = []
    for value in values:
        if value == BLANK:
            pieces.append(".")
        elif value == UNKNOWN:
            pieces.append("@")
        elif 0 <= value < 36:
            pieces.append(_BASE36[value])
        elif value < 1296:
            pieces.append("-" + _BASE36[value // 36] + _BASE36[value % 36])
        else:
            raise UsageError(f"puzz.link's Number36 writes numbers up to 1295, not {value}")
    return "".join(pieces)


def _runs(pieces: list[str], count: int) -> None:
    """Append the letters for ``count`` blanks (``g`` is one, ``z`` twenty)."""
    while count > 0:
        step = min(count, MAX_RUN)
        pieces.append(chr(ord("f") + step))
        count -= step


def encode_4cell(values: list[int]) -> str:
    """A 4Cell body for cell values 0-4, BLANK or UNKNOWN, as pzprjs writes it."""
    pieces: list[str] = []
    blanks = 0
    c = 0
    n = len(values)
    while c < n:
        value = values[c]
        if value == BLANK:
            blanks += 1
            c += 1
            continue
        _runs(pieces, blanks)
        blanks = 0
        if value == UNKNOWN:
            pieces.append(".")
            c += 1
        elif c + 1 < n and values[c + 1] != BLANK:
            pieces.append(str(value))
            c += 1
        elif c + 2 < n and values[c + 2] != BLANK:
            pieces.append(str(value + 5))
            c += 2
        else:
            pieces.append("abcde"[value])
            c += 3
    _runs(pieces, blanks)
    return "".join(pieces)


def encode_number16(values: list[int]) -> str:
    """A Number16 body for cell values 0-12287, BLANK or UNKNOWN, as pzprjs writes it."""
    pieces: list[str] = []
    blanks = 0
    for value in values:
        if value == BLANK:
            blanks += 1
            continue
        _runs(pieces, blanks)
        blanks = 0
        pieces.append(_number16(value))
    _runs(pieces, blanks)
    return "".join(pieces)


def _number16(value: int) -> str:
    if value == UNKNOWN:
        return "."
    if 0 <= value < 16:
        return f"{value:x}"
    if value < 256:
        return f"-{value:02x}"
    if value < 4096:
        return f"+{value:03x}"
    if value < 8192:
        return f"={value - 4096:03x}"
    if value < 12288:
        return f"%{value - 8192:03x}"
    raise ValueError(f"Number16 holds numbers up to 12287, not {value}")
