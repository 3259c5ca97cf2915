"""Kakuro: write a digit 1-9 in every white cell so that each run of white cells across or
down adds up to the clue in the black cell before it and holds no digit twice.  Built on
the grid toolkit (``grid.sums`` for the run sums, ``grid.units`` for distinct digits)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Block, Model, Rule, Rung, Violation, bundled_examples
from puzzlekit.core import Lookahead, fixed_values
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import SatEncoding
from puzzlekit.grid import (
    Canvas,
    GridGenre,
    House,
    Houses,
    NakedSingle,
    RectGrid,
    Run,
    RunDigit,
    RunSum,
    number_step,
    numbers_text,
    run_sums_twin,
    run_violations,
    runs_of,
)
from puzzlekit.pictures import Tone

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

DIGITS = (1 << 10) - 2
"""A white cell's domain: any digit 1-9 (bit d)."""
BLACK = 1
"""A black cell's domain: 0 alone."""
TOKEN = re.compile(r"\S+")
CLUE = re.compile(r"(\d*)\\(\d*)")
LADDER = (
    Rung(
        1, "sums and repeats", "a run keeps the digits of the sets that add up to its clue; a digit is used once a run"
    ),
    Rung(2, "needed digits", "a digit every digit set of a run holds goes in the one cell that can take it"),
    Rung(3, "trial", "a digit whose placing makes the sums contradict is ruled out"),
)
SUMS = Rule("run-sum", 1, "A run's digits add up to its clue: each cell keeps the digits of the sets that still fit.")
REPEATS = Rule("repeat", 1, "A digit placed in a run leaves every other cell of that run.")
NEEDED = Rule(
    "needed-digit", 2, "A digit that every digit set left to a run holds goes in its one cell that can take it."
)
TRIAL = Rule("trial", 3, "If a digit in a cell made the sums contradict, the cell holds another.")


@dataclass(frozen=True)
class Board:
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


def parse_board(block: Block) -> tuple[Board, list[int]]:
    """The board and the digits written in its white cells (0: none), one token per cell:
    ``.`` white, ``#`` black, ``D\\A`` a black cell with a down and an across clue (either
    may be left out), a digit 1-9 a white cell holding it (a state)."""
    rows = [[(m.start(), m.group()) for m in TOKEN.finditer(row)] for row in block.rows]
    if not rows or not rows[0]:
        raise block.error(0, 0, "expected a board: rows of '.', '#', '4\\12' or digits")
    width = len(rows[0])
    white, down, across, digits = [], [], [], []
    for r, row in enumerate(rows):
        if len(row) != width:
            raise block.error(r, row[-1][0] if row else 0, f"ragged row: expected {width} cells, found {len(row)}")
        for col, token in row:
            clue = CLUE.fullmatch(token)
            if clue:
                d, a = (int(x) if x else 0 for x in clue.groups())
                if not (d <= 45 and a <= 45):
                    raise block.error(r, col, f"a run adds up to 45 at most (1+2+...+9), found {token!r}")
            elif token not in (".", "#") and not (len(token) == 1 and "1" <= token <= "9"):
                raise block.error(r, col, f"expected '.', '#', a clue like '4\\12' or a digit 1-9, found {token!r}")
            white.append(not clue and token != "#")
            down.append(d if clue else 0)
            across.append(a if clue else 0)
            digits.append(int(token) if token.isdigit() else 0)
    grid = RectGrid(len(rows), width)
    return Board(grid, tuple(white), tuple(down), tuple(across)), digits


class Kakuro(GridGenre):
    name = "kakuro"
    aliases = ("cross-sums",)
    summary = "Digits 1-9 in the white cells: each run adds up to its clue, no digit twice in a run."
    ladder = LADDER
    rules = (SUMS, REPEATS, NEEDED, TRIAL)
    place_marks = None
    keeps_open = True
    marking = "digits"
    text_width = 5  # a clue cell shows both sums: 17\3, at most 45\45
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2, "hard": 3}
    top_deduction: ClassVar[int | None] = 3
    generate_options: ClassVar[frozenset[str] | None] = frozenset()
    bad_levels = ("x\n", ". .\n.\n", "46\\\n", "\\3 0\n")

    def parse(self, block: Block) -> Board:
        return parse_board(block)[0]

    def houses(self, instance: Board) -> Houses:
        runs = [House("run", run.cells) for run in instance.runs]
        return Houses(instance.grid, runs, 9, ".123456789")

    def build(self, instance: Board) -> Model:
        grid = instance.grid
        model = Model(LADDER, domains=[DIGITS if w else BLACK for w in instance.white])
        for run in instance.runs:
            if run.total is not None:
                model.add(RunSum(SUMS, grid, run))
                model.add(RunDigit(NEEDED, grid, run))
        houses = self.houses(instance)
        for cell in range(grid.n_cells):
            if instance.white[cell]:
                model.add(NakedSingle(REPEATS, houses, cell))
        model.add(Lookahead(TRIAL, probe_rung=2, describe=numbers_text))
        model.leaf_check = lambda values: not run_violations(grid, instance.runs, values)
        return model

    def sat_encoding(self, instance: Board) -> SatEncoding:
        """From the rule alone (``run_sums_twin``): a SAT variable per white cell and digit."""
        return run_sums_twin(instance.runs, instance.white)

    def accept(self, instance: Board, values: Sequence[int]) -> list[Violation]:
        """Runs with a digit twice or the wrong sum; empty white cells (unfinished)."""
        return run_violations(instance.grid, instance.runs, values, instance.white)

    def finished(self, instance: Board, dom: Sequence[int]) -> list[int]:
        return fixed_values(dom)

    def parse_state(self, instance: Board, block: Block) -> list[int]:
        board, digits = parse_board(block)
        if board.key != instance.key:
            raise block.error(0, 0, "the state's black cells and clues differ from the puzzle's")
        return [1 << d if d else (DIGITS if w else BLACK) for d, w in zip(digits, instance.white)]

    def tokens(self, instance: Board, dom: Sequence[int] | None = None) -> list[str]:
        """One token per cell: the clue cells as ``D\\A``, the white ones ``.`` or a digit."""
        values = fixed_values(dom) if dom is not None else [0] * instance.grid.n_cells
        out = []
        for c, w in enumerate(instance.white):
            d, a = instance.down[c], instance.across[c]
            out.append((str(values[c]) if values[c] else ".") if w else f"{d or ''}\\{a or ''}" if d or a else "#")
        return out

    def write(self, instance: Board, dom: Sequence[int] | None = None) -> list[str]:
        tokens, cols = self.tokens(instance, dom), instance.grid.cols
        width = max(len(t) for t in tokens)
        return [" ".join(t.ljust(width) for t in tokens[r : r + cols]).rstrip() for r in range(0, len(tokens), cols)]

    def describe_step(self, instance: Board, var: int, mask: int) -> str:
        return number_step(instance.grid, var, mask)

    def paint(
        self, instance: Board, dom: Sequence[int] | None, canvas: Canvas, tones: dict[int, Tone], crosses: bool
    ) -> None:
        """Black cells cut by a diagonal, the down clue below it and the across one above
        (``split``), the digits in the white ones."""
        tokens = self.tokens(instance, dom)
        for cell, token in enumerate(tokens):
            tone = tones.get(cell, "normal")
            if not instance.white[cell]:
                canvas.split(cell, str(instance.down[cell] or ""), str(instance.across[cell] or ""), tone)
            elif token != ".":
                canvas.clue(cell, token, tone)
            else:
                canvas.open(cell, tone)

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    def generate(self, request: GenerateRequest, rng: Rng) -> Board | None:
        """A layout and a fill climbed until the board needs the difficulty's rung (``generator``)."""
        from puzzlekit_kakuro.generator import generate

        made: Board | None = generate(self, request, rng)
        return made

    @staticmethod
    def board_of(grid: RectGrid, white: Sequence[bool], runs: Sequence[Run]) -> Board:
        """The board whose runs have these totals (each on its clue cell)."""
        down, across = [0] * grid.n_cells, [0] * grid.n_cells
        for run in runs:
            (across if run.across else down)[run.clue] = run.total or 0
        board = Board(grid, tuple(white), tuple(down), tuple(across))
        if all(run.total and run.clue >= 0 for run in runs):
            board.__dict__["runs"] = list(runs)  # what ``Board.runs`` would find again
        return board

    def small_board(self, rng: Rng) -> Board:
        """Up to 4x4 with a black first row and column: white cells at random (at most 4),
        and each run's clue the sum of random distinct digits, sometimes off by one."""
        rows, cols = rng.between(2, 4), rng.between(2, 4)
        grid = RectGrid(rows, cols)
        inner = [c for c in range(grid.n_cells) if c >= cols and c % cols]
        rng.shuffle(inner)
        chosen = set(inner[: rng.between(1, min(4, len(inner)))])
        white = tuple(c in chosen for c in range(grid.n_cells))
        down, across = [0] * grid.n_cells, [0] * grid.n_cells
        for run in runs_of(grid, white, {}, {}):
            if run.clue >= 0:
                digits = list(range(1, 10))
                rng.shuffle(digits)
                total = sum(digits[: len(run.cells)]) + (rng.between(-1, 1) if rng.chance(1, 4) else 0)
                (across if run.across else down)[run.clue] = max(1, total)
        return Board(grid, white, tuple(down), tuple(across))
