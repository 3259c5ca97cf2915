"""The Shikaku genre: divide the board into rectangles, each holding one number, its area."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Block, Model, Place, Rule, Rung, UsageError, Violation, bundled_examples
from puzzlekit.core import Lookahead, values_of
from puzzlekit.core.rng import Rng
from puzzlekit.errors import LevelErrors
from puzzlekit.grid import Canvas, GridGenre
from puzzlekit.pictures import CellText, Tone
from puzzlekit_shikaku import board as text
from puzzlekit_shikaku.board import Board, cells_of, violations
from puzzlekit_shikaku.rules import FITTING, NO_ROOM, OVERLAP, Fitting, NoRoom, Overlap

if TYPE_CHECKING:
    from puzzlekit.generation import GenerateRequest

Tones = dict[int, Tone]
LADDER = (
    Rung(1, "fitting", "rectangles that still fit; the last one left; cells no rectangle reaches"),
    Rung(2, "overlap", "cells every rectangle left for a number covers"),
    Rung(3, "no room", "a rectangle that would leave a cell nearby with nothing to cover it"),
    Rung(4, "lookahead", "give a cell to a number and rule it out when the rungs above then contradict"),
)
LOOKAHEAD = Rule("lookahead", 4, "If giving a cell to a number makes the rules above contradict, it is not its.")


class Shikaku(GridGenre):
    place_marks = ()
    name = "shikaku"
    aliases = ("rectangles", "sikaku")
    summary = "Divide the board into rectangles, each holding one number: its area."
    ladder = LADDER
    rules = (FITTING, OVERLAP, NO_ROOM, LOOKAHEAD)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2, "hard": 3}

    def parse(self, block: Block) -> Board:
        return LevelErrors.run(lambda: text.parse(block), lambda: self.check_flags(block))

    def build(self, instance: Board) -> Model:
        board = instance
        model = Model(LADDER, domains=board.domains())
        fits = [Fitting(board, i, model.add_state([(1 << len(r)) - 1])) for i, r in enumerate(board.rects)]
        overlaps = [Overlap(board, i, fit.slot) for i, fit in enumerate(fits)]
        rooms = [NoRoom(board, i, fit.slot) for i, fit in enumerate(fits)]
        for fit in fits:
            model.add(fit)
        own = [model.add(overlap) for overlap in overlaps]
        indices = [model.add(room) for room in rooms]
        reach = [sum(1 << x for x in {y for c in fit.area for y in (c, *board.grid.neighbours[c])}) for fit in fits]
        areas = [sum(1 << c for c in fit.area) for fit in fits]
        for i, room in enumerate(rooms):
            near = [j for j in range(len(fits)) if j != i and reach[i] & areas[j]]
            room.ring, room.others = reach[i], [(j, fits[j].slot) for j in near]
            fits[i].wakes = overlaps[i].wakes = room.wakes = [own[i]] + [indices[j] for j in near]
        model.add(
            Lookahead(LOOKAHEAD, probe_rung=3, describe=lambda var, bit: f"{board.clue_name(bit.bit_length() - 1)}'s")
        )
        model.leaf_check = lambda values: not violations(board, values)
        return model

    def accept(self, instance: Board, values: Sequence[int]) -> list[Violation]:
        return violations(instance, values)

    def parse_state(self, instance: Board, block: Block) -> list[int]:
        return text.parse_state(instance, block)

    keeps_open = True

    def finished(self, instance: Board, dom: Sequence[int]) -> list[int]:
        """A cell no number is known to own stays unowned (-1): unfinished, not wrong."""
        return [d.bit_length() - 1 if d and not d & (d - 1) else -1 for d in dom]

    def write(self, instance: Board, dom: Sequence[int] | None = None) -> list[str]:
        return text.write(instance, dom)

    def describe_step(self, instance: Board, var: int, mask: int) -> str:
        owners = " or ".join(instance.clue_name(i) for i in cells_of(mask))
        return f"{instance.name(var)} belongs to {owners}"

    def paint(self, instance: Board, dom: Sequence[int] | None, canvas: Canvas, tones: Tones, crosses: bool) -> None:
        """The numbers; a wall where two known regions meet (the terminal shows their letters)."""
        owner = self.finished(instance, dom) if dom is not None else [-1] * instance.grid.n_cells
        for edge, (a, b) in enumerate(instance.grid.edge_cells):
            if min(owner[a], owner[b]) >= 0 and owner[a] != owner[b]:
                canvas.wall(edge)
        numbers, letters = dict(instance.clues), "".join(text.write(instance, dom)) if dom is not None else ""
        for cell in range(instance.grid.n_cells):
            tone = tones.get(cell, "normal")
            if cell in numbers:
                canvas.clue(cell, str(numbers[cell]), tone)
            elif isinstance(canvas, CellText) and letters and letters[cell] != ".":
                canvas.put(cell, letters[cell], "dot", tone)
            else:
                canvas.open(cell, tone)

    def places(self, instance: Board) -> list[Place]:
        """Every open cell (``GridGenre.places``); a click cycles through the values its domain allows."""
        places = [p for p in super().places(instance) if p.marks[0]]  # a cell no number reaches: none
        return [Place(p.var, (p.marks[0], *(1 << v for v in values_of(p.marks[0]))), p.outline) for p in places]

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    def small_board(self, rng: Rng) -> Board:
        """A 3x3 or 2x4 board cut into random rectangles, its numbers sometimes changed by one."""
        rows, cols = rng.choice([(3, 3), (2, 4), (3, 2)])
        regions = self._cut(rows, cols, rng, 6)
        clues = [(rng.choice(cells), max(1, len(cells) + rng.between(-1, 1) * rng.chance(1, 3))) for cells in regions]
        return Board(rows, cols, tuple(sorted(clues)))

    def _cut(self, rows: int, cols: int, rng: Rng, largest: int) -> list[list[int]]:
        """The board cut into random rectangles (2 to ``largest`` cells, rarely 1)."""
        owner, regions = [-1] * (rows * cols), []
        for start in range(rows * cols):
            if owner[start] >= 0:
                continue
            r0, c0 = divmod(start, cols)
            width = next((w for w in range(cols - c0) if owner[start + w] >= 0), cols - c0)
            shapes = [(h, w) for h in range(1, rows - r0 + 1) for w in range(1, width + 1) if 2 <= h * w <= largest]
            h, w = rng.choice(shapes) if shapes and not rng.chance(1, 20) else (1, 1)
            regions.append([(r0 + r) * cols + c0 + c for r in range(h) for c in range(w)])
            for cell in regions[-1]:
                owner[cell] = len(regions) - 1
        return regions

    def generate(self, request: GenerateRequest, rng: Rng) -> Board | None:
        """Cut the board into random rectangles (2 to 12 cells, rarely 1) with each number in
        a random cell of its own; if that is unique at the difficulty's rung, move numbers
        within their rectangles to where they allow more rectangles, while it stays so."""
        from puzzlekit.generation import out_of_time, target_rung, unique_at  # not at start-up

        if request.symmetry != "none":
            raise UsageError("Shikaku numbers are not laid out symmetrically: use --symmetry none")
        rows, cols = request.rows, request.cols
        regions = self._cut(rows, cols, rng, 12)
        clues = [rng.choice(cells) for cells in regions]
        rung = target_rung(self, request.difficulty)

        def board() -> Board:
            return Board(rows, cols, tuple(sorted((cell, len(cells)) for cell, cells in zip(clues, regions))))

        if not unique_at(self, board(), rung, request.max_nodes):
            return None
        order = list(range(len(regions)))
        rng.shuffle(order)
        for i in order:
            out_of_time(request.deadline)
            cap = min(rung, 3)  # lookahead is dear: harden with the rungs below it
            before, count = clues[i], len(board().rects[sorted(clues).index(clues[i])])
            spots = list(regions[i])
            rng.shuffle(spots)
            for cell in spots[:3]:
                clues[i] = cell
                trial = board()
                if len(trial.rects[sorted(clues).index(cell)]) > count and unique_at(
                    self, trial, cap, request.max_nodes
                ):
                    before, count = cell, len(trial.rects[sorted(clues).index(cell)])
            clues[i] = before
        return board()
