"""The Sudoku genre: every row, column and box holds each digit once.  Any box shape
(4x4 in 2x2 boxes, 6x6 in 3x2, 9x9 in 3x3, up to 16x16)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Block, Model, Place, Propagator, Rule, Rung, UsageError, Violation, bundled_examples
from puzzlekit.core import Lookahead, count_solutions, values_of
from puzzlekit.core.rng import Rng
from puzzlekit.errors import LevelErrors
from puzzlekit.grid import Canvas, GridGenre
from puzzlekit.pictures import CellSvg, Tone, theme
from puzzlekit_sudoku import board as text
from puzzlekit_sudoku import rules
from puzzlekit_sudoku.board import MAX_N, SYMBOLS, Board, default_box, violations
from puzzlekit_sudoku.rules import digits

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

Tones = dict[int, Tone]
LADDER = (
    Rung(1, "naked singles", "a placed digit leaves its row, column and box"),
    Rung(2, "hidden singles", "a digit with one place left in a house goes there"),
    Rung(3, "locked candidates and subsets", "pointing, claiming, naked and hidden pairs and triples"),
    Rung(4, "lookahead", "try a digit and rule it out when the rungs above then contradict"),
)
LOOKAHEAD = Rule("lookahead", 4, "If placing a digit makes the singles contradict, it cannot go there.")


class Sudoku(GridGenre):
    place_marks = ()
    name = "sudoku"
    aliases = ("number-place",)
    summary = "Fill the grid so every row, column and box holds each digit once."
    ladder = LADDER
    rules = (rules.NAKED_SINGLE, rules.HIDDEN_SINGLE, rules.LOCKED, rules.SUBSET, LOOKAHEAD)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2, "hard": 3, "expert": 4}

    def parse(self, block: Block) -> Board:
        return LevelErrors.run(lambda: text.parse(block), lambda: self.check_flags(block))

    def build(self, instance: Board) -> Model:
        board = instance
        model = Model(LADDER, domains=[1 << given if given else board.full for given in board.givens])
        props: list[Propagator] = [rules.NakedSingle(board, cell) for cell in range(board.n * board.n)]
        props += [rules.HiddenSingle(board, kind, cells) for kind, cells in board.units]
        props += [rules.Locked(board, set(box), line) for kind, box in board.units if kind == "box"
                  for line in board.units if line[0] != "box" and len(set(box) & set(line[1])) > 1]  # fmt: skip
        for prop in props + [rules.Subsets(board, kind, cells) for kind, cells in board.units]:
            model.add(prop)
        model.add(Lookahead(LOOKAHEAD, probe_rung=2, describe=lambda var, bit: digits(bit)))
        model.leaf_check = lambda values: not violations(board, values)
        return model

    def accept(self, instance: Board, values: Sequence[int]) -> list[Violation]:
        return violations(instance, values)

    def parse_state(self, instance: Board, block: Block) -> list[int]:
        return text.parse_state(instance, block)

    keeps_open = True

    def finished(self, instance: Board, dom: Sequence[int]) -> list[int]:
        """An empty cell stays empty (0): ``check`` calls that unfinished, not wrong."""
        return [d.bit_length() - 1 if d & (d - 1) == 0 else 0 for d in dom]

    def write(self, instance: Board, dom: Sequence[int] | None = None) -> list[str]:
        return text.write(instance, dom)

    def describe_step(self, instance: Board, var: int, mask: int) -> str:
        if mask & (mask - 1):
            return f"{instance.name(var)} can only be {' or '.join(SYMBOLS[v] for v in values_of(mask))}"
        return f"{instance.name(var)} is {digits(mask)}"

    def paint(self, instance: Board, dom: Sequence[int] | None, canvas: Canvas, tones: Tones, crosses: bool) -> None:
        """Givens in ink, the player's digits in the answer colour, thick walls between boxes."""
        for edge, (a, b) in enumerate(instance.grid.edge_cells):
            if instance.box_of(a) != instance.box_of(b):
                canvas.wall(edge)
        for cell, digit in enumerate(self.finished(instance, dom) if dom is not None else instance.givens):
            tone, shown = tones.get(cell, "normal"), SYMBOLS[digit]
            if instance.givens[cell] or not digit:
                canvas.clue(cell, shown, tone) if digit else canvas.open(cell, tone)
            elif isinstance(canvas, CellSvg):
                canvas.svg.label(*canvas.centre(cell), shown, cls="digit", tone=tone, colour=theme.LINE)
            else:
                canvas.put(cell, shown, "line", tone)

    def places(self, instance: Board) -> list[Place]:
        """Every open cell (``GridGenre.places``); a click cycles through the values its domain allows."""
        places = [p for p in super().places(instance) if p.marks[0]]  # a cell no number reaches: none
        return [Place(p.var, (p.marks[0], *(1 << v for v in values_of(p.marks[0]))), p.outline) for p in places]

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    # -- generating, and clues for setters ----------------------------------------------

    def generate(self, request: GenerateRequest, rng: Rng) -> Board | None:
        """A random full grid (boxes on a diagonal filled at random, the rest by the
        solver), then givens blanked while the grid stays unique at the difficulty."""
        from puzzlekit.generation import reduce_clues, symmetry_orbits, target_rung  # not at start-up

        n = request.cols
        if request.rows != n or not 4 <= n <= MAX_N:
            raise UsageError(f"a Sudoku is square, 4x4 to {MAX_N}x{MAX_N} (such as 9x9), not {n}x{request.rows}")
        w, h = default_box(n)
        givens = [0] * (n * n)
        for k in range(min(n // w, n // h)):
            order = list(range(1, n + 1))
            rng.shuffle(order)
            for i, digit in enumerate(order):
                givens[(k * h + i // w) * n + k * w + i % w] = digit
        found = count_solutions(self.build(Board(n, w, h, tuple(givens))), 1, 10_000, None, 2, record=False).solutions
        orbits = [[r * n + c for r, c in orbit] for orbit in symmetry_orbits(n, n, request.symmetry)]
        rung, full = target_rung(self, request.difficulty), Board(n, w, h, tuple(found[0])) if found else None
        return reduce_clues(self, full, orbits, rung, rng, request.max_nodes, request.deadline) if full else None

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

