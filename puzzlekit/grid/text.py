"""Reading and writing a board of characters (or of space-separated tokens).

Every grid genre's level text is a rectangle of cells: ``read_grid`` checks
the rectangle and every cell against a *legend* and raises ``LevelError`` at
``file:line:col`` of every bad one (up to ``LevelErrors.MAX_REPORTED``), saying what was expected.
``read_state`` reads a player's marks drawn on the same board (clues repeated
as given, marks on the open cells), and ``write_grid`` writes either back.

A legend maps the characters a cell may hold to what they mean, several
characters to one meaning allowed (``{"01234": "a clue", "#": "a black cell"}``);
the meaning goes into error messages.  ``numbers`` admits whole numbers in a
range as well (Nurikabe and Shikaku clues above 9); with ``separated=True``
cells are tokens separated by spaces, so a clue may take several characters.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from puzzlekit.errors import LevelError, LevelErrors
from puzzlekit.formats.level import Block, is_number
from puzzlekit.grid.topology import RectGrid

MAX_SIDE = 200
"""The largest board a side by default (as Slitherlink, Hashiwokakero and Masyu)."""

Legend = Mapping[str, str]


@dataclass(frozen=True)
class ParsedGrid:
    """A board read from a block: its grid, each cell's token, and where each came from."""

    grid: RectGrid
    tokens: tuple[str, ...]
    """One per cell, row-major: the character (or token) written there."""
    block: Block
    columns: tuple[int, ...]
    """0-based column in its row where each cell's token starts, for errors."""

    def error(self, cell: int, message: str) -> LevelError:
        """A LevelError at the cell's token: ``file:line:col: message``."""
        return self.block.error(self.grid.rc(cell)[0], self.columns[cell], message)

    def number(self, cell: int) -> int | None:
        """The cell's token as a whole number, or None when it is not one."""
        token = self.tokens[cell]
        return int(token) if is_number(token) else None


def _runs(chars: str) -> list[str]:
    """Runs of consecutive characters, ``a-z`` for three or more, else each quoted."""
    out: list[str] = []
    start = 0
    for i in range(1, len(chars) + 1):
        if i == len(chars) or ord(chars[i]) != ord(chars[i - 1]) + 1:
            piece = chars[start:i]
            out += [f"{piece[0]}-{piece[-1]}"] if len(piece) > 2 else [repr(ch) for ch in piece]
            start = i
    return out


def describe_legend(legend: Legend, numbers: range | None = None) -> str:
    """``'#' (a black cell), '.' (an empty cell) or 0-4 (a clue)``."""
    parts = []
    for chars, meaning in legend.items():
        run = "".join(str(d) for d in range(int(chars[0]), int(chars[-1]) + 1)) if is_number(chars) else ""
        if len(chars) > 2 and chars == run:
            shown = f"{chars[0]}-{chars[-1]}"
        elif len(chars) > 10:  # letters of regions: ``a-z, A-Z, 0-9``, not 62 quoted characters
            shown = ", ".join(_runs(chars))
        else:
            shown = " ".join(repr(ch) for ch in chars)
        parts.append(f"{shown} ({meaning})")
    if numbers is not None:
        parts.append(f"a number {numbers.start}-{numbers.stop - 1}")
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def _cells_of(block: Block, separated: bool) -> list[list[tuple[int, str]]]:
    """Each row as (column, token) pairs."""
    rows: list[list[tuple[int, str]]] = []
    for text in block.rows:
        if not separated:
            rows.append(list(enumerate(text)))
            continue
        row: list[tuple[int, str]] = []
        col = 0
        while col < len(text):
            if text[col] == " ":
                col += 1
                continue
            end = col
            while end < len(text) and text[end] != " ":
                end += 1
            row.append((col, text[col:end]))
            col = end
        rows.append(row)
    return rows


def read_grid(
    block: Block,
    legend: Legend,
    *,
    numbers: range | None = None,
    separated: bool = False,
    max_side: int = MAX_SIDE,
    what: str = "cell",
) -> ParsedGrid:
    """The block as a rectangle of cells, each a legend character (or a number in
    ``numbers``); LevelErrors at every ragged row and unexpected cell."""
    rows = _cells_of(block, separated)
    width = len(rows[0]) if rows else 0
    if not rows or width == 0:
        raise block.error(0, 0, f"expected a board: rows of {describe_legend(legend, numbers)}")
    if len(rows) > max_side or width > max_side:
        raise block.error(0, 0, f"boards are limited to {max_side}x{max_side}, this one is {width}x{len(rows)}")
    known = {ch for chars in legend for ch in chars}
    tokens: list[str] = []
    columns: list[int] = []
    errors: list[LevelError] = []  # every ragged row and bad cell, so one pass mends them all
    for r, row in enumerate(rows):
        if len(errors) > LevelErrors.MAX_REPORTED:
            break
        if len(row) != width:
            col = row[width][0] if len(row) > width else (row[-1][0] + len(row[-1][1]) if row else 0)
            errors.append(
                block.error(r, col, f"ragged row: expected {width} {what}s like the first row, found {len(row)}")
            )
        for col, token in row[:width]:
            ok = token in known if not separated else (len(token) == 1 and token in known)
            if not ok and numbers is not None and is_number(token) and not (len(token) > 1 and token[0] == "0"):
                if int(token) in numbers:
                    ok = True
                elif separated or len(token) == 1:
                    errors.append(
                        block.error(r, col, f"a number here is {numbers.start}-{numbers.stop - 1}, found {token}")
                    )
                    continue
            if not ok:
                errors.append(block.error(r, col, f"expected {describe_legend(legend, numbers)}, found {token!r}"))
                continue
            tokens.append(token)
            columns.append(col)
    LevelErrors.raise_any(errors)
    return ParsedGrid(RectGrid(len(rows), width), tuple(tokens), block, tuple(columns))


def read_state(
    block: Block,
    puzzle: ParsedGrid,
    marks: Mapping[str, int],
    *,
    legend: Legend,
    open_tokens: str = ".",
    numbers: range | None = None,
    separated: bool = False,
) -> list[int | None]:
    """A player's marks drawn on the puzzle's board: per cell, the domain its mark
    stands for (``marks``: character to domain), or None where the puzzle gives the
    cell (which the state must repeat as given).

    ``legend`` describes every character the state may hold, the marks included;
    ``open_tokens`` are the puzzle's tokens of cells a player marks.
    """
    state = read_grid(block, legend, numbers=numbers, separated=separated)
    grid = puzzle.grid
    if (state.grid.rows, state.grid.cols) != (grid.rows, grid.cols):
        raise block.error(
            0, 0, f"the state is {state.grid.cols}x{state.grid.rows} but the puzzle is {grid.cols}x{grid.rows}"
        )
    out: list[int | None] = []
    for cell, (given, drawn) in enumerate(zip(puzzle.tokens, state.tokens)):
        if given in open_tokens:
            if drawn not in marks:
                choices = " ".join(repr(m) for m in marks)
                raise state.error(
                    cell, f"{grid.name(cell)} is open in the puzzle: expected a mark {choices}, found {drawn!r}"
                )
            out.append(marks[drawn])
        elif drawn != given:
            raise state.error(cell, f"{grid.name(cell)} is {given!r} in the puzzle, found {drawn!r}")
        else:
            out.append(None)
    return out


def write_grid(grid: RectGrid, tokens: Sequence[str], *, separated: bool = False) -> list[str]:
    """Rows of text from one token per cell; separated tokens are right-aligned in
    columns of equal width, so the board stays a rectangle to the eye."""
    if not separated:
        return ["".join(tokens[r * grid.cols : (r + 1) * grid.cols]) for r in range(grid.rows)]
    width = max(len(t) for t in tokens)
    return [" ".join(t.rjust(width) for t in tokens[r * grid.cols : (r + 1) * grid.cols]) for r in range(grid.rows)]


def marks_of(dom: Sequence[int], glyphs: Mapping[int, str], unknown: str = ".") -> list[str]:
    """One glyph per domain (``{TRUE: "*", FALSE: "x"}``), ``unknown`` for a domain
    with no glyph: the "write marks only while open" step of every writer."""
    return [glyphs.get(d, unknown) for d in dom]


def region_letters(grid: RectGrid, owner: Sequence[int], letters: str) -> list[str]:
    """One letter per cell naming its region (``owner[cell]``, -1 unknown: ``.``), each
    region the first of ``letters`` its lower-numbered neighbours do not use, so regions
    that touch read apart (Shikaku's answers)."""
    letter: dict[int, str] = {}
    for i in range(max(owner, default=-1) + 1):
        near = {letter.get(owner[x]) for cell, o in enumerate(owner) if o == i for x in grid.neighbours[cell]}
        letter[i] = next((ch for ch in letters if ch not in near), letters[i % len(letters)])
    return [letter[o] if o >= 0 else "." for o in owner]


def letter_pieces(grid: RectGrid, letters: Sequence[str]) -> list[list[int]]:
    """The regions a player's letters draw (one letter per cell, ``.`` none): per letter in
    order, each orthogonally connected piece of it (``region_letters`` read back)."""
    return [p for ch in sorted(set(letters) - {"."}) for p in grid.pieces(lambda x, ch=ch: letters[x] == ch)]  # type: ignore[misc]
