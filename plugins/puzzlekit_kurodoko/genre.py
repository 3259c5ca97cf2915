"""Kurodoko (Tatham's Range): shade cells so that each number counts the cells it sees
along its row and column, itself included, up to a shaded cell or the edge; numbers are
never shaded, shaded cells never touch, and the unshaded ones are one area.  Built on the
grid toolkit and the public API only."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Model, Rule, Rung, Violation, bundled_examples
from puzzlekit.core import BOOL, FALSE, TRUE, Lookahead
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import Cnf, SatEncoding
from puzzlekit.grid import (
    ClueSlots,
    NumberBoard,
    NumberedShading,
    RectGrid,
    SeesExactly,
    StaysConnected,
    add_apart,
    add_ways_out,
    apart_clauses,
    piece_cuts,
    seen,
    sight_clauses,
)

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

LADDER = (
    Rung(1, "views and neighbours", "what each number's view needs and allows; cells beside a shaded one"),
    Rung(2, "one area", "a cell's last way out; the unshaded cells stay connected"),
    Rung(3, "trial", "a cell whose shading makes the rungs below contradict takes the other colour"),
)
VIEW = Rule("view", 1, "A number counts the cells it sees along its row and column (itself too) up to a shaded cell.")
APART = Rule("apart", 1, "Shaded cells never touch side by side: a shaded cell's neighbours are unshaded.")
WAY_OUT = Rule("way-out", 2, "An unshaded cell with one neighbour left unshaded leaves by it: that one is unshaded.")
AREA = Rule("one-area", 2, "The unshaded cells form one area: a cell that would cut it in two is unshaded.")
TRIAL = Rule("trial", 3, "If shading a cell (or not) made the simpler rules contradict, it takes the other colour.")


def clues(board: NumberBoard) -> list[tuple[int, int]]:
    return [(cell, n) for cell, n in enumerate(board.numbers) if n is not None]


class Kurodoko(NumberedShading):
    name = "kurodoko"
    aliases = ("range",)
    summary = "Shade cells: numbers count the cells they see; none touch; one unshaded area."
    ladder = LADDER
    rules = (VIEW, APART, WAY_OUT, AREA, TRIAL)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2, "hard": 3}
    top_deduction = 3
    bad_levels = ("2.\n.x\n", "2.\n.\n", "0.\n..\n", "#?|2.\n", "1 2\n3 x\n", "#o|2.\n..|..\n#|1\n")

    def build(self, instance: NumberBoard) -> Model:
        model = self._model(instance)[0]  # numbers start unshaded, so no hint spends a step on one
        model.domains = [BOOL if n is None else FALSE for n in instance.numbers]
        return model

    def _model(self, instance: NumberBoard) -> tuple[Model, dict[int, list[int]], int]:
        """The model, where each number's view stands, and where the trial rung does."""
        grid = instance.grid
        model = Model(LADDER, domains=[BOOL] * grid.n_cells)
        slots = {cell: [model.add(SeesExactly(VIEW, grid, cell, n))] for cell, n in clues(instance)}
        add_apart(model.add, APART, grid)
        add_ways_out(model.add, WAY_OUT, grid)
        model.add(StaysConnected(AREA, grid, range(grid.n_cells), 0))
        trial = model.add(Lookahead(TRIAL, probe_rung=2, describe=lambda v, m: "shaded" if m == TRUE else "unshaded"))
        model.cnf = lambda: self.sat_encoding(instance)
        return model, slots, trial

    def clue_model(self, instance: NumberBoard) -> ClueSlots:
        """Numbers blanked in place (each view kept, with its memo): ``reduce_clues`` halves on one engine."""
        model, slots, trial = self._model(instance)
        grid = instance.grid
        clues = ClueSlots(
            model, slots, dict(enumerate(instance.numbers)), lambda cell, n: [SeesExactly(VIEW, grid, cell, n)],
            lambda numbers: NumberBoard(grid, tuple(numbers[c] for c in range(grid.n_cells))), (trial,), keep=True,
        )  # fmt: skip
        model.cnf = lambda: self.sat_encoding(clues.instance())
        return clues

    def sat_encoding(self, instance: NumberBoard) -> SatEncoding:
        """From the rules alone: cell ``c`` shaded is SAT variable ``c + 1``; per number a
        variable per cell of its rays (the view reaches it) and a totalizer; the unshaded
        area joined by lazy cuts."""
        grid = instance.grid
        cnf = Cnf(grid.n_cells)
        cnf.add(*apart_clauses(grid, lambda c: c + 1))
        for cell, n in clues(instance):
            sight_clauses(cnf, grid, cell, n, lambda c: c + 1)

        def refine(values: list[int]) -> list[list[int]]:
            return piece_cuts(grid.neighbours, grid.pieces(lambda c: not values[c]), lambda c: -c - 1)

        return cnf.encoding(refine)

    def accept(self, instance: NumberBoard, values: Sequence[int]) -> list[Violation]:
        """From the rules alone: touching shaded cells, a split area, a shaded number, and
        a number seeing another count (too many: unfinished, more shading may come)."""
        grid, found = instance.grid, self.touching_and_split(instance, values)
        for cell, n in clues(instance):
            where = f"the {n} at {grid.name(cell)}"
            if values[cell] == 1:
                found.append(Violation("shaded-number", f"{where} is shaded", (cell,), cells=(cell,)))
                continue
            count = seen(grid, cell, lambda c: values[c] == 1)
            if count != n:
                message = f"{where} sees {count} cells, not {n}"
                found.append(Violation("view", message, (cell,), count > n, (cell,), grid.name(cell)))
        return found

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    # -- generating, clues for setters, small boards for the harness ----------------------

    def generate(self, request: GenerateRequest, rng: Rng) -> NumberBoard | None:
        """Tatham's method: a random shading (each cell tried with a chance of one in three,
        shaded when none beside it is and the rest stays one area), every unshaded cell
        numbered with its view, then numbers removed while the difficulty's rung still solves
        the board (``reduce_clues``, halving on one live engine: ``clue_model``).  Hard goes
        on from a medium board: its first number whose removal the trial rung still solves
        (the area rung did not, so it needs the trial)."""
        from puzzlekit.generation import ClueTrials, reduce_clues, target_rung

        grid = RectGrid(request.rows, request.cols)
        shaded = self.shading(grid, rng, skip=(2, 3))
        board = NumberBoard(grid, tuple(self.view(grid, shaded, c) for c in range(grid.n_cells)))
        rung, budget, deadline = target_rung(self, request.difficulty), request.max_nodes, request.deadline
        orbits = [[cell] for cell, _ in clues(board)]
        reduced: NumberBoard = reduce_clues(self, board, orbits, min(rung, 2), rng, budget, deadline)
        if rung < 3:
            return reduced
        trials, order = ClueTrials(self, reduced, budget, deadline), [[cell] for cell, _ in clues(reduced)]
        rng.shuffle(order)
        hard: NumberBoard | None = next((trials.instance for orbit in order if trials.blank(orbit, rung)), None)
        return hard

    @staticmethod
    def view(grid: RectGrid, shaded: set[int], cell: int) -> int | None:
        return None if cell in shaded else seen(grid, cell, shaded.__contains__)

    def small_board(self, rng: Rng) -> NumberBoard:
        grid = RectGrid(rng.between(1, 4), rng.between(1, 4))
        shaded = self.shading(grid, rng, skip=(1, 2))
        numbers = [self.view(grid, shaded, c) if rng.chance(1, 3) else None for c in range(grid.n_cells)]
        if rng.chance(1, 3):  # now and then a number off by one, or on a cell meant shaded
            cell = rng.below(grid.n_cells)
            numbers[cell] = max(1, (numbers[cell] or 2) + rng.choice((-1, 1)))
        return NumberBoard(grid, tuple(numbers))

    def clue_positions(self, instance: NumberBoard) -> list[int]:
        return list(range(instance.grid.n_cells))

    def clue_of_solution(self, instance: NumberBoard, position: int, values: Sequence[int]) -> int:
        return seen(instance.grid, position, lambda c: values[c] == 1)
