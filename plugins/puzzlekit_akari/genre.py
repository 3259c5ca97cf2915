"""The Akari genre: place bulbs so every white cell is lit, no bulb lights another, and
each number counts the bulbs beside it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Block, ClueSpot, Model, Violation, bundled_examples
from puzzlekit.core import BOOL, FALSE, TRUE
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import SatEncoding
from puzzlekit.errors import LevelErrors
from puzzlekit.formats import is_number
from puzzlekit.grid import Canvas, GridGenre, ParsedGrid, RectGrid, grid_of, marks_of, read_grid, read_state, write_grid
from puzzlekit.pictures import Tone, theme
from puzzlekit_akari.board import LEGEND, MARKS, Board
from puzzlekit_akari.generate import layout, solved, twins_near
from puzzlekit_akari.model import LADDER, TRIAL, AkariClues, encode
from puzzlekit_akari.rules import LIGHT, NUMBER, SETS, SIGHT

if TYPE_CHECKING:  # generation's imports wait until a puzzle is made (a quick --help)
    from puzzlekit.generation import GenerateRequest


class Akari(GridGenre):
    name = "akari"
    aliases = ("lightup", "light-up")
    summary = "Place bulbs so every white cell is lit and no bulb lights another; numbers count bulbs beside them."
    ladder = LADDER
    rules = (NUMBER, SIGHT, LIGHT, SETS, TRIAL)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2, "hard": 3}
    bad_levels = ("#.5\n", "..\n.\n", "#*?\n", "..\n.#\n# x\n")

    def parse(self, block: Block) -> Board:
        parsed = LevelErrors.run(lambda: read_grid(block, LEGEND), lambda: self.check_flags(block))
        return Board(parsed.grid, tuple("." if t in "*x" else t for t in parsed.tokens))

    def build(self, instance: Board) -> Model:
        return AkariClues(instance).model

    def clue_model(self, instance: Board) -> AkariClues:
        return AkariClues(instance)

    def sat_encoding(self, instance: Board) -> SatEncoding:
        return encode(instance)

    def accept(self, instance: Board, values: Sequence[int]) -> list[Violation]:
        """From the rules alone: every white cell lit, no bulb lighting another, numbers obeyed."""
        found: list[Violation] = []
        name, dark = instance.grid.name, []
        for v, cell in enumerate(instance.whites):
            others = [w for w in instance.seen[v] if values[w]]
            if values[v] and others:
                cells = (cell, *(instance.whites[w] for w in others))
                found.append(
                    Violation("sees", f"the bulb at {name(cell)} lights another bulb", (v, *others), cells=cells)
                )
            elif not values[v] and not others:
                dark.append(v)
        if dark:
            cells = tuple(instance.whites[v] for v in dark)
            where = ", ".join(map(name, cells[:6])) + (f" and {len(cells) - 6} more" if len(cells) > 6 else "")
            found.append(Violation("dark", f"not lit: {where}", tuple(dark), True, cells, name(cells[0])))
        for cell, n in sorted(instance.clues.items()):
            lit = sum(values[v] for v in instance.around(cell))
            if lit != n:
                message = f"the {n} at {name(cell)} has {lit} bulb(s) next to it"
                found.append(Violation("number", message, instance.around(cell), lit < n, (cell,), name(cell)))
        return found

    def parse_state(self, instance: Board, block: Block) -> list[int]:
        puzzle = ParsedGrid(instance.grid, instance.tokens, block, ())
        return [m for m in read_state(block, puzzle, MARKS, legend=LEGEND) if m is not None]

    def write(self, instance: Board, dom: Sequence[int] | None = None) -> list[str]:
        tokens = list(instance.tokens)
        if dom is not None:
            glyphs = {TRUE: "*", FALSE: "x" if any(d == BOOL for d in dom) else "."}
            for c, mark in zip(instance.whites, marks_of(dom, glyphs)):
                tokens[c] = mark
        return write_grid(instance.grid, tokens)

    def cell_of(self, instance: Board, var: int) -> int:
        return instance.whites[var]

    def describe_step(self, instance: Board, var: int, mask: int) -> str:
        return f"{self.describe(instance, var)} {'holds a bulb' if mask == TRUE else 'is empty'}"

    def paint(
        self, instance: Board, dom: Sequence[int] | None, canvas: Canvas, tones: dict[int, Tone], crosses: bool
    ) -> None:
        bulbs = {v for v, d in enumerate(dom or ()) if d == TRUE}
        lit = {instance.whites[w] for v in bulbs for w in (v, *instance.seen[v])}
        for cell, token in enumerate(instance.tokens):
            tone = tones.get(cell, "normal")
            var = instance.var_of[cell]
            if var < 0:
                canvas.black(cell, token if is_number(token) else "", tone)
            elif cell in lit:  # a bulb's own cell too
                canvas.lit(cell, tone)
                if var in bulbs:
                    canvas.disc(cell, cls="bulb", fill=theme.BULB, tone=tone)
            elif dom is not None and dom[var] == FALSE and crosses:
                canvas.dotted(cell, tone)
            else:
                canvas.open(cell, tone)

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    def generate(self, request: GenerateRequest, rng: Rng) -> Board | None:
        from puzzlekit.generation import ClueTrials, reduce_clues, symmetry_orbits, target_rung

        grid = grid_of(request.rows, request.cols)
        orbits = [[grid.cell(r, c) for r, c in o] for o in symmetry_orbits(grid.cols, grid.rows, request.symmetry)]
        rung = target_rung(self, request.difficulty)
        board = layout(grid, orbits, rng, min(rung, SETS.rung), request.deadline)
        if not board.whites:
            return None
        trials = ClueTrials(self, board, request.max_nodes, request.deadline)
        if not trials.unique(rung):
            return None
        clued = [orbit for orbit in orbits if orbit[0] in board.clues]
        reduced: Board = reduce_clues(self, board, clued, rung, rng, request.max_nodes, request.deadline, trials)
        return reduced

    def small_board(self, rng: Rng) -> Board:
        grid = RectGrid(rng.between(1, 4), rng.between(1, 4))
        black = {c for c in range(grid.n_cells) if rng.chance(1, 4)}
        while grid.n_cells - len(black) > 10:  # at most 2^10 assignments to enumerate
            black.add(rng.below(grid.n_cells))
        tokens = [
            t if not is_number(t) or rng.chance(2, 3) else rng.choice("#01234") for t in solved(grid, black, rng).tokens
        ]
        return Board(grid, tuple(tokens))

    def clue_positions(self, instance: Board) -> list[int]:
        return [c for c, t in enumerate(instance.tokens) if t != "."]

    def clue_at(self, instance: Board, position: int) -> int | None:
        return instance.clues.get(position)

    def with_clue(self, instance: Board, position: int, clue: int | None) -> Board:
        return instance.with_token(position, "#" if clue is None else str(clue))

    def twins_near(self, instance: Board, values: Sequence[int], positions: Sequence[int]) -> list[list[int]]:
        return twins_near(instance, values, positions)

    def clue_values(self, instance: Board, position: int) -> range:
        return range(len(instance.around(position)) + 1)

    def clue_of_solution(self, instance: Board, position: int, values: Sequence[int]) -> int:
        return sum(values[v] for v in instance.around(position))

    def clue_spots(self, instance: Board) -> list[ClueSpot]:
        """Every cell: white (None), black (``BLACK``) or black with a number 0 to 4."""
        values = (None, BLACK, 0, 1, 2, 3, 4)
        current = {".": None, "#": BLACK}
        return [
            ClueSpot(c, values, self.cell_outline(instance, c), current[t] if t in current else int(t))
            for c, t in enumerate(instance.tokens)
        ]

    def edit_clue(self, instance: Board, position: int, value: int | None) -> Board:
        """The editor draws the board's shape too: None makes a white cell, ``BLACK`` a black one."""
        return instance.with_token(position, "." if value is None else "#" if value == BLACK else str(value))


BLACK = -1
"""The editor's value for a black cell without a number."""
