"""Akari's deductions, each a technique solvers name: numbers, one bulb per line of
sight, the only bulb that can light a cell; trial (lookahead) sits above them."""

from __future__ import annotations

from puzzlekit import Propagator, Rule
from puzzlekit.core import BOOL, FALSE, TRUE, Engine
from puzzlekit_akari.board import Board

NUMBER = Rule("number", 1, "A number counts the bulbs beside it: met, the rest are empty; short, all hold bulbs.")
SIGHT = Rule("sight", 1, "Two bulbs may not light each other: one bulb in a row or column run of white cells.")
LIGHT = Rule("only-light", 2, "Every white cell is lit: when only one cell can still light it, that cell holds a bulb.")


class Number(Propagator):
    __slots__ = ("rule", "board", "cell", "need", "watches")

    def __init__(self, board: Board, cell: int) -> None:
        self.rule, self.board, self.cell = NUMBER, board, cell
        self.need = board.clues[cell]
        self.watches = board.around(cell)

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        on = sum(1 for v in self.watches if dom[v] == TRUE)
        free = [v for v in self.watches if dom[v] == BOOL]
        if on > self.need or on + len(free) < self.need:
            return False
        value = FALSE if on == self.need else TRUE if on + len(free) == self.need else 0
        return not value or all(engine.set(v, value, self.watches) for v in free)

    def explain(self, var: int, mask: int, note: object) -> str:
        what = "holds a bulb" if mask == TRUE else "is empty"
        return f"the {self.need} at {self.board.grid.name(self.cell)} needs it, so this cell {what}"


class Sight(Propagator):
    __slots__ = ("rule", "board", "watches")

    def __init__(self, board: Board, run: tuple[int, ...]) -> None:
        self.rule, self.board, self.watches = SIGHT, board, run

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        on = [v for v in self.watches if dom[v] == TRUE]
        if len(on) > 1:
            return False
        return not on or all(engine.set(v, FALSE, on) for v in self.watches if v != on[0])

    def explain(self, var: int, mask: int, note: object) -> str:
        return "a bulb already lights this cell, so it holds no bulb"


class OnlyLight(Propagator):
    __slots__ = ("rule", "board", "var", "watches")

    def __init__(self, board: Board, var: int) -> None:
        self.rule, self.board, self.var = LIGHT, board, var
        self.watches = (var, *board.seen[var])

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        free = []
        for v in self.watches:
            if dom[v] == TRUE:
                return True
            if dom[v] == BOOL:
                free.append(v)
        if len(free) == 1:
            return engine.set(free[0], TRUE, self.watches)
        return bool(free)

    def explain(self, var: int, mask: int, note: object) -> str:
        return f"only this cell can still light {self.board.grid.name(self.board.whites[self.var])}"
