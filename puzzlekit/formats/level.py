"""The ASCII level format: blocks of rows with ``# key: value`` metadata.

A file holds blocks separated by blank lines.  Comments come before a block's
board: there, ``# key: value`` is metadata (unknown keys are kept) and ``#``, a
space and words is a comment.  Any other line is a board row, and so is every
line from the board's first row to the next blank line: a row may start with
``#`` (the usual black cell) and is never dropped, whether it is ``#..1``, ``#``
alone (a board one column wide) or ``# 12 . #`` (space-separated cells).  A
comment has a word in it (two letters in a row), which no genre's row has, so
the rule needs no genre to tell them apart.  A block made of comments only is a
header and is skipped.  Every row remembers its line number, so a genre's
parser can point at ``file:line:col``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from puzzlekit.errors import LevelError, LevelErrors, escaped

T = TypeVar("T")

KNOWN_KEYS = ("title", "author", "source", "seed", "difficulty", "tier", "expect", "flags")
EXPECT_VALUES = ("unique", "multiple", "none")
OUTPUT_KEYS = ("status", "result", "rung", "nodes", "engine", "solution")
"""Metadata ``solve`` writes into its plain output; dropped from input metadata, so a
solved file solved again reports afresh instead of carrying stale results along."""
MAX_SIDE = 500
"""No genre's board may be larger than this many cells a side (genres may cap lower)."""
MAX_ROWS = 2 * MAX_SIDE + 1  # a lattice drawing of the tallest board
MAX_COLUMNS = 2 * MAX_SIDE + 1

_META = re.compile(r"#\s*([A-Za-z][A-Za-z0-9_-]*)\s*:\s?(.*)$")


def is_comment(line: str) -> bool:
    """Would ``line`` be a comment (or metadata) before a board?  ``#key: value``, or
    ``#`` and whitespace before text with a word in it (``# from janko.at``).  ``#``
    alone, ``#..1`` and ``# 12 . #`` are board rows."""
    stripped = line.strip()
    if not stripped.startswith("#"):
        return False
    if _META.match(stripped) is not None:
        return True
    return len(stripped) > 1 and stripped[1].isspace() and has_word(stripped)


def is_number(text: str) -> bool:
    """Is ``text`` ASCII digits only?  ``str.isdigit`` also takes ``'²'`` (which ``int``
    refuses: a traceback, not an error) and ``'٣'`` (which a board would show as ``3``)."""
    return text.isascii() and text.isdigit()


def has_word(text: str) -> bool:
    """Are two letters next to each other somewhere in ``text``?  What sets a comment
    apart from a row of cells, whose letters (an ``x`` mark, an ``o``) stand alone."""
    run = 0
    for ch in text:
        run = run + 1 if ch.isalpha() else 0
        if run == 2:
            return True
    return False


@dataclass
class Block:
    """One puzzle's rows as written, with where each came from."""

    source: str
    rows: list[str]
    lines: list[int]
    """1-based line number of each row in the file."""
    meta: dict[str, str] = field(default_factory=dict)
    comments: list[str] = field(default_factory=list)
    meta_lines: dict[str, int] = field(default_factory=dict)
    index: int = 0
    """0-based position of this block among the file's puzzle blocks."""
    offsets: list[int] = field(default_factory=list)
    """Per row, the 0-based column where ``rows[row]`` starts in the file's line (a layer
    of a multi-layer board, ``puzzlekit.grid.layers``); none: every row starts the line."""

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return max((len(r) for r in self.rows), default=0)

    @property
    def first_line(self) -> int:
        return self.lines[0] if self.lines else 0

    def padded(self) -> list[str]:
        """Rows padded with spaces to the block's width (trailing spaces are optional)."""
        width = self.width
        return [r.ljust(width) for r in self.rows]

    def error(self, row: int, col: int, message: str) -> LevelError:
        """An error at 0-based ``row``/``col`` of the block, as file:line:col."""
        line = self.lines[row] if 0 <= row < len(self.lines) else self.first_line
        shift = self.offsets[row] if 0 <= row < len(self.offsets) else 0
        return LevelError(self.source, line, col + shift + 1, message)

    def flags(self) -> set[str]:
        """The words of ``# flags:``, lower-cased."""
        return {w.lower() for w in re.split(r"[\s,]+", self.meta.get("flags", "")) if w}

    def expect(self) -> str | None:
        """The block's ``# expect:`` value, checked."""
        value = self.meta.get("expect")
        if value is None:
            return None
        value = value.strip().lower()
        if value not in EXPECT_VALUES:
            raise LevelError(
                self.source,
                self.meta_lines.get("expect", self.first_line),
                1,
                f"'# expect:' must be one of {', '.join(EXPECT_VALUES)}, not {value!r}",
            )
        return value


def parse_block(parse: Callable[[Block], T], block: Block) -> T:
    """``parse(block)`` (a genre's parser) with the block's own metadata checked too
    (``# expect:``): a bad metadata line and bad cells below it are reported together.
    A failing first row that looks like a wordless comment (``# ----``) is said to be one."""
    try:
        return LevelErrors.run(lambda: parse(block), block.expect)
    except LevelError as err:
        hint = _comment_hint(block, err)
        if hint is None:
            raise
        LevelErrors.raise_any([hint, err])
        raise  # not reached: raise_any raised


def _comment_hint(block: Block, err: LevelError) -> LevelError | None:
    """Why a block whose first row is ``#``, a space and no word fails on that row: it was
    read as the board, since a comment needs a word (``is_comment``).  Not said when the
    row has as many space-separated cells as the row below it: then it is a board row."""
    first = block.rows[0].strip() if block.rows else ""
    found = err.errors if isinstance(err, LevelErrors) else [err]
    if not (len(first) > 1 and first[0] == "#" and first[1].isspace()):
        return None
    if len(block.rows) > 1 and len(first.split()) == len(block.rows[1].split()) > 1:
        return None  # as many tokens as the row below: a row of cells (Kakuro's '#  #  12\  4\')
    if not any(e.line == block.first_line for e in found):
        return None
    return LevelError(
        block.source,
        block.first_line,
        1,
        "this line is read as the board's first row, as a comment needs a word in it"
        " (write '# note ----', or drop the line)",
    )


def input_meta(meta: dict[str, str]) -> dict[str, str]:
    """The puzzle's own metadata, without what an earlier ``solve`` wrote into it."""
    return {k: v for k, v in meta.items() if k not in OUTPUT_KEYS}


def read_blocks(text: str, source: str = "<string>") -> list[Block]:
    """Split level text into puzzle blocks; comment-only blocks are skipped.  Metadata
    values, comments and ``source`` come out with their control characters escaped
    (``\\x1b``), so a title or a file name never reaches a terminal as an escape sequence."""
    source = escaped(source)
    if text.startswith("\ufeff"):
        text = text[1:]
    blocks: list[Block] = []
    current = Block(source, [], [])
    row_count = 0

    def close() -> None:
        nonlocal current, row_count
        if current.rows:
            current.index = len(blocks)
            blocks.append(current)
        current = Block(source, [], [])
        row_count = 0

    # Only "\n" ends a line (str.splitlines would also break at form feeds and the
    # like, and line numbers would drift from what an editor shows).
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw[:-1] if raw.endswith("\r") else raw
        stripped = line.strip()
        if not stripped:
            close()
            continue
        if not current.rows and is_comment(stripped):
            match = _META.match(stripped)
            if match:
                key = match.group(1).lower()
                current.meta[key] = escaped(match.group(2).strip())
                current.meta_lines[key] = number
            else:
                current.comments.append(escaped(stripped[1:].strip()))
            continue
        row_count += 1
        if row_count > MAX_ROWS:
            raise LevelError(source, number, 1, f"a block may have at most {MAX_ROWS} rows")
        body = line.rstrip()
        if len(body) > MAX_COLUMNS:
            raise LevelError(source, number, MAX_COLUMNS + 1, f"a row may have at most {MAX_COLUMNS} characters")
        current.rows.append(body)
        current.lines.append(number)
    close()
    return blocks


def write_block(rows: list[str], meta: dict[str, str] | None = None, comments: list[str] | None = None) -> str:
    """Render one block: metadata first, then comments, then rows without trailing spaces.

    Leading rows that read as metadata (``# touching: ...``) come back as metadata; a
    board's own row never reads as a comment (``# 12 . #`` has no word).  A comment
    without a word would read as a board row, so it is not written.  A genre writes the
    metadata its puzzle depends on that way (``# stars: 2``): such a row replaces the same
    key of ``meta``, so a puzzle written again never says it twice.
    """
    written = set()
    for row in rows:
        match = _META.match(row.strip())
        if not match:
            break
        written.add(match.group(1).lower())
    out = [f"# {key}: {value}" for key, value in (meta or {}).items() if key not in written]
    out += [f"# {c}" for c in comments or [] if has_word(c)]
    out += [r.rstrip() for r in rows]
    return "\n".join(out) + "\n"
