"""``NumberedRooms``: a ``GridGenre`` base for shading genres whose puzzle is the board's
rooms with a number (or none) in each, counting something of the room (Heyawake; Shimaguni
or Chocona would fit), and whose answer is which cells are shaded.

It gives the level text (``clues | rooms``: a number anywhere in its room, ``.`` elsewhere,
space-separated once one has two digits; a state puts ``#``/``o``/``.`` marks in front),
the state's marks, pictures (walls thick, numbers, shading), the step's words and the
editor's clues (a number per room, in the cell it stands in) and walls (``with_regions``
keeps each number in its cell).  A genre adds its ladder
(``build``), its judge (``accept``), its SAT twin and its generator.  Variable ``c`` is
cell ``c``'s boolean (1 shaded).  ``RoomNumbers.cut(cutter)`` numbers a ``RoomCutter``'s
rooms with their shaded cells, as a generator plants them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from puzzlekit.core.model import BOOL, TRUE
from puzzlekit.errors import LevelErrors, UsageError
from puzzlekit.formats.level import Block
from puzzlekit.genre import ClueSpot
from puzzlekit.grid.genre import Canvas, GridGenre
from puzzlekit.grid.layers import join_layers, read_layered, read_marks
from puzzlekit.grid.numbered import MARK_WORDS, MARKS, UNMARKED
from puzzlekit.grid.regions import Regions, RoomCutter
from puzzlekit.grid.shading import paint_shading, shading_marks
from puzzlekit.grid.text import read_grid, write_grid
from puzzlekit.grid.topology import RectGrid
from puzzlekit.pictures.theme import Tone

CLUES = {".": "a cell without a number"}


@dataclass(frozen=True)
class RoomNumbers:
    rooms: Regions
    numbers: tuple[int | None, ...]
    """Per room, its number or None."""
    spots: tuple[int, ...]
    """Per room, the cell its number is written in (its first cell when it has none)."""

    @property
    def grid(self) -> RectGrid:
        return self.rooms.grid

    def numbered(self) -> list[tuple[int, int]]:
        """``(room, number)`` for every room with a number."""
        return [(room, n) for room, n in enumerate(self.numbers) if n is not None]

    @classmethod
    def cut(cls, cutter: RoomCutter) -> RoomNumbers:
        """The cutter's rooms, each numbered with its shaded cells, written in its first cell."""
        rooms, numbers = cutter.rooms()
        return cls(rooms, numbers, tuple(cells[0] for cells in rooms.cells))


class NumberedRooms(GridGenre):
    """Implement ``build``, ``accept`` (and ``sat_encoding``, ``generate``); ``most(cells)``
    is the largest number the editor offers a room of ``cells``."""

    numbers: ClassVar[range] = range(0, 1000)
    """The numbers a room may hold."""
    walled = True
    open_value = UNMARKED

    def parse_board(self, block: Block) -> tuple[RoomNumbers, list[str] | None]:
        """The board and, for a state, its marks (``marks | clues | rooms``), one per cell."""
        marks, (clue_layer, room_layer) = read_layered(block, ("clues", "rooms"))
        clues = read_grid(clue_layer, CLUES, numbers=self.numbers, separated=any(" " in r for r in clue_layer.rows))
        rooms = Regions.read(room_layer, "room", like=clues.grid)
        return RoomNumbers(rooms, *rooms.numbers_in(clues)), read_marks(marks, MARK_WORDS, rooms.grid)

    def parse(self, block: Block) -> RoomNumbers:
        return LevelErrors.run(lambda: self.parse_board(block)[0], lambda: self.check_flags(block))

    def parse_state(self, instance: RoomNumbers, block: Block) -> list[int]:
        board, marks = self.parse_board(block)
        if board.rooms.owner != instance.rooms.owner or board.numbers != instance.numbers:
            raise block.error(0, 0, "the state's rooms or numbers differ from the puzzle's")
        return [BOOL] * instance.grid.n_cells if marks is None else [MARKS[t] for t in marks]

    def write(self, instance: RoomNumbers, dom: Sequence[int] | None = None) -> list[str]:
        grid = instance.grid
        tokens = ["."] * grid.n_cells
        for room, n in instance.numbered():
            tokens[instance.spots[room]] = str(n)
        wide = any(len(t) > 1 for t in tokens)
        layers = [write_grid(grid, tokens, separated=wide), write_grid(grid, instance.rooms.letters())]
        if dom is not None:
            layers.insert(0, write_grid(grid, shading_marks(dom)))
        return join_layers(*layers)

    def describe_step(self, instance: RoomNumbers, var: int, mask: int) -> str:
        return f"{self.describe(instance, var)} is {'shaded' if mask == TRUE else 'unshaded'}"

    def paint(
        self, instance: RoomNumbers, dom: Sequence[int] | None, canvas: Canvas, tones: dict[int, Tone], crosses: bool
    ) -> None:
        shown = {instance.spots[room]: str(n) for room, n in instance.numbered()}
        paint_shading(canvas, dom, tones, crosses, instance.rooms.walls, shown)

    # -- the editor's clues: a number per room ---------------------------------------------

    def most(self, cells: Sequence[int]) -> int:
        """The largest number the editor offers a room of ``cells`` (all of them)."""
        return len(cells)

    def clue_positions(self, instance: RoomNumbers) -> list[int]:
        return list(range(instance.rooms.n))

    def clue_spots(self, instance: RoomNumbers) -> list[ClueSpot]:
        """A spot per room, where its number stands: a click cycles 0 to ``most`` (the
        editor adds the walls: ``regions_of``)."""
        spots, numbers = instance.spots, instance.numbers
        shades = [(None, *range(self.most(cells) + 1)) for cells in instance.rooms.cells]
        return [ClueSpot(r, v, self.cell_outline(instance, spots[r]), numbers[r]) for r, v in enumerate(shades)]

    def blank(self, cols: int, rows: int) -> RoomNumbers:
        """One room over the whole board, no number: the setter's walls cut it."""
        return RoomNumbers(Regions(RectGrid(rows, cols), [0] * rows * cols, "room"), (None,), (0,))

    def regions_of(self, instance: RoomNumbers) -> Regions:
        return instance.rooms

    def with_regions(self, instance: RoomNumbers, regions: Regions) -> RoomNumbers:
        """The new rooms, each number staying in its cell; refused where two numbers would
        share a room (the setter takes one away first)."""
        numbers: list[int | None] = [None] * regions.n
        spots = [cells[0] for cells in regions.cells]
        for room, n in instance.numbered():
            cell = instance.spots[room]
            new = regions.owner[cell]
            if numbers[new] is not None:
                where = f"{numbers[new]} at {regions.grid.name(spots[new])} and {n} at {regions.grid.name(cell)}"
                raise UsageError(f"{regions.name(new)} would hold two numbers ({where}); take one away first")
            numbers[new], spots[new] = n, cell
        return RoomNumbers(regions, tuple(numbers), tuple(spots))

    def clue_at(self, instance: RoomNumbers, position: int) -> int | None:
        return instance.numbers[position]

    def with_clue(self, instance: RoomNumbers, position: int, clue: int | None) -> RoomNumbers:
        return replace(instance, numbers=(*instance.numbers[:position], clue, *instance.numbers[position + 1 :]))

    def clue_of_solution(self, instance: RoomNumbers, position: int, values: Sequence[int]) -> int:
        return sum(values[c] for c in instance.rooms.cells[position])

    def clue_name(self, instance: RoomNumbers, position: int) -> str:
        return instance.rooms.name(position)
