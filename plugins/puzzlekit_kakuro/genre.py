"""Kakuro: write a digit 1-9 in every white cell so that each run of white cells across or
down adds up to the clue in the black cell before it and holds no digit twice.  Built on
the grid toolkit: ``grid.runboard`` for the board, its text, pictures and editor,
``grid.sums`` for the run sums, ``grid.units`` for distinct digits."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Model, Rule, Rung, Violation, bundled_examples
from puzzlekit.core import Lookahead
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import SatEncoding
from puzzlekit.grid import (
    NakedSingle,
    RectGrid,
    RunBoard,
    RunDigit,
    RunSum,
    RunSums,
    numbers_text,
    run_sums_twin,
    run_violations,
    runs_of,
)

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

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


class Kakuro(RunSums):
    name = "kakuro"
    aliases = ("cross-sums",)
    summary = "Digits 1-9 in the white cells: each run adds up to its clue, no digit twice in a run."
    ladder = LADDER
    rules = (SUMS, REPEATS, NEEDED, TRIAL)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2, "hard": 3}
    top_deduction: ClassVar[int | None] = 3
    generate_options: ClassVar[frozenset[str] | None] = frozenset()
    bad_levels = ("x\n", ". .\n.\n", "46\\\n", "\\3 0\n")

    def build(self, instance: RunBoard) -> Model:
        grid = instance.grid
        model = Model(LADDER, domains=self.domains(instance))
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

    def sat_encoding(self, instance: RunBoard) -> SatEncoding:
        """From the rule alone (``run_sums_twin``): a SAT variable per white cell and digit."""
        return run_sums_twin(instance.runs, instance.white)

    def accept(self, instance: RunBoard, values: Sequence[int]) -> list[Violation]:
        """Runs with a digit twice or the wrong sum; empty white cells (unfinished)."""
        return run_violations(instance.grid, instance.runs, values, instance.white)

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    def generate(self, request: GenerateRequest, rng: Rng) -> RunBoard | None:
        """A layout and a fill climbed until the board needs the difficulty's rung (``generator``)."""
        from puzzlekit_kakuro.generator import generate

        made: RunBoard | None = generate(self, request, rng)
        return made

    def small_board(self, rng: Rng) -> RunBoard:
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
        return RunBoard(grid, white, tuple(down), tuple(across))
