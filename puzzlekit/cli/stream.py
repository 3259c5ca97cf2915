"""SOURCE's puzzles as a lazy sequence, so a command's memory stays flat with the boards.

A file of 1,176 boards parsed up front holds 1,176 boards' worth of models while the first
is solved.  :class:`Puzzles` keeps only the blocks (the text the file already is) and
parses a board when it is asked for: ``for puzzle in puzzles`` solves and prints one board
at a time.  Every block is parsed once when the sequence is made, and dropped, so a bad
board anywhere is still reported before anything is printed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from puzzlekit.api import Puzzle
from puzzlekit.formats.level import Block, read_blocks
from puzzlekit.genre import Genre


class Puzzles(Sequence[Puzzle]):
    """The puzzles of one text, parsed on access (each access parses afresh)."""

    def __init__(self, genre: Genre, text: str, source: str) -> None:
        self.genre = genre
        self.blocks: list[Block] = read_blocks(text, source)
        for block in self.blocks:  # errors first, before any output; nothing is kept
            self._parse(block)

    def _parse(self, block: Block) -> Puzzle:
        block.expect()  # a bad "# expect:" is bad input, located like any other
        return Puzzle(self.genre, self.genre.parse(block), block)

    def __len__(self) -> int:
        return len(self.blocks)

    @overload
    def __getitem__(self, index: int) -> Puzzle: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Puzzle]: ...

    def __getitem__(self, index: int | slice) -> Puzzle | Sequence[Puzzle]:
        if isinstance(index, slice):
            return [self._parse(block) for block in self.blocks[index]]
        return self._parse(self.blocks[index])

    def __iter__(self) -> Iterator[Puzzle]:
        for block in self.blocks:
            yield self._parse(block)
