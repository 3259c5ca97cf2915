"""Fillomino: write a number in every cell so that each region (neighbouring cells holding
the same number) of ``n`` cells holds ``n``; no two regions of one size touch, and regions
without a given number are allowed.  Built on the grid toolkit and the public API only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Block, ClueSpot, Model, Place, Rule, Rung, Violation, bundled_examples
from puzzlekit.core import Lookahead, fixed_values
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import SatEncoding
from puzzlekit.errors import LevelErrors
from puzzlekit.grid import (
    Canvas,
    GivenCells,
    GridGenre,
    NumberGivens,
    RectGrid,
    RoomToGrow,
    add_sized_regions,
    given_mask,
    join_layers,
    meta_number,
    meta_rows,
    number_step,
    numbers_text,
    open_domains,
    paint_numbers,
    random_regions,
    read_grid,
    read_layered,
    size_violations,
    sized_regions_twin,
    write_grid,
)
from puzzlekit.pictures import Tone

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

NUMBERS = range(1, 1000)
PAD_TOP = 30
CLUES = {".": "a cell without a number"}
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


@dataclass(frozen=True)
class Board:
    grid: RectGrid
    givens: tuple[int, ...]
    """Per cell, its given number or 0."""
    largest: int
    """The largest region allowed: the cell count, unless the level says less (``# largest:``)."""

    @property
    def bound(self) -> bool:
        return self.largest < self.grid.n_cells


def parse_board(block: Block) -> tuple[Board, list[str] | None]:
    """The board and, for a state, its numbers (``numbers | givens``), one token per cell."""
    marks, (clue_layer,) = read_layered(block, ("givens",), marks="numbers")
    clues = read_grid(clue_layer, CLUES, numbers=NUMBERS, separated=any(" " in r for r in clue_layer.rows))
    grid = clues.grid
    largest = meta_number(block, "largest", grid.n_cells, range(1, grid.n_cells + 1))
    givens = tuple(int(t) if t.isdigit() else 0 for t in clues.tokens)
    for cell, g in enumerate(givens):
        if g > largest:
            raise clues.error(cell, f"a {g} needs {g} cells, but regions here have {largest} at most")
    numbers = None
    if marks is not None:
        shown = read_grid(marks, CLUES, numbers=NUMBERS, separated=any(" " in r for r in marks.rows))
        if (shown.grid.rows, shown.grid.cols) != (grid.rows, grid.cols):
            raise marks.error(
                0, 0, f"the numbers are {shown.grid.cols}x{shown.grid.rows}, the board {grid.cols}x{grid.rows}"
            )
        numbers = list(shown.tokens)
    return Board(grid, givens, largest), numbers


class Fillomino(GridGenre):
    name = "fillomino"
    aliases = ("filling",)
    summary = "Write a number in every cell: each region of n equal neighbouring numbers has n cells."
    ladder = LADDER
    rules = (SIZES, ROOM, TRIAL, DEEP)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2, "hard": 3}
    top_deduction: ClassVar[int | None] = 3
    """Hard is proven by deduction up to trial, so it needs exactly trial."""
    generate_options: ClassVar[frozenset[str] | None] = frozenset()
    place_marks = None
    keeps_open = True
    marking = "digits"
    bad_levels = ("x.\n", "4 . .\n", "5.\n", "..\n...\n", "x | 1\n. | .\n", "# largest: 0\n1.\n")

    def parse(self, block: Block) -> Board:
        return LevelErrors.run(lambda: parse_board(block)[0], lambda: self.check_flags(block))

    def build(self, instance: Board) -> Model:
        grid = instance.grid
        model = Model(LADDER, domains=open_domains(grid, instance.givens, instance.largest))
        add_sized_regions(model, SIZES, grid)
        model.add(RoomToGrow(ROOM, grid))
        for rule in (TRIAL, DEEP):
            model.add(Lookahead(rule, probe_rung=rule.rung - 2, describe=numbers_text))
        model.leaf_check = lambda values: not size_violations(grid, values)
        return model

    def clue_model(self, instance: Board) -> NumberGivens:
        """One model for every clue set the generator tries: built for the board without
        givens, which ``GivenCells`` (first) puts back as they stand."""
        blank = replace(instance, givens=(0,) * instance.grid.n_cells)
        model = self.build(blank)
        index = model.add(GivenCells(SIZES, instance.grid, instance.givens, instance.largest))
        return NumberGivens(model, index, lambda givens: replace(instance, givens=givens), [index - 2, index - 1])

    def sat_encoding(self, instance: Board) -> SatEncoding:
        """From the rule alone (``sized_regions_twin``): a SAT variable per cell and number."""
        return sized_regions_twin(instance.grid, given_mask(instance.givens, instance.largest), instance.largest)

    def accept(self, instance: Board, values: Sequence[int]) -> list[Violation]:
        """Regions whose size is not their number, numbers over ``largest``, givens changed."""
        grid, found = instance.grid, size_violations(instance.grid, values)
        for cell, (g, v) in enumerate(zip(instance.givens, values)):
            if (g and v != g) or v > instance.largest:
                says = f"{grid.name(cell)} holds {v}, " + (f"not its given {g}" if g else f"over {instance.largest}")
                found.append(Violation("given", says, (cell,), cells=(cell,)))
        return found

    def finished(self, instance: Board, dom: Sequence[int]) -> list[int]:
        """An empty cell stays empty (0): ``check`` calls that unfinished, not wrong."""
        return fixed_values(dom)

    def parse_state(self, instance: Board, block: Block) -> list[int]:
        board, numbers = parse_board(block)
        if board.givens != instance.givens:
            raise block.error(0, 0, "the state's givens differ from the puzzle's")
        full = open_domains(instance.grid, instance.givens, instance.largest)
        if numbers is None:
            return full
        return [1 << int(t) if t.isdigit() and int(t) <= instance.largest else d for t, d in zip(numbers, full)]

    def write(self, instance: Board, dom: Sequence[int] | None = None) -> list[str]:
        grid = instance.grid
        tokens = [str(g) if g else "." for g in instance.givens]
        rows = write_grid(grid, tokens, separated=any(g > 9 for g in instance.givens))
        if dom is not None:
            shown = [str(v) if v else "." for v in fixed_values(dom)]
            rows = join_layers(write_grid(grid, shown, separated=any(len(t) > 1 for t in shown)), rows)
        return meta_rows({"largest": instance.largest} if instance.bound else {}) + rows

    def describe_step(self, instance: Board, var: int, mask: int) -> str:
        return number_step(instance.grid, var, mask)

    def paint(
        self, instance: Board, dom: Sequence[int] | None, canvas: Canvas, tones: dict[int, Tone], crosses: bool
    ) -> None:
        """Givens in ink, the player's numbers in the answer colour, walls between regions."""
        shown = fixed_values(dom) if dom is not None else list(instance.givens)
        paint_numbers(canvas, instance.grid, instance.givens, shown, tones, walls=True)

    walled = True

    def places(self, instance: Board) -> list[Place]:
        """Every cell, unless an open cell may hold more than 30 (the page's masks are 32-bit):
        then the board is not played in the browser."""
        places = super().places(instance)
        return [] if any(p.marks[0] >> (PAD_TOP + 1) for p in places) else places

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    # -- generating, clues for setters, small boards for the harness ----------------------

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

    def small_board(self, rng: Rng) -> Board:
        """Up to 3x3, from random regions, with a few open cells (at most 2^16 fillings),
        sometimes a given changed or the largest region lowered."""
        grid = RectGrid(rng.between(1, 3), rng.between(1, 3))
        n = grid.n_cells
        values = random_regions(grid, rng, min(n, 4)) or [1] * n
        cells = list(range(n))
        rng.shuffle(cells)
        open_count = min(n, {1: 1, 2: 2, 3: 3, 4: 4, 6: 6, 9: 4}[n])
        givens = [0 if c in cells[: rng.between(0, open_count)] else values[c] for c in range(n)]
        if rng.chance(1, 4):
            givens[cells[-1]] = rng.between(1, n)
        largest = n if rng.chance(3, 4) else max([1, *givens])
        return Board(grid, tuple(givens), largest)

    def clue_positions(self, instance: Board) -> list[int]:
        return list(range(instance.grid.n_cells))

    def clue_at(self, instance: Board, position: int) -> int | None:
        return instance.givens[position] or None

    def with_clue(self, instance: Board, position: int, clue: int | None) -> Board:
        givens = (*instance.givens[:position], clue or 0, *instance.givens[position + 1 :])
        return replace(instance, givens=givens)

    def clue_of_solution(self, instance: Board, position: int, values: Sequence[int]) -> int:
        return values[position]

    def clue_spots(self, instance: Board) -> list[ClueSpot]:
        return self.cell_spots(instance, (None, *range(1, min(instance.largest, 9) + 1)))
