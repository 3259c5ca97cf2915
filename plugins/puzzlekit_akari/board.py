"""An Akari board: black cells (``#``, or ``0``-``4`` with a number) and white cells (``.``),
one bulb variable each; a state marks ``*`` (a bulb) and ``x`` (no bulb) on white cells."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from puzzlekit.core import BOOL, FALSE, TRUE
from puzzlekit.formats import is_number
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
        return {c: int(t) for c, t in enumerate(self.tokens) if is_number(t)}

    @cached_property
    def lanes(self) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
        """Every row run of white cells (a lone cell too), then every column run, as
        variables, and per variable the index of its row run and of its column run: a
        bulb lights its two runs, and at most one bulb stands in each."""
        var_of, whites = self.var_of, self.whites
        runs, row_of, column_of = self.grid.runs(lambda c: var_of[c] < 0)
        as_vars = tuple(tuple(var_of[c] for c in run) for run in runs)
        return as_vars, tuple(row_of[c] for c in whites), tuple(column_of[c] for c in whites)

    @cached_property
    def runs(self) -> tuple[tuple[int, ...], ...]:
        return self.lanes[0]

    @cached_property
    def seen(self) -> tuple[tuple[int, ...], ...]:
        """Per variable, the variables of the white cells it lights (itself not included)."""
        runs, row_of, column_of = self.lanes
        return tuple(tuple(w for w in (*runs[row_of[v]], *runs[column_of[v]]) if w != v) for v in range(len(row_of)))

    @cached_property
    def segments(self) -> tuple[tuple[int, ...], ...]:
        """Runs of two white cells or more: at most one bulb each."""
        return tuple(run for run in self.runs if len(run) > 1)

    def around(self, cell: int) -> tuple[int, ...]:
        """The variables of the white cells next to a black cell."""
        return tuple(self.var_of[n] for n in self.grid.neighbours[cell] if self.var_of[n] >= 0)

    def with_token(self, cell: int, token: str) -> Board:
        tokens = list(self.tokens)
        tokens[cell] = token
        if (token == ".") != (self.tokens[cell] == "."):
            return Board(self.grid, tuple(tokens))
        clues = {c: n for c, n in self.clues.items() if c != cell}
        if is_number(token):
            clues[cell] = int(token)
        return self.renumbered(tokens, clues)

    def renumbered(self, tokens: list[str], clues: dict[int, int]) -> Board:
        """This board with other numbers (``tokens`` and ``clues`` agreeing), the same white
        cells: what they make (runs, sight lines) is handed on, not worked out again."""
        board = Board(self.grid, tuple(tokens))
        board.__dict__.update({k: v for k, v in self.__dict__.items() if k in SHAPE}, clues=clues)
        return board


SHAPE = ("whites", "var_of", "lanes", "runs", "seen", "segments")
"""What a board's white cells alone make (``Board.with_token`` hands them on)."""
