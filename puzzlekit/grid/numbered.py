"""``NumberedShading``: a ``GridGenre`` base for shading genres whose puzzle is a number (or
none) per cell and whose answer is which cells are shaded (Hitori, Kurodoko).

It gives the level text (one number per cell, ``.`` none, space-separated once a number has
two digits; a state puts ``#``/``o``/``.`` marks in front, ``|`` between), the state's
marks, pictures (numbers on every cell, white on a shaded one), the editor's clues (a
number per cell), a random shading for generators, and the rules every such genre shares
as judges (``touching_and_split``).  A genre adds its ladder (``build``), its own judge and
its SAT twin.  Variable ``c`` is cell ``c``'s boolean (1 shaded).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from puzzlekit.core.model import BOOL, FALSE, TRUE, Violation
from puzzlekit.core.rng import Rng
from puzzlekit.errors import LevelErrors
from puzzlekit.formats.level import Block, is_number
from puzzlekit.genre import ClueSpot
from puzzlekit.grid.genre import Canvas, GridGenre
from puzzlekit.grid.layers import join_layers, read_layered, read_marks
from puzzlekit.grid.shading import Shading, settle_area_only, shading_marks, split, touching
from puzzlekit.grid.text import read_grid, write_grid
from puzzlekit.grid.topology import RectGrid
from puzzlekit.pictures.theme import Tone

MARKS = {"#": TRUE, "o": FALSE, ".": BOOL}
MARK_WORDS = {"#": "shaded", "o": "unshaded", ".": "unmarked"}
CELLS = {".": "a cell without a number"}
UNMARKED = 2
"""The value ``accept`` reads as a cell not marked yet (the browser's live check): never
shaded, not yet unshaded."""


@dataclass(frozen=True)
class NumberBoard:
    grid: RectGrid
    numbers: tuple[int | None, ...]
    """Per cell its number, None for a cell without one."""


class NumberedShading(GridGenre):
    """Implement ``build`` (and ``sat_encoding``, ``accept`` from ``touching_and_split``)."""

    numbers: ClassVar[range] = range(1, 1000)
    """The numbers a cell may hold."""
    open_value = UNMARKED
    generate_options: ClassVar[frozenset[str] | None] = frozenset()

    def parse_board(self, block: Block) -> tuple[NumberBoard, list[str] | None]:
        """The board and, for a state, its marks (``marks | numbers``), one per cell."""
        marks, (layer,) = read_layered(block, ("numbers",))
        cells = read_grid(layer, CELLS, numbers=self.numbers, separated=any(" " in r for r in layer.rows))
        board = NumberBoard(cells.grid, tuple(int(t) if is_number(t) else None for t in cells.tokens))
        return board, read_marks(marks, MARK_WORDS, cells.grid)

    def parse(self, block: Block) -> NumberBoard:
        return LevelErrors.run(lambda: self.parse_board(block)[0], lambda: self.check_flags(block))

    def parse_state(self, instance: NumberBoard, block: Block) -> list[int]:
        board, marks = self.parse_board(block)
        if board.numbers != instance.numbers or board.grid.cols != instance.grid.cols:
            raise block.error(0, 0, "the state's numbers differ from the puzzle's")
        return [BOOL] * instance.grid.n_cells if marks is None else [MARKS[t] for t in marks]

    def write(self, instance: NumberBoard, dom: Sequence[int] | None = None) -> list[str]:
        grid = instance.grid
        tokens = ["." if n is None else str(n) for n in instance.numbers]
        layers = [write_grid(grid, tokens, separated=any(len(t) > 1 for t in tokens))]
        if dom is not None:
            layers.insert(0, write_grid(grid, shading_marks(dom)))
        return join_layers(*layers)

    def touching_and_split(self, instance: NumberBoard, values: Sequence[int]) -> list[Violation]:
        """Touching shaded cells and unshaded cells in several pieces (an ``UNMARKED``
        cell may join them)."""
        grid = instance.grid
        found = touching(grid, lambda c: values[c] == 1, "shaded cells")
        return found + split(grid, lambda c: values[c] != 1, "unshaded cells")

    def describe_step(self, instance: NumberBoard, var: int, mask: int) -> str:
        return f"{self.describe(instance, var)} is {'shaded' if mask == TRUE else 'unshaded'}"

    def paint(
        self, instance: NumberBoard, dom: Sequence[int] | None, canvas: Canvas, tones: dict[int, Tone], crosses: bool
    ) -> None:
        for cell, n in enumerate(instance.numbers):
            tone, text = tones.get(cell, "normal"), "" if n is None else str(n)
            d = dom[cell] if dom is not None else BOOL
            if d == TRUE:
                canvas.black(cell, text, tone)
            elif text:
                canvas.clue(cell, text, tone)
            elif d == FALSE and (crosses or BOOL not in (dom or ())):
                canvas.dotted(cell, tone)
            else:
                canvas.open(cell, tone)

    @staticmethod
    def shading(grid: RectGrid, rng: Rng, skip: tuple[int, int] = (0, 1), local: bool = False) -> set[int]:
        """A random shading for a generator: cells in random order, each shaded when none
        beside it is and the rest stay one area (passed over with the chance ``skip``).
        The area is checked round the cell's eight neighbours (``Shading.may``), not by a
        flood of the board per cell: the same shading, 40% of a 20x20 Hitori's time before.
        ``local``: then moved until no unshaded cell needs the whole area to be decided
        (``settle_area_only``), for a difficulty below the area rule."""
        order, shading = list(range(grid.n_cells)), Shading(grid)
        rng.shuffle(order)
        for cell in order:
            if any(shading.values[n] for n in grid.neighbours[cell]) or (skip[0] and rng.chance(*skip)):
                continue
            if grid.n_cells > 1 and shading.may(cell):
                shading.shade(cell)
        if local and grid.n_cells > 1:
            settle_area_only(shading, rng)
        return {c for c, v in enumerate(shading.values) if v}

    def clue_spots(self, instance: NumberBoard) -> list[ClueSpot]:
        """A spot on every cell, a click cycling its number from 1 to the board's longer side."""
        return self.cell_spots(instance, (None, *range(1, max(instance.grid.rows, instance.grid.cols) + 1)))

    def clue_at(self, instance: NumberBoard, position: int) -> int | None:
        return instance.numbers[position]

    def with_clue(self, instance: NumberBoard, position: int, clue: int | None) -> NumberBoard:
        numbers = (*instance.numbers[:position], clue, *instance.numbers[position + 1 :])
        return NumberBoard(instance.grid, numbers)
