"""LITS: shade one tetromino in every region so that the shaded cells are one piece, no 2x2
block is all shaded, and two equal tetrominoes (rotations and reflections count as the same)
never touch across a wall.  Built on the grid toolkit and the public API only."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Model, Propagator, Rule, Rung, Violation, bundled_examples
from puzzlekit.core import BOOL, TRUE, Engine, Lookahead
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import Cnf, SatEncoding
from puzzlekit.grid import NotAll, RectGrid, Regions, StaysConnected, block_clauses, counted, full_blocks, split
from puzzlekit.grid.cnf import piece_cuts
from puzzlekit.grid.orderedpieces import PieceBoard, ordered_pieces
from puzzlekit.grid.regions import OFF, RegionGrowth, moved_until
from puzzlekit.grid.regionshading import RegionBoard, RegionShading
from puzzlekit.grid.rivalpieces import rival_moves
from puzzlekit.grid.shapes import TETROMINOES, Ways, apart_ways, equal_neighbours, free_ways, piece_ways, touching_equal

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

LADDER = (
    Rung(1, "regions and shapes", "a region's ways to place its tetromino; no 2x2 block; equal tetrominoes apart"),
    Rung(2, "one piece", "the shaded cells stay connected"),
    Rung(3, "trial", "a cell whose shading makes the rungs below contradict takes the other colour"),
)
PIECE = Rule(
    "tetromino",
    1,
    "Every region holds one tetromino, not filling a 2x2 block with shaded cells beside it: a cell every way"
    " left to place it shades (or leaves) goes so.",
)
POOL = Rule("no-2x2", 1, "No 2x2 block is all shaded: with three of it shaded, the fourth is unshaded.")
SHAPES = Rule("same-shape", 1, "Equal tetrominoes never touch across a wall: ways of two regions that would are out.")
JOINED = Rule("connected", 2, "The shaded cells form one piece: a cell that would cut it in two is shaded.")
TRIAL = Rule("trial", 3, "If shading a cell (or not) made the simpler rules contradict, it takes the other colour.")
SHAPE_SET = frozenset(s for s, name in TETROMINOES.items() if name != "O")  # an O is a 2x2 block


def region_rules(grid: RectGrid, cells: Sequence[int], what: str = "a region") -> list[Propagator]:
    return [Ways(PIECE, free_ways(grid, cells, 4, SHAPE_SET), what=what, doing="place its tetromino")]


def pair_rules(grid: RectGrid, a: Sequence[int], b: Sequence[int], what: str = "two regions") -> list[Propagator]:
    doing = "place their tetrominoes apart from equal ones"
    return [apart_ways(SHAPES, grid, a, b, 4, SHAPE_SET, what=what, doing=doing)]


def pools(grid: RectGrid, cell: int) -> list[Propagator]:
    """The 2x2 block with ``cell`` at its top left, if there is one."""
    block = grid.rectangle(*grid.rc(cell), 2, 2)
    return [NotAll(POOL, block)] if block else []


def trial() -> list[Propagator]:
    return [Lookahead(TRIAL, probe_rung=2, describe=lambda v, m: "shaded" if m == TRUE else "unshaded")]


def rules(regions: Regions) -> Model:
    """The ladder on the board's regions."""
    grid = regions.grid
    model = Model(LADDER, domains=[BOOL] * grid.n_cells)
    found = [p for cell in range(grid.n_cells) for p in pools(grid, cell)]
    for region, cells in enumerate(regions.cells):
        found += region_rules(grid, cells, regions.name(region))
        for other in (r for r in regions.adjacent[region] if r > region):
            what = f"{regions.name(region)} and {regions.name(other)}"
            found += pair_rules(grid, cells, regions.cells[other], what)
    for prop in (*found, StaysConnected(JOINED, grid, range(grid.n_cells), 1), *trial()):
        model.add(prop)
    return model


class Lits(RegionShading):
    name, display_name = "lits", "LITS"
    summary = "Shade a tetromino in every region: one piece, no 2x2, equal tetrominoes never side by side."
    ladder = LADDER
    rules = (PIECE, POOL, SHAPES, JOINED, TRIAL)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2, "hard": 3}
    top_deduction = 3
    generate_options: ClassVar[frozenset[str] | None] = frozenset()
    bad_levels = ("ab\na?\n", "ab\nb\n", "#?|ab\n", "#o.|ab\n", "x | ab | c\n")

    def build(self, instance: RegionBoard) -> Model:
        model = rules(instance.regions)
        model.cnf = lambda: self.sat_encoding(instance)
        return model

    def sat_encoding(self, instance: RegionBoard) -> SatEncoding:
        """From the rules alone: cell ``c`` shaded is SAT variable ``c + 1``; per region one
        of its tetrominoes (O too: the 2x2 clauses rule it out) by a fresh variable each; two
        equal ones side by side not both; the shaded cells joined by lazy cuts."""
        grid, regions = instance.grid, instance.regions
        cnf, placed = Cnf(grid.n_cells), []
        for cells in regions.cells:
            ways = [(way[0], cnf.fresh()) for way in piece_ways(grid, cells, 4)]
            cnf.add([y for _, y in ways])
            cnf.add(*([-y, -z] for i, (_, y) in enumerate(ways) for _, z in ways[i + 1 :]))
            for cell in cells:  # shaded exactly when the chosen piece holds it
                cnf.add([-(cell + 1), *(y for p, y in ways if cell in p)])
                cnf.add(*([-y, -(cell + 1) if cell not in p else cell + 1] for p, y in ways))
            placed.append(ways)
        for region, ways in enumerate(placed):
            for other in (r for r in regions.adjacent[region] if r > region):
                clashes = ((y, z) for p, y in ways for q, z in placed[other] if touching_equal(grid, p, q))
                cnf.add(*([-y, -z] for y, z in clashes))
        cnf.add(*block_clauses(grid, lambda c: c + 1))
        return cnf.encoding(
            lambda values: piece_cuts(grid.neighbours, grid.pieces(lambda c: values[c] > 0), lambda c: c + 1)
        )

    def accept(self, instance: RegionBoard, values: Sequence[int]) -> list[Violation]:
        """From the rules alone: regions not holding one piece of four, 2x2 blocks, equal
        tetrominoes side by side, the shaded cells in pieces (an ``UNMARKED`` cell is not
        shaded)."""
        grid, regions = instance.grid, instance.regions

        def shaded(c: int) -> bool:
            return values[c] == 1

        found = full_blocks(grid, shaded, "shaded cells") + split(grid, shaded, "shaded cells")
        pieces: list[list[int]] = []
        for region, cells in enumerate(regions.cells):
            name, inside = regions.name(region), [c for c in cells if shaded(c)]
            found += counted(cells, shaded, 4, 4, name, "shaded cells", "region")
            parts = grid.pieces(set(inside).__contains__)
            if len(parts) > 1:
                message = f"the shaded cells of {name} are in {len(parts)} pieces, not one"
                found.append(Violation("divided", message, tuple(inside), len(inside) < 4, tuple(inside)))
            elif len(inside) == 4:
                pieces.append(inside)
        return found + equal_neighbours(grid, pieces, "same-shape", TETROMINOES, "tetrominoes")

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    # -- generating, and small boards for the harness -------------------------------------

    def generate(self, request: GenerateRequest, rng: Rng) -> RegionBoard | None:
        """A board drawn in solving order (``grid.orderedpieces``: every region's piece
        forced at rung 1 as it closes); its stranded cells join regions (``_joined``).
        Medium: the moves ``grid.rivalpieces`` lists (a region given a rival piece that
        splits the shading) are judged on the whole board, the first kept that rung 1
        leaves open and connectivity solves.  Hard: unshaded cells move to a region beside
        them, one at a time, kept when the rung below leaves cells open and trial solves
        the board (up to ``MOVES`` moves)."""
        from puzzlekit.generation import deduction_cap, target_rung

        grid, rung = RectGrid(request.rows, request.cols), target_rung(self, request.difficulty)
        cap = deduction_cap(self, rung) or rung
        board = ordered_pieces(grid, rng, SHAPE_SET)
        stranded = board.stranded()
        owner = _joined(grid, board, cap, rng, request.deadline) if stranded else board.owner
        clean = rung == 2 and not stranded  # rung 1 solves it by construction
        if owner is None or rung == 1 or (not clean and _judged(grid, owner, rung, cap)):
            return None if owner is None else RegionBoard(Regions(grid, owner))
        fixed = [k == 1 for k in board.known]
        if rung == 2:  # a region given a rival piece that only connectivity refutes
            moves = rival_moves(grid, owner, fixed, board.through)
            rng.shuffle(moves)
            for cells, region in moves:
                now = [region if c in cells else r for c, r in enumerate(owner)]
                if _judged(grid, now, rung, cap):
                    return RegionBoard(Regions(grid, now))
            return None
        moved = moved_until(grid, owner, fixed, rng, lambda now: _judged(grid, now, rung, cap), MOVES)
        return RegionBoard(Regions(grid, owner)) if moved else None

    def small_board(self, rng: Rng) -> RegionBoard:
        """1x1 to 4x4: a board drawn in solving order, its stranded cells joining a random
        region beside them (so often solvable), two times in three, else random letters."""
        grid = RectGrid(rng.between(1, 4), rng.between(1, 4))
        owner = [rng.below(3) for _ in range(grid.n_cells)]
        if rng.chance(2, 3):
            owner = ordered_pieces(grid, rng, SHAPE_SET, redraws=0).owner
            for c in [c for c in range(grid.n_cells) if owner[c] == OFF] * 3:
                near = [owner[n] for n in grid.neighbours[c] if owner[n] != OFF]
                if owner[c] == OFF and near:
                    owner[c] = rng.choice(near)
        return RegionBoard(Regions(grid, owner))


MOVES = 60  # cells moved from one draw (each judged on the whole board) before a new draw


def _judged(grid: RectGrid, owner: list[int], rung: int, cap: int) -> bool:
    """Does the rung below ``rung`` leave cells open, and deduction capped at ``cap`` solve the board?"""
    engine = Engine(rules(Regions(grid, owner)), max_rung=cap)
    if not engine.start(rung - 1) or BOOL not in engine.dom:
        return False
    return engine.run(cap) and BOOL not in engine.dom


def _joined(grid: RectGrid, board: PieceBoard, rung: int, rng: Rng, deadline: float | None) -> list[int] | None:
    """The stranded cells each join a region beside them while deduction capped at
    ``rung`` still solves the cells round it (``RegionGrowth``, pairs of regions judged
    by ``pair_rules``), pass after pass: None when a pass joins none, or when the whole
    board is then left open."""
    from puzzlekit.generation import out_of_time

    def extra() -> list[Propagator]:
        joined = [StaysConnected(JOINED, grid, range(grid.n_cells), 1)] if growth.rung > 1 else []
        return joined + (trial() if growth.rung > 2 else [])

    growth = RegionGrowth(
        grid, LADDER, [int(k == 1) for k in board.known], rung, lambda c: pools(grid, c),
        lambda cells: region_rules(grid, cells), extra, pair_rules=lambda a, b: pair_rules(grid, a, b),
    )  # fmt: skip
    for c, r in enumerate(board.owner):
        if r >= 0:
            growth.put(c, r)

    def join(cell: int) -> bool:
        near = list(dict.fromkeys(growth.owner[n] for n in grid.neighbours[cell] if growth.owner[n] != OFF))
        rng.shuffle(near)
        return any(growth.attempt((cell,), r) for r in near)

    waiting = [c for c in range(grid.n_cells) if growth.owner[c] == OFF]
    while waiting:
        out_of_time(deadline)
        stuck = [c for c in waiting if not join(c)]
        if len(stuck) == len(waiting):
            return None
        waiting = stuck
    return None if growth.open_cells() else growth.owner
