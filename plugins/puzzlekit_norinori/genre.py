"""Norinori: shade cells so that every region holds exactly two and every shaded cell has
exactly one shaded neighbour (shaded cells pair off into dominoes, which may cross region
walls).  Built on the grid toolkit and the public API only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Block, Model, Propagator, Rule, Rung, Violation, bundled_examples
from puzzlekit.core import BOOL, FALSE, TRUE, Engine, Lookahead
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import Cnf, SatEncoding
from puzzlekit.errors import LevelErrors
from puzzlekit.grid import (  # fmt: skip
    Canvas,
    Count,
    GridGenre,
    RectGrid,
    Regions,
    counted,
    join_layers,
    read_layered,
    read_marks,
    shading_marks,
    write_grid,
)
from puzzlekit.grid.shapes import OnePartner, Way, Ways, partner_clauses, sized_pieces
from puzzlekit.pictures import Tone

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

MARKS = {"#": TRUE, "o": FALSE, ".": BOOL}
MARK_WORDS = {"#": "shaded", "o": "unshaded", ".": "unmarked"}
UNMARKED = 2
"""The value ``accept`` reads as a cell not marked yet (the browser's live check)."""
LADDER = (
    Rung(1, "regions and dominoes", "full and short regions, a shaded cell's partner, a region's ways to shade two"),
    Rung(2, "trial", "a cell whose shading makes the rung below contradict takes the other colour"),
)
COUNT = Rule("region-count", 1, "Every region holds two shaded cells: with both, the rest are unshaded.")
PAIRS = Rule("dominoes", 1, "Every shaded cell has exactly one shaded neighbour: shaded cells pair off into dominoes.")
PATTERNS = Rule("region-patterns", 1, "A cell every way to shade its region's two cells shades (or leaves) goes so.")
TRIAL = Rule("trial", 2, "If shading a cell (or not) made the simpler rules contradict, it takes the other colour.")


@dataclass(frozen=True)
class Board:
    regions: Regions

    @property
    def grid(self) -> RectGrid:
        return self.regions.grid


def pair_ways(grid: RectGrid, inside: Sequence[int]) -> list[Way]:
    """The ways to shade a region's two cells: a domino inside it (its neighbours outside
    unshaded), or two apart, each with a neighbour outside that can pair with it."""
    rest = set(inside)
    out: list[Way] = []
    for i, a in enumerate(inside):
        for b in inside[i + 1 :]:
            others = tuple(c for c in inside if c not in (a, b))
            beside = {n for c in (a, b) for n in grid.neighbours[c] if n not in rest}
            if b in grid.neighbours[a]:
                out.append(((a, b), others + tuple(sorted(beside))))
            else:
                out.append(((a, b), others, [[n for n in grid.neighbours[c] if n not in rest] for c in (a, b)]))
    return out


def rules(
    grid: RectGrid,
    regions: Sequence[tuple[str, tuple[int, ...]]],
    off: Sequence[int] = (),
    kept: dict[object, Propagator] | None = None,
) -> Model:
    """The ladder on named regions; ``off``: cells in no region yet, unshaded (a generator's
    board while it grows, which keeps its propagators in ``kept`` from one board to the next)."""
    kept = {} if kept is None else kept
    model = Model(LADDER, domains=[FALSE if c in set(off) else BOOL for c in range(grid.n_cells)])
    for cell in range(grid.n_cells):
        at = (grid.rows, grid.cols, cell)
        model.add(kept.get(at) or kept.setdefault(at, OnePartner(PAIRS, grid, cell)))
    for what, cells in regions:
        key = (grid.rows, grid.cols, what, cells)
        if key not in kept:
            kept[key] = Ways(PATTERNS, pair_ways(grid, cells), what=what, doing="shade two cells")
        model.add(Count(COUNT, cells, 2, what=what))
        model.add(kept[key])
    model.add(Lookahead(TRIAL, probe_rung=1, describe=lambda v, m: "shaded" if m == TRUE else "unshaded"))
    return model


def parse_board(block: Block) -> tuple[Board, list[str] | None]:
    """The board and, for a state, its marks (``marks | regions``), one per cell."""
    marks, (layer,) = read_layered(block, ("regions",))
    regions = Regions.read(layer)
    return Board(regions), read_marks(marks, MARK_WORDS, regions.grid)


class Norinori(GridGenre):
    name = "norinori"
    summary = "Shade two cells in every region, so that the shaded cells pair off into dominoes."
    ladder = LADDER
    rules = (COUNT, PAIRS, PATTERNS, TRIAL)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "hard": 2}
    walled = True
    open_value = UNMARKED
    generate_options: ClassVar[frozenset[str] | None] = frozenset()
    bad_levels = ("ab\na?\n", "ab\nb\n", "#?|ab\n", "#o.|ab\n", "x | ab | c\n")

    def parse(self, block: Block) -> Board:
        return LevelErrors.run(lambda: parse_board(block)[0], lambda: self.check_flags(block))

    def build(self, instance: Board) -> Model:
        regions = instance.regions
        model = rules(instance.grid, [(regions.name(i), cells) for i, cells in enumerate(regions.cells)])
        model.cnf = lambda: self.sat_encoding(instance)
        return model

    def sat_encoding(self, instance: Board) -> SatEncoding:
        """From the rules alone: cell ``c`` shaded is SAT variable ``c + 1``; two per region
        by totalizers; a shaded cell has one shaded neighbour, not two."""
        cnf = Cnf(instance.grid.n_cells)
        cnf.add(*partner_clauses(instance.grid, lambda c: c + 1))
        for cells in instance.regions.cells:
            cnf.count([c + 1 for c in cells], 2)
        return cnf.encoding()

    def accept(self, instance: Board, values: Sequence[int]) -> list[Violation]:
        """From the rules alone: every region's count, and shaded pieces not dominoes (an
        ``UNMARKED`` cell is not shaded)."""
        grid, regions, shaded = instance.grid, instance.regions, (lambda c: values[c] == 1)
        found = sized_pieces(grid, shaded, 2, "shaded cells", "domino")
        for region, cells in enumerate(regions.cells):
            found += counted(cells, shaded, 2, 2, regions.name(region), "shaded cells", "region")
        return found

    def parse_state(self, instance: Board, block: Block) -> list[int]:
        board, marks = parse_board(block)
        if board.regions.owner != instance.regions.owner:
            raise block.error(0, 0, "the state's regions differ from the puzzle's")
        return [BOOL] * instance.grid.n_cells if marks is None else [MARKS[t] for t in marks]

    def write(self, instance: Board, dom: Sequence[int] | None = None) -> list[str]:
        layers = [write_grid(instance.grid, instance.regions.letters())]
        if dom is not None:
            layers.insert(0, write_grid(instance.grid, shading_marks(dom)))
        return join_layers(*layers)

    def describe_step(self, instance: Board, var: int, mask: int) -> str:
        return f"{self.describe(instance, var)} is {'shaded' if mask == TRUE else 'unshaded'}"

    def paint(
        self, instance: Board, dom: Sequence[int] | None, canvas: Canvas, tones: dict[int, Tone], crosses: bool
    ) -> None:
        for edge in instance.regions.walls:
            canvas.wall(edge)
        for cell in range(instance.grid.n_cells):
            tone, d = tones.get(cell, "normal"), dom[cell] if dom is not None else BOOL
            if d == TRUE:
                canvas.shaded(cell, tone)
            elif d == FALSE and (crosses or BOOL not in (dom or ())):
                canvas.dotted(cell, tone)
            else:
                canvas.open(cell, tone)

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    # -- generating, and small boards for the harness -------------------------------------

    def generate(self, request: GenerateRequest, rng: Rng) -> Board | None:
        """Random dominoes, each a region, every other cell unshaded and in none; then, in a
        random order, each of those joins a region beside it while deduction capped at the
        difficulty still solves the board (so it stays unique), or, failing that, slides
        a domino beside it over itself.  A pass that joins none frees the other cells of
        the regions beside a stuck one; after 4 joins tried per cell: None, a new try."""
        from puzzlekit.generation import out_of_time, target_rung

        grid, rung = RectGrid(request.rows, request.cols), target_rung(self, request.difficulty)
        shaded, owner = _dominoes(grid, rng), [-1] * grid.n_cells
        for i, piece in enumerate(grid.pieces(lambda c: shaded[c] == 1)):
            for c in piece:
                owner[c] = i
        waiting = [c for c in range(grid.n_cells) if owner[c] < 0]
        rng.shuffle(waiting)
        tries = 0
        while tries < 4 * grid.n_cells:  # passes; after one that joins nothing, a repair
            out_of_time(request.deadline)
            tries += len(waiting)
            stuck = [c for c in waiting if not _join(grid, owner, shaded, c, rung, rng)]
            if not stuck or len(stuck) == len(waiting):
                if not stuck:
                    break
                cell = rng.choice(stuck)  # its neighbours' regions give their free cells back
                regions = {owner[n] for n in grid.neighbours[cell]} - {-1}
                freed = [c for c in range(grid.n_cells) if owner[c] in regions and not shaded[c]]
                for c in freed:
                    owner[c] = -1
                rng.shuffle(freed)
                stuck = [cell, *freed, *(c for c in stuck if c != cell)]
            waiting = stuck
        else:
            return None
        return Board(Regions(grid, owner))

    def small_board(self, rng: Rng) -> Board:
        """1x1 to 4x4: random dominoes, each cell joining the region of a random domino
        beside it (so often solvable) two times in three, else random letters."""
        grid = RectGrid(rng.between(1, 4), rng.between(1, 4))
        shaded = _dominoes(grid, rng)
        owner = [rng.below(3) for _ in range(grid.n_cells)]
        if rng.chance(2, 3):
            for i, piece in enumerate(grid.pieces(lambda c: shaded[c] == 1)):
                for c in piece:
                    owner[c] = 10 + i
            for c in range(grid.n_cells):
                near = [owner[n] for n in grid.neighbours[c] if owner[n] >= 10]
                if not shaded[c] and near:
                    owner[c] = rng.choice(near)
        return Board(Regions(grid, owner))


def _join(grid: RectGrid, owner: list[int], shaded: list[int], cell: int, rung: int, rng: Rng) -> bool:
    """Put ``cell`` in a region beside it, or slide a domino beside it onto it (its far
    cell left unshaded in its region), so that deduction up to ``rung`` still solves the
    board; False, changing nothing, when no way does."""
    near = list(grid.neighbours[cell])
    rng.shuffle(near)
    for n in near:
        if owner[n] < 0 or owner[n] in {owner[m] for m in near[: near.index(n)]}:
            continue
        owner[cell] = owner[n]
        if _solved(grid, owner, rung):
            return True
        owner[cell] = -1
    for n in near:
        far = next((m for m in grid.neighbours[n] if shaded[m]), -1) if shaded[n] else -1
        if far < 0 or any(shaded[m] for m in grid.neighbours[cell] if m != n):
            continue
        owner[cell], shaded[cell], shaded[far] = owner[n], 1, 0
        if _solved(grid, owner, rung):
            return True
        owner[cell], shaded[cell], shaded[far] = -1, 0, 1
    return False


_KEPT: dict[object, Propagator] = {}


def _solved(grid: RectGrid, owner: Sequence[int], rung: int) -> bool:
    """Does deduction up to ``rung`` solve the board of regions ``owner`` (-1: in none, unshaded)?"""
    groups: dict[int, list[int]] = {}
    for cell, region in enumerate(owner):
        groups.setdefault(region, []).append(cell)
    off = groups.pop(-1, [])
    if len(_KEPT) > 20_000:
        _KEPT.clear()
    named = [("a region", tuple(cells)) for cells in groups.values()]
    engine = Engine(rules(grid, named, off, _KEPT), max_rung=rung)
    return engine.start() and BOOL not in engine.dom


def _dominoes(grid: RectGrid, rng: Rng) -> list[int]:
    """Per cell 1 or 0: dominoes placed at random until no more fit, none touching another
    side by side (corners may)."""
    shaded = [0] * grid.n_cells
    cells = list(range(grid.n_cells))
    rng.shuffle(cells)

    def free(cell: int, partner: int) -> bool:
        return not shaded[cell] and all(not shaded[n] for n in grid.neighbours[cell] if n != partner)

    for cell in cells:
        near = [n for n in grid.neighbours[cell] if free(n, cell) and free(cell, n)]
        if near:
            shaded[cell] = shaded[rng.choice(near)] = 1
    return shaded
