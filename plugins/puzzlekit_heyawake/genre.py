"""Heyawake: shade cells so that each number counts the shaded cells of its room, shaded
cells never touch, the unshaded ones are one area, and no straight line of unshaded cells
crosses two room walls.  Built on the grid toolkit and the public API only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from puzzlekit import Block, ClueSpot, Model, Rule, Rung, Violation, bundled_examples
from puzzlekit.core import BOOL, FALSE, TRUE, Lookahead
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import Cnf, SatEncoding
from puzzlekit.errors import LevelErrors
from puzzlekit.grid import (
    Apart,
    Canvas,
    ClueSlots,
    Count,
    GridGenre,
    LiveLeft,
    NotAll,
    Patterns,
    RectGrid,
    Regions,
    RoomCutter,
    StaysConnected,
    any_touching,
    apart_clauses,
    counted,
    join_layers,
    paint_shading,
    piece_cuts,
    read_grid,
    read_layered,
    read_marks,
    shading_marks,
    split,
    touching,
    write_grid,
)  # fmt: skip
from puzzlekit.pictures import Tone

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

CLUES = {".": "a cell without a number"}
MARKS = {"#": TRUE, "o": FALSE, ".": BOOL}
MARK_WORDS = {"#": "shaded", "o": "unshaded", ".": "unmarked"}
UNMARKED = 2
"""The value ``accept`` reads as a cell not marked yet (the browser's live check): never
shaded, possibly unshaded, so only what the marks alone break is wrong."""
NUMBERS = range(0, 1000)
LADDER = (
    Rung(1, "counts and neighbours", "rooms that are full or short, cells beside a shaded one, three rooms in a row"),
    Rung(2, "room patterns", "what every way to shade a room's number agrees on"),
    Rung(3, "one area", "the unshaded cells stay connected"),
    Rung(4, "trial", "a cell whose shading makes the rungs below contradict takes the other colour"),
)
COUNT = Rule("room-count", 1, "A number counts the shaded cells of its room.")
APART = Rule("apart", 1, "Shaded cells never touch side by side: a shaded cell's neighbours are unshaded.")
RUNS = Rule("three-rooms", 1, "No straight line of unshaded cells crosses two room walls: one of its cells is shaded.")
PATTERNS = Rule("room-patterns", 2, "A cell every way to shade its room's number shades (or leaves) goes that way.")
AREA = Rule("one-area", 3, "The unshaded cells form one area: a cell that would cut it in two is unshaded.")
ROOMS = {1: 8, 2: 12, 3: 12}
"""Per settling cap, the largest room cut first: at rung 1 rooms of 8 leave fewer cells
counts cannot reach (20x20 easy, 12 seeds: 27 attempts where rooms of 12 took 37)."""
TRIAL = Rule("trial", 4, "If shading a cell (or not) made the simpler rules contradict, it takes the other colour.")


@dataclass(frozen=True)
class Board:
    rooms: Regions
    numbers: tuple[int | None, ...]
    """Per room, its number or None."""
    spots: tuple[int, ...]
    """Per room, the cell its number is written in (its first cell when it has none)."""

    @property
    def grid(self) -> RectGrid:
        return self.rooms.grid

    def numbered(self) -> list[tuple[int, int]]:
        return [(room, n) for room, n in enumerate(self.numbers) if n is not None]


def parse_board(block: Block) -> tuple[Board, list[str] | None]:
    """The board and, for a state, its marks (``marks | clues | rooms``), one per cell."""
    marks, (clue_layer, room_layer) = read_layered(block, ("clues", "rooms"))
    clues = read_grid(clue_layer, CLUES, numbers=NUMBERS, separated=any(" " in r for r in clue_layer.rows))
    rooms = Regions.read(room_layer, "room", like=clues.grid)
    return Board(rooms, *rooms.numbers_in(clues)), read_marks(marks, MARK_WORDS, rooms.grid)


class Heyawake(GridGenre):
    name = "heyawake"
    summary = "Shade cells: numbers count their room's; none touch; one unshaded area; no line across three rooms."
    ladder = LADDER
    rules = (COUNT, APART, RUNS, PATTERNS, AREA, TRIAL)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 3, "hard": 4}
    """Easy needs no room patterns: of 60 boards settled at rung 2 and reduced there, all 12
    made could be solved by rung 1, so rung 2 alone is no difficulty (docs/heyawake.md)."""
    top_deduction: ClassVar[int | None] = 4
    walled = True
    open_value = UNMARKED
    generate_options: ClassVar[frozenset[str] | None] = frozenset()
    bad_levels = ("..|a\n", "1 1|aa\n", "x.|ab\n", "..|a?\n", "1.\n", "1.|ab|c\n", "3.|ab\n..|a\n", "#?|1.|ab\n")

    def parse(self, block: Block) -> Board:
        return LevelErrors.run(lambda: parse_board(block)[0], lambda: self.check_flags(block))

    def build(self, instance: Board) -> Model:
        return self._model(instance)[0]

    def _model(self, instance: Board) -> tuple[Model, dict[int, list[int]], int]:
        """The model, where each number's propagators stand, and where the trial rung does."""
        model = Model(LADDER, domains=[BOOL] * instance.grid.n_cells)
        made = self._rules(instance, lambda key, make, *args: [model.add(p) for p in make(*args)], 3)
        trial = model.add(Lookahead(TRIAL, probe_rung=3, describe=lambda v, m: "shaded" if m == TRUE else "unshaded"))
        model.cnf = lambda: self.sat_encoding(instance)
        return model, made, trial

    def _rules(self, instance: Board, add: Callable[..., list[Any]], cap: int) -> dict[int, list[Any]]:
        """The rules up to rung ``cap`` (at most 3), each named by a key through ``add(key,
        make, *args)`` (``LiveLeft.add`` while settling); per numbered room, what ``add``
        gave for its number."""
        grid, rooms = instance.grid, instance.rooms
        add("apart", lambda: [Apart(APART, grid, range(grid.n_cells), c) for c in range(grid.n_cells)])
        for run in rooms.runs_across(2):
            add(run, lambda r: [NotAll(RUNS, r, value=0)], run)
        number = self._number if cap > 1 else lambda b, r, n: self._number(b, r, n)[:1]
        slots = {r: add((rooms.cells[r], n), number, instance, r, n) for r, n in instance.numbered()}
        if cap >= 3:
            add("area", lambda: [StaysConnected(AREA, grid, range(grid.n_cells), 0)])
        return slots

    def _number(self, board: Board, room: int, n: int) -> tuple[Count, Patterns]:
        cells, what = board.rooms.cells[room], f"the {n} in {board.rooms.name(room)}"
        return Count(COUNT, cells, n, what=what), Patterns(PATTERNS, cells, n, board.grid.neighbours, what=what)

    def sat_encoding(self, instance: Board) -> SatEncoding:
        """From the rules alone: cell ``c`` shaded is SAT variable ``c + 1``; room counts by
        totalizers; the unshaded area joined by lazy cuts."""
        grid, rooms = instance.grid, instance.rooms
        cnf = Cnf(grid.n_cells)
        cnf.add(*apart_clauses(grid, lambda c: c + 1), *([c + 1 for c in run] for run in rooms.runs_across(2)))
        for room, n in instance.numbered():
            cnf.count([c + 1 for c in rooms.cells[room]], n)
        near, lit = grid.neighbours, lambda c: -c - 1
        return cnf.encoding(lambda values: piece_cuts(near, grid.pieces(lambda c: not values[c]), lit))

    def is_solution(self, instance: Board, values: Sequence[int]) -> bool:
        """No touching shaded cells and every number's count, on plain ints, before ``accept``."""
        cells = instance.rooms.cells
        if any(sum(values[c] == 1 for c in cells[r]) != n for r, n in instance.numbered()):
            return False
        if any_touching(instance.grid, values):
            return False
        return not self.accept(instance, values)

    def accept(self, instance: Board, values: Sequence[int]) -> list[Violation]:
        """From the rules alone: touching shaded cells, a split area, room counts, and
        lines of unshaded cells across three rooms (an ``UNMARKED`` cell is neither shaded
        nor unshaded: it may join the area, and a line it is on is unfinished, not wrong)."""
        grid, rooms = instance.grid, instance.rooms
        found = touching(grid, lambda c: values[c] == 1, "shaded cells")
        found += split(grid, lambda c: values[c] != 1, "unshaded cells")
        for room, n in instance.numbered():
            what = f"the {n} in {rooms.name(room)}"
            found += counted(rooms.cells[room], lambda c: values[c] == 1, n, n, what, "shaded cells", "room")
        return found + rooms.unbroken(lambda c: values[c] == 1, "three-rooms", is_open=lambda c: values[c] > 1)

    def parse_state(self, instance: Board, block: Block) -> list[int]:
        board, marks = parse_board(block)
        if board.rooms.owner != instance.rooms.owner or board.numbers != instance.numbers:
            raise block.error(0, 0, "the state's rooms or numbers differ from the puzzle's")
        return [BOOL] * instance.grid.n_cells if marks is None else [MARKS[t] for t in marks]

    def write(self, instance: Board, dom: Sequence[int] | None = None) -> list[str]:
        grid = instance.grid
        tokens = ["."] * grid.n_cells
        for room, n in instance.numbered():
            tokens[instance.spots[room]] = str(n)
        wide = any(len(t) > 1 for t in tokens)
        layers = [write_grid(grid, tokens, separated=wide), write_grid(grid, instance.rooms.letters())]
        if dom is not None:
            layers.insert(0, write_grid(grid, shading_marks(dom)))
        return join_layers(*layers)

    def describe_step(self, instance: Board, var: int, mask: int) -> str:
        return f"{self.describe(instance, var)} is {'shaded' if mask == TRUE else 'unshaded'}"

    def paint(
        self, instance: Board, dom: Sequence[int] | None, canvas: Canvas, tones: dict[int, Tone], crosses: bool
    ) -> None:
        shown = {instance.spots[room]: str(n) for room, n in instance.numbered()}
        paint_shading(canvas, dom, tones, crosses, instance.rooms.walls, shown)

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    # -- generating, clues for setters, small boards for the harness ----------------------

    def generate(self, request: GenerateRequest, rng: Rng) -> Board | None:
        """A settled board (``_planted``), then numbers removed while it stays unique at the
        difficulty; hard: removed at connectivity (by halving, on one engine), then ``harden``
        at trial, a few numbers where a pass at trial would try every one."""
        from puzzlekit.generation import ClueTrials, harden, reduce_clues, target_rung

        rung = target_rung(self, request.difficulty)
        board = self._planted(RectGrid(request.rows, request.cols), rng, min(rung, 3), request.deadline)
        if board is None:
            return None
        trials = ClueTrials(self, board, request.max_nodes, request.deadline)
        orbits = [[room] for room in range(board.rooms.n)]
        reduced: Board = reduce_clues(self, board, orbits, min(rung, 3), rng, trials=trials)
        if rung == 4:
            reduced = harden(trials, [[r] for r, n in enumerate(reduced.numbers) if n is not None], 4, rng, patience=1)
        return reduced

    def _planted(self, grid: RectGrid, rng: Rng, cap: int, deadline: float | None) -> Board | None:
        """Rooms cut round a random shading and numbered, settled until deduction capped at
        ``cap`` (connectivity at most) leaves no cell open (``RoomCutter.settle``)."""
        cutter = RoomCutter.round_shading(grid, rng, ROOMS[cap])
        build = lambda live: self._rules(_numbered(cutter), live.add, cap)  # noqa: E731
        left = LiveLeft(LADDER, grid.n_cells, build, lambda: cutter.shading.values, cap, deadline)
        return _numbered(cutter) if cutter.settle(left, 12) else None

    def clue_model(self, instance: Board) -> ClueSlots:
        model, slots, trial = self._model(instance)
        clues = ClueSlots(
            model, slots, dict(enumerate(instance.numbers)), lambda room, n: self._number(instance, room, n),
            lambda numbers: replace(instance, numbers=tuple(numbers[r] for r in range(instance.rooms.n))), (trial,),
        )  # fmt: skip
        model.cnf = lambda: self.sat_encoding(clues.instance())
        return clues

    def small_board(self, rng: Rng) -> Board:
        grid = RectGrid(rng.between(1, 4), rng.between(1, 4))
        board = _numbered(RoomCutter.round_shading(grid, rng, 3))
        numbers = [n if rng.chance(2, 3) else None if rng.chance(1, 2) else rng.between(0, 2) for n in board.numbers]
        return replace(board, numbers=tuple(numbers))

    def clue_positions(self, instance: Board) -> list[int]:
        return list(range(instance.rooms.n))

    def clue_spots(self, instance: Board) -> list[ClueSpot]:
        """A spot per room, where its number stands: a click cycles 0 to the most shaded
        cells the room can hold (the editor draws no walls: rooms come with the board)."""
        spots, numbers = instance.spots, instance.numbers
        shades = [(None, *range((len(cells) + 1) // 2 + 1)) for cells in instance.rooms.cells]
        return [ClueSpot(r, v, self.cell_outline(instance, spots[r]), numbers[r]) for r, v in enumerate(shades)]

    def blank(self, cols: int, rows: int) -> Board:
        """One room over the whole board, no number (the editor cannot draw rooms yet)."""
        return Board(Regions(RectGrid(rows, cols), [0] * rows * cols, "room"), (None,), (0,))

    def clue_at(self, instance: Board, position: int) -> int | None:
        return instance.numbers[position]

    def with_clue(self, instance: Board, position: int, clue: int | None) -> Board:
        return replace(instance, numbers=(*instance.numbers[:position], clue, *instance.numbers[position + 1 :]))

    def clue_of_solution(self, instance: Board, position: int, values: Sequence[int]) -> int:
        return sum(values[c] for c in instance.rooms.cells[position])

    def clue_name(self, instance: Board, position: int) -> str:
        return instance.rooms.name(position)


def _numbered(cutter: RoomCutter) -> Board:
    rooms, numbers = cutter.rooms()
    return Board(rooms, numbers, tuple(cells[0] for cells in rooms.cells))
