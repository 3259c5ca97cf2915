"""Numberlink: join each pair of equal numbers by a path of lines through cell centres;
paths never branch, cross or share a cell, and (as pzprjs's ``numlin``) cells may stay
empty.  Built on the grid toolkit's paths (``puzzlekit.grid.paths``) and the public API."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Block, ClueSpot, Model, Place, Rule, Rung, Violation, bundled_examples
from puzzlekit.core import BOOL, FALSE, TRUE, Lookahead, Status, count_solutions
from puzzlekit.core.engine import Engine
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import SatEncoding
from puzzlekit.errors import LevelErrors
from puzzlekit.grid import Canvas, GridGenre, RectGrid, write_grid
from puzzlekit.grid import paths as lines
from puzzlekit.pictures import CellSvg, Tone

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

NUMBERS = range(1, 1000)
LADDER = (
    Rung(1, "lines at cells", "a number's one line, two or none elsewhere; no loops, no two numbers joined"),
    Rung(2, "reach", "each pair's path must still get through"),
    Rung(3, "trial", "a line whose drawing (or crossing) makes the rungs below contradict goes the other way"),
)
TRIAL = Rule("trial", 3, "If drawing a line (or crossing it) made the simpler rules contradict, it goes the other way.")
EDGE_MARKS = (BOOL, TRUE, FALSE)


@dataclass(frozen=True)
class Board:
    grid: RectGrid
    numbers: tuple[int, ...]
    """Per cell, its number, 0 for none."""

    @property
    def given(self) -> dict[int, int]:
        return {c: n for c, n in enumerate(self.numbers) if n}

    def tokens(self) -> list[str]:
        return [str(n) if n else "." for n in self.numbers]


def named(label: int) -> str:
    return f"the {label}"


def parse_board(block: Block) -> tuple[Board, list[int] | None]:
    """The board and, when drawn with lines, the edges' marks."""
    grid, numbers, dom = lines.read_numbered(block, NUMBERS)
    return Board(grid, tuple(numbers)), dom


class Numberlink(GridGenre):
    name = "numberlink"
    aliases = ("numlin",)
    summary = "Join each pair of equal numbers by a path through cell centres; paths never cross or share a cell."
    ladder = LADDER
    rules = (lines.CELL_DEGREE, lines.PATH_LINK, lines.PAIR_REACH, TRIAL)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2}
    place_marks = EDGE_MARKS
    generate_options: ClassVar[frozenset[str] | None] = frozenset()
    bad_levels = ("1x\n", "1.1\n1..\n..\n", "0.\n.0\n", "1-2\n+\n")

    def parse(self, block: Block) -> Board:
        return LevelErrors.run(lambda: parse_board(block)[0], lambda: self.check_flags(block))

    def build(self, instance: Board) -> Model:
        grid = instance.grid
        model = Model(LADDER, domains=[BOOL] * grid.n_edges)
        lines.add_paths(model, grid, instance.given, named)
        model.add(Lookahead(TRIAL, probe_rung=2, describe=lambda v, m: "a line" if m == TRUE else "crossed"))
        model.cnf = lambda: self.sat_encoding(instance)
        return model

    def sat_encoding(self, instance: Board) -> SatEncoding:
        return lines.path_encoding(instance.grid, instance.given)

    def accept(self, instance: Board, values: Sequence[int]) -> list[Violation]:
        return lines.path_violations(instance.grid, values, instance.given, named)

    def parse_state(self, instance: Board, block: Block) -> list[int]:
        board, dom = parse_board(block)
        if (board.grid, board.numbers) != (instance.grid, instance.numbers):
            raise block.error(0, 0, "the state's board or numbers differ from the puzzle's")
        return [BOOL] * instance.grid.n_edges if dom is None else dom

    def write(self, instance: Board, dom: Sequence[int] | None = None) -> list[str]:
        tokens = instance.tokens()
        if dom is None:
            return write_grid(instance.grid, tokens, separated=any(n > 9 for n in instance.numbers))
        return lines.write_drawn(instance.grid, tokens, dom)

    def cell_of(self, instance: Board, var: int) -> int:
        return instance.grid.edge_cells[var][0]

    def describe(self, instance: Board, var: int) -> str:
        return instance.grid.edge_name(var)

    def describe_step(self, instance: Board, var: int, mask: int) -> str:
        return f"{instance.grid.edge_name(var)} is {'a line' if mask == TRUE else 'crossed'}"

    def places(self, instance: Board) -> list[Place]:
        canvas = CellSvg(instance.grid, kind=self.name)
        ends = instance.grid.edge_cells
        return [Place.edge(e, canvas.centre(a), canvas.centre(b), EDGE_MARKS) for e, (a, b) in enumerate(ends)]

    def paint(
        self, instance: Board, dom: Sequence[int] | None, canvas: Canvas, tones: dict[int, Tone], crosses: bool
    ) -> None:
        lines.draw_lines(canvas, dom, tones, crosses)
        for cell, n in instance.given.items():
            canvas.disc(cell, cls="clue-disc", fill="white", radius=0.32, tone=tones.get(cell, "normal"))
            canvas.clue(cell, str(n), tones.get(cell, "normal"))

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    # -- generating, clues for setters, small boards for the harness ----------------------

    def generate(self, request: GenerateRequest, rng: Rng) -> Board | None:
        """Random paths that touch themselves nowhere (so none can be shortcut), numbered at
        their ends; while rungs 1-2 leave edges open, second solutions are looked for near
        open edges (``nearby_solution``, windows apart) and each is ruled out where it
        differs (``split_paths``); a board the two rungs solve is unique, then cut further
        until it needs no more than the difficulty's rung."""
        from puzzlekit.generation import out_of_time, target_rung

        grid = RectGrid(request.rows, request.cols)
        paths = lines.random_paths(grid, rng)
        for _ in range(grid.n_cells):
            out_of_time(request.deadline)
            board = Board(grid, tuple(lines.numbers_of(grid, paths)))
            model = self.solving_model(board)
            engine = Engine(model, max_rung=2, deadline=request.deadline)
            if not engine.start(2):
                return None
            if BOOL not in engine.dom[: grid.n_edges]:
                return self.cut_to(board, paths, target_rung(self, request.difficulty), request, rng)
            if lines.repair_paths(engine, grid, paths, partial(self.solves, board), rng):
                continue
            # Nothing near the few edges left open: the search decides (rungs 1-2 and branching).
            outcome = count_solutions(model, 2, 8 * request.max_nodes, None, max_rung=2, record=False)
            if outcome.status == Status.UNIQUE:
                return self.cut_to(board, paths, target_rung(self, request.difficulty), request, rng)
            if outcome.status != Status.MULTIPLE:
                return None
            other = next(s for s in outcome.solutions if s != lines.path_values(grid, paths))
            if not lines.split_paths(grid, paths, other, rng):
                return None
        return None

    def solves(self, board: Board, values: list[int]) -> bool:
        return not self.accept(board, values)

    def cut_to(
        self, board: Board, paths: list[list[int]], target: int, request: GenerateRequest, rng: Rng
    ) -> Board | None:
        """Cut paths of a unique board where rung ``target`` leaves lines open until that
        rung solves it: a cut keeps it unique (joined again, the cut halves of any other
        solution would solve it) and gives the deduction more numbers."""
        from puzzlekit.generation import fits, needed_rung

        grid = board.grid
        rung = needed_rung(self, board, request.max_nodes, request.deadline, proven=True)
        while not fits(self, target, rung) and rung > target:
            engine = Engine(self.solving_model(board), max_rung=target, deadline=request.deadline)
            engine.start(target)
            if BOOL not in engine.dom[: grid.n_edges]:
                rung = needed_rung(self, board, request.max_nodes, request.deadline, proven=True)
                continue
            open_lines = lines.settled(engine, lines.path_values(grid, paths))
            cuts = 1 + engine.dom[: grid.n_edges].count(BOOL) // 16  # a cut per dozen or so open edges
            if not lines.split_many(grid, paths, open_lines, rng, cuts):
                return None
            board = Board(grid, tuple(lines.numbers_of(grid, paths)))
        return board if fits(self, target, rung) else None

    def small_board(self, rng: Rng) -> Board:
        grid = RectGrid(rng.between(1, 3), rng.between(2, 4))
        if grid.n_edges > 16:
            grid = RectGrid(2, 4)
        numbers = [0] * grid.n_cells
        for label in range(1, rng.between(1, 3) + 1):
            for _ in range(2 if rng.chance(5, 6) else 1):
                numbers[rng.below(grid.n_cells)] = label
        return Board(grid, tuple(numbers))

    def clue_positions(self, instance: Board) -> list[int]:
        return list(range(instance.grid.n_cells))

    def clue_spots(self, instance: Board) -> list[ClueSpot]:
        return self.cell_spots(instance, (None, *range(1, 10)))

    def blank(self, cols: int, rows: int) -> Board:
        grid = RectGrid(rows, cols)
        return Board(grid, (0,) * grid.n_cells)

    def clue_at(self, instance: Board, position: int) -> int | None:
        return instance.numbers[position] or None

    def with_clue(self, instance: Board, position: int, clue: int | None) -> Board:
        numbers = list(instance.numbers)
        numbers[position] = clue or 0
        return replace(instance, numbers=tuple(numbers))


__all__ = ["Board", "Numberlink"]
