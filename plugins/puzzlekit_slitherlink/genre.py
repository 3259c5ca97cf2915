"""The Slitherlink genre: draw one loop along the dots; a clue counts its cell's lines."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Block, ClueSpot, Genre, Place, Violation, bundled_examples
from puzzlekit.core import NO_EARLY_LOOP, Model
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import SatEncoding
from puzzlekit.errors import LevelErrors
from puzzlekit_slitherlink import picture, pretty
from puzzlekit_slitherlink.accept import violations
from puzzlekit_slitherlink.model import LADDER, LOOKAHEAD, LOOP_REACH, SlitherlinkClues, build_model, mark_words
from puzzlekit_slitherlink.rules.colouring import CELL_COLOURING, COLOUR_LINK
from puzzlekit_slitherlink.rules.corners import CLUE_CORNERS, CORNER_COLOURS, CORNER_PAIRS
from puzzlekit_slitherlink.rules.counting import CLUE_COUNT, LINE_INTO_A_CORNER, VERTEX_DEGREE
from puzzlekit_slitherlink.rules.patterns import ADJACENT_THREES
from puzzlekit_slitherlink.rules.regions import REGION_CONNECTIVITY
from puzzlekit_slitherlink.text import (
    BLANK,
    Board,
    is_lattice,
    parse_board,
    parse_lattice,
    write_clue_grid,
    write_lattice,
)

if TYPE_CHECKING:
    from rich.text import Text

    from puzzlekit.generation import GenerateRequest


class Slitherlink(Genre):
    name = "slitherlink"
    aliases = ("slither", "loopy")
    summary = "Draw one loop along the dots; each clue counts the lines around its cell."
    ladder = LADDER
    rules = (
        CLUE_COUNT,
        LINE_INTO_A_CORNER,
        VERTEX_DEGREE,
        NO_EARLY_LOOP,
        COLOUR_LINK,
        CELL_COLOURING,
        CORNER_PAIRS,
        CLUE_CORNERS,
        CORNER_COLOURS,
        ADJACENT_THREES,
        LOOP_REACH,
        REGION_CONNECTIVITY,
        LOOKAHEAD,
    )
    flags = ("full",)

    def parse(self, block: Block) -> Board:
        board = LevelErrors.run(lambda: parse_board(block), lambda: self.check_flags(block))
        board.full = "full" in block.flags()
        return board

    def build(self, instance: Board) -> Model:
        return build_model(instance).model

    def clue_model(self, instance: Board) -> SlitherlinkClues:
        return build_model(instance)

    def accept(self, instance: Board, values: Sequence[int]) -> list[Violation]:
        return violations(instance, values)

    def parse_state(self, instance: Board, block: Block) -> list[int]:
        if not is_lattice(block):
            raise block.error(0, 0, "a Slitherlink state is drawn in the lattice form (rows of '+' dots)")
        drawn, dom = parse_lattice(block)
        if (drawn.rows, drawn.cols) != (instance.rows, instance.cols):
            raise block.error(
                0,
                0,
                f"the state is {drawn.cols}x{drawn.rows} but the puzzle is {instance.cols}x{instance.rows}",
            )
        for cell, (mine, theirs) in enumerate(zip(instance.clues, drawn.clues)):
            if theirs >= 0 and mine != theirs:
                r, c = divmod(cell, instance.cols)
                shown = "no clue" if mine < 0 else f"clue {mine}"
                raise block.error(2 * r + 1, 2 * c + 1, f"the state shows clue {theirs} where the puzzle has {shown}")
        return dom

    def write(self, instance: Board, dom: Sequence[int] | None = None) -> list[str]:
        if dom is None:
            return write_clue_grid(instance)
        return write_lattice(instance, dom)

    def describe(self, instance: Board, var: int) -> str:
        return instance.grid.edge_name(var)

    def describe_step(self, instance: Board, var: int, mask: int) -> str:
        return f"{instance.grid.edge_name(var)} is {mark_words(var, mask)}"

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

    def clue_spots(self, instance: Board) -> list[ClueSpot]:
        return picture.clue_spots(instance)

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    def sat_encoding(self, instance: Board) -> SatEncoding:
        from puzzlekit_slitherlink.sat import encode

        return encode(instance)

    # -- generating, and clues for setters ----------------------------------------------

    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2, "hard": 3, "expert": 4}
    top_deduction: ClassVar[int | None] = 4
    """An expert needs connectivity and is proven by deduction up to it, never by search:
    lookahead or search at the top made 20x20 experts 8 and 12 times slower (docs/generating.md)."""
    generate_options: ClassVar[frozenset[str] | None] = frozenset({"symmetry", "mask"})

    def generate(self, request: GenerateRequest, rng: Rng) -> Board | None:
        from puzzlekit_slitherlink.generate import generate  # the generator loads puzzlekit.generation: on use

        return generate(self, request, rng)

    def clue_positions(self, instance: Board) -> list[tuple[int, int]]:
        return [(r, c) for r in range(instance.rows) for c in range(instance.cols)]

    def clue_at(self, instance: Board, position: tuple[int, int]) -> int | None:
        clue = instance.clues[position[0] * instance.cols + position[1]]
        return None if clue == BLANK else clue

    def with_clue(self, instance: Board, position: tuple[int, int], clue: int | None) -> Board:
        from puzzlekit_slitherlink.generate import with_clue

        return with_clue(instance, position, clue)

    def clue_of_solution(self, instance: Board, position: tuple[int, int], values: Sequence[int]) -> int:
        edges = instance.grid.cell_edges[position[0] * instance.cols + position[1]]
        return sum(values[e] for e in edges)

    def clue_name(self, instance: Board, position: tuple[int, int]) -> str:
        return f"r{position[0] + 1}c{position[1] + 1}"

    def clue_values(self, instance: Board, position: tuple[int, int]) -> tuple[int, ...]:
        """0 to 3; the fourth count, a loop round the cell alone, is one of ``twins_near``'s."""
        return (0, 1, 2, 3)

    def twins_near(
        self, instance: Board, values: Sequence[int], positions: Sequence[tuple[int, int]]
    ) -> list[list[int]]:
        from puzzlekit_slitherlink.generate import twins_near

        return twins_near(instance, values, positions)
