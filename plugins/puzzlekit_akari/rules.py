"""Akari's deductions, each a technique solvers name: numbers, one bulb per line of
sight, the only bulb that can light a cell (Tatham's Easy); sets, a bulb that would
leave something unlightable at once (his Tricky); trial (lookahead) sits above them."""

from __future__ import annotations

from itertools import combinations

from puzzlekit import Propagator, Rule
from puzzlekit.core import BOOL, FALSE, TRUE, Engine
from puzzlekit_akari.board import Board

NUMBER = Rule("number", 1, "A number counts the bulbs beside it: met, the rest are empty; short, all hold bulbs.")
SIGHT = Rule("sight", 1, "Two bulbs may not light each other: one bulb in a row or column run of white cells.")
LIGHT = Rule("only-light", 1, "Every white cell is lit: when only one cell can still light it, that cell holds a bulb.")
SETS = Rule(
    "sets",
    2,
    "A bulb that would at once leave a cell with no way to be lit, or a number without room for its bulbs, "
    "is ruled out.",
)


class Number(Propagator):
    __slots__ = ("rule", "board", "cell", "need", "watches")

    def __init__(self, board: Board, cell: int, need: int) -> None:
        self.rule, self.board, self.cell, self.need = NUMBER, board, cell, need
        self.watches = board.around(cell)

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        on = free = 0
        for v in self.watches:
            d = dom[v]
            on += d == TRUE
            free += d == BOOL
        need = self.need
        if on > need or on + free < need:
            return False
        if not free or on < need < on + free:
            return True
        value = FALSE if on == need else TRUE
        return all(engine.set(v, value, self.watches) for v in self.watches if dom[v] == BOOL)

    def explain(self, var: int, mask: int, note: object) -> str:
        what = "holds a bulb" if mask == TRUE else "is empty"
        return f"the {self.need} at {self.board.grid.name(self.cell)} needs it, so this cell {what}"


class Sight(Propagator):
    __slots__ = ("rule", "board", "watches")

    def __init__(self, board: Board, run: tuple[int, ...]) -> None:
        self.rule, self.board, self.watches = SIGHT, board, run

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        for on in self.watches:
            if dom[on] == TRUE:  # a second bulb fails to be set empty
                return all(engine.set(v, FALSE, (on,)) for v in self.watches if v != on)
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        return "a bulb already lights this cell, so it holds no bulb"


class OnlyLight(Propagator):
    """One per run of white cells: a cell of it that only one cell can still light gets
    that bulb.  A cell's candidates are the open cells of its row run and column run, so
    while its run has two open cells or a bulb, no cell of it is in danger: the run is
    looked at whole, and each cell's other run only then."""

    __slots__ = ("rule", "board", "watches", "others")

    def __init__(self, board: Board, index: int) -> None:
        self.rule, self.board = LIGHT, board
        runs, row_of, column_of = board.lanes
        self.watches = runs[index]
        self.others = tuple(runs[column_of[v] if row_of[v] == index else row_of[v]] for v in self.watches)

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        free = -1
        for v in self.watches:
            d = dom[v]
            if d == TRUE:
                return True
            if d == BOOL:
                if free >= 0:
                    return True
                free = v
        for v, other in zip(self.watches, self.others):
            lighter = free
            for w in other:
                d = dom[w]
                if d == TRUE:
                    break
                if d == BOOL and w != lighter:
                    if lighter >= 0:
                        break
                    lighter = w
            else:
                if lighter < 0:
                    return False
                reads = tuple(dict.fromkeys((*self.watches, *other))) if engine.log is not None else ()
                if not engine.set(lighter, TRUE, reads, v):
                    return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        lit = note if isinstance(note, int) else var
        return f"only this cell can still light {self.board.grid.name(self.board.whites[lit])}"


OPEN_DIGIT = bytes(ord("1") if d == BOOL else ord("0") for d in range(256))
BULB_DIGIT = bytes(ord("1") if d == TRUE else ord("0") for d in range(256))
"""Domains as the digits of a bitmask (``bytes.translate``): one call instead of a loop."""


class Sets(Propagator):
    """Tatham's "discount sets": a set of open cells one of which must hold a bulb (the
    cells that can light a dark cell; any n - m + 1 of the n open cells around a number
    that still needs m) rules out a bulb at every cell that would empty them all at once,
    by lighting them or by filling a number beside them that needs one bulb more.  One
    propagator for the whole board, on bitmasks; ``clues`` is shared with the genre's
    ``ClueModel``, which changes numbers in place."""

    rule = SETS
    __slots__ = ("board", "sight", "clues", "near")

    def __init__(self, board: Board, clues: dict[int, int]) -> None:
        self.board, self.clues = board, clues
        self.sight = tuple((1 << v) | sum(1 << w for w in seen) for v, seen in enumerate(board.seen))
        self.near = {cell: board.around(cell) for cell in clues}

    def propagate(self, engine: Engine) -> bool:
        dom, sight = engine.dom, self.sight
        states = b"0" + bytes(reversed(dom))  # the last variable first: the masks' most significant bit
        free, bulbs, lit = int(states.translate(OPEN_DIGIT), 2), int(states.translate(BULB_DIGIT), 2), 0
        while bulbs:
            low = bulbs & -bulbs
            bulbs ^= low
            lit |= sight[low.bit_length() - 1]
        fills: dict[int, int] = {}  # open cell -> the cells a bulb there empties by filling a number
        sets: list[tuple[int, int, int]] = []  # (cells one of which holds a bulb, cells that may empty them, why)
        for cell, n in self.clues.items():
            need, open_ = n, []
            for v in self.near[cell]:
                d = dom[v]
                if d == TRUE:
                    need -= 1
                elif d == BOOL:
                    open_.append(v)
            if need < 1 or need >= len(open_):  # met, failed, or filled by the first rung
                continue
            mask = sum(1 << v for v in open_)
            if need == 1:
                for v in open_:
                    fills[v] = fills.get(v, 0) | mask & ~(1 << v)
            for group in combinations(open_, len(open_) - need + 1):
                cells = sum(1 << v for v in group)
                sets.append((cells, free & ~cells, cell))
        dark = ((1 << len(dom)) - 1) & ~lit
        while dark:
            low = dark & -dark
            dark ^= low
            u = low.bit_length() - 1
            cells = sight[u] & free
            if not cells:
                return False
            if not cells & (cells - 1):
                continue  # one cell left to light it: the first rung's
            if dom[u] == BOOL:  # only a bulb filling a number beside it can empty u itself
                ruled = fills.get(u, 0) & ~cells
                if ruled:
                    sets.append((cells & ~low, ruled, ~u))
            else:
                sets.append((cells, free & ~cells, ~u))
        progress = False
        for cells, ruled, why in sets:
            rest = cells
            while rest and ruled:
                low = rest & -rest
                rest ^= low
                x = low.bit_length() - 1
                ruled &= sight[x] | fills.get(x, 0)
            ruled &= free
            if not ruled:
                continue
            reads = tuple(v for v in range(len(dom)) if cells >> v & 1) if engine.log is not None else ()
            free &= ~ruled  # a set read before this is still sound: it only holds fewer open cells now
            progress = True
            while ruled:
                low = ruled & -ruled
                ruled ^= low
                if not engine.set(low.bit_length() - 1, FALSE, reads, why):
                    return False
        if progress:
            engine.again()
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        name, at = self.board.grid.name, note if isinstance(note, int) else 0
        if at < 0:
            return f"a bulb here would leave {name(self.board.whites[~at])} with no way to be lit"
        return f"a bulb here would leave the {self.clues.get(at, '')} at {name(at)} without room for its bulbs"
