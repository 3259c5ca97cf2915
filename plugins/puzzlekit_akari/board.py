"""An Akari board: black cells (``#``, or ``0``-``4`` with a number) and white cells (``.``),
one bulb variable each; a state marks ``*`` (a bulb) and ``x`` (no bulb) on white cells."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from puzzlekit.core import BOOL, FALSE, TRUE
from puzzlekit.grid import RectGrid

LEGEND = {"#": "a black cell", "01234": "a numbered black cell", ".": "a white cell", "*": "a bulb", "x": "no bulb"}
MARKS = {"*": TRUE, "x": FALSE, ".": BOOL}


@dataclass(frozen=True)
class Board:
    grid: RectGrid
    tokens: tuple[str, ...]
    """Per cell: '#', a digit, or '.' (white)."""

    @cached_property
    def whites(self) -> tuple[int, ...]:
        """The white cells, in order: variable i is a bulb or not on whites[i]."""
        return tuple(c for c, t in enumerate(self.tokens) if t == ".")

    @cached_property
    def var_of(self) -> tuple[int, ...]:
        index = {c: v for v, c in enumerate(self.whites)}
        return tuple(index.get(c, -1) for c in range(self.grid.n_cells))

    @cached_property
    def clues(self) -> dict[int, int]:
        return {c: int(t) for c, t in enumerate(self.tokens) if t.isdigit()}

    @cached_property
    def seen(self) -> tuple[tuple[int, ...], ...]:
        """Per variable, the variables of the white cells it lights (itself not included)."""
        var_of = self.var_of
        return tuple(tuple(var_of[o] for o in self.grid.sight(c, lambda x: var_of[x] < 0)) for c in self.whites)

    @cached_property
    def segments(self) -> tuple[tuple[int, ...], ...]:
        """Runs of white cells in rows and columns, as variables: at most one bulb each."""
        runs = self.grid.segments(lambda c: self.var_of[c] < 0, min_length=2)
        return tuple(tuple(self.var_of[c] for c in run) for run in runs)

    def around(self, cell: int) -> tuple[int, ...]:
        """The variables of the white cells next to a black cell."""
        return tuple(self.var_of[n] for n in self.grid.neighbours[cell] if self.var_of[n] >= 0)

    def with_token(self, cell: int, token: str) -> Board:
        tokens = list(self.tokens)
        tokens[cell] = token
        return Board(self.grid, tuple(tokens))
