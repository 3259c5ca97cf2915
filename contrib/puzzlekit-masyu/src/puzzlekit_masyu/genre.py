"""The Masyu genre, built only on puzzlekit's public API."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Block, ClueSpot, Genre, Model, Place, Violation, bundled_examples
from puzzlekit.core import BOOL, NO_EARLY_LOOP, NODE_DEGREE
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import SatEncoding
from puzzlekit.errors import LevelErrors
from puzzlekit_masyu import picture, pretty, sat
from puzzlekit_masyu.accept import violations
from puzzlekit_masyu.board import BLACK, WHITE, Board, parse, write
from puzzlekit_masyu.model import MasyuClues, build_model
from puzzlekit_masyu.rules import BLACK_PEARL, LADDER, LOOKAHEAD, LOOP_REACH, WHITE_PEARL, mark_words

if TYPE_CHECKING:
    from rich.text import Text

    from puzzlekit.generation import GenerateRequest


class Masyu(Genre):
    name = "masyu"
    aliases = ("pearls",)
    summary = "Draw one loop through every pearl: turn at black ones, go straight through white ones."
    ladder = LADDER
    rules = (NODE_DEGREE, NO_EARLY_LOOP, BLACK_PEARL, WHITE_PEARL, LOOP_REACH, LOOKAHEAD)

    def parse(self, block: Block) -> Board:
        return LevelErrors.run(lambda: parse(block)[0], lambda: self.check_flags(block))

    def build(self, instance: Board) -> Model:
        model, _ = build_model(instance)
        model.cnf = lambda: self.sat_encoding(instance)
        return model

    def accept(self, instance: Board, values: Sequence[int]) -> list[Violation]:
        return violations(instance, values)

    def parse_state(self, instance: Board, block: Block) -> list[int]:
        drawn, dom = parse(block)
        if (drawn.rows, drawn.cols) != (instance.rows, instance.cols):
            raise block.error(
                0, 0, f"the state is {drawn.cols}x{drawn.rows} but the puzzle is {instance.cols}x{instance.rows}"
            )
        if drawn.pearls != instance.pearls:
            raise block.error(0, 0, "the state's pearls are not the puzzle's")
        return dom if dom is not None else [BOOL] * instance.n_edges

    def write(self, instance: Board, dom: Sequence[int] | None = None) -> list[str]:
        return write(instance, dom)

    def describe(self, instance: Board, var: int) -> str:
        return instance.edge_name(var)

    def describe_step(self, instance: Board, var: int, mask: int) -> str:
        return f"{instance.edge_name(var)} is {mark_words(var, mask)}"

    def size(self, instance: Board) -> str:
        return f"{instance.cols}x{instance.rows}"

    def pretty(self, instance: Board, dom: Sequence[int]) -> str:
        return pretty.draw(instance, dom)

    def draw_terminal(
        self, instance: Board, dom: Sequence[int], *, violations: Sequence[Violation] = (), hint: Sequence[int] = ()
    ) -> Text:
        return pretty.draw_terminal(instance, dom, violations, hint)

    def draw_svg(
        self,
        instance: Board,
        dom: Sequence[int] | None = None,
        *,
        violations: Sequence[Violation] = (),
        crosses: bool = False,
        hint: Sequence[int] = (),
    ) -> str:
        return picture.draw_svg(instance, dom, violations, crosses, hint)

    def places(self, instance: Board) -> list[Place]:
        return picture.places(instance)

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    def sat_encoding(self, instance: Board) -> SatEncoding:
        return sat.encode(instance)

    # -- generating, and clues for setters ----------------------------------------------

    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2, "hard": 3}

    def generate(self, request: GenerateRequest, rng: Rng) -> Board | None:
        from puzzlekit_masyu.generate import generate  # puzzlekit.generation: not at start-up

        return generate(self, request, rng)

    def clue_positions(self, instance: Board) -> list[tuple[int, int]]:
        return [(r, c) for r in range(instance.rows) for c in range(instance.cols)]

    def clue_at(self, instance: Board, position: tuple[int, int]) -> int | None:
        pearl = instance.pearls.get(position[0] * instance.cols + position[1])
        return None if pearl is None else PEARL_CODES.index(pearl)

    def with_clue(self, instance: Board, position: tuple[int, int], clue: int | None) -> Board:
        pearls = dict(instance.pearls)
        cell = position[0] * instance.cols + position[1]
        pearls.pop(cell, None)
        if clue:
            pearls[cell] = PEARL_CODES[clue]
        return Board(instance.rows, instance.cols, pearls)

    def clue_of_solution(self, instance: Board, position: tuple[int, int], values: Sequence[int]) -> int:
        """The pearl the loop allows at ``position``: 1 white, 2 black, 0 none."""
        from puzzlekit_masyu.generate import pearls_of

        pearl = pearls_of(instance, list(values)).get(position[0] * instance.cols + position[1])
        return 0 if pearl is None else PEARL_CODES.index(pearl)

    def clue_model(self, instance: Board) -> MasyuClues:
        """Pearls blanked in place while the generator takes them away (``model.py``)."""
        return MasyuClues(instance)

    def clue_values(self, instance: Board, position: tuple[int, int]) -> tuple[int, ...]:
        """A second loop without a pearl fits a white one there, a black one, or neither
        (3: ``rules.NONE_FITS``, a value only the generator's model takes)."""
        return (1, 2, 3)

    def twins_near(
        self, instance: Board, values: Sequence[int], positions: Sequence[tuple[int, int]]
    ) -> list[list[int]]:
        """The loop moved by a square or two near the removed pearls (``generate.twins_near``)."""
        from puzzlekit_masyu.generate import twins_near

        return twins_near(instance, values, positions)

    def clue_name(self, instance: Board, position: tuple[int, int]) -> str:
        return f"r{position[0] + 1}c{position[1] + 1}"

    def clue_spots(self, instance: Board) -> list[ClueSpot]:
        """Every cell: no pearl, a white one (1), a black one (2)."""
        return [
            ClueSpot(pos, (None, 1, 2), picture.cell_square(instance, *pos), self.clue_at(instance, pos))
            for pos in self.clue_positions(instance)
        ]


PEARL_CODES = ("", WHITE, BLACK)
"""Clue values for setters: 1 a white pearl, 2 a black one (``model.KIND_OF``'s numbers)."""
