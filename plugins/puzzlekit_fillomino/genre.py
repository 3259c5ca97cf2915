"""Fillomino: write a number in every cell so that each region (neighbouring cells holding
the same number) of ``n`` cells holds ``n``; no two regions of one size touch, and regions
without a given number are allowed.  Built on the grid toolkit (``NumberFill``) and the
public API only."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Model, Rule, Rung, bundled_examples
from puzzlekit.core import Lookahead
from puzzlekit.core.rng import Rng
from puzzlekit.grid import (
    FillBoard,
    NumberFill,
    RectGrid,
    RoomToGrow,
    add_sized_regions,
    numbers_text,
    open_domains,
    random_regions,
    size_violations,
)

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

Board = FillBoard
MADE_LARGEST = 9
"""The largest region the generator draws (Tatham's Filling draws up to 9, fewer on small boards)."""
LADDER = (
    Rung(1, "complete regions", "a region with its cells is closed off; one with one way out grows through it"),
    Rung(2, "room to grow", "a number needs as many cells that could hold it; joined regions must not grow too big"),
    Rung(3, "trial", "a number whose placing makes the regions contradict at once is ruled out"),
    Rung(4, "deep trial", "a number whose placing makes rungs 1-2 contradict is ruled out"),
)
SIZES = Rule("region-size", 1, "Each region of n cells holds n: full ones are closed off, short ones must grow.")
ROOM = Rule("room", 2, "A cell can hold n only where n cells could hold n together, joining no more than n.")
TRIAL = Rule("trial", 3, "If a number in a cell made the region rule (rung 1) contradict, the cell holds another.")
DEEP = Rule("deep-trial", 4, "If a number in a cell made the rules of rungs 1-2 contradict, the cell holds another.")


class Fillomino(NumberFill):
    name = "fillomino"
    aliases = ("filling",)
    summary = "Write a number in every cell: each region of n equal neighbouring numbers has n cells."
    ladder = LADDER
    rules = (SIZES, ROOM, TRIAL, DEEP)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2, "hard": 3}
    top_deduction: ClassVar[int | None] = 3
    """Hard is proven by deduction up to trial, so it needs exactly trial."""
    bad_levels = ("x.\n", "4 . .\n", "5.\n", "..\n...\n", "x | 1\n. | .\n", "# largest: 0\n1.\n")

    def build(self, instance: Board) -> Model:
        grid = instance.grid
        model = Model(LADDER, domains=open_domains(grid, instance.givens, instance.largest))
        add_sized_regions(model, SIZES, grid)
        model.add(RoomToGrow(ROOM, grid))
        for rule in (TRIAL, DEEP):
            model.add(Lookahead(rule, probe_rung=rule.rung - 2, describe=numbers_text))
        model.leaf_check = lambda values: not size_violations(grid, values)
        return model

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    def generate(self, request: GenerateRequest, rng: Rng) -> Board | None:
        """Random regions of 1 to 9 cells (``random_regions``), every cell given, then givens
        blanked while the board stays unique at the difficulty (hard: at medium, then ``harden``
        at trial, fewest left open first), under the full rules (any region size: ``largest`` is
        the cell count), on one model (``clue_model``)."""
        from puzzlekit.generation import ClueTrials, harden, reduce_clues, target_rung

        grid, rung = RectGrid(request.rows, request.cols), target_rung(self, request.difficulty)
        values = random_regions(grid, rng, min(max(grid.rows, grid.cols, 3), MADE_LARGEST, grid.n_cells))
        if values is None:
            return None
        trials = ClueTrials(self, Board(grid, tuple(values), grid.n_cells), request.max_nodes, request.deadline)
        made: Board = reduce_clues(
            self, trials.instance, [[c] for c in range(grid.n_cells)], min(rung, 2), rng, trials=trials
        )
        if rung == 3:
            made = harden(trials, [[c] for c, g in enumerate(made.givens) if g], 3, rng, patience=0, rank=True)
        return made
