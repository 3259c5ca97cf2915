"""The Hashiwokakero (Bridges) genre: join every island into one group with bridges."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Block, ClueSpot, Genre, Place, Violation, bundled_examples
from puzzlekit.core import Lookahead, Model, Rule, Rung, values_of
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import SatEncoding
from puzzlekit.errors import LevelErrors
from puzzlekit_hashi import picture, pretty
from puzzlekit_hashi.accept import violations
from puzzlekit_hashi.board import NO_CLUE, Board
from puzzlekit_hashi.rules.connectivity import MUST_CONNECT, NO_ISOLATION, MustConnect, NoIsolation
from puzzlekit_hashi.rules.counting import ISLAND_SUM, NO_CROSSING, IslandSum, NoCrossing
from puzzlekit_hashi.text import ALL, finished, parse_board, parse_state, write_clue_grid, write_map

if TYPE_CHECKING:
    from rich.text import Text

    from puzzlekit.generation import GenerateRequest

LADDER = (
    Rung(1, "island sums", "bridge counts that an island's number allows; no crossings"),
    Rung(2, "connectivity", "every island reachable; no group sealed off"),
    Rung(3, "lookahead", "try a count and rule it out when the rungs above then contradict"),
)
LOOKAHEAD = Rule(
    "lookahead",
    3,
    "If giving a pair a bridge count makes the sums, crossings and connectivity rules "
    "contradict themselves, the pair cannot have that count.",
)


class Hashiwokakero(Genre):
    name = "hashiwokakero"
    display_name = "Bridges"
    aliases = ("hashi", "bridges", "hashikake")
    summary = "Join all islands into one group with bridges; each number counts its island's bridges."
    ladder = LADDER
    rules = (ISLAND_SUM, NO_CROSSING, MUST_CONNECT, NO_ISOLATION, LOOKAHEAD)

    def parse(self, block: Block) -> Board:
        return LevelErrors.run(lambda: parse_board(block), lambda: self.check_flags(block))

    def build(self, instance: Board) -> Model:
        board = instance
        model = Model(LADDER)
        model.add_vars(board.n_edges, ALL)
        for island, clue in enumerate(board.clues):
            if clue != NO_CLUE:
                model.add(IslandSum(board, island))
        for h, v, cell in board.crossings:
            model.add(NoCrossing(board, h, v, cell))
        model.add(MustConnect(board))
        model.add(NoIsolation(board))
        model.add(Lookahead(LOOKAHEAD, probe_rung=2, describe=_count_words))
        model.leaf_check = lambda values: not violations(board, values)
        model.cnf = lambda: self.sat_encoding(board)  # one-hot counts: the learning search's twin
        return model

    def accept(self, instance: Board, values: Sequence[int]) -> list[Violation]:
        return violations(instance, values)

    def parse_state(self, instance: Board, block: Block) -> list[int]:
        return parse_state(block, instance)

    def finished(self, instance: Board, dom: Sequence[int]) -> list[int]:
        return finished(instance, dom)

    def write(self, instance: Board, dom: Sequence[int] | None = None) -> list[str]:
        if dom is None:
            return write_clue_grid(instance)
        return write_map(instance, dom)

    def describe(self, instance: Board, var: int) -> str:
        return f"the pair {instance.edge_name(var)}"

    def describe_step(self, instance: Board, var: int, mask: int) -> str:
        return f"{instance.edge_name(var)} carries {_count_words(var, mask)}"

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
        """``crosses`` draws a small cross on a pair the player marked "no bridge"."""
        return picture.draw_svg(instance, dom, violations, hint, crosses)

    def places(self, instance: Board) -> list[Place]:
        return picture.places(instance)

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    def sat_encoding(self, instance: Board) -> SatEncoding:
        from puzzlekit_hashi.sat import encode

        return encode(instance)

    # -- generating, and clues for setters ----------------------------------------------

    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2, "hard": 3}
    generate_options: ClassVar[frozenset[str] | None] = frozenset({"density"})
    """Like Tatham's bridges, three levels: random networks that need search are too
    rare to generate, so "expert" is refused with the list of these."""

    def generate(self, request: GenerateRequest, rng: Rng) -> Board | None:
        from puzzlekit_hashi.generate import generate  # the generator loads puzzlekit.generation: on use

        return generate(self, request, rng)

    def clue_positions(self, instance: Board) -> list[int]:
        return list(range(instance.n_islands))

    def clue_at(self, instance: Board, position: int) -> int | None:
        clue = instance.clues[position]
        return None if clue == NO_CLUE else clue

    def with_clue(self, instance: Board, position: int, clue: int | None) -> Board:
        from puzzlekit_hashi.generate import with_clue

        return with_clue(instance, position, clue)

    def clue_of_solution(self, instance: Board, position: int, values: Sequence[int]) -> int:
        return sum(values[e] for e in instance.island_edges[position])

    def clue_name(self, instance: Board, position: int) -> str:
        r, c = instance.islands[position]
        return f"r{r + 1}c{c + 1}"

    def clue_spots(self, instance: Board) -> list[ClueSpot]:
        return picture.clue_spots(instance)

    def edit_clue(self, instance: Board, position: tuple[int, int], value: int | None) -> Board:
        """The editor places islands: None is water, ``picture.ISLAND`` an island without a number."""
        return picture.with_island(instance, position, value)

    def blank(self, cols: int, rows: int) -> Board:
        """A board needs an island: one without a number, top left."""
        return Board(rows, cols, ((0, 0),), (NO_CLUE,))


def _count_words(var: int, mask: int) -> str:
    counts = values_of(mask)
    if len(counts) == 1:
        n = counts[0]
        return "no bridge" if n == 0 else "1 bridge" if n == 1 else f"{n} bridges"
    if counts == [1, 2]:
        return "at least 1 bridge"
    if counts == [0, 1]:
        return "at most 1 bridge"
    return " or ".join(str(n) for n in counts) + " bridges"
