"""Norinori: shade cells so that every region holds exactly two and every shaded cell has
exactly one shaded neighbour (shaded cells pair off into dominoes, which may cross region
walls).  Built on the grid toolkit and the public API only."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Model, Propagator, Rule, Rung, Violation, bundled_examples
from puzzlekit.core import BOOL, TRUE, Engine, Lookahead
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import Cnf, SatEncoding
from puzzlekit.grid import Count, RectGrid, Regions, counted
from puzzlekit.grid.orderedregions import ordered_regions
from puzzlekit.grid.pairways import PairWays
from puzzlekit.grid.regionshading import RegionBoard, RegionShading
from puzzlekit.grid.shapes import OnePartner, partner_clauses, random_dominoes, sized_pieces

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

LADDER = (
    Rung(1, "regions and dominoes", "full and short regions, a shaded cell's partner, a region's ways to shade two"),
    Rung(2, "trial", "a cell whose shading makes the rung below contradict takes the other colour"),
)
COUNT = Rule("region-count", 1, "Every region holds two shaded cells: with both, the rest are unshaded.")
PAIRS = Rule("dominoes", 1, "Every shaded cell has exactly one shaded neighbour: shaded cells pair off into dominoes.")
PATTERNS = Rule("region-patterns", 1, "A cell every way to shade its region's two cells shades (or leaves) goes so.")
TRIAL = Rule("trial", 2, "If shading a cell (or not) made the simpler rules contradict, it takes the other colour.")


def region_rules(grid: RectGrid, cells: Sequence[int], what: str = "a region") -> list[Propagator]:
    """A region's rung-1 rules: two shaded cells, in one of its ways."""
    return [Count(COUNT, cells, 2, what=what), PairWays(PATTERNS, grid, cells, what=what)]


def trial() -> list[Propagator]:
    return [Lookahead(TRIAL, probe_rung=1, describe=lambda v, m: "shaded" if m == TRUE else "unshaded")]


def rules(grid: RectGrid, regions: Regions) -> Model:
    """The ladder on the board's regions."""
    model = Model(LADDER, domains=[BOOL] * grid.n_cells)
    for cell in range(grid.n_cells):
        model.add(OnePartner(PAIRS, grid, cell))
    for region, cells in enumerate(regions.cells):
        for prop in region_rules(grid, cells, regions.name(region)):
            model.add(prop)
    model.add(trial()[0])
    return model


class Norinori(RegionShading):
    name = "norinori"
    summary = "Shade two cells in every region, so that the shaded cells pair off into dominoes."
    ladder = LADDER
    rules = (COUNT, PAIRS, PATTERNS, TRIAL)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "hard": 2}
    generate_options: ClassVar[frozenset[str] | None] = frozenset()
    bad_levels = ("ab\na?\n", "ab\nb\n", "#?|ab\n", "#o.|ab\n", "x | ab | c\n")

    def build(self, instance: RegionBoard) -> Model:
        model = rules(instance.grid, instance.regions)
        model.cnf = lambda: self.sat_encoding(instance)
        return model

    def sat_encoding(self, instance: RegionBoard) -> SatEncoding:
        """From the rules alone: cell ``c`` shaded is SAT variable ``c + 1``; two per region
        by totalizers; a shaded cell has one shaded neighbour, not two."""
        cnf = Cnf(instance.grid.n_cells)
        cnf.add(*partner_clauses(instance.grid, lambda c: c + 1))
        for cells in instance.regions.cells:
            cnf.count([c + 1 for c in cells], 2)
        return cnf.encoding()

    def is_solution(self, instance: RegionBoard, values: Sequence[int]) -> bool:
        """Two shaded cells in every region, on plain ints, before ``accept``."""
        if any(sum(values[c] == 1 for c in cells) != 2 for cells in instance.regions.cells):
            return False
        return not self.accept(instance, values)

    def accept(self, instance: RegionBoard, values: Sequence[int]) -> list[Violation]:
        """From the rules alone: every region's count, and shaded pieces not dominoes (an
        ``UNMARKED`` cell is not shaded)."""
        grid, regions, shaded = instance.grid, instance.regions, (lambda c: values[c] == 1)
        found = sized_pieces(grid, shaded, 2, "shaded cells", "domino")
        for region, cells in enumerate(regions.cells):
            found += counted(cells, shaded, 2, 2, regions.name(region), "shaded cells", "region")
        return found

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    # -- generating, and small boards for the harness -------------------------------------

    def generate(self, request: GenerateRequest, rng: Rng) -> RegionBoard | None:
        """Easy: ``ordered_regions``, solved at rung 1 by construction (None when cells stay
        stranded).  Hard: its stranded cells join a region beside them, else one unshaded
        cell moves to the region beside it, kept when rung 1 leaves cells open and trial
        solves the board (up to ``HARD_TRIES`` moves from one draw solved at rung 1)."""
        from puzzlekit.generation import out_of_time, target_rung

        grid = RectGrid(request.rows, request.cols)
        board = ordered_regions(grid, rng)
        owner, shaded = board.owner, board.known
        easy = target_rung(self, request.difficulty) == 1
        if easy and not board.free:
            return RegionBoard(Regions(grid, owner))
        for u in sorted(board.free):
            owner[u] = rng.choice([owner[m] for m in grid.neighbours[u] if owner[m] > 0] or [1])
        if board.free:  # no board solved at rung 1 to move cells on
            return self._judged(grid, owner, easy)
        for _ in range(HARD_TRIES):
            out_of_time(request.deadline)
            cell = rng.below(grid.n_cells)
            near = [owner[m] for m in grid.neighbours[cell] if owner[m] != owner[cell]]
            old = owner[cell]
            if shaded[cell] or not near or not _stays_whole(grid, owner, cell):
                continue
            owner[cell] = rng.choice(near)
            if made := self._judged(grid, owner, False):
                return made
            owner[cell] = old
        return None

    def _judged(self, grid: RectGrid, owner: list[int], easy: bool) -> RegionBoard | None:
        """The board, when rung 1 solves it (``easy``), or leaves cells open and trial solves it."""
        board = RegionBoard(Regions(grid, owner))
        engine = Engine(self.build(board), max_rung=2)
        if not engine.start(1) or (BOOL not in engine.dom) != easy:
            return None
        return board if easy or (engine.run(2) and BOOL not in engine.dom) else None

    def small_board(self, rng: Rng) -> RegionBoard:
        """1x1 to 4x4: random dominoes, each cell joining the region of a random domino
        beside it (so often solvable) two times in three, else random letters."""
        grid = RectGrid(rng.between(1, 4), rng.between(1, 4))
        shaded = random_dominoes(grid, rng)
        owner = [rng.below(3) for _ in range(grid.n_cells)]
        if rng.chance(2, 3):
            for i, piece in enumerate(grid.pieces(lambda c: shaded[c] == 1)):
                for c in piece:
                    owner[c] = 10 + i
            for c in range(grid.n_cells):
                near = [owner[n] for n in grid.neighbours[c] if owner[n] >= 10]
                if not shaded[c] and near:
                    owner[c] = rng.choice(near)
        return RegionBoard(Regions(grid, owner))


HARD_TRIES = 60
"""Cells moved from one draw (each a region change judged on the whole board) before a new draw."""


def _stays_whole(grid: RectGrid, owner: list[int], cell: int) -> bool:
    """Is ``cell``'s region still one piece without it?"""
    region = owner[cell]
    return len(grid.pieces(lambda c: c != cell and owner[c] == region)) == 1
