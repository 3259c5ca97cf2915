"""The human techniques, each a propagator over one house (row, column or box).

Rung 1, naked single: a placed digit leaves its peers (a cell left with one
candidate is then placed).  Rung 2, hidden single: a digit with one place left in
a house goes there.  Rung 3, locked candidates (pointing and claiming) and naked
and hidden pairs and triples.  Candidates are bitmasks, so a house is a few ORs.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from puzzlekit import Propagator, Rule
from puzzlekit.core.engine import Engine
from puzzlekit_sudoku.board import SYMBOLS, Board

NAKED_SINGLE = Rule("naked-single", 1, "A placed digit cannot appear again in its row, column or box.")
HIDDEN_SINGLE = Rule("hidden-single", 2, "A digit with only one place left in a row, column or box goes there.")
LOCKED = Rule(
    "locked-candidates",
    3,
    "When a box's places for a digit all lie in one line (or a line's in one box), "
    "the rest of that line (or box) cannot hold it.",
)
SUBSET = Rule(
    "subsets",
    3,
    "k cells of a house with only k digits between them (naked), or k digits with only "
    "k places (hidden), keep those digits and those cells to each other (k = 2, 3).",
)


def digits(mask: int) -> str:
    return ", ".join(SYMBOLS[v] for v in range(1, mask.bit_length()) if mask >> v & 1)


class NakedSingle(Propagator):
    __slots__ = ("board", "cell", "peers", "watches")
    rule = NAKED_SINGLE

    def __init__(self, board: Board, cell: int) -> None:
        self.board, self.cell, self.peers, self.watches = board, cell, board.peers[cell], (cell,)

    def propagate(self, engine: Engine) -> bool:
        d = engine.dom[self.cell]
        if d & (d - 1):
            return True
        reads, dom = (self.cell,), engine.dom
        for p in self.peers:
            if dom[p] & d and not engine.set(p, ~d, reads, d):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        digit = digits(note) if isinstance(note, int) else "its digit"
        return f"{self.board.name(self.cell)} holds {digit}, and {self.board.name(var)} shares a house with it"


class House(Propagator):
    """Base of the rules over one house: its cells, and words for it."""

    __slots__ = ("board", "kind", "cells", "watches", "where")

    def __init__(self, board: Board, kind: str, cells: Sequence[int]) -> None:
        self.board, self.kind, self.cells, self.watches = board, kind, tuple(cells), tuple(cells)
        self.where = board.unit_name(kind, cells)


class HiddenSingle(House):
    __slots__ = ()
    rule = HIDDEN_SINGLE

    def propagate(self, engine: Engine) -> bool:
        dom, cells, full = engine.dom, self.cells, self.board.full
        while True:
            once = twice = 0
            for c in cells:
                twice |= once & dom[c]
                once |= dom[c]
            if once != full:
                return False  # a digit has no place left in this house
            single, changed = once & ~twice, False
            for c in cells:
                s = dom[c] & single
                if s and s != dom[c]:
                    if s & (s - 1) or not engine.set(c, s, cells, s):
                        return False  # one cell is the only place for two digits
                    changed = True
            if not changed:
                return True

    def explain(self, var: int, mask: int, note: object) -> str:
        return f"{digits(mask)} has no other place in {self.where}"


class Locked(Propagator):
    """Locked candidates where one box and one line meet."""

    __slots__ = ("board", "inter", "line_rest", "box_rest", "seen", "watches", "line")
    rule = LOCKED

    def __init__(self, board: Board, box: set[int], line: tuple[str, tuple[int, ...]]) -> None:
        self.board, self.line = board, board.unit_name(*line)
        self.inter = tuple(sorted(box & set(line[1])))
        self.line_rest = tuple(c for c in line[1] if c not in box)
        self.box_rest = tuple(sorted(box - set(line[1])))
        self.watches = self.seen = self.inter + self.line_rest + self.box_rest

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        while True:
            inter = line = box = 0
            for c in self.inter:
                inter |= dom[c]
            for c in self.line_rest:
                line |= dom[c]
            for c in self.box_rest:
                box |= dom[c]
            pointing, claiming = inter & ~box & line, inter & ~line & box
            if not pointing and not claiming:
                return True
            for c in self.line_rest if pointing else ():
                if not engine.set(c, ~pointing, self.seen, (True, pointing)):
                    return False
            for c in self.box_rest if claiming else ():
                if not engine.set(c, ~claiming, self.seen, (False, claiming)):
                    return False

    def explain(self, var: int, mask: int, note: object) -> str:
        point, which = note if isinstance(note, tuple) else (True, 0)
        box = self.board.unit_name("box", self.inter)
        inside, other = (box, self.line) if point else (self.line, box)
        return f"in {inside}, {digits(which)} can only go where it meets {other}, so the rest of {other} cannot hold it"


class Subsets(House):
    """Naked and hidden pairs and triples in one house."""

    __slots__ = ()
    rule = SUBSET

    def propagate(self, engine: Engine) -> bool:
        dom, cells = engine.dom, self.cells
        while True:
            open_cells = [c for c in cells if dom[c] & (dom[c] - 1)]
            if len(open_cells) < 3:
                return True
            free = 0
            for c in open_cells:
                free |= dom[c]
            places = {
                v: [c for c in open_cells if dom[c] >> v & 1] for v in range(1, self.board.n + 1) if free >> v & 1
            }
            change = self._naked(engine, open_cells) or self._hidden(engine, places)
            if change is None:
                return False
            if not change:
                return True

    def _naked(self, engine: Engine, open_cells: list[int]) -> bool | None:
        dom = engine.dom
        for k in (2, 3):
            small = [c for c in open_cells if dom[c].bit_count() <= k]
            for group in combinations(small, k):
                union = 0
                for c in group:
                    union |= dom[c]
                if union.bit_count() < k:
                    return None
                if union.bit_count() == k and any(dom[c] & union for c in open_cells if c not in group):
                    note = ("naked", group, union)
                    if not all(engine.set(c, ~union, group, note) for c in open_cells if c not in group):
                        return None
                    return True
        return False

    def _hidden(self, engine: Engine, places: dict[int, list[int]]) -> bool | None:
        dom = engine.dom
        for k in (2, 3):
            rare = [v for v, where in places.items() if len(where) <= k]
            for group in combinations(rare, k):
                spots = sorted({c for v in group for c in places[v]})
                keep = sum(1 << v for v in group)
                if len(spots) < k:
                    return None
                if len(spots) == k and any(dom[c] & ~keep for c in spots):
                    note = ("hidden", tuple(spots), keep)
                    if not all(engine.set(c, keep, tuple(spots), note) for c in spots):
                        return None
                    return True
        return False

    def explain(self, var: int, mask: int, note: object) -> str:
        kind, group, union = note if isinstance(note, tuple) else ("naked", (), 0)
        cells = " ".join(self.board.name(c) for c in group)
        if kind == "naked":
            return f"{cells} hold {digits(union)} between them, so no other cell of {self.where} can"
        return f"{digits(union)} can only go in {cells} in {self.where}, so those cells hold nothing else"
