"""A Slitherlink board as a model: edge variables, the ladder's propagators, and clues
that change in place for the generator (``SlitherlinkClues``, a ``ClueModel``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from puzzlekit.core import (
    BOOL,
    FALSE,
    NO_EARLY_LOOP,
    TRUE,
    ClosingCheck,
    ClueModel,
    Idle,
    Lookahead,
    LoopReach,
    Model,
    Propagator,
    Rule,
    Rung,
    add_single_loop,
)
from puzzlekit.core import LOOP_REACH as CORE_LOOP_REACH
from puzzlekit.engines.sat import SatEncoding
from puzzlekit.grid import grid_of
from puzzlekit_slitherlink.accept import violations
from puzzlekit_slitherlink.grid import Grid
from puzzlekit_slitherlink.rules.colouring import ColourUnit, FaceColours, add_colouring
from puzzlekit_slitherlink.rules.corners import CornerClue, add_corners
from puzzlekit_slitherlink.rules.counting import VERTEX_DEGREE, ClueCount, LineIntoACorner
from puzzlekit_slitherlink.rules.patterns import adjacent_threes
from puzzlekit_slitherlink.rules.probe import Probe, Step, Tables, fast_probe, stepper
from puzzlekit_slitherlink.rules.regions import RegionConnectivity
from puzzlekit_slitherlink.text import BLANK, Board
from puzzlekit_slitherlink.twins import has_twin, inside_of

LADDER = (
    Rung(1, "local counting", "clue counts, two lines or none at each dot, no early loop"),
    Rung(2, "parity colouring", "inside/outside colouring of the cells, with the pinch rule"),
    Rung(3, "corner reasoning", "at least one, at most one or exactly one line at a corner, carried by dots and clues"),
    Rung(4, "connectivity", "no bridges; the inside and the outside each stay connected"),
    Rung(5, "lookahead", "try a mark and rule it out when the rungs above then contradict"),
)
LOOP_REACH = Rule(CORE_LOOP_REACH.name, 4, CORE_LOOP_REACH.summary)
"""The core's loop reach, on Slitherlink's connectivity rung."""
LOOKAHEAD = Rule(
    "lookahead",
    5,
    "If drawing (or crossing) an edge makes the counting and colouring rules contradict "
    "themselves, the edge takes the other state.",
)


def build_model(board: Board) -> SlitherlinkClues:
    """The model of ``board``, with a handle on each clue's propagators."""
    return SlitherlinkClues(board)


class SlitherlinkClues(ClueModel):
    """A board's model whose clues are blanked, restored or changed in place.

    A clue is four propagators: its count and the line into a corner (rung 1), its
    colouring unit (rung 2) and its corner bounds (rung 3); a clue above 0 makes its cell
    one the loop must reach (loop reach, rung 4); it is read live by the adjacent-threes
    patterns, when a closing line is checked to finish the puzzle, and at the leaves."""

    def __init__(self, board: Board) -> None:
        grid = board.grid
        self.grid = grid
        self.full = board.full
        self.clues = list(board.clues)
        model = self.model = Model(LADDER)
        model.add_vars(grid.n_edges, BOOL)
        self.slots: dict[int, list[int]] = {}
        """Clue cell -> the indices of its propagators (count, colouring unit, corner, clue corners)."""
        for cell, clue in enumerate(board.clues):
            if clue >= 0:
                self.slots[cell] = [model.add(ClueCount(grid, cell, clue))]
        chains = add_single_loop(
            model,
            grid.loop,
            _finishes(grid, self.clues, board.full),
            visit=[board.full] * grid.n_vertices,
            required=(),
            rules=(VERTEX_DEGREE, NO_EARLY_LOOP, LOOP_REACH),
        )
        self.closing = model.add(ClosingCheck(chains, NO_EARLY_LOOP))
        """Asks again whether closing the loop finishes the puzzle, when a clue changes."""
        self.reach_index = next(i for i, p in enumerate(model.propagators) if isinstance(p, LoopReach))
        self.reach = cast(LoopReach, model.propagators[self.reach_index])
        self.required = {cell: grid.cell_edges[cell] for cell, clue in enumerate(board.clues) if clue > 0}
        """The cells the loop must reach (a clue above 0), which the loop reach reads live."""
        self.reach.required = self.required.values()
        self.colours: FaceColours = add_colouring(model, grid, board.clues, board.full)
        for cell, slots in self.slots.items():
            slots.append(self.colours.clue_units[cell])
        self.facts, clue_corners = add_corners(
            model, grid, self.colours, {cell: clue for cell, clue in enumerate(board.clues) if clue >= 0}
        )
        self.patterns: dict[int, list[int]] = {}
        """Clue cell -> the adjacent-threes patterns that read it (they read the clues live)."""
        for pattern in adjacent_threes(grid, self.clues, board.full):
            index = model.add(pattern)
            self.patterns.setdefault(pattern.a, []).append(index)
            self.patterns.setdefault(pattern.b, []).append(index)
        model.add(RegionConnectivity(grid, self.colours))
        self.chains = chains
        self._tables: Tables | None = None
        self._stepper = stepper(self.colours, chains)
        """The fast probe's tables for the clues as they stand (None: changed since)."""
        probing = Lookahead(LOOKAHEAD, 2, mark_words, fast_probe=self.fast_probe, fast_step=self.fast_step)
        model.add(probing)  # its probes and the small tree in one loop (rules.probe)
        for cell, slots in self.slots.items():
            slots.append(model.add(self._corner(cell, self.clues[cell])))
            slots.append(clue_corners[cell])
        self.originals = {cell: [model.propagators[i] for i in slots] for cell, slots in self.slots.items()}
        model.brancher = chain_end_brancher(grid)
        self.board: Board | None = board
        """The board as the clues stand, made when asked for (None: changed since)."""
        self._solution: Sequence[int] | None = None
        self._inside: set[int] = set()
        """The cells inside the loop of ``_solution``, the last solution ``needed`` was given."""
        model.leaf_check = lambda values: not violations(self.instance(), values)
        model.cnf = lambda: _learning_twin(self.instance())  # the clues as they stand when search starts

    def fast_probe(self, dom: list[int], aux: list[int]) -> Probe | None:
        """Lookahead's probes in one loop (``rules.probe``), on the clues as they stand."""
        return fast_probe(self._step, dom, aux)

    def fast_step(self) -> Step | None:
        """Rungs 1 and 2 after one decision, in one loop on the live state (``rules.probe``)."""
        return self._step()

    def _step(self) -> Step:
        tables = self._tables
        if tables is None:
            tables = Tables(self.grid, self.full, self.model.propagators, self.slots, self._stepper)
            self._tables = tables
        return tables.step

    def _corner(self, cell: int, clue: int) -> Propagator:
        corner = LineIntoACorner(self.grid, cell, clue)
        return corner if clue >= 2 else Idle(corner)  # a 0 or a 1 never needs it

    def readers(self, position: tuple[int, int]) -> list[int]:
        """The clue's four propagators, the adjacent-threes patterns it is part of, the
        loop reach (whose required cells it is one of) and the closing check (the
        no-early-loop guard asks whether closing the loop finishes the puzzle once, when
        the chain forms, and keeps count of the lines it has seen, so it is not woken)."""
        cell = position[0] * self.grid.cols + position[1]
        return [*self.slots[cell], *self.patterns.get(cell, ()), self.reach_index, self.closing]

    needed_at_start = True  # judged on the solution's loop: a blanked clue nearby only frees a move

    def needed(self, positions: Sequence[tuple[int, int]], solution: Sequence[int], rung: int) -> bool:
        """Surely kept at any rung: without these clues the loop moved by a cell or two
        next to them is a second solution (``twins.has_twin``, on the cells it touches)."""
        if self.full:
            return False  # a full board's loop visits every dot, which a moved loop may not
        if self._solution is not solution:
            self._solution, self._inside = solution, inside_of(self.grid, solution)
        cols = self.grid.cols
        blank = [r * cols + c for r, c in positions]
        return has_twin(self.grid, grid_of(self.grid.rows, cols), self.clues, self._inside, blank)

    def set_clue(self, position: tuple[int, int], clue: int | None) -> None:
        cell = position[0] * self.grid.cols + position[1]
        if cell not in self.slots:
            raise ValueError(f"r{position[0] + 1}c{position[1] + 1} had no clue when the model was built")
        value = BLANK if clue is None else clue
        if value == self.clues[cell]:
            return
        props = self.model.propagators
        slots, original = self.slots[cell], self.originals[cell]
        if value == BLANK:
            now: list[Propagator] = [Idle(p) for p in original]
        elif value == cast(ClueCount, original[0]).clue:
            now = original
        else:
            faces = self.colours.unit_faces[slots[1]]
            now = [
                ClueCount(self.grid, cell, value),
                ColourUnit(self.colours, value, faces),
                self._corner(cell, value),
                CornerClue(self.facts, cell, value),
            ]
        for i, p in zip(slots, now):
            props[i] = p
        self._tables = None
        self.clues[cell] = value
        if value > 0:
            self.required[cell] = self.grid.cell_edges[cell]
        else:
            self.required.pop(cell, None)
        self.board = None

    def instance(self) -> Board:
        if self.board is None:
            self.board = Board(self.grid, tuple(self.clues), self.full)
        return self.board


def _learning_twin(board: Board) -> SatEncoding:
    from puzzlekit_slitherlink.sat import encode

    return encode(board, colours=True)


def _finishes(grid: Grid, clues: Sequence[int], full: bool) -> Callable[[list[int], int], bool]:
    """Would a line on ``edge``, closing the only chain, complete the puzzle?  (``clues``
    is read at each call: a ``SlitherlinkClues`` changes it in place.)"""
    cell_edges = grid.cell_edges

    def finishes(dom: list[int], edge: int) -> bool:
        if full:
            return sum(1 for d in dom if d == TRUE) + 1 == grid.n_vertices
        for cell, clue in enumerate(clues):
            if clue >= 0 and sum(1 for e in cell_edges[cell] if dom[e] == TRUE or e == edge) != clue:
                return False
        return True

    return finishes


def mark_words(var: int, mask: int) -> str:
    return "a line" if mask == TRUE else "crossed" if mask == FALSE else "open"


def chain_end_brancher(grid: Grid) -> Callable[[list[int]], int]:
    """Branch where the loop must go on: an open edge at a chain end, else any open edge."""
    vertex_edges = grid.vertex_edges

    def branch(dom: list[int]) -> int:
        fallback = -1
        for edges in vertex_edges:
            on = 0
            first_open = -1
            for e in edges:
                d = dom[e]
                if d == TRUE:
                    on += 1
                elif d != FALSE and first_open < 0:
                    first_open = e
            if first_open >= 0:
                if on == 1:
                    return first_open
                if fallback < 0:
                    fallback = first_open
        return fallback

    return branch
