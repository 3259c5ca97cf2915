"""Yajilin (pzprjs's ``yajilin``): an arrow clue counts the shaded cells that way; shaded
cells never touch; every other cell but the clues is on one loop (``grid.shadedloop``:
edges are variables ``0..E-1``, cell c's shading ``E + c``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Block, ClueSpot, Model, Place, Rule, Rung, Violation, bundled_examples
from puzzlekit.core import BOOL, FALSE, TRUE, Lookahead
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import SatEncoding
from puzzlekit.errors import LevelErrors
from puzzlekit.formats import is_number
from puzzlekit.grid import Canvas, Count, GridGenre, RectGrid, grid_of, paint_shading, shadedloop, write_grid
from puzzlekit.grid import paths as lines
from puzzlekit.pictures import CellSvg, Tone

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

PICTURE = {"^": "↑", "v": "↓", "<": "←", ">": "→"}
ARROWS = dict(zip("^>v<", range(4)))  # the toolkit's directions are NORTH, EAST, SOUTH, WEST = 0..3
LADDER = (
    Rung(1, "cells and arrows", "two lines or none, loop or shaded, shaded cells apart, arrows counted"),
    Rung(2, "one loop", "no loop closes early, and the loop must stay one and reach every cell it passes"),
    Rung(3, "trial", "a mark whose opposite makes the rungs below contradict"),
)
LOOP_DEGREE = Rule("loop-degree", 1, "Two lines or none meet at a cell.")
EARLY_LOOP = Rule("no-early-loop", 2, "A line never closes a loop that leaves a cell unpassed.")
LOOP_OR_SHADED = Rule("loop-or-shaded", 1, "A cell is shaded, or the loop passes it; a clue is neither.")
APART = Rule("apart", 1, "Shaded cells never touch side by side.")
ARROW = Rule("arrow", 1, "An arrow's number counts the shaded cells in its direction.")
REACH = Rule("loop-reach", 2, "The lines are one loop: a line that cannot join the rest is crossed.")
TRIAL = Rule("trial", 3, "If a mark made the simpler rules contradict, the cell or edge goes the other way.")


@dataclass(frozen=True)
class Board:
    grid: RectGrid
    clues: tuple[tuple[str, int] | None, ...]
    """Per cell, its arrow (``^ v < >``) and number, None for a cell to shade or pass."""

    @cached_property
    def rays(self) -> list[list[int]]:
        """Per cell, the cells its arrow points at but clues (never shaded); once, for every leaf."""
        ray, clues = self.grid.ray, self.clues
        return [[y for y in ray(c, ARROWS[k[0]]) if not clues[y]] if (k := clues[c]) else [] for c in range(len(clues))]

    def open_cells(self) -> list[bool]:
        return [clue is None for clue in self.clues]

    def token(self, cell: int) -> str:
        return "." if (clue := self.clues[cell]) is None else f"{clue[1]}{clue[0]}"


def parse_token(block: Block, line: int, col: int, token: str) -> tuple[str, int] | None:
    if token == ".":
        return None
    elif len(token) > 1 and token[-1] in ARROWS and is_number(token[:-1]) and len(token) < 5:
        return token[-1], int(token[:-1])
    raise block.error(line, col, f"expected '.' or a number and an arrow (^ v < >) such as 2<, found {token!r}")


def read_board(block: Block) -> tuple[Board, list[int] | None]:
    """The board, and the marks when drawn with lines (``#`` shaded, ``o`` not)."""
    grid, tokens, lines_dom = lines.read_tokens(block)
    shade = [TRUE if t == "#" else FALSE if t == "o" else BOOL for _, _, t in tokens]
    clues = tuple(None if t in "#o" else parse_token(block, i, c, t) for i, c, t in tokens)
    return Board(grid, clues), None if lines_dom is None else [*lines_dom, *shade]


class Yajilin(GridGenre):
    name = "yajilin"
    aliases = ("yajirin",)
    summary = "Shade cells, none touching; one loop passes every other cell; arrows count shaded cells."
    ladder = LADDER
    rules = (LOOP_DEGREE, EARLY_LOOP, LOOP_OR_SHADED, APART, ARROW, REACH, TRIAL)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2, "hard": 3}
    generate_options: ClassVar[frozenset[str] | None] = frozenset()
    top_deduction: ClassVar[int | None] = 3
    bad_levels = ("2x .\n", ". .\n.\n", "2< 1\n")

    def parse(self, block: Block) -> Board:
        return LevelErrors.run(lambda: read_board(block)[0], lambda: self.check_flags(block))

    def build(self, board: Board) -> Model:
        grid, n, open_cells = board.grid, board.grid.n_edges, board.open_cells()
        model = Model(LADDER, domains=shadedloop.shaded_loop_domains(grid, open_cells))
        rules = (LOOP_DEGREE, EARLY_LOOP, REACH, LOOP_OR_SHADED, APART)
        shadedloop.add_shaded_loop(model, grid, open_cells, lambda values: not self.accept(board, values), rules)
        for c, clue in enumerate(board.clues):
            if clue:
                model.add(Count(ARROW, [n + y for y in board.rays[c]], clue[1], what=f"the arrow at {grid.name(c)}"))
        model.add(Lookahead(TRIAL, probe_rung=2))
        model.cnf = lambda: self.sat_encoding(board)
        return model

    def sat_encoding(self, board: Board) -> SatEncoding:
        """The shaded loop's clauses and a counter per arrow; several loops cut lazily."""
        cnf, n = shadedloop.shaded_loop_cnf(board.grid, board.open_cells()), board.grid.n_edges
        for c, clue in enumerate(board.clues):
            if clue:
                cnf.count([n + y + 1 for y in board.rays[c]], clue[1], clue[1])
        return cnf.encoding(shadedloop.shaded_loop_refine(board.grid))

    def accept(self, board: Board, values: Sequence[int]) -> list[Violation]:
        grid, n = board.grid, board.grid.n_edges
        found = shadedloop.shaded_loop_violations(grid, values, board.open_cells())
        for c, clue in enumerate(board.clues):
            ray = board.rays[c]
            if clue and (count := sum(values[n + y] for y in ray)) != clue[1]:
                message = f"the arrow at {grid.name(c)} points at {count} shaded cells, not {clue[1]}"
                found.append(Violation("arrow", message, tuple(n + y for y in ray), count < clue[1], (c, *ray)))
        return found

    def parse_state(self, board: Board, block: Block) -> list[int]:
        again, dom = read_board(block)
        if again != board:
            raise block.error(0, 0, "the state's board or clues differ from the puzzle's")
        return dom if dom is not None else [BOOL] * (board.grid.n_edges + board.grid.n_cells)

    def write(self, board: Board, dom: Sequence[int] | None = None) -> list[str]:
        grid = board.grid
        if dom is None:
            return write_grid(grid, [board.token(c) for c in range(grid.n_cells)], separated=True)
        marks = {TRUE: "#", FALSE: "o", BOOL: "."}
        tokens = [board.token(c) if board.clues[c] else marks[dom[grid.n_edges + c]] for c in range(grid.n_cells)]
        return lines.write_drawn(grid, tokens, dom[: grid.n_edges])

    def cell_of(self, board: Board, var: int) -> int:
        return var - board.grid.n_edges if var >= board.grid.n_edges else board.grid.edge_cells[var][0]

    def describe(self, board: Board, var: int) -> str:
        return board.grid.name(var - board.grid.n_edges) if var >= board.grid.n_edges else board.grid.edge_name(var)

    def describe_step(self, board: Board, var: int, mask: int) -> str:
        if var >= board.grid.n_edges:
            return f"{self.describe(board, var)} is {'shaded' if mask == TRUE else 'not shaded'}"
        return f"{board.grid.edge_name(var)} is {'a line' if mask == TRUE else 'crossed'}"

    def places(self, board: Board) -> list[Place]:
        canvas = CellSvg(board.grid, kind=self.name)
        return shadedloop.shaded_loop_places(canvas, self.build(board).domains, board.open_cells())

    def paint(
        self, board: Board, dom: Sequence[int] | None, canvas: Canvas, tones: dict[int, Tone], crosses: bool
    ) -> None:
        n = board.grid.n_edges
        clues = {c: f"{clue[1]}{PICTURE[clue[0]]}" for c, clue in enumerate(board.clues) if clue}
        paint_shading(canvas, None if dom is None else dom[n:], tones, crosses, clues=clues)
        first = shadedloop.shaded_loop_domains(board.grid, board.open_cells())  # a clue's edges: no cross drawn
        edges = None if dom is None else [BOOL if f == FALSE else d for d, f in zip(dom[:n], first)]
        lines.draw_lines(canvas, edges, tones, crosses)

    def clue_spots(self, board: Board) -> list[ClueSpot]:
        """A click cycles 0^ 1^ .. 0v .. (100 * the arrow's place in ^v<> + the number)."""
        top = (max(board.grid.rows, board.grid.cols) + 1) // 2
        return self.cell_spots(board, (None, *(100 * a + k for a in range(4) for k in range(top + 1))))

    def clue_at(self, board: Board, position: int) -> int | None:
        return None if (clue := board.clues[position]) is None else 100 * "^v<>".index(clue[0]) + clue[1]

    def with_clue(self, board: Board, position: int, value: int | None) -> Board:
        clue = None if value is None else ("^v<>"[value // 100 % 4], value % 100)
        return replace(board, clues=(*board.clues[:position], clue, *board.clues[position + 1 :]))

    def blank(self, cols: int, rows: int) -> Board:
        return Board(RectGrid(rows, cols), (None,) * (rows * cols))

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    def generate(self, request: GenerateRequest, rng: Rng) -> Board | None:
        """A random loop; off it, shading apart, the rest arrows with the count (a loop that
        deduction cannot finish with every off cell an arrow is dropped); while deduction at
        the difficulty's rung leaves cells open, the shaded cell nearest them turns arrow.
        No arrow is blanked: its cell would have to be shaded or passed, which the shading
        (maximal) and the loop (even) nearly never allow."""
        from puzzlekit.generation import out_of_time, target_rung

        grid, deadline = grid_of(request.rows, request.cols), request.deadline
        rung = target_rung(self, request.difficulty)
        _, off, shaded = shadedloop.planted_shaded_loop(grid, rng, 0.45)

        def left(shade: set[int], cap: int) -> set[int]:
            return shadedloop.cells_left_open(self.solving_model(self._clued(grid, arrows, shade)), grid, cap, deadline)

        arrows = points = {c: rng.choice("^v<>") for c in off}  # a shaded cell turns as the check had it
        if left(set(), min(rung, 2)):
            return None  # the loop itself is not deduced from the cells it passes
        arrows = {c: k for c, k in arrows.items() if c not in shaded}
        while opened := left(shaded, min(rung, 2)):
            if rung > 2 and not left(shaded, rung):
                return self._clued(grid, arrows, shaded)  # trial finishes what medium leaves open: hard
            out_of_time(deadline)
            near = min(shaded, key=lambda c: (min(grid.distance(c, d) for d in opened), rng.below(4)))
            shaded.discard(near)
            arrows[near] = points[near]
        return None if rung > 2 else self._clued(grid, arrows, shaded)  # hard: medium finished it

    def _clued(self, grid: RectGrid, arrows: dict[int, str], shaded: set[int]) -> Board:
        """The arrows, each with the count of ``shaded`` cells it points at."""
        rays = Board(grid, tuple((arrows[c], 0) if c in arrows else None for c in range(grid.n_cells))).rays
        counts = {c: sum(y in shaded for y in rays[c]) for c in arrows}
        return Board(grid, tuple((arrows[c], counts[c]) if c in arrows else None for c in range(grid.n_cells)))

    def small_board(self, rng: Rng) -> Board:
        grid = RectGrid(2, rng.between(2, 3)) if rng.chance(1, 2) else RectGrid(3, 2)
        clues: list[tuple[str, int] | None] = [None] * grid.n_cells
        for _ in range(rng.between(0, 2)):
            clues[rng.below(grid.n_cells)] = (rng.choice("^v<>"), rng.between(0, 1))
        return Board(grid, tuple(clues))


__all__ = ["Board", "Yajilin"]
