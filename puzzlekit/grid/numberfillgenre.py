"""``NumberFill``: a ``GridGenre`` base for number-fill genres, whose puzzle is a given number
(or none) per cell and whose answer is a number in every cell (Fillomino).

It gives the board (``FillBoard``: givens and the largest number allowed, ``# largest:``),
its level text (numbers, ``.`` none; a state puts the player's numbers in front, ``|``
between), ``accept`` from the region rule and the givens, pictures with walls between
regions, the SAT twin, the generator's one model (``clue_model``: ``GivenCells`` on the
board built without givens), the clues for generators and setters, and small boards for
the harness.  A genre adds its ladder (``build``, whose first rule is the region rule) and
its ``generate``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from puzzlekit.core.lookahead import Lookahead
from puzzlekit.core.model import Violation, fixed_values
from puzzlekit.core.rng import Rng
from puzzlekit.engines.encoding import SatEncoding
from puzzlekit.errors import LevelErrors
from puzzlekit.formats.level import Block, is_number
from puzzlekit.genre import ClueSpot, Place
from puzzlekit.grid.genre import Canvas, GridGenre
from puzzlekit.grid.layers import join_layers, meta_number, meta_rows, read_layered
from puzzlekit.grid.numberfill import (
    GivenCells,
    NumberGivens,
    given_mask,
    number_step,
    open_domains,
    paint_numbers,
    random_regions,
    size_violations,
    sized_regions_twin,
)
from puzzlekit.grid.text import read_grid, write_grid
from puzzlekit.grid.topology import RectGrid
from puzzlekit.pictures.theme import Tone

NUMBERS = range(1, 1000)
CELLS = {".": "a cell without a number"}
PAD_TOP = 30
"""The largest number the browser's page plays (its masks are 32-bit)."""


@dataclass(frozen=True)
class FillBoard:
    grid: RectGrid
    givens: tuple[int, ...]
    """Per cell, its given number or 0."""
    largest: int
    """The largest region allowed: the cell count, unless the level says less (``# largest:``)."""

    @property
    def bound(self) -> bool:
        return self.largest < self.grid.n_cells


def parse_fill(block: Block) -> tuple[FillBoard, list[str] | None]:
    """The board and, for a state, its numbers (``numbers | givens``), one token per cell."""
    marks, (clue_layer,) = read_layered(block, ("givens",), marks="numbers")
    clues = read_grid(clue_layer, CELLS, numbers=NUMBERS, separated=any(" " in r for r in clue_layer.rows))
    grid = clues.grid
    largest = meta_number(block, "largest", grid.n_cells, range(1, grid.n_cells + 1))
    givens = tuple(int(t) if is_number(t) else 0 for t in clues.tokens)
    for cell, g in enumerate(givens):
        if g > largest:
            raise clues.error(cell, f"a {g} needs {g} cells, but regions here have {largest} at most")
    numbers = None
    if marks is not None:
        shown = read_grid(marks, CELLS, numbers=NUMBERS, separated=any(" " in r for r in marks.rows))
        if (shown.grid.rows, shown.grid.cols) != (grid.rows, grid.cols):
            raise marks.error(
                0, 0, f"the numbers are {shown.grid.cols}x{shown.grid.rows}, the board {grid.cols}x{grid.rows}"
            )
        numbers = list(shown.tokens)
    return FillBoard(grid, givens, largest), numbers


class NumberFill(GridGenre):
    """Implement ``build`` (the region rule first among ``rules``) and ``generate``."""

    keeps_open = True
    marking = "digits"
    place_marks = None
    walled = True
    generate_options: ClassVar[frozenset[str] | None] = frozenset()

    def parse(self, block: Block) -> FillBoard:
        return LevelErrors.run(lambda: parse_fill(block)[0], lambda: self.check_flags(block))

    def clue_model(self, instance: FillBoard) -> NumberGivens:
        """One model for every clue set the generator tries: built for the board without
        givens, which ``GivenCells`` (first) puts back as they stand; the lookaheads read
        them too."""
        model = self.build(replace(instance, givens=(0,) * instance.grid.n_cells))
        index = model.add(GivenCells(self.rules[0], instance.grid, instance.givens, instance.largest))
        looks = [i for i, p in enumerate(model.propagators) if isinstance(p, Lookahead)]
        return NumberGivens(model, index, lambda givens: replace(instance, givens=givens), looks)

    def sat_encoding(self, instance: FillBoard) -> SatEncoding:
        """From the rule alone (``sized_regions_twin``): a SAT variable per cell and number."""
        return sized_regions_twin(instance.grid, given_mask(instance.givens, instance.largest), instance.largest)

    def accept(self, instance: FillBoard, values: Sequence[int]) -> list[Violation]:
        """Regions whose size is not their number, numbers over ``largest``, givens changed."""
        grid, found = instance.grid, size_violations(instance.grid, values)
        for cell, (g, v) in enumerate(zip(instance.givens, values)):
            if (g and v != g) or v > instance.largest:
                says = f"{grid.name(cell)} holds {v}, " + (f"not its given {g}" if g else f"over {instance.largest}")
                found.append(Violation("given", says, (cell,), cells=(cell,)))
        return found

    def finished(self, instance: FillBoard, dom: Sequence[int]) -> list[int]:
        """An empty cell stays empty (0): ``check`` calls that unfinished, not wrong."""
        return fixed_values(dom)

    def parse_state(self, instance: FillBoard, block: Block) -> list[int]:
        board, numbers = parse_fill(block)
        if board.givens != instance.givens:
            raise block.error(0, 0, "the state's givens differ from the puzzle's")
        full = open_domains(instance.grid, instance.givens, instance.largest)
        if numbers is None:
            return full
        return [1 << int(t) if is_number(t) and int(t) <= instance.largest else d for t, d in zip(numbers, full)]

    def write(self, instance: FillBoard, dom: Sequence[int] | None = None) -> list[str]:
        grid = instance.grid
        tokens = [str(g) if g else "." for g in instance.givens]
        rows = write_grid(grid, tokens, separated=any(g > 9 for g in instance.givens))
        if dom is not None:
            shown = [str(v) if v else "." for v in fixed_values(dom)]
            rows = join_layers(write_grid(grid, shown, separated=any(len(t) > 1 for t in shown)), rows)
        return meta_rows({"largest": instance.largest} if instance.bound else {}) + rows

    def describe_step(self, instance: FillBoard, var: int, mask: int) -> str:
        return number_step(instance.grid, var, mask)

    def paint(
        self, instance: FillBoard, dom: Sequence[int] | None, canvas: Canvas, tones: dict[int, Tone], crosses: bool
    ) -> None:
        """Givens in ink, the player's numbers in the answer colour, walls between regions."""
        shown = fixed_values(dom) if dom is not None else list(instance.givens)
        paint_numbers(canvas, instance.grid, instance.givens, shown, tones, walls=True)

    def places(self, instance: FillBoard) -> list[Place]:
        """Every cell, unless an open cell may hold more than ``PAD_TOP``: then the board is
        not played in the browser."""
        places = super().places(instance)
        return [] if any(p.marks[0] >> (PAD_TOP + 1) for p in places) else places

    def small_board(self, rng: Rng) -> FillBoard:
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
        return FillBoard(grid, tuple(givens), largest)

    def clue_positions(self, instance: FillBoard) -> list[int]:
        return list(range(instance.grid.n_cells))

    def clue_at(self, instance: FillBoard, position: int) -> int | None:
        return instance.givens[position] or None

    def with_clue(self, instance: FillBoard, position: int, clue: int | None) -> FillBoard:
        givens = (*instance.givens[:position], clue or 0, *instance.givens[position + 1 :])
        return replace(instance, givens=givens)

    def clue_of_solution(self, instance: FillBoard, position: int, values: Sequence[int]) -> int:
        return values[position]

    def clue_spots(self, instance: FillBoard) -> list[ClueSpot]:
        return self.cell_spots(instance, (None, *range(1, min(instance.largest, 9) + 1)))


__all__ = ["CELLS", "NUMBERS", "FillBoard", "NumberFill", "parse_fill"]
