"""One parsed puzzle as data, below everything that reads, writes, solves or batches it.

A ``Puzzle`` is a genre, the genre's instance and the block of text it came from: the
formats write it, interchange decodes into it, batching carries its block, and the API's
``load`` hands it out.  Nothing here solves or reads a file, so any module above the genre
contract may import it (docs/DESIGN.md, "Layers").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from puzzlekit.errors import LevelError
from puzzlekit.formats.level import Block, write_block
from puzzlekit.genre import Genre


@dataclass(frozen=True)
class Puzzle:
    """One parsed puzzle and the block of text it came from."""

    genre: Genre
    instance: Any
    block: Block

    @property
    def meta(self) -> dict[str, str]:
        return self.block.meta

    @property
    def source(self) -> str:
        return self.block.source

    @property
    def index(self) -> int:
        return self.block.index

    @property
    def where(self) -> str:
        """``file:line`` of the puzzle's first row."""
        return f"{self.block.source}:{self.block.first_line}"

    @property
    def size(self) -> str:
        return self.genre.size(self.instance)

    def expect(self) -> str | None:
        return self.block.expect()

    def __repr__(self) -> str:
        return f"<Puzzle {self.genre.name} {self.size} at {self.where}>"

    @property
    def bare(self) -> bool:
        """True when the text is the puzzle as its genre writes it, with no marks at all
        (a clue grid): as an attempt it has nothing drawn yet, whatever the genre."""
        written = self.genre.write(self.instance)
        return [r.rstrip() for r in self.block.rows] == [r.rstrip() for r in written]

    def own_marks(self) -> list[int]:
        """The marks the puzzle's own text carries, as domains: none for a bare puzzle
        that the genre's state reader refuses (a Slitherlink clue grid is no lattice)."""
        try:
            return self.genre.parse_state(self.instance, self.block)
        except LevelError as err:
            if err.line not in self.block.lines or not self.bare:
                raise  # a bad metadata line is bad input, bare rows or not
            return list(self.genre.build(self.instance).domains)

    def text(self) -> str:
        """The puzzle as level text, metadata included."""
        return write_block(self.genre.write(self.instance), self.meta)


def rung_name(genre: Genre, rung: int) -> str:
    """A rung in words: ``none`` for deduction-free, the ladder's name, or ``search``."""
    if rung <= 0:
        return "none"
    if rung > len(genre.ladder):
        return "search"
    return genre.ladder[rung - 1].name
