"""The deductions, one propagator per number, over its candidate rectangles (kept in an
aux slot so search and lookahead undo them).

Rung 1, fitting: a rectangle survives while every cell of it may still be the number's
and it covers every cell that must be; the last one left is the number's, and cells none
reaches are not.  Rung 2, overlap: cells all survivors cover are the number's.  Rung 3, no
room: a rectangle that would leave a cell nearby no rectangle to cover it goes.
"""

from __future__ import annotations

from puzzlekit import Propagator, Rule
from puzzlekit.core.engine import Engine
from puzzlekit_shikaku.board import Board, cells_of

FITTING = Rule(
    "fitting",
    1,
    "A number's rectangle has its area and covers only cells it may take; when one is left, "
    "its cells are the number's, and cells no rectangle reaches belong to another number.",
)
OVERLAP = Rule("overlap", 2, "Cells that every rectangle left for a number covers are that number's.")
NO_ROOM = Rule(
    "no-room",
    3,
    "A rectangle that would leave some cell nearby (a neighbouring number's own cell, say) "
    "with no rectangle left to cover it cannot be drawn.",
)


class Fitting(Propagator):
    __slots__ = ("board", "i", "slot", "area", "watches", "wakes")
    rule = FITTING

    def __init__(self, board: Board, i: int, slot: int) -> None:
        self.board, self.i, self.slot = board, i, slot
        union = 0
        for rect in board.rects[i]:
            union |= rect
        self.area = tuple(cells_of(union))
        self.watches = self.area
        self.wakes: list[int] = []
        """Propagators to wake when this number's candidates shrink (no-room neighbours)."""

    def keep(self, engine: Engine, rect: int) -> bool:
        return True

    def overlap(self, alive: int) -> bool:
        """Whether the cells all survivors cover are the number's (else only when one is left)."""
        return not alive & (alive - 1)

    def propagate(self, engine: Engine) -> bool:
        dom, aux, bit, rects = engine.dom, engine.aux, 1 << self.i, self.board.rects[self.i]
        can = must = 0
        for c in self.area:
            if dom[c] & bit:
                can |= 1 << c
                if dom[c] == bit:
                    must |= 1 << c
        alive, old = 0, aux[self.slot]
        for k in cells_of(old):
            rect = rects[k]
            if not rect & ~can and not must & ~rect and self.keep(engine, rect):
                alive |= 1 << k
        if not alive:
            return False
        if alive != old:
            engine.put(self.slot, alive)
            for p in self.wakes:
                engine.wake(p)
        sure, reach = -1, 0
        for k in cells_of(alive):
            sure &= rects[k]
            reach |= rects[k]
        if not self.overlap(alive):
            sure = 0
        for c in self.area:
            if sure >> c & 1 and dom[c] != bit and not engine.set(c, bit, self.area, True):
                return False
            if not reach >> c & 1 and dom[c] & bit and not engine.set(c, ~bit, self.area, False):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        name = self.board.clue_name(self.i)
        if note:
            return f"{name} has one rectangle left, and it covers {self.board.name(var)}"
        return f"no rectangle left for {name} reaches {self.board.name(var)}"


class Overlap(Fitting):
    __slots__ = ()
    rule = OVERLAP

    def overlap(self, alive: int) -> bool:
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        return f"every rectangle left for {self.board.clue_name(self.i)} covers {self.board.name(var)}"


class NoRoom(Overlap):
    __slots__ = ("ring", "others")
    ring: int
    """The number's cells and the cells around them, as a bitmask."""
    others: list[tuple[int, int]]
    """(number, aux slot) of every number whose rectangles may reach the ring."""
    rule = NO_ROOM

    def keep(self, engine: Engine, rect: int) -> bool:
        """Does every cell of the ring outside ``rect`` keep a rectangle clear of it?"""
        aux, rects, coverable = engine.aux, self.board.rects, rect
        for j, slot in self.others:
            for k in cells_of(aux[slot]):
                if not rects[j][k] & rect:
                    coverable |= rects[j][k]
        return not self.ring & ~coverable

    def explain(self, var: int, mask: int, note: object) -> str:
        return super().explain(var, mask, note) + ", once rectangles that leave a cell nearby no cover are gone"
