"""The Shikaku genre: divide the board into rectangles, each holding one number, its area."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Block, ClueSpot, Model, Rule, Rung, UsageError, Violation, bundled_examples
from puzzlekit.core import Lookahead, fixed_values
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import SatEncoding
from puzzlekit.errors import LevelErrors
from puzzlekit.grid import Canvas, GridGenre, NoRoom, Placements, cells_of, cut_rectangles, grid_of, rectangles
from puzzlekit.pictures import CellText, Tone
from puzzlekit_shikaku import board as text
from puzzlekit_shikaku.board import Board, violations

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

Tones = dict[int, Tone]
LADDER = (
    Rung(1, "fitting", "rectangles that still fit; the last one left; cells no rectangle reaches"),
    Rung(2, "overlap", "cells every rectangle left for a number covers"),
    Rung(3, "no room", "a rectangle that would leave a cell nearby with nothing to cover it"),
    Rung(4, "lookahead", "give a cell to a number and rule it out when the rungs above then contradict"),
)
FITTING = Rule(
    "fitting", 1, "A number's rectangle has its area and covers only cells it may take; when one is left, "
    "its cells are the number's, and cells no rectangle reaches belong to another number.")  # fmt: skip
OVERLAP = Rule("overlap", 2, "Cells that every rectangle left for a number covers are that number's.")
NO_ROOM = Rule(
    "no-room", 3, "A rectangle that would leave some cell nearby (a neighbouring number's own cell, say) "
    "with no rectangle left to cover it cannot be drawn.")  # fmt: skip
LOOKAHEAD = Rule("lookahead", 4, "If giving a cell to a number makes the rules above contradict, it is not its.")


class Shikaku(GridGenre):
    place_marks = None
    marking = "regions"
    name = "shikaku"
    aliases = ("rectangles", "sikaku")
    summary = "Divide the board into rectangles, each holding one number: its area."
    ladder = LADDER
    rules = (FITTING, OVERLAP, NO_ROOM, LOOKAHEAD)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2, "hard": 3}

    def parse(self, block: Block) -> Board:
        return LevelErrors.run(lambda: text.parse(block), lambda: self.check_flags(block))

    def build(self, instance: Board) -> Model:
        model, _ = deduction(instance.places)
        model.leaf_check = lambda values: not violations(instance, values)
        model.cnf = lambda: self.sat_encoding(instance)  # open boards are searched by clause learning
        return model

    def sat_encoding(self, instance: Board) -> SatEncoding:
        """Independent of the propagators: one rectangle per number, one per cell."""
        return instance.places.sat_encoding()

    def accept(self, instance: Board, values: Sequence[int]) -> list[Violation]:
        return violations(instance, values)

    def parse_state(self, instance: Board, block: Block) -> list[int]:
        return text.parse_state(instance, block)

    keeps_open = True

    def finished(self, instance: Board, dom: Sequence[int]) -> list[int]:
        """A cell no number is known to own stays unowned (-1): unfinished, not wrong."""
        return fixed_values(dom, -1)

    def write(self, instance: Board, dom: Sequence[int] | None = None) -> list[str]:
        return text.write(instance, dom)

    def describe_step(self, instance: Board, var: int, mask: int) -> str:
        owners = " or ".join(instance.clue_name(i) for i in cells_of(mask))
        return f"{instance.grid.name(var)} belongs to {owners}"

    def paint(self, instance: Board, dom: Sequence[int] | None, canvas: Canvas, tones: Tones, crosses: bool) -> None:
        """The numbers; a wall where two known regions meet (the terminal shows their letters)."""
        owner = self.finished(instance, dom) if dom is not None else [-1] * instance.grid.n_cells
        for edge, (a, b) in enumerate(instance.grid.edge_cells):
            if min(owner[a], owner[b]) >= 0 and owner[a] != owner[b]:
                canvas.wall(edge)
        numbers, letters = dict(instance.clues), "".join(text.write(instance, dom)) if dom is not None else ""
        for cell in range(instance.grid.n_cells):
            tone = tones.get(cell, "normal")
            if cell in numbers:
                canvas.clue(cell, str(numbers[cell]), tone)
            elif isinstance(canvas, CellText) and letters and letters[cell] != ".":
                canvas.put(cell, letters[cell], "dot", tone)
            else:
                canvas.open(cell, tone)

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    # -- the editor ------------------------------------------------------------------------

    def clue_spots(self, instance: Board) -> list[ClueSpot]:
        """Every cell may hold a number (a click cycles 1 to 9; the editor types larger ones)."""
        return self.cell_spots(instance, (None, *range(1, 10)))

    def clue_at(self, instance: Board, position: int) -> int | None:
        return dict(instance.clues).get(position)

    def with_clue(self, instance: Board, position: int, clue: int | None) -> Board:
        clues = {c: n for c, n in instance.clues if c != position}
        if clue is not None:
            clues[position] = clue
        return Board(instance.rows, instance.cols, tuple(sorted(clues.items())))

    def blank(self, cols: int, rows: int) -> Board:
        return Board(rows, cols, ())

    def small_board(self, rng: Rng) -> Board:
        """A 3x3 or 2x4 board cut into random rectangles, its numbers sometimes changed by one."""
        rows, cols = rng.choice([(3, 3), (2, 4), (3, 2)])
        regions = cut_rectangles(rows, cols, rng, 6)
        clues = [(rng.choice(cells), max(1, len(cells) + rng.between(-1, 1) * rng.chance(1, 3))) for cells in regions]
        return Board(rows, cols, tuple(sorted(clues)))

    def difficulties_at(self, cols: int, rows: int) -> dict[str, int]:
        """None beyond the largest board Shikaku reads: a bigger one could not be read back."""
        return dict(self.difficulties) if max(cols, rows) <= text.MAX_SIDE else {}

    @staticmethod
    def _too_big(cols: int, rows: int) -> str:
        return f"a Shikaku is at most {text.MAX_SIDE}x{text.MAX_SIDE} (the largest board it reads), not {cols}x{rows}"

    def generate(self, request: GenerateRequest, rng: Rng) -> Board | None:
        """Cut the board into random rectangles (2 to 12 cells, rarely 1) with each number in
        a random cell of its own, then move numbers within their rectangles until the
        difficulty's rung solves the board and the rung below does not (``grid.placing``)."""
        from puzzlekit.generation import target_rung  # not at start-up
        from puzzlekit.grid import MovingClues, climb

        if max(request.cols, request.rows) > text.MAX_SIDE:
            raise UsageError(self._too_big(request.cols, request.rows))
        if request.symmetry != "none":
            raise UsageError("Shikaku numbers are not laid out symmetrically: use --symmetry none")
        rows, cols = request.rows, request.cols
        regions = cut_rectangles(rows, cols, rng, 12)
        cells = [rng.choice(cells) for cells in regions]
        shapes = partial(rectangles, rows, cols)
        moving = MovingClues(grid_of(rows, cols), regions, cells, shapes, deduction, lambda i: f"number {i + 1}")
        if not climb(moving, target_rung(self, request.difficulty), rng, request.deadline):
            return None
        return Board(rows, cols, tuple(sorted((cell, len(region)) for cell, region in zip(moving.cells, regions))))


def deduction(places: Placements) -> tuple[Model, list[NoRoom]]:
    """The ladder's propagators on ``places`` (no leaf check, no clauses: what deduction needs)."""
    model = Model(LADDER, domains=places.domains())
    rooms = places.add_to(model, FITTING, OVERLAP, NO_ROOM)
    name = places.clue_name
    model.add(Lookahead(LOOKAHEAD, probe_rung=3, describe=lambda var, bit: f"{name(bit.bit_length() - 1)}'s"))
    return model, rooms
