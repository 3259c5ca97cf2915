"""The pearls' rules, each enforced exactly over the edges it talks about.

A pearl looks at eight edges: in each direction, the edge to its neighbour
("arm") and the edge from that neighbour onward ("reach"); edges off the board
are lines that cannot exist.  Every combination of those edges the pearl allows
is enumerated once per pattern of open and decided edges (at most 2^8) and
memoised, so each value left is one some allowed combination uses.
"""

from __future__ import annotations

from itertools import product

from puzzlekit import Propagator, Rule
from puzzlekit.core import BOOL, FALSE, TRUE
from puzzlekit.core.engine import Engine
from puzzlekit_masyu.board import BLACK, Board

BLACK_PEARL = Rule(
    "black-pearl",
    1,
    "At a black pearl the loop turns, and goes straight through the next cell on both sides.",
)
WHITE_PEARL = Rule(
    "white-pearl",
    1,
    "At a white pearl the loop goes straight, and turns in at least one of the cells next to it.",
)

ABSENT = FALSE  # an edge off the board can only be "no line"
_TABLE: dict[tuple[object, ...], tuple[int, ...] | None] = {}


def allowed(black: bool, arms: tuple[int, ...], reaches: tuple[int, ...]) -> bool:
    """Does this choice of lines (1/0 per direction: N, E, S, W) satisfy the pearl?"""
    if sum(arms) != 2:
        return False
    vertical, horizontal = arms[0] + arms[2], arms[1] + arms[3]
    if black:
        # A turn, and straight on through both neighbours.
        return vertical == 1 and horizontal == 1 and all(reaches[d] for d in range(4) if arms[d])
    if vertical == 2:
        return not (reaches[0] and reaches[2])
    if horizontal == 2:
        return not (reaches[1] and reaches[3])
    return False


def supports(black: bool, doms: tuple[int, ...]) -> tuple[int, ...] | None:
    """For the 8 edges (arms N, E, S, W, then reaches N, E, S, W), the values some allowed
    combination uses; None when none is allowed."""
    key = (black, *doms)
    if key in _TABLE:
        return _TABLE[key]
    found = [0] * 8
    choices = [[v for v in (0, 1) if d >> v & 1] for d in doms]
    for combo in product(*choices):
        if allowed(black, combo[:4], combo[4:]):
            for i, v in enumerate(combo):
                found[i] |= 1 << v
    result = tuple(found) if any(found) else None
    _TABLE[key] = result
    return result


class Pearl(Propagator):
    """One pearl's rule over its arms and reaches."""

    __slots__ = ("rule", "board", "cell", "black", "edges", "present", "watches")

    def __init__(self, board: Board, cell: int) -> None:
        self.board = board
        self.cell = cell
        self.black = board.pearls[cell] == BLACK
        self.rule = BLACK_PEARL if self.black else WHITE_PEARL
        arms = board.arms(cell)
        self.edges = tuple(first for first, _ in arms) + tuple(onward for _, onward in arms)
        self.present = tuple(e for e in self.edges if e >= 0)
        self.watches = self.present

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        edges = self.edges
        doms = tuple(dom[e] if e >= 0 else ABSENT for e in edges)
        new = supports(self.black, doms)
        if new is None:
            return False
        for e, old, narrowed in zip(edges, doms, new):
            if e >= 0 and narrowed != old and not engine.set(e, narrowed, self.present, None):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        what = "a line" if mask == TRUE else "no line" if mask == FALSE else "open"
        rule = "turns and goes straight on both sides" if self.black else "goes straight and turns next to it"
        return f"{self.board.pearl_name(self.cell)} {rule}, so this is {what}"


__all__ = ["BLACK_PEARL", "BOOL", "WHITE_PEARL", "Pearl", "allowed", "supports"]
