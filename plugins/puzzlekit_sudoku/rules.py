"""The human techniques, each a propagator over one house (row, column or box).

Rung 1, naked single: a placed digit leaves its peers (a cell left with one
candidate is then placed).  Rung 2, hidden single: a digit with one place left in
a house goes there.  Rung 3, locked candidates (pointing and claiming) and naked
and hidden pairs and triples.  Candidates are bitmasks, so a house is a few ORs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

from puzzlekit import Propagator, Rule
from puzzlekit.core.engine import Engine
from puzzlekit_sudoku.board import SYMBOLS, Board

NAKED_SINGLE = Rule("naked-single", 1, "A placed digit cannot appear again in its row, column or box.")
HIDDEN_SINGLE = Rule("hidden-single", 2, "A digit with only one place left in a row, column or box goes there.")
LOCKED = Rule(
    "locked-candidates", 3, "When a box's places for a digit all lie in one line (or a line's in one box), "
    "the rest of that line (or box) cannot hold it.")  # fmt: skip
SUBSET = Rule(
    "subsets", 3, "k cells of a house with only k digits between them (naked), or k digits with only "
    "k places (hidden), keep those digits and those cells to each other (k = 2, 3).")  # fmt: skip


def digits(mask: int) -> str:
    return ", ".join(SYMBOLS[v] for v in range(1, mask.bit_length()) if mask >> v & 1)


class NakedSingle(Propagator):
    __slots__ = ("board", "cell", "peers", "watches")
    rule = NAKED_SINGLE

    def __init__(self, board: Board, cell: int) -> None:
        self.board, self.cell, self.peers, self.watches = board, cell, board.peers[cell], (cell,)

    def propagate(self, engine: Engine) -> bool:
        dom, d = engine.dom, engine.dom[self.cell]
        return bool(d & (d - 1)) or all(not dom[p] & d or engine.set(p, ~d, self.watches, d) for p in self.peers)

    def explain(self, var: int, mask: int, note: object) -> str:
        digit = digits(note) if isinstance(note, int) else "its digit"
        return f"{self.board.name(self.cell)} holds {digit}, and {self.board.name(var)} shares a house with it"


class House(Propagator):
    """Base of the rules over one house: its cells, and words for it."""

    __slots__ = ("board", "cells", "watches", "where")

    def __init__(self, board: Board, kind: str, cells: Sequence[int]) -> None:
        self.board, self.cells, self.where = board, tuple(cells), board.unit_name(kind, cells)
        self.watches = self.cells


class HiddenSingle(House):
    __slots__ = ()
    rule = HIDDEN_SINGLE

    def propagate(self, engine: Engine) -> bool:
        dom, cells, changed = engine.dom, self.cells, True
        while changed:
            once = twice = 0
            for c in cells:
                twice, once = twice | once & dom[c], once | dom[c]
            if once != self.board.full:
                return False  # a digit has no place left in this house
            changed = False
            for c in cells:
                s = dom[c] & once & ~twice
                if s and s != dom[c]:
                    if s & (s - 1) or not engine.set(c, s, cells, s):
                        return False  # one cell is the only place for two digits
                    changed = True
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        return f"{digits(mask)} has no other place in {self.where}"


class Locked(Propagator):
    """Locked candidates where one box and one line meet."""

    __slots__ = ("board", "parts", "watches", "names")
    rule = LOCKED

    def __init__(self, board: Board, box: set[int], line: tuple[str, tuple[int, ...]]) -> None:
        inter, rest = sorted(box & set(line[1])), [c for c in line[1] if c not in box]
        self.board, self.parts = board, (tuple(inter), tuple(rest), tuple(sorted(box - set(line[1]))))
        self.watches, self.names = sum(self.parts, ()), (board.unit_name("box", inter), board.unit_name(*line))

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        while True:
            inter, line, box = (sum_or(dom, part) for part in self.parts)
            pointing, claiming = inter & ~box & line, inter & ~line & box
            if not pointing and not claiming:
                return True
            for cells, gone, point in ((self.parts[1], pointing, True), (self.parts[2], claiming, False)):
                if gone and not all(engine.set(c, ~gone, self.watches, (point, gone)) for c in cells):
                    return False

    def explain(self, var: int, mask: int, note: object) -> str:
        point, which = note if isinstance(note, tuple) else (True, 0)
        inside, other = self.names if point else self.names[::-1]
        return f"in {inside}, {digits(which)} can only go where it meets {other}, so the rest of {other} cannot hold it"


def sum_or(dom: Sequence[int] | Mapping[int, int], cells: Sequence[int]) -> int:
    out = 0
    for c in cells:
        out |= dom[c]
    return out


def locked_set(items: dict[int, int]) -> tuple[tuple[int, ...], int] | None:
    """k items (k = 2, 3) whose masks cover only k bits, that other items still share:
    (the items, their bits); ``((), 0)`` when there is none, None when k items cover fewer."""
    for k in (2, 3):
        for group in combinations([x for x, m in items.items() if m.bit_count() <= k], k):
            union = sum_or(items, group)
            if union.bit_count() < k:
                return None
            if union.bit_count() == k and any(m & union for x, m in items.items() if x not in group):
                return group, union
    return (), 0


class Subsets(House):
    """Naked pairs and triples (cells by their digits), and hidden ones (digits by their places)."""

    __slots__ = ()
    rule = SUBSET

    def propagate(self, engine: Engine) -> bool:
        dom, n = engine.dom, self.board.n
        while True:
            cells = [c for c in self.cells if dom[c] & (dom[c] - 1)]
            places = {v: sum(1 << i for i, c in enumerate(cells) if dom[c] >> v & 1) for v in range(1, n + 1)}
            naked = locked_set({c: dom[c] for c in cells})
            hidden = locked_set({v: p for v, p in places.items() if p}) if naked == ((), 0) else ((), 0)
            if naked is None or hidden is None:
                return False
            if naked[0]:
                group, union = naked
                ok = all(engine.set(c, ~union, group, ("naked", group, union)) for c in cells if c not in group)
            elif hidden[0]:
                spots = tuple(c for i, c in enumerate(cells) if hidden[1] >> i & 1)
                keep = sum(1 << v for v in hidden[0])
                ok = all(engine.set(c, keep, spots, ("hidden", spots, keep)) for c in spots)
            else:
                return True
            if not ok:
                return False

    def explain(self, var: int, mask: int, note: object) -> str:
        kind, group, union = note if isinstance(note, tuple) else ("naked", (), 0)
        cells = " ".join(self.board.name(c) for c in group)
        if kind == "naked":
            return f"{cells} hold {digits(union)} between them, so no other cell of {self.where} can"
        return f"{digits(union)} can only go in {cells} in {self.where}, so those cells hold nothing else"
