"""``RegionShading``: a ``GridGenre`` base for shading genres whose puzzle is the board's
regions alone and whose answer is which cells are shaded (LITS, Norinori).

It gives the level text (the regions as letters, ``Regions.read``; a state puts
``#``/``o``/``.`` marks in front, ``|`` between), the state's marks, pictures (the walls
thick, the shading), the step's words and the editor's walls (``regions_of``,
``with_regions``, and an empty board of one region).  A genre adds its ladder (``build``), its judge
(``accept``), its SAT twin and its generator.  Variable ``c`` is cell ``c``'s boolean (1
shaded).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzlekit.core.model import BOOL, TRUE
from puzzlekit.errors import LevelErrors
from puzzlekit.formats.level import Block
from puzzlekit.grid.genre import Canvas, GridGenre
from puzzlekit.grid.layers import join_layers, read_layered, read_marks
from puzzlekit.grid.numbered import MARK_WORDS, MARKS, UNMARKED
from puzzlekit.grid.regions import Regions
from puzzlekit.grid.shading import paint_shading, shading_marks
from puzzlekit.grid.text import write_grid
from puzzlekit.grid.topology import RectGrid
from puzzlekit.pictures.theme import Tone


@dataclass(frozen=True)
class RegionBoard:
    regions: Regions

    @property
    def grid(self) -> RectGrid:
        return self.regions.grid


class RegionShading(GridGenre):
    """Implement ``build``, ``accept`` (and ``sat_encoding``, ``generate``)."""

    walled = True
    open_value = UNMARKED

    def parse_board(self, block: Block) -> tuple[RegionBoard, list[str] | None]:
        """The board and, for a state, its marks (``marks | regions``), one per cell."""
        marks, (layer,) = read_layered(block, ("regions",))
        regions = Regions.read(layer)
        return RegionBoard(regions), read_marks(marks, MARK_WORDS, regions.grid)

    def parse(self, block: Block) -> RegionBoard:
        return LevelErrors.run(lambda: self.parse_board(block)[0], lambda: self.check_flags(block))

    def parse_state(self, instance: RegionBoard, block: Block) -> list[int]:
        board, marks = self.parse_board(block)
        if board.regions.owner != instance.regions.owner:
            raise block.error(0, 0, "the state's regions differ from the puzzle's")
        return [BOOL] * instance.grid.n_cells if marks is None else [MARKS[t] for t in marks]

    def write(self, instance: RegionBoard, dom: Sequence[int] | None = None) -> list[str]:
        layers = [write_grid(instance.grid, instance.regions.letters())]
        if dom is not None:
            layers.insert(0, write_grid(instance.grid, shading_marks(dom)))
        return join_layers(*layers)

    def regions_of(self, instance: RegionBoard) -> Regions:
        return instance.regions

    def with_regions(self, instance: RegionBoard, regions: Regions) -> RegionBoard:
        return RegionBoard(regions)

    def blank(self, cols: int, rows: int) -> RegionBoard:
        """One region over the whole board: the setter's walls cut it."""
        return RegionBoard(Regions(RectGrid(rows, cols), [0] * rows * cols))

    def describe_step(self, instance: RegionBoard, var: int, mask: int) -> str:
        return f"{self.describe(instance, var)} is {'shaded' if mask == TRUE else 'unshaded'}"

    def paint(
        self, instance: RegionBoard, dom: Sequence[int] | None, canvas: Canvas, tones: dict[int, Tone], crosses: bool
    ) -> None:
        paint_shading(canvas, dom, tones, crosses, instance.regions.walls)
