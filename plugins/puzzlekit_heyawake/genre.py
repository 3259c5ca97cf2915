"""Heyawake: shade cells so that each number counts the shaded cells of its room, shaded
cells never touch, the unshaded ones are one area, and no straight line of unshaded cells
crosses two room walls.  Built on the grid toolkit and the public API only."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from puzzlekit import Model, Rule, Rung, Violation, bundled_examples
from puzzlekit.core import BOOL, TRUE, Lookahead
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import Cnf, SatEncoding
from puzzlekit.grid import (
    Apart,
    ClueSlots,
    Count,
    LiveLeft,
    NotAll,
    NumberedRooms,
    Patterns,
    RectGrid,
    RoomCutter,
    RoomNumbers,
    StaysConnected,
    any_touching,
    apart_clauses,
    counted,
    piece_cuts,
    split,
    touching,
)  # fmt: skip

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

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
SETTLE = (4, 10)
"""Settling's stalled moves before it regrows a stuck room, and regrowths before it gives
up (20x20 easy, seeds z-0..29: 80 attempts without regrowing, 43-47 with 10)."""
TRIAL = Rule("trial", 4, "If shading a cell (or not) made the simpler rules contradict, it takes the other colour.")


class Heyawake(NumberedRooms):
    name = "heyawake"
    summary = "Shade cells: numbers count their room's; none touch; one unshaded area; no line across three rooms."
    ladder = LADDER
    rules = (COUNT, APART, RUNS, PATTERNS, AREA, TRIAL)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 3, "hard": 4}
    """Easy needs no room patterns: of 60 boards settled at rung 2 and reduced there, all 12
    made could be solved by rung 1, so rung 2 alone is no difficulty (docs/heyawake.md)."""
    top_deduction: ClassVar[int | None] = 4
    generate_options: ClassVar[frozenset[str] | None] = frozenset()
    bad_levels = ("..|a\n", "1 1|aa\n", "x.|ab\n", "..|a?\n", "1.\n", "1.|ab|c\n", "3.|ab\n..|a\n", "#?|1.|ab\n")

    def build(self, instance: RoomNumbers) -> Model:
        return self._model(instance)[0]

    def _model(self, instance: RoomNumbers) -> tuple[Model, dict[int, list[int]], int]:
        """The model, where each number's propagators stand, and where the trial rung does."""
        model, rooms = Model(LADDER, domains=[BOOL] * instance.grid.n_cells), instance.rooms
        numbered = [(r, rooms.cells[r], n) for r, n in instance.numbered()]
        add = lambda key, make, *args: [model.add(p) for p in make(*args)]  # noqa: E731
        made = self._rules(instance.grid, rooms.runs_across(2), numbered, add, 3)
        trial = model.add(Lookahead(TRIAL, probe_rung=3, describe=lambda v, m: "shaded" if m == TRUE else "unshaded"))
        model.cnf = lambda: self.sat_encoding(instance)
        return model, made, trial

    def _rules(
        self, grid: RectGrid, runs: Iterable[tuple[int, ...]], numbered: Iterable[tuple[int, tuple[int, ...], int]],
        add: Callable[..., list[Any]], cap: int,
    ) -> dict[int, list[Any]]:  # fmt: skip
        """The rules up to rung ``cap`` (at most 3) on the runs across two walls and the
        numbered rooms (``(room, cells, n)``), each named by a key through ``add(key, make,
        *args)`` (``LiveLeft.add`` while settling); per room, what ``add`` gave its number."""
        add("apart", lambda: [Apart(APART, grid, range(grid.n_cells), c) for c in range(grid.n_cells)])
        for run in runs:
            add(run, lambda r: [NotAll(RUNS, r, value=0)], run)
        number = self._number if cap > 1 else lambda g, cells, n: self._number(g, cells, n)[:1]
        slots = {r: add((cells, n), number, grid, cells, n) for r, cells, n in numbered}
        if cap >= 3:
            add("area", lambda: [StaysConnected(AREA, grid, range(grid.n_cells), 0)])
        return slots

    def _number(self, grid: RectGrid, cells: tuple[int, ...], n: int) -> tuple[Count, Patterns]:
        what = f"the {n} in the room at {grid.name(cells[0])}"
        return Count(COUNT, cells, n, what=what), Patterns(PATTERNS, cells, n, grid.neighbours, what=what)

    def sat_encoding(self, instance: RoomNumbers) -> SatEncoding:
        """From the rules alone: cell ``c`` shaded is SAT variable ``c + 1``; room counts by
        totalizers; the unshaded area joined by lazy cuts."""
        grid, rooms = instance.grid, instance.rooms
        cnf = Cnf(grid.n_cells)
        cnf.add(*apart_clauses(grid, lambda c: c + 1), *([c + 1 for c in run] for run in rooms.runs_across(2)))
        for room, n in instance.numbered():
            cnf.count([c + 1 for c in rooms.cells[room]], n)
        near, lit = grid.neighbours, lambda c: -c - 1
        return cnf.encoding(lambda values: piece_cuts(near, grid.pieces(lambda c: not values[c]), lit))

    def is_solution(self, instance: RoomNumbers, values: Sequence[int]) -> bool:
        """No touching shaded cells and every number's count, on plain ints, before ``accept``."""
        cells = instance.rooms.cells
        if any(sum(values[c] == 1 for c in cells[r]) != n for r, n in instance.numbered()):
            return False
        if any_touching(instance.grid, values):
            return False
        return not self.accept(instance, values)

    def accept(self, instance: RoomNumbers, values: Sequence[int]) -> list[Violation]:
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

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    # -- generating, clues for setters, small boards for the harness ----------------------

    def generate(self, request: GenerateRequest, rng: Rng) -> RoomNumbers | None:
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
        reduced: RoomNumbers = reduce_clues(self, board, orbits, min(rung, 3), rng, trials=trials)
        if rung == 4:
            reduced = harden(trials, [[r] for r, n in enumerate(reduced.numbers) if n is not None], 4, rng, patience=1)
        return reduced

    def _planted(self, grid: RectGrid, rng: Rng, cap: int, deadline: float | None) -> RoomNumbers | None:
        """Rooms cut round a random shading and numbered, settled until deduction capped at
        ``cap`` (connectivity at most) leaves no cell open (``RoomCutter.settle``)."""
        cutter = RoomCutter.round_shading(grid, rng, ROOMS[cap])
        build = lambda live: self._rules(grid, cutter.runs(), cutter.numbered(), live.add, cap)  # noqa: E731
        left = LiveLeft(LADDER, grid.n_cells, build, lambda: cutter.shading.values, cap, deadline)
        return RoomNumbers.cut(cutter) if cutter.settle(left, *SETTLE) else None

    def clue_model(self, instance: RoomNumbers) -> ClueSlots:
        model, slots, trial = self._model(instance)
        clues = ClueSlots(
            model, slots, dict(enumerate(instance.numbers)),
            lambda r, n: self._number(instance.grid, instance.rooms.cells[r], n),
            lambda numbers: replace(instance, numbers=tuple(numbers[r] for r in range(instance.rooms.n))), (trial,),
        )  # fmt: skip
        model.cnf = lambda: self.sat_encoding(clues.instance())
        return clues

    def small_board(self, rng: Rng) -> RoomNumbers:
        grid = RectGrid(rng.between(1, 4), rng.between(1, 4))
        board = RoomNumbers.cut(RoomCutter.round_shading(grid, rng, 3))
        numbers = [n if rng.chance(2, 3) else None if rng.chance(1, 2) else rng.between(0, 2) for n in board.numbers]
        return replace(board, numbers=tuple(numbers))

    def most(self, cells: Sequence[int]) -> int:
        return (len(cells) + 1) // 2  # no two shaded side by side
