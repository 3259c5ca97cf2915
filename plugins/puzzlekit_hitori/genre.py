"""Hitori (Tatham's Singles): shade cells so that no number repeats in a row or column
among the unshaded cells, shaded cells never touch, and the unshaded ones are one area.
Built on the grid toolkit and the public API only."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Model, Rule, Rung, Violation, bundled_examples
from puzzlekit.core import BOOL, TRUE, Engine, Lookahead
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import Cnf, SatEncoding
from puzzlekit.grid import (
    NumberBoard,
    NumberedShading,
    RectGrid,
    Repeats,
    SharedPropagators,
    StaysConnected,
    add_apart,
    add_ways_out,
    any_touching,
    apart_clauses,
    grid_of,
    piece_cuts,
)

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

LADDER = (
    Rung(1, "twins and neighbours", "an unshaded number shades its twins in the line; cells beside a shaded one"),
    Rung(2, "patterns and ways out", "what every way to keep one of a line's twins agrees on; a cell's last way out"),
    Rung(3, "one area", "the unshaded cells stay connected"),
    Rung(4, "trial", "a cell whose shading makes the rungs below contradict takes the other colour"),
)
TWINS = Rule("twins", 1, "A number stays unshaded once in its row and column: an unshaded one shades its twins.")
APART = Rule("apart", 1, "Shaded cells never touch side by side: a shaded cell's neighbours are unshaded.")
PATTERNS = Rule("line-patterns", 2, "What every way to keep at most one of a line's twins shades (or keeps) holds.")
WAY_OUT = Rule("way-out", 2, "An unshaded cell with one neighbour left unshaded leaves by it: that one is unshaded.")
AREA = Rule("one-area", 3, "The unshaded cells form one area: a cell that would cut it in two is unshaded.")
TRIAL = Rule("trial", 4, "If shading a cell (or not) made the simpler rules contradict, it takes the other colour.")
APART_ONCE = SharedPropagators(LADDER, lambda add, grid: add_apart(add, APART, grid))
WAYS_OUT_ONCE = SharedPropagators(LADDER, lambda add, grid: add_ways_out(add, WAY_OUT, grid))
"""Stateless and the same for every board of a grid: made once, not per round's model
(14% of 20x20 easy's time)."""


class Hitori(NumberedShading):
    name = "hitori"
    aliases = ("singles",)
    summary = "Shade cells: no number twice in a line among the rest; none touch; one unshaded area."
    ladder = LADDER
    rules = (TWINS, APART, PATTERNS, WAY_OUT, AREA, TRIAL)
    difficulties: ClassVar[dict[str, int]] = {"easy": 2, "medium": 3, "hard": 4}
    top_deduction = 4
    bad_levels = ("12\n1x\n", "12\n1\n", "0.\n..\n", "#?|12\n", "1 2\n3 x\n", "#o|12\n..|21\n#|1\n")

    def build(self, instance: NumberBoard) -> Model:
        grid = instance.grid
        model = Model(LADDER, domains=[BOOL] * grid.n_cells)
        APART_ONCE.add_to(model, grid)
        Repeats.of(instance.grid, instance.numbers).add_to(model, TWINS, PATTERNS)
        WAYS_OUT_ONCE.add_to(model, grid)
        model.add(StaysConnected(AREA, grid, range(grid.n_cells), 0))
        model.add(Lookahead(TRIAL, probe_rung=3, describe=lambda v, m: "shaded" if m == TRUE else "unshaded"))
        model.cnf = lambda: self.sat_encoding(instance)
        return model

    def sat_encoding(self, instance: NumberBoard) -> SatEncoding:
        """From the rules alone: cell ``c`` shaded is SAT variable ``c + 1``; two clauses per
        pair of twins; the unshaded area joined by lazy cuts."""
        grid = instance.grid
        cnf = Cnf(grid.n_cells)
        cnf.add(*apart_clauses(grid, lambda c: c + 1), *Repeats.of(grid, instance.numbers).clauses(lambda c: c + 1))

        def refine(values: list[int]) -> list[list[int]]:
            return piece_cuts(grid.neighbours, grid.pieces(lambda c: not values[c]), lambda c: -c - 1)

        return cnf.encoding(refine)

    def is_solution(self, instance: NumberBoard, values: Sequence[int]) -> bool:
        """No touching shaded cells, on plain ints, before ``accept``."""
        return not any_touching(instance.grid, values) and not self.accept(instance, values)

    def accept(self, instance: NumberBoard, values: Sequence[int]) -> list[Violation]:
        """From the rules alone: touching shaded cells, a split area, and a number left
        unshaded twice in a line (an ``UNMARKED`` cell is not unshaded yet)."""
        repeats = Repeats.of(instance.grid, instance.numbers)
        return self.touching_and_split(instance, values) + repeats.violations(values)

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    # -- generating, clues for setters, small boards for the harness ----------------------

    def generate(self, request: GenerateRequest, rng: Rng) -> NumberBoard | None:
        """Tatham's method: a random shading (below the area rung, one with no cell only the
        area decides: ``settle_area_only``), a Latin rectangle on its unshaded cells, under
        each shaded cell a number unshaded in its row or column.  Below the top, the numbers
        under shaded cells deduction leaves open (else those in the open cells' lines) are
        drawn again until none is open (a new shading when a draw leaves no fewer); at the
        top, all of them until the rung below no longer solves it."""
        from puzzlekit.generation import is_top, target_rung, unique_at

        grid = grid_of(request.rows, request.cols)
        rung, budget, deadline = target_rung(self, request.difficulty), request.max_nodes, request.deadline
        shaded = self.shading(grid, rng, local=rung < AREA.rung)  # else easy is never solved below the area
        numbers = under_shaded(grid, latin_rectangle(grid, rng), shaded, shaded, rng)
        best, stale = grid.n_cells, 0
        for _ in range(24):
            board = NumberBoard(grid, tuple(numbers))
            if is_top(self, rung):
                easier = unique_at(self, board, rung - 1, budget, deadline)
                if not easier and unique_at(self, board, rung, budget, deadline):
                    return board
                numbers = under_shaded(grid, numbers, shaded, shaded, rng)
                continue
            engine = Engine(self.solving_model(board), max_rung=rung, deadline=deadline)
            if not engine.start():
                return None
            left = {c for c in range(grid.n_cells) if engine.dom[c] == BOOL}
            if not left:
                return board
            best, stale = min(best, len(left)), 0 if len(left) < best else stale + 1
            if stale == 1:
                return None  # stuck: a cut cell with no shaded neighbour needs the whole area
            lines = {x for c in left for x in (*grid.row(grid.rc(c)[0]), *grid.column(grid.rc(c)[1]))}
            numbers = under_shaded(grid, numbers, shaded, (shaded & left) or (shaded & lines), rng)
        return None

    def small_board(self, rng: Rng) -> NumberBoard:
        grid = RectGrid(rng.between(1, 4), rng.between(1, 4))
        top = max(grid.rows, grid.cols)
        return NumberBoard(grid, tuple(None if rng.chance(1, 6) else rng.between(1, top) for _ in range(grid.n_cells)))


def latin_rectangle(grid: RectGrid, rng: Rng) -> list[int]:
    """Per cell a number 1..max(rows, cols), none twice in a row or column: a cyclic Latin
    square with its rows, columns and numbers shuffled, cut to the board."""
    order = max(grid.rows, grid.cols)
    rows, cols, names = list(range(order)), list(range(order)), list(range(1, order + 1))
    for items in (rows, cols, names):
        rng.shuffle(items)
    return [names[(rows[r] + cols[c]) % order] for r in range(grid.rows) for c in range(grid.cols)]


def under_shaded(grid: RectGrid, numbers: list[int], shaded: set[int], drawn: set[int], rng: Rng) -> list[int]:
    """``numbers`` with each of the shaded cells ``drawn`` given, as Tatham does, a number
    once in both its row and its column so far if there is one, else one in either (so the
    cell must be shaded); the counts are of the unshaded cells and the shaded ones not
    drawn, and grow with each number placed."""
    out, top = list(numbers), max(grid.rows, grid.cols)
    in_row = [[0] * (top + 1) for _ in range(grid.rows)]
    in_col = [[0] * (top + 1) for _ in range(grid.cols)]
    for cell in range(grid.n_cells):
        if cell not in drawn:
            r, c = grid.rc(cell)
            in_row[r][out[cell]] += 1
            in_col[c][out[cell]] += 1
    for cell in sorted(drawn):
        r, c = grid.rc(cell)
        names = list(range(1, top + 1))
        rng.shuffle(names)
        both = [n for n in names if in_row[r][n] == 1 and in_col[c][n] == 1]
        either = [n for n in names if in_row[r][n] or in_col[c][n]]
        n = (both or either or [out[cell]])[0]
        out[cell] = n
        in_row[r][n] += 1
        in_col[c][n] += 1
    return out
