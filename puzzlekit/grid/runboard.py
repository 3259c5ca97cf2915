"""``RunSums``: a ``GridGenre`` base for run-sum genres, whose board is white cells and black
cells holding up to two clues, the total of the run across to their right and of the run
down below them (Kakuro's), and whose answer is a digit 1..``top`` per white cell.

It gives the board (``RunBoard``, its runs from ``grid.sums``), its level text (one token
per cell: ``.`` white, ``#`` black, ``D\\A`` a black cell with a down and an across clue,
either left out, a digit a white cell holding it, in a state), the runs as ``Houses``,
pictures (clue cells cut by their diagonal), and the setter's editor: two clue spots per
cell, the down clue's lower-left half and the across clue's upper-right half.  A genre adds
its ladder (``build``), its judge and its SAT twin (``run_violations``, ``run_sums_twin``).
Variable ``c`` is cell ``c``: a digit's bit in a white cell, the one value 0 in a black one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from puzzlekit.core.model import fixed_values
from puzzlekit.errors import UsageError, escaped
from puzzlekit.formats.level import Block, is_number
from puzzlekit.genre import ClueSpot
from puzzlekit.grid.genre import Canvas, GridGenre
from puzzlekit.grid.numberfill import number_step
from puzzlekit.grid.sums import Run, runs_of
from puzzlekit.grid.topology import RectGrid
from puzzlekit.grid.units import House, Houses
from puzzlekit.pictures.theme import Tone

TOKEN = re.compile(r"\S+")
CLUE = re.compile(r"(\d*)\\(\d*)")
BLACK = 1
"""A black cell's domain: 0 alone."""


def clue_token(down: int, across: int) -> str:
    """A black cell's level token: ``D\\A`` (either left out), ``#`` with neither."""
    return f"{down or ''}\\{across or ''}" if down or across else "#"


@dataclass(frozen=True)
class RunBoard:
    grid: RectGrid
    white: tuple[bool, ...]
    down: tuple[int, ...]
    """Per cell, the down clue of a black cell (0: none)."""
    across: tuple[int, ...]

    @property
    def key(self) -> tuple[object, ...]:
        """What the board is (a ``RectGrid`` compares by identity)."""
        return self.grid.rows, self.grid.cols, self.white, self.down, self.across

    @cached_property
    def runs(self) -> list[Run]:
        clued = {c: t for c, t in enumerate(self.across) if t}, {c: t for c, t in enumerate(self.down) if t}
        return runs_of(self.grid, self.white, *clued)

    def tokens(self, values: Sequence[int] | None = None) -> list[str]:
        """One level token per cell (``values``: a digit per white cell, 0 for none)."""
        out = []
        for c, w in enumerate(self.white):
            v = values[c] if values else 0
            out.append((str(v) if v else ".") if w else clue_token(self.down[c], self.across[c]))
        return out

    def run_after(self, cell: int, across: bool) -> int:
        """How many white cells follow ``cell`` to its right (``across``) or below it."""
        cols, count = self.grid.cols, 0
        step = 1 if across else cols
        while (cell % cols < cols - 1 if across else cell + step < self.grid.n_cells) and self.white[cell + step]:
            cell, count = cell + step, count + 1
        return count


def read_run_board(block: Block, top: int = 9) -> tuple[RunBoard, list[int]]:
    """The board and the digits written in its white cells (0: none), one token per cell:
    ``.`` white, ``#`` black, ``D\\A`` a black cell with a down and an across clue (either
    may be left out), a digit 1-``top`` a white cell holding it (a state)."""
    most, written = top * (top + 1) // 2, tuple(str(d) for d in range(1, top + 1))
    rows = [[(m.start(), m.group()) for m in TOKEN.finditer(row)] for row in block.rows]
    if not rows or not rows[0]:
        raise block.error(0, 0, "expected a board: rows of '.', '#', '4\\12' or digits")
    width = len(rows[0])
    white, down, across, digits = [], [], [], []
    for r, row in enumerate(rows):
        if len(row) != width:
            raise block.error(r, row[-1][0] if row else 0, f"ragged row: expected {width} cells, found {len(row)}")
        for col, token in row:
            found = f"found '{escaped(token)}'"
            clue = CLUE.fullmatch(token)
            if clue:
                d, a = (int(x) if x else 0 for x in clue.groups())
                if not (d <= most and a <= most):
                    raise block.error(r, col, f"a run adds up to {most} at most (1+2+...+{top}), {found}")
            elif token not in (".", "#", *written):
                raise block.error(r, col, f"expected '.', '#', a clue like '4\\12' or a digit 1-{top}, {found}")
            white.append(not clue and token != "#")
            down.append(d if clue else 0)
            across.append(a if clue else 0)
            digits.append(int(token) if is_number(token) else 0)
    grid = RectGrid(len(rows), width)
    return RunBoard(grid, tuple(white), tuple(down), tuple(across)), digits


class RunSums(GridGenre):
    """Implement ``build`` (and ``accept``, ``sat_encoding``): the board, its text, its
    pictures and its editor come from here."""

    top: ClassVar[int] = 9
    """The biggest digit; a clue is at most 1 + 2 + ... + ``top``."""
    place_marks = None
    keeps_open = True
    marking = "digits"
    text_width = 5  # a clue cell shows both sums: 17\3, at most 45\45

    @property
    def digits(self) -> int:
        """A white cell's domain: any digit 1..``top`` (bit d)."""
        return (1 << (self.top + 1)) - 2

    def domains(self, instance: RunBoard) -> list[int]:
        """Every cell's root domain: the digits in a white cell, 0 alone in a black one."""
        digits = self.digits
        return [digits if w else BLACK for w in instance.white]

    def parse(self, block: Block) -> RunBoard:
        return read_run_board(block, self.top)[0]

    def parse_state(self, instance: RunBoard, block: Block) -> list[int]:
        board, digits = read_run_board(block, self.top)
        if board.key != instance.key:
            raise block.error(0, 0, "the state's black cells and clues differ from the puzzle's")
        return [1 << d if d else (self.digits if w else BLACK) for d, w in zip(digits, instance.white)]

    def houses(self, instance: RunBoard) -> Houses:
        runs = [House("run", run.cells) for run in instance.runs]
        return Houses(instance.grid, runs, self.top, "." + "".join(map(str, range(1, self.top + 1))))

    def finished(self, instance: RunBoard, dom: Sequence[int]) -> list[int]:
        return fixed_values(dom)

    def write(self, instance: RunBoard, dom: Sequence[int] | None = None) -> list[str]:
        tokens, cols = instance.tokens(fixed_values(dom) if dom is not None else None), instance.grid.cols
        width = max(len(t) for t in tokens)
        return [" ".join(t.ljust(width) for t in tokens[r : r + cols]).rstrip() for r in range(0, len(tokens), cols)]

    def describe_step(self, instance: RunBoard, var: int, mask: int) -> str:
        return number_step(instance.grid, var, mask)

    def paint(
        self, instance: RunBoard, dom: Sequence[int] | None, canvas: Canvas, tones: dict[int, Tone], crosses: bool
    ) -> None:
        """Black cells cut by a diagonal, the down clue below it and the across one above
        (``split``), the digits in the white ones."""
        for cell, token in enumerate(instance.tokens(fixed_values(dom) if dom is not None else None)):
            tone = tones.get(cell, "normal")
            if not instance.white[cell]:
                canvas.split(cell, str(instance.down[cell] or ""), str(instance.across[cell] or ""), tone)
            elif token != ".":
                canvas.clue(cell, token, tone)
            else:
                canvas.open(cell, tone)

    @staticmethod
    def board_of(grid: RectGrid, white: Sequence[bool], runs: Sequence[Run]) -> RunBoard:
        """The board whose runs have these totals (each on its clue cell)."""
        down, across = [0] * grid.n_cells, [0] * grid.n_cells
        for run in runs:
            (across if run.across else down)[run.clue] = run.total or 0
        board = RunBoard(grid, tuple(white), tuple(down), tuple(across))
        if all(run.total and run.clue >= 0 for run in runs):
            board.__dict__["runs"] = list(runs)  # what ``RunBoard.runs`` would find again
        return board

    def blank(self, cols: int, rows: int) -> RunBoard:
        """White cells inside a black first row and column, where the edge runs' clues go."""
        white = tuple(r > 0 and c > 0 for r in range(rows) for c in range(cols))
        return RunBoard(RectGrid(rows, cols), white, (0,) * (rows * cols), (0,) * (rows * cols))

    def clue_spots(self, instance: RunBoard) -> list[ClueSpot]:
        """Two spots per cell, position ``(cell, across)``: the lower-left half holds the down
        clue, the upper-right the across one (where ``split`` draws them).  A click cycles
        None (a white cell), 0 (black, no clue in this half) and the totals the run after
        that half can make; a number typed may be any up to 1 + 2 + ... + ``top``."""
        out = []
        for cell in range(instance.grid.n_cells):
            (x0, y0), (x1, _), (_, y1), _ = self.cell_outline(instance, cell)
            for across in (False, True):
                n, now = instance.run_after(cell, across), _half(instance, cell, across)
                sums = range(n * (n + 1) // 2, n * (2 * self.top + 1 - n) // 2 + 1) if 0 < n <= self.top else ()
                values = (None, 0, *sums, *((now,) if now and now not in sums else ()))
                half = ((x0, y0), (x1, y0), (x1, y1)) if across else ((x0, y0), (x1, y1), (x0, y1))
                out.append(ClueSpot((cell, across), values, half, now))
        return out

    def clue_positions(self, instance: RunBoard) -> list[tuple[int, bool]]:
        """For the analyzer: each half of a black cell with a run after it, given or not
        (a clue there says the run's sum; the board's black cells stay as drawn)."""
        return [
            (cell, across)
            for cell in range(instance.grid.n_cells)
            if not instance.white[cell]
            for across in (False, True)
            if instance.run_after(cell, across)
        ]

    def clue_at(self, instance: RunBoard, position: tuple[int, bool]) -> int | None:
        """The half's clue; None on a white cell or a black half without one."""
        return _half(instance, *position) or None

    def with_clue(self, instance: RunBoard, position: tuple[int, bool], clue: int | None) -> RunBoard:
        """The black cell's half given ``clue`` (None: none), the cell kept black."""
        return self.edit_clue(instance, position, clue or 0)

    def clue_of_solution(self, instance: RunBoard, position: tuple[int, bool], values: Sequence[int]) -> int:
        """The sum of the solution's digits in the run after the half."""
        cell, across = position
        step = 1 if across else instance.grid.cols
        return sum(values[cell + step * k] for k in range(1, instance.run_after(cell, across) + 1))

    def clue_values(self, instance: RunBoard, position: tuple[int, bool]) -> range:
        """The sums distinct digits 1..``top`` make in a run of the half's length."""
        n = min(instance.run_after(*position), self.top)
        return range(n * (n + 1) // 2, n * (2 * self.top + 1 - n) // 2 + 1)

    def clue_name(self, instance: RunBoard, position: tuple[int, bool]) -> str:
        """``r2c3 across`` or ``r2c3 down``."""
        cell, across = position
        return f"{instance.grid.name(cell)} {'across' if across else 'down'}"

    def edit_clue(self, instance: RunBoard, position: tuple[int, bool], value: int | None) -> RunBoard:
        """None makes the cell white (both its clues go); a number makes it black with that
        clue in the half (0: none), the other half's clue kept.  UsageError for a clue no run
        can make (the parser would say so too, but after the word rule's note on a first row
        that starts with ``#``)."""
        cell, across = position
        most = self.top * (self.top + 1) // 2
        if value is not None and not 0 <= value <= most:
            raise UsageError(f"a run adds up to {most} at most (1+2+...+{self.top}), not {value}")
        clues = [list(instance.down), list(instance.across)]
        white = list(instance.white)
        white[cell] = value is None
        clues[0][cell] = 0 if value is None else instance.down[cell] if across else value
        clues[1][cell] = 0 if value is None else value if across else instance.across[cell]
        return RunBoard(instance.grid, tuple(white), tuple(clues[0]), tuple(clues[1]))


def _half(instance: RunBoard, cell: int, across: bool) -> int | None:
    """None on a white cell, else the half's clue (0: none), as the editor's spots show it."""
    return None if instance.white[cell] else (instance.across if across else instance.down)[cell]
