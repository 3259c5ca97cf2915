"""An Akari board as a model: a bulb variable per white cell, the ladder's propagators,
and numbers that change in place for the generator (``AkariClues``, a ``ClueModel``)."""

from __future__ import annotations

from itertools import combinations

from puzzlekit import Model, Rule, Rung
from puzzlekit.core import TRUE, ClueModel, Idle, Lookahead
from puzzlekit.core.cdcl import cardinality
from puzzlekit.engines.sat import SatEncoding
from puzzlekit_akari.board import Board
from puzzlekit_akari.rules import Number, OnlyLight, Sets, Sight

LADDER = (
    Rung(1, "numbers and lighting", "count bulbs at numbers; one bulb per line of sight; a cell only one place lights"),
    Rung(2, "sets", "a bulb that would leave a cell unlit or a number short at once is ruled out"),
    Rung(3, "trial", "a bulb (or empty cell) that makes the rungs below contradict is ruled out"),
)
TRIAL = Rule("trial", 3, "If a bulb here (or none) made the simpler rules contradict, the cell takes the other state.")


class AkariClues(ClueModel):
    """A board's model whose numbers are blanked, restored or changed in place: a number
    is its ``Number`` propagator (``Idle`` while blank) and its entry in the dict the
    ``Sets`` propagator reads."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.clues = dict(board.clues)
        model = self.model = Model(LADDER)
        model.add_vars(len(board.whites), 0b11)
        self.slots = {cell: model.add(Number(board, cell, n)) for cell, n in sorted(board.clues.items())}
        for run in board.segments:
            model.add(Sight(board, run))
        for index in range(len(board.runs)):
            model.add(OnlyLight(board, index))
        model.add(Sets(board, self.clues))
        model.add(Lookahead(TRIAL, probe_rung=1, describe=lambda v, m: "a bulb" if m == TRUE else "empty"))
        self.runs: list[list[int]] | None = None
        model.cnf = self.twin

    def twin(self) -> SatEncoding:
        """``encode`` with the numbers as they stand when search starts; what the runs say is
        written once per model."""
        if self.runs is None:
            self.runs = run_clauses(self.board)
        return encode(self.instance(), self.runs)

    def set_clue(self, position: int, clue: int | None) -> None:
        if position not in self.slots:
            raise ValueError(f"{self.board.grid.name(position)} had no number when the model was built")
        number = Number(self.board, position, 0 if clue is None else clue)
        self.model.propagators[self.slots[position]] = Idle(number) if clue is None else number
        if clue is None:
            self.clues.pop(position, None)
        else:
            self.clues[position] = clue

    def instance(self) -> Board:
        tokens = list(self.board.tokens)
        for cell in self.slots:
            tokens[cell] = str(self.clues[cell]) if cell in self.clues else "#"
        return self.board.renumbered(tokens, dict(self.clues))


def encode(board: Board, runs: list[list[int]] | None = None) -> SatEncoding:
    """From the rules alone (bulb ``v`` is SAT variable ``v + 1``; above them, one per run
    of white cells, true when a bulb stands in it): a run holds a bulb exactly when its
    variable says so, and at most one; every white cell's row run or column run holds
    one; each number counts its bulbs.  Two-literal "lit" clauses, where one clause over
    every cell a cell sees would hide the runs: on an open board a search then proves
    pigeonhole cases (docs/akari.md).  ``runs``: the clauses of the runs, written before."""
    clauses = list(runs if runs is not None else run_clauses(board))
    for cell, count in sorted(board.clues.items()):
        clauses += cardinality([v + 1 for v in board.around(cell)], [count])
    encoding = SatEncoding.boolean(len(board.whites), clauses)
    encoding.top, encoding.true_first = len(board.whites) + len(board.runs), True
    return encoding


def run_clauses(board: Board) -> list[list[int]]:
    n, runs, row_of, column_of = len(board.whites), board.runs, *board.lanes[1:]
    clauses = []
    for i, run in enumerate(runs):
        has = n + 1 + i
        clauses += [[-has, *(v + 1 for v in run)], *([-v - 1, has] for v in run)]
        clauses += [[-a - 1, -b - 1] for a, b in combinations(run, 2)]
    return clauses + [[n + 1 + row_of[v], n + 1 + column_of[v]] for v in range(n)]
