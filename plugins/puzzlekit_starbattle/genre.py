"""Star Battle: place stars so that every row, column and region holds the same number
(``# stars: k``, 1 by default) and no two stars touch, not even diagonally.  Built on the
grid toolkit and the public API only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Block, Model, Rule, Rung, UsageError, Violation, bundled_examples
from puzzlekit.core import BOOL, FALSE, TRUE
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import SatEncoding
from puzzlekit.errors import LevelErrors
from puzzlekit.grid import (
    Canvas,
    GridGenre,
    RectGrid,
    Regions,
    join_layers,
    meta_number,
    meta_rows,
    paint_shading,
    read_layered,
    read_marks,
    shading_marks,
    starunits,
    write_grid,
)  # fmt: skip
from puzzlekit.pictures import Tone, theme

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

MARKS = {"*": TRUE, "x": FALSE, ".": BOOL}
MARK_WORDS = {"*": "a star", "x": "no star", ".": "unmarked"}
LADDER = (
    Rung(
        1, "counts and patterns", "full and short units, cells beside a star, what every way to fill a unit agrees on"
    ),
    Rung(2, "confinement", "regions that fit in as many rows or columns, rows that fit in as many regions"),
    Rung(3, "trial", "a star (or none) that makes the rungs below contradict is ruled out"),
)
COUNT = Rule(
    "count", 1, "Every row, column and region holds k stars: full, the rest are empty; short, all left are stars."
)
APART = Rule("apart", 1, "Stars never touch, not even diagonally: the eight cells round a star are empty.")
PATTERNS = Rule("patterns", 1, "A cell every way to place a unit's stars fills, leaves or touches goes that way.")
CONFINED = Rule(
    "confinement", 2, "n regions that fit in n rows fill them: the rest of those rows is empty (and so on)."
)
TRIAL = Rule("trial", 3, "If a star here (or none) made the simpler rules contradict, the cell takes the other state.")
RULES = starunits.StarRules(LADDER, COUNT, APART, PATTERNS, CONFINED, TRIAL)


@dataclass(frozen=True)
class Board:
    regions: Regions
    stars: int

    @property
    def grid(self) -> RectGrid:
        return self.regions.grid

    @cached_property
    def unit_cells(self) -> tuple[tuple[int, ...], ...]:
        return tuple(cells for _, cells in self.units())

    def units(self) -> list[tuple[str, tuple[int, ...]]]:
        """Every row, column and region, named."""
        regions = self.regions
        return starunits.named_lines(self.grid) + [(regions.name(i), cells) for i, cells in enumerate(regions.cells)]


def parse_board(block: Block) -> tuple[Board, list[str] | None]:
    """The board and, for a state, its marks (``marks | regions``), one per cell."""
    marks, (layer,) = read_layered(block, ("regions",))
    regions = Regions.read(layer)
    board = Board(regions, meta_number(block, "stars", 1, range(1, 100)))
    return board, read_marks(marks, MARK_WORDS, regions.grid)


class StarBattle(GridGenre):
    name = "starbattle"
    aliases = ("star-battle",)
    display_name = "Star Battle"
    summary = "Place stars: k in every row, column and region, none touching, not even diagonally."
    ladder = LADDER
    rules = (COUNT, APART, PATTERNS, CONFINED, TRIAL)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2, "hard": 3}
    top_deduction: ClassVar[int | None] = 3
    walled = True
    generate_options: ClassVar[frozenset[str] | None] = frozenset()
    bad_levels = ("ab\na?\n", "ab\nb\n", "# stars: 0\nab\nba\n", "*?|ab\n", "*x.|ab\n", "x | ab | c\n")

    def parse(self, block: Block) -> Board:
        return LevelErrors.run(lambda: parse_board(block)[0], lambda: self.check_flags(block))

    def build(self, instance: Board) -> Model:
        regions = instance.regions
        model = RULES.model(instance.grid, instance.stars, regions.cells, [regions.name(i) for i in range(regions.n)])
        model.cnf = lambda: self.sat_encoding(instance)
        return model

    def sat_encoding(self, instance: Board) -> SatEncoding:
        return starunits.star_cnf(instance.grid, instance.unit_cells, instance.stars)

    def accept(self, instance: Board, values: Sequence[int]) -> list[Violation]:
        return starunits.star_violations(instance.grid, instance.units(), values, instance.stars)

    def is_solution(self, instance: Board, values: Sequence[int]) -> bool:
        """Every unit's count on plain ints first (brute force asks this 65,536 times at 4x4)."""
        k = instance.stars
        if any(sum(values[c] == 1 for c in cells) != k for cells in instance.unit_cells):
            return False
        return not self.accept(instance, values)

    def parse_state(self, instance: Board, block: Block) -> list[int]:
        board, marks = parse_board(block)
        if board.regions.owner != instance.regions.owner or board.stars != instance.stars:
            raise block.error(0, 0, "the state's regions or stars differ from the puzzle's")
        return [BOOL] * instance.grid.n_cells if marks is None else [MARKS[t] for t in marks]

    def write(self, instance: Board, dom: Sequence[int] | None = None) -> list[str]:
        layers = [write_grid(instance.grid, instance.regions.letters())]
        if dom is not None:
            layers.insert(0, write_grid(instance.grid, shading_marks(dom, "*", "x")))
        return meta_rows({"stars": instance.stars}) + join_layers(*layers)

    def regions_of(self, instance: Board) -> Regions:
        return instance.regions

    def with_regions(self, instance: Board, regions: Regions) -> Board:
        return Board(regions, instance.stars)

    def blank(self, cols: int, rows: int) -> Board:
        """One region over the whole board (the setter's walls cut it), with the stars a
        generated board of its size has (``starunits.stars_for``: 1 up to 8x8)."""
        return Board(Regions(RectGrid(rows, cols), [0] * rows * cols), starunits.stars_for(min(cols, rows)))

    def describe_step(self, instance: Board, var: int, mask: int) -> str:
        return f"{self.describe(instance, var)} {'holds a star' if mask == TRUE else 'is empty'}"

    def paint(
        self, instance: Board, dom: Sequence[int] | None, canvas: Canvas, tones: dict[int, Tone], crosses: bool
    ) -> None:
        def star(cell: int, tone: Tone) -> None:
            canvas.disc(cell, cls="star", fill=theme.BULB, tone=tone)

        paint_shading(canvas, dom, tones, crosses, instance.regions.walls, on=star)

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    # -- generating, and small boards for the harness -------------------------------------

    def generate(self, request: GenerateRequest, rng: Rng) -> Board | None:
        """Regions drawn in solving order round planted stars, settled at the rung below
        the difficulty's and its own (``grid.starunits.ordered_star_board``): unique,
        needing exactly that rung."""
        from puzzlekit.generation import target_rung

        n, rung = request.cols, target_rung(self, request.difficulty)
        if request.rows != n:
            raise UsageError(f"a Star Battle is square (such as 10x10), not {n}x{request.rows}")
        grid, k = RectGrid(n, n), starunits.stars_for(n)
        owner = starunits.ordered_star_board(grid, k, [rung] if rung == 1 else [rung - 1, rung], RULES, rng)
        return Board(Regions(grid, owner), k) if owner else None

    def small_board(self, rng: Rng) -> Board:
        """1x1 to 4x4, one star: 4x4 (the smallest with a layout, and 65,536 assignments
        for brute force) a third of the time, so that the harness's default costs seconds."""
        n = 4 if rng.chance(1, 3) else rng.between(1, 3)
        grid = RectGrid(n, n)
        owner = starunits.planted_star_regions(grid, 1, rng)[0] if rng.chance(2, 3) else None
        return Board(Regions(grid, owner or [rng.below(n + 1) for _ in range(n * n)]), 1)
