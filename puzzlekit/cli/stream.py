"""SOURCE's puzzles as a lazy sequence, so a command's memory stays flat with the boards.

A file of 1,176 boards parsed up front holds 1,176 boards' worth of models while the first
is solved.  :class:`Puzzles` keeps only where each block starts and ends in the text (the
text the file already is) and reads and parses a board when it is asked for: ``for puzzle
in puzzles`` solves and prints one board at a time.  Every block is parsed once when the
sequence is made, and dropped, so a bad board anywhere is still reported before anything
is printed.  Blocks are separated by blank lines, so each is read on its own with the
level reader and its line numbers moved to where it stands in the file.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from puzzlekit.api import Puzzle
from puzzlekit.errors import LevelError, LevelErrors
from puzzlekit.formats.level import Block, parse_block, read_blocks
from puzzlekit.genre import Genre


class Puzzles(Sequence[Puzzle]):
    """The puzzles of one text, read and parsed on access (each access reads afresh)."""

    def __init__(self, genre: Genre, text: str, source: str) -> None:
        self.genre = genre
        self.text = text
        self.source = source
        self.spans: list[tuple[int, int, int]] = []
        """(start, end, line number of start) of each puzzle block in ``text``."""
        errors: list[LevelError] = []  # every bad block is reported, not the first only
        for span in _chunks(text):
            try:
                blocks = self._read(span)
                if blocks:  # a chunk of comments only is a header, not a puzzle
                    self.spans.append(span)
                    self._parse(blocks[0], len(self.spans) - 1)  # errors first; nothing is kept
            except LevelError as err:
                errors.append(err)
                if len(errors) > LevelErrors.MAX_REPORTED:
                    break
        LevelErrors.raise_any(errors)

    def _read(self, span: tuple[int, int, int]) -> list[Block]:
        start, end, line = span
        try:
            blocks = read_blocks(self.text[start:end], self.source)
        except LevelError as err:
            raise LevelError(err.source, err.line + line - 1, err.col, err.message) from None
        for block in blocks:
            block.lines = [n + line - 1 for n in block.lines]
            block.meta_lines = {k: n + line - 1 for k, n in block.meta_lines.items()}
        return blocks

    def _parse(self, block: Block, index: int) -> Puzzle:
        block.index = index
        return Puzzle(self.genre, parse_block(self.genre.parse, block), block)  # "# expect:" checked too

    def _get(self, index: int) -> Puzzle:
        return self._parse(self._read(self.spans[index])[0], index)

    def __len__(self) -> int:
        return len(self.spans)

    @overload
    def __getitem__(self, index: int) -> Puzzle: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Puzzle]: ...

    def __getitem__(self, index: int | slice) -> Puzzle | Sequence[Puzzle]:
        if isinstance(index, slice):
            return [self._get(i) for i in range(len(self.spans))[index]]
        return self._get(range(len(self.spans))[index])

    def __iter__(self) -> Iterator[Puzzle]:
        for i in range(len(self.spans)):
            yield self._get(i)


def _chunks(text: str) -> Iterator[tuple[int, int, int]]:
    """(start, end, first line number) of each run of lines between blank lines."""
    start: int | None = None
    first = 0
    pos = 0
    number = 1
    while pos <= len(text):
        stop = text.find("\n", pos)
        end = len(text) if stop < 0 else stop
        if text[pos:end].strip():
            if start is None:
                start, first = pos, number
        elif start is not None:
            yield start, pos, first
            start = None
        if stop < 0:
            break
        pos = stop + 1
        number += 1
    if start is not None:
        yield start, len(text), first
