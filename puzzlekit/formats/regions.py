"""pzprjs's codecs for boards cut into regions: borders in a URL body, room numbers after
them, and the room and border blocks of a pzprv3 file.

**Border** (URL, ``decodeBorder``/``encodeBorder``): the walls between horizontal
neighbours, row by row, then those between vertical neighbours, five to a base-32 digit
(``0``-``9a-v``, the first wall the highest bit).  That is ``RectGrid``'s edge order, so a
wall is an edge number here.  **RoomNumber16** follows it for genres with a number per
room (Heyawake): a Number16 body over the rooms in pzprjs's order, their first cell in
reading order (``Regions`` numbers them so), each number standing in the room's ``top``.

A pzprv3 file holds the regions either as room numbers (a line with the count, then one
id per cell: Star Battle, and Heyawake's older files) or, in ``pzprv3.1`` files, as the
border blocks (``1`` a wall) that ``puzzlekit.formats.cells.read_borders`` and
``border_blocks`` read and write (Heyawake now).  Decoders
are as strict as ``puzzlekit.formats.pzpr``'s: a bad character, a body cut short or too
long is refused at its place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from puzzlekit.formats.codec import error_at
from puzzlekit.formats.level import is_number
from puzzlekit.formats.pzprfile import PzprFile, Value, each

_BASE32 = "0123456789abcdefghijklmnopqrstuv"


def border_length(cols: int, rows: int) -> int:
    """Characters of a border body for a ``cols`` x ``rows`` board."""
    return ((cols - 1) * rows + 4) // 5 + (cols * (rows - 1) + 4) // 5


def decode_border(source: str, body: str, at: int, cols: int, rows: int) -> tuple[list[int], int]:
    """The walls (edge numbers) of a border body starting at ``at`` in ``source``, and the
    characters it took; what follows is the genre's (room numbers)."""
    walls: list[int] = []
    vertical, horizontal = (cols - 1) * rows, cols * (rows - 1)
    i = 0
    for first, count in ((0, vertical), (vertical, horizontal)):
        for start in range(0, count, 5):
            if i >= len(body):
                raise error_at(source, at + i, "the body ends inside the borders: the URL looks cut short")
            ch = body[i]
            if ch not in _BASE32:
                raise error_at(source, at + i, f"unexpected character {ch!r} in the borders: expected 0-9 or a-v")
            bits = _BASE32.index(ch)
            walls += [first + start + k for k in range(min(5, count - start)) if bits >> (4 - k) & 1]
            i += 1
    return walls, i


def encode_border(walls: Iterable[int], cols: int, rows: int) -> str:
    """A border body for the walls (edge numbers), as pzprjs writes it."""
    cut = set(walls)
    vertical, horizontal = (cols - 1) * rows, cols * (rows - 1)
    out = []
    for first, count in ((0, vertical), (vertical, horizontal)):
        for start in range(0, count, 5):
            bits = sum(16 >> k for k in range(min(5, count - start)) if first + start + k in cut)
            out.append(_BASE32[bits])
    return "".join(out)


def read_room_ids(f: PzprFile) -> list[int]:
    """A pzprv3 file's rooms as room numbers (``decodeAreaRoom``): the count line, then one
    number per cell; per cell its number (rooms are the connected pieces of one number)."""
    (count,) = f.block(1, 1, "the number of rooms")[0]
    if not is_number(count.text) or len(count.text) > 7:
        raise f.error(count, f"expected the number of rooms, found {count.text[:10]!r}")

    def room(value: Value) -> int:
        if not is_number(value.text) or len(value.text) > 7 or int(value.text) >= int(count.text):
            raise f.error(value, f"expected a room number 0-{int(count.text) - 1}, found {value.text[:10]!r}")
        return int(value.text)

    return [n for row in each(f.block(f.rows, f.cols, "the rooms"), room) for n in row]


def room_id_lines(owner: Sequence[int], cols: int) -> tuple[str, list[list[str]]]:
    """The count line and the block of ``read_room_ids`` (``Regions.owner``: numbered as pzprjs does)."""
    rows = [[str(n) for n in owner[r : r + cols]] for r in range(0, len(owner), cols)]
    return str(max(owner, default=-1) + 1), rows


def read_cells(
    f: PzprFile, what: str, known: dict[str, str], numbers: range | None = None, refused: Mapping[str, str] = {}
) -> list[str]:
    """A block of one value per cell as level tokens: ``known`` maps file values to tokens,
    and a number in ``numbers`` stands for itself; a value in ``refused`` is refused at its
    place with that message (pzprjs's ``-``, a clue without number, where the genre has
    none), anything else with a list of what is allowed."""

    def token(value: Value) -> str:
        if value.text in refused:
            raise f.error(value, refused[value.text])
        if value.text in known:
            return known[value.text]
        if numbers is not None and is_number(value.text) and len(value.text) < 7 and int(value.text) in numbers:
            return value.text
        allowed = ", ".join(repr(k) for k in known) + (
            f" or a number {numbers.start}-{numbers.stop - 1}" if numbers else ""
        )
        raise f.error(value, f"expected {allowed} in {what}, found {value.text[:10]!r}")

    return [t for row in each(f.block(f.rows, f.cols, what), token) for t in row]


def cell_block(tokens: Sequence[str], cols: int) -> list[list[str]]:
    """One value per cell, as rows of a pzprv3 block."""
    return [list(tokens[r : r + cols]) for r in range(0, len(tokens), cols)]


def shading_block(state: Sequence[int] | None, n_cells: int, cols: int) -> list[list[str]]:
    """A player's boolean marks as pzprjs saves them (``#`` shaded or a star, ``+`` marked
    not, ``.`` unmarked): the last block of a shading genre's file; none marked without a state."""
    marks = ["#" if d == 0b10 else "+" if d == 0b01 else "." for d in state or [0b11] * n_cells]
    return cell_block(marks, cols)
