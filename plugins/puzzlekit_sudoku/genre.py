"""The Sudoku genre: every row, column and box holds each digit once.  Any box shape
(4x4 in 2x2 boxes, 6x6 in 3x2, 9x9 in 3x3, up to 16x16)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Block, ClueSpot, Model, Rule, Rung, UsageError, Violation, bundled_examples
from puzzlekit.core import Lookahead, fixed_values, values_of
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import SatEncoding
from puzzlekit.errors import LevelErrors
from puzzlekit.grid import Canvas, Givens, GridGenre, Houses
from puzzlekit.pictures import CellSvg, Tone, theme
from puzzlekit_sudoku import board as text
from puzzlekit_sudoku.board import MAX_N, SYMBOLS, Board, houses_of

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

Tones = dict[int, Tone]
SIZES = tuple(n for n in range(4, MAX_N + 1) if Houses.box_shape(n)[1] > 1)
"""The sides a Sudoku is generated at: those with boxes (at a prime side they would be its rows)."""
TOP_PATIENCE = 6
"""An expert's last pass (a search per removal) ends after this many removals in a row fail,
once the board needs more than rung 3 (``reduce_clues``' ``top_patience``).  Most of those
searches find a second solution: at 16x16 about 75 of 90 per board.  Measured, 16x16
expert, 5 seeds, median CPU seconds / givens: to the end 3.1 s / 93-100; 16 in a row 1.8 s
/ 94-103; 8 1.0-1.1 s / 96-103; 6 0.9 s / 98-104; 4 0.5 s / 98-112.  At 9x9, of 14
experts (30 grids), 7 come out the same as with the pass run to the end."""
LADDER = (
    Rung(1, "naked singles", "a placed digit leaves its row, column and box"),
    Rung(2, "hidden singles", "a digit with one place left in a house goes there"),
    Rung(3, "locked candidates and subsets", "pointing, claiming, naked and hidden pairs and triples"),
    Rung(4, "lookahead", "try a digit and rule it out when the rungs above then contradict"),
)
LOOKAHEAD = Rule("lookahead", 4, "If placing a digit makes the singles contradict, it cannot go there.")
NAKED_SINGLE = Rule("naked-single", 1, "A placed digit cannot appear again in its row, column or box.")
HIDDEN_SINGLE = Rule("hidden-single", 2, "A digit with only one place left in a row, column or box goes there.")
LOCKED = Rule(
    "locked-candidates", 3, "When a box's places for a digit all lie in one line (or a line's in one box), "
    "the rest of that line (or box) cannot hold it.")  # fmt: skip
SUBSET = Rule(
    "subsets", 3, "k cells of a house with only k digits between them (naked), or k digits with only "
    "k places (hidden), keep those digits and those cells to each other (k = 2, 3).")  # fmt: skip


class Sudoku(GridGenre):
    place_marks = None
    name = "sudoku"
    aliases = ("number-place",)
    summary = "Fill the grid so every row, column and box holds each digit once."
    ladder = LADDER
    rules = (NAKED_SINGLE, HIDDEN_SINGLE, LOCKED, SUBSET, LOOKAHEAD)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2, "hard": 3, "expert": 4}

    def parse(self, block: Block) -> Board:
        return LevelErrors.run(lambda: text.parse(block), lambda: self.check_flags(block))

    def build(self, instance: Board, lookahead: bool = True) -> Model:
        houses = instance.houses
        model = Model(LADDER, domains=[1 << given if given else houses.full for given in instance.givens])
        houses.add_to(model, NAKED_SINGLE, HIDDEN_SINGLE, LOCKED, SUBSET)
        if lookahead:
            describe = lambda var, bit: houses.values(bit)  # noqa: E731
            model.add(Lookahead(LOOKAHEAD, probe_rung=2, describe=describe, fast_probe=houses.singles_probe))
        model.leaf_check = lambda values: not houses.violations(values)
        model.cnf = lambda: houses.twin(model.domains)  # learning pays where search does (docs/engine.md)
        return model

    def sat_encoding(self, instance: Board) -> SatEncoding:
        """Independent of the propagators: each cell one digit, each house each digit once."""
        return instance.houses.sat_encoding(instance.givens)

    def accept(self, instance: Board, values: Sequence[int]) -> list[Violation]:
        return instance.houses.violations(values)

    def parse_state(self, instance: Board, block: Block) -> list[int]:
        return text.parse_state(instance, block)

    keeps_open = True
    marking = "digits"
    daily_size = "9x9"
    sizes = ("4x4", "6x6", "9x9", "16x16")
    generator_revision = 1  # 1: hidden subsets no longer count a value a fixed cell holds

    def finished(self, instance: Board, dom: Sequence[int]) -> list[int]:
        """An empty cell stays empty (0): ``check`` calls that unfinished, not wrong."""
        return fixed_values(dom)

    def write(self, instance: Board, dom: Sequence[int] | None = None) -> list[str]:
        return text.write(instance, dom)

    def describe_step(self, instance: Board, var: int, mask: int) -> str:
        if mask & (mask - 1):
            return f"{instance.grid.name(var)} can only be {' or '.join(SYMBOLS[v] for v in values_of(mask))}"
        return f"{instance.grid.name(var)} is {instance.houses.values(mask)}"

    def paint(self, instance: Board, dom: Sequence[int] | None, canvas: Canvas, tones: Tones, crosses: bool) -> None:
        """Givens in ink, the player's digits in the answer colour, thick walls between boxes."""
        for edge in instance.houses.borders("box"):
            canvas.wall(edge)
        for cell, digit in enumerate(self.finished(instance, dom) if dom is not None else instance.givens):
            tone, shown = tones.get(cell, "normal"), SYMBOLS[digit]
            if instance.givens[cell] or not digit:
                canvas.clue(cell, shown, tone) if digit else canvas.open(cell, tone)
            elif isinstance(canvas, CellSvg):
                canvas.svg.label(*canvas.centre(cell), shown, cls="digit", tone=tone, colour=theme.LINE)
            else:
                canvas.put(cell, shown, "line", tone)

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    # -- generating, and clues for setters ----------------------------------------------

    def generate(self, request: GenerateRequest, rng: Rng) -> Board | None:
        """A random full grid (``Houses.fill``), then givens blanked while the grid stays
        unique at the difficulty (``puzzlekit.generation.reduce_clues``)."""
        from puzzlekit.generation import reduce_clues, symmetry_orbits, target_rung  # not at start-up

        n, rung = request.cols, target_rung(self, request.difficulty)
        if request.difficulty not in self.difficulties_at(request.cols, request.rows):
            raise UsageError(self._not_made(request.cols, request.rows))
        w, h = Houses.box_shape(n)
        grid = houses_of(n, w, h).fill(rng)
        if grid is None:
            return None
        orbits = [[r * n + c for r, c in orbit] for orbit in symmetry_orbits(n, n, request.symmetry)]
        full = Board(n, w, h, tuple(grid))
        made: Board = reduce_clues(
            self, full, orbits, rung, rng, request.max_nodes, request.deadline, top_patience=TOP_PATIENCE
        )
        return made

    def difficulties_at(self, cols: int, rows: int) -> dict[str, int]:
        """Every difficulty at the sizes with boxes, but only easy at 4x4: every 4x4 Sudoku
        falls to naked singles alone (benchmarks/sudoku_4x4.py checks all 288 grids)."""
        if rows != cols or cols not in SIZES:
            return {}
        return {"easy": 1} if cols == 4 else dict(self.difficulties)

    @staticmethod
    def _not_made(cols: int, rows: int) -> str:
        sizes = ", ".join(f"{s}x{s}" for s in SIZES)
        if rows != cols:
            return f"a Sudoku is square: the sizes are {sizes}"
        if cols == 4:
            return "every 4x4 Sudoku falls to naked singles alone, so a 4x4 is always easy: ask for easy, or 6x6 and up"
        if 4 < cols < MAX_N:
            return f"a {cols}x{cols} Sudoku has no boxes ({cols} is prime): the sizes are {sizes}"
        return f"no {cols}x{cols} Sudoku: the sizes are {sizes}"

    def clue_model(self, instance: Board) -> Givens:
        """The givens in place, without the lookahead rung: the trials below the top
        difficulty deduce with the rungs under it, and those at the top ask a search,
        which is complete, whether some solution exists (lookahead at its root, on a
        16x16 board, cost more than the search it saved)."""
        model = self.build(instance, lookahead=False)
        return Givens(
            model, instance.houses.full, instance.givens, partial(Board, instance.n, instance.box_w, instance.box_h)
        )

    def clue_values(self, instance: Board, position: int) -> range:
        return range(1, instance.n + 1)

    def twins_near(self, instance: Board, values: Sequence[int], positions: Sequence[int]) -> list[list[int]]:
        """Two values swapped in the fewest cells around each blanked given (``Houses.swaps``)."""
        return [grid for p in positions for grid in instance.houses.swaps(values, p, instance.givens)]

    def small_board(self, rng: Rng) -> Board:
        """A 4x4 board with 11 to 14 givens from a shuffled grid, one of them sometimes changed."""
        order, cells = [1, 2, 3, 4], list(range(16))
        rng.shuffle(order)
        rng.shuffle(cells)
        blank = set(cells[: rng.between(2, 5)])
        givens = [0 if cell in blank else order[(cell // 4 * 2 + cell // 8 + cell) % 4] for cell in range(16)]
        if rng.chance(1, 3):
            givens[cells[-1]] = rng.between(1, 4)
        return Board(4, 2, 2, tuple(givens))

    def clue_positions(self, instance: Board) -> list[int]:
        return list(range(instance.n * instance.n))

    def clue_at(self, instance: Board, position: int) -> int | None:
        return instance.givens[position] or None

    def with_clue(self, instance: Board, position: int, clue: int | None) -> Board:
        givens = (*instance.givens[:position], clue or 0, *instance.givens[position + 1 :])
        return Board(instance.n, instance.box_w, instance.box_h, givens)

    def clue_of_solution(self, instance: Board, position: int, values: Sequence[int]) -> int:
        return values[position]

    def clue_spots(self, instance: Board) -> list[ClueSpot]:
        return self.cell_spots(instance, (None, *range(1, instance.n + 1)))
