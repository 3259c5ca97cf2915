"""janko.at's puzzle text: ``begin`` ... ``end`` blocks of ``key value`` lines and grids.

janko.at, the largest public collection of hand-made puzzles, keeps each puzzle as::

    begin
    puzzle slitherlink
    author Otto Janko
    source https://www.janko.at/Raetsel/Slitherlink/001.a.htm
    size 10                  (or: rows 10 / cols 12)
    problem
    - 3 - - 2 ...            one line per row, one token per cell ('-' empty)
    solution
    ...
    end

Keys other than these are kept as they are (``info``, ``unit``, ...) or skipped (the
``solution`` and ``moves`` grids, which puzzlekit does not read).  A file may hold
several blocks.  Here: splitting a file into blocks, with every grid token's line and
column, and ``JankoFormat``, the shape of a genre's janko format; a genre says which
``puzzle`` names are its own and what each problem token means, and a puzzle is written
back as one block (``convert --to janko``).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from puzzlekit.errors import LevelError, LevelErrors, an
from puzzlekit.formats.codec import (
    MAX_COLLECTION,
    MAX_DIGITS,
    MAX_SIDE,
    MAX_SOURCE,
    CannotWrite,
    level_text,
    shown,
    too_many_cells,
)
from puzzlekit.formats.level import is_number
from puzzlekit.formats.sniff import begins_janko
from puzzlekit.genre import Genre
from puzzlekit.registry import Format

if TYPE_CHECKING:
    from puzzlekit.puzzle import Puzzle

GRIDS = ("problem", "solution", "moves", "areas", "solutions")
"""Keys followed by grid lines (up to the next key or ``end``)."""
KEYS = ("puzzle", "author", "solver", "source", "info", "unit", "size", "rows", "cols", "options", *GRIDS)


@dataclass(frozen=True)
class Token:
    text: str
    line: int
    col: int
    """1-based, in the source."""


@dataclass
class JankoBlock:
    """One ``begin`` ... ``end`` block: its keys, and the problem grid's tokens by row."""

    source: str
    line: int
    keys: dict[str, str] = field(default_factory=dict)
    problem: list[list[Token]] = field(default_factory=list)
    problem_line: int = 0

    def error(self, line: int, col: int, message: str) -> LevelError:
        return LevelError(self.source, line, col, message)

    def size(self) -> tuple[int, int]:
        """(cols, rows) from ``size`` or ``rows``/``cols``, checked against the problem grid."""

        def number(key: str) -> int | None:
            value = self.keys.get(key)
            if value is None:
                return None
            if not is_number(value) or len(value) > MAX_DIGITS:
                raise self.error(self.line, 1, f"'{key}' must be a number, found {value[:20]!r}")
            return int(value)

        side = number("size")
        rows, cols = number("rows"), number("cols")
        rows = rows if rows is not None else side
        cols = cols if cols is not None else side
        if not self.problem:
            raise self.error(self.line, 1, "this janko block has no 'problem' grid")
        rows = rows if rows is not None else len(self.problem)
        cols = cols if cols is not None else len(self.problem[0])
        if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
            raise self.error(
                self.line, 1, f"boards are limited to {MAX_SIDE}x{MAX_SIDE}; this one claims {cols}x{rows}"
            )
        too_many = too_many_cells(cols, rows)
        if too_many:
            raise self.error(self.line, 1, too_many)
        if len(self.problem) != rows:
            raise self.error(
                self.problem_line, 1, f"the problem grid has {len(self.problem)} rows; the block says {rows}"
            )
        for row in self.problem:
            if len(row) != cols:
                raise self.error(row[0].line, 1, f"this problem row has {len(row)} cells; the block says {cols}")
        return cols, rows


def looks_like(source: str) -> bool:
    """Is ``source`` janko text (its first line that is not blank or a ``#`` comment says
    ``begin``)?  Cheap: a look at the sniffed prefix, line by line."""
    return begins_janko(source)


def puzzle_names(source: str) -> list[str]:
    """The ``puzzle`` names the blocks give, lower-cased (one pass over the lines)."""
    names = []
    for line in source.split("\n"):
        words = line.split(None, 2)
        if len(words) > 1 and words[0].lower() == "puzzle":
            names.append(words[1].lower())
    return names


def read_blocks(source: str, name: str) -> list[JankoBlock]:
    """The blocks of janko text; LevelError (file:line:col) when they are malformed.

    A collection may be as long as :data:`MAX_COLLECTION`; each block is held to
    :data:`MAX_SOURCE` characters, as one URL or file is."""
    if len(source) > MAX_COLLECTION:
        too_long = f"this is {len(source):,} characters long; a janko collection may have {MAX_COLLECTION:,}"
        raise LevelError(name, 1, 1, too_long)
    blocks: list[JankoBlock] = []
    current: JankoBlock | None = None
    grid: str | None = None
    started = 0
    offset = 0
    for number, raw in enumerate(source.split("\n"), start=1):
        at, offset = offset, offset + len(raw) + 1
        if current is not None and at - started > MAX_SOURCE:
            too_long = f"this janko block is over {MAX_SOURCE:,} characters long; a block may have that many"
            raise LevelError(name, current.line, 1, too_long)
        line = raw.rstrip("\r")
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        word = words[0].lower()
        if current is None:
            if word != "begin":
                raise LevelError(name, number, 1, f"expected 'begin' (a janko block), found {shown(line)[:30]!r}")
            current = JankoBlock(name, number)
            grid = None
            started = at
            continue
        if word == "end":
            blocks.append(current)
            current = None
            continue
        if word == "begin":
            raise LevelError(name, number, 1, "a janko block cannot start inside another (missing 'end'?)")
        if word in GRIDS and len(words) == 1:
            grid = word
            if word == "problem":
                current.problem_line = number
            continue
        if word in KEYS or grid is None:
            grid = None
            current.keys.setdefault(word, line.split(None, 1)[1].strip() if len(words) > 1 else "")
            continue
        if grid == "problem":
            tokens = []
            col = 0
            for text in words:
                col = line.index(text, col)
                tokens.append(Token(text, number, col + 1))
                col += len(text)
            current.problem.append(tokens)
    if current is not None:
        raise LevelError(name, current.line, 1, "this janko block has no 'end'")
    if not blocks:
        raise LevelError(name, 1, 1, "no janko block (begin ... end) found")
    return blocks


class JankoFormat(Format):
    """A genre's janko.at text: recognised by ``begin``, claimed by the ``puzzle`` names.
    A subclass sets ``names`` and ``cell`` (a problem token as a level character); it
    writes too, each level character as ``tokens`` says (others as they are), after
    checking that ``cell`` reads the token back as that character."""

    kind = "janko"
    names: ClassVar[tuple[str, ...]]
    tokens: ClassVar[Mapping[str, str]] = {".": "-"}
    """Level characters written as another janko token ('.' is janko's '-')."""

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        """One block: ``puzzle`` (the first of ``names``), author and source when the puzzle
        has them, ``rows``/``cols`` and the problem grid (janko's blocks hold no marks).
        A variant (``# flags: full``) is refused: a janko block has no way to say it."""
        flags = sorted(puzzle.block.flags())
        if flags:
            raise CannotWrite(
                f"janko text has no variant flags, so this {puzzle.genre.name} (# flags: {' '.join(flags)}) "
                "cannot be written as janko without changing its rules"
            )
        rows = puzzle.genre.write(puzzle.instance)
        width = max(len(row) for row in rows)
        out = ["begin", f"puzzle {self.names[0]}"]
        out += [f"{key} {puzzle.meta[key]}" for key in ("author", "source") if puzzle.meta.get(key)]
        out += [f"rows {len(rows)}", f"cols {width}", "problem"]
        block = JankoBlock("<janko>", 1)
        for r, row in enumerate(rows):
            tokens = []
            for c, ch in enumerate(row.ljust(width)):
                token = self.tokens.get(ch, ch)
                try:
                    back = self.cell(block, Token(token, r + 1, c + 1))
                except LevelError:
                    back = None
                if back != ch:
                    where = f"r{r + 1}c{c + 1} of this {puzzle.genre.name}"
                    raise CannotWrite(f"janko text has no token for {ch!r} ({where})")
                tokens.append(token)
            out.append(" ".join(tokens))
        return "\n".join([*out, "end"]) + "\n"

    def matches(self, source: str) -> bool:
        return looks_like(source)

    def genre_of(self, source: str) -> str | None:
        if not looks_like(source):
            return None
        named = puzzle_names(source)
        return self.genres[0] if named and all(n in self.names for n in named) else None

    def read(self, source: str, genre: Genre) -> str:
        """Level text of every block; every bad block and bad token reported (capped)."""
        texts = []
        errors: list[LevelError] = []
        for block in read_blocks(source, "<janko>"):
            if len(errors) > LevelErrors.MAX_REPORTED:
                break
            try:
                texts.append(self._block_text(block, genre, errors))
            except LevelError as err:
                errors.append(err)
        LevelErrors.raise_any(errors)
        return "\n".join(texts)

    def _block_text(self, block: JankoBlock, genre: Genre, errors: list[LevelError]) -> str:
        kind = block.keys.get("puzzle", "").lower()
        if kind and kind not in self.names:
            raise block.error(block.line, 1, f"this janko block is {an(repr(kind))} puzzle, not {genre.name}")
        cols, rows = block.size()
        cells = []
        for row in block.problem:
            for token in row:
                try:
                    cells.append(self.cell(block, token))
                except LevelError as err:
                    errors.append(err)
        meta = {k: block.keys[k] for k in ("author", "source") if block.keys.get(k)}
        grid = ["".join(cells[r * cols : (r + 1) * cols]) for r in range(rows)]
        return level_text(grid, meta)

    @abstractmethod
    def cell(self, block: JankoBlock, token: Token) -> str:
        """The level character for a problem token; raise ``block.error`` for a bad one."""
