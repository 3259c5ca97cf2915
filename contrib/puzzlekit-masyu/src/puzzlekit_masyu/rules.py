"""The pearls' rules, each enforced exactly over the edges it talks about.

A pearl looks at sixteen edges: in each direction, the edge to its neighbour ("arm"),
the edge from that neighbour onward ("reach"), and the neighbour's two other edges
("sides"); edges off the board are lines that cannot exist.  The pearl's own rule
reads arms and reaches; each neighbour it reaches must then have two lines or none.
Every combination those allow is enumerated once per pattern of open and decided edges
and memoised, so each value left is one some allowed combination uses.  The sides are
what lets a pearl see that the cell beyond a black pearl's leg cannot go straight (a
line already leaves it sideways), or that neither cell beside a white pearl can turn:
the reasoning of Simon Tatham's Pearl solver at its Easy level, which the rule over
arms and reaches alone left to lookahead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import product
from operator import itemgetter

from puzzlekit import Propagator, Rule, Rung
from puzzlekit.core import BOOL, FALSE, TRUE
from puzzlekit.core.engine import Engine
from puzzlekit_masyu.board import BLACK, WHITE, Board

LADDER = (
    Rung(1, "pearls", "two lines or none at a cell, no early loop, the pearls' own rules"),
    Rung(2, "loop connectivity", "no bridges; every pearl within reach of the loop"),
    Rung(3, "lookahead", "try a mark and rule it out when the rungs above then contradict"),
)
LOOP_REACH = Rule(
    "loop-reach",
    2,
    "The loop cannot use an edge whose removal disconnects the open edges, and every pearl must "
    "stay in the loop's piece.",
)
LOOKAHEAD = Rule(
    "lookahead",
    3,
    "If drawing (or crossing) an edge makes the pearl and loop rules contradict, it takes the other state.",
)
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

NO_PEARL_FITS = Rule(
    "no-pearl-fits",
    1,
    "The loop passes this cell in a way neither a black nor a white pearl allows (or not at all).",
)
"""Only in a generator's model (``MasyuClues``): the case "a second loop that would not
keep a pearl here" of proving a pearl's removal (``Masyu.clue_values``)."""

ABSENT = FALSE  # an edge off the board can only be "no line"
_TABLE: dict[tuple[object, ...], tuple[int, ...] | None] = {}
WHITE_KIND, BLACK_KIND, NONE_FITS = 1, 2, 3
"""What a ``Pearl`` propagator enforces: a white pearl, a black one, or that neither fits."""
KIND_OF_PEARL = {WHITE: WHITE_KIND, BLACK: BLACK_KIND}


def fits(kind: int, arms: tuple[int, ...], reaches: tuple[int, ...]) -> bool:
    """Does this choice of lines satisfy the ``kind`` (white, black, or no pearl fits)?"""
    if kind == NONE_FITS:
        return not allowed(True, arms, reaches) and not allowed(False, arms, reaches)
    return allowed(kind == BLACK_KIND, arms, reaches)


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


def supports(kind: int, doms: tuple[int, ...]) -> tuple[int, ...] | None:
    """For the 8 edges (arms N, E, S, W, then reaches N, E, S, W), the values some
    combination the ``kind`` allows uses; None when none is allowed."""
    key = (kind, *doms)
    if key in _TABLE:
        return _TABLE[key]
    found = [0] * 8
    choices = [[v for v in (0, 1) if d >> v & 1] for d in doms]
    for combo in product(*choices):
        if fits(kind, combo[:4], combo[4:]):
            for i, v in enumerate(combo):
                found[i] |= 1 << v
    result = tuple(found) if any(found) else None
    _TABLE[key] = result
    return result


def mark_words(var: int, mask: int) -> str:
    return "a line" if mask == TRUE else "no line" if mask == FALSE else "open"


_NARROWED: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}
_SHAPES = (
    {(0, 0), (2, 0), (1, 1), (0, 2)},  # no pearl: two lines or none
    {(2, 0), (0, 2)},  # a white pearl goes straight: both along the line, or both across
    {(1, 1)},  # a black pearl turns: one along, one across
    {(0, 0), (2, 0), (1, 1), (0, 2)},  # NONE_FITS says nothing about the cell's degree
)
"""Per neighbour kind, the (lines along the pearl's line, lines across) it may have."""
SIDES = 8
"""Arms and reaches come first in a pearl's edges (N, E, S, W each), then each
neighbour's two sides."""


def narrowed(layout: int, doms: tuple[int, ...]) -> tuple[int, ...]:
    """The values of the present edges (``doms``, in order) some allowed combination
    uses, () when none is allowed: memoised by the pearl's ``layout``, so a call is one
    dictionary look-up."""
    key = (layout, doms)
    found = _NARROWED.get(key)
    if found is None:
        kind, exists = layout & 3, [bool(layout >> (2 + i) & 1) for i in range(SIDES + 8)]
        near = [layout >> (2 + SIDES + 8 + 2 * d) & 3 for d in range(4)]
        values = iter(doms)
        full = [next(values) if there else ABSENT for there in exists]
        new = _supports(kind, full, exists, near)
        found = () if new is None else tuple(v for v, there in zip(new, exists) if there)
        _NARROWED[key] = found
    return found


def _supports(kind: int, full: list[int], exists: list[bool], near: list[int]) -> list[int] | None:
    """Over all sixteen edges: the pearl's rule (``fits`` on arms and reaches), and
    two lines or none at each neighbour, given its arm, its reach and its sides; a
    neighbour that is a pearl itself (``near``: its kind, 0 none) goes straight (white)
    or turns (black)."""
    found = [0] * (SIDES + 8)
    ones = sum(1 << i for i in range(8) if full[i] == TRUE)
    zeros = sum(1 << i for i in range(8) if full[i] == FALSE)
    beside = [_SIDE_FITS[near[d]] if exists[d] else None for d in range(4)]
    for bits, combo in _fitting(kind):
        if bits & zeros or bits & ones != ones:
            continue
        sides = []
        for d, table in enumerate(beside):
            if table is not None:
                fit = table[combo[d] + combo[4 + d]][full[8 + 2 * d]][full[9 + 2 * d]]
                if fit is None:
                    break
                sides.append((d, fit))
        else:
            for i, v in enumerate(combo):
                found[i] |= 1 << v
            for d, (first, second) in sides:
                found[8 + 2 * d] |= first
                found[9 + 2 * d] |= second
    if not any(found[:8]):
        return None
    for i in range(8, SIDES + 8):
        if not exists[i]:
            found[i] = ABSENT
    return found


def _side_fits(shape: set[tuple[int, int]]) -> list[list[list[tuple[int, int] | None]]]:
    """Per count of lines along (arm and reach), then the domains of the neighbour's two
    sides: the values of each side some allowed choice uses (bitmasks), None for none."""
    out: list[list[list[tuple[int, int] | None]]] = []
    for lines in range(3):
        rows = []
        for s1 in range(4):
            row: list[tuple[int, int] | None] = []
            for s2 in range(4):
                fit = [(a, b) for a in (0, 1) if s1 >> a & 1 for b in (0, 1) if s2 >> b & 1 if (lines, a + b) in shape]
                row.append((sum({1 << a for a, _ in fit}), sum({1 << b for _, b in fit})) if fit else None)
            rows.append(row)
        out.append(rows)
    return out


_SIDE_FITS = [_side_fits(shape) for shape in _SHAPES]
"""``_side_fits`` per neighbour kind, made once."""


@cache
def _fitting(kind: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every choice of lines on the arms and reaches (N, E, S, W each) the ``kind``
    allows, with its lines as bits (bit i: edge i): a table miss of ``narrowed``
    filters these rather than trying all 256."""
    return tuple(
        (sum(v << i for i, v in enumerate(combo)), combo)
        for combo in product((0, 1), repeat=8)
        if fits(kind, combo[:4], combo[4:])
    )


class Pearl(Propagator):
    """One pearl's rule over its arms and reaches (or, in a generator's model, the rule
    that no pearl fits the cell: ``kind`` ``NONE_FITS``)."""

    __slots__ = ("rule", "board", "cell", "kind", "edges", "present", "watches", "layout", "read")

    def __init__(self, board: Board, cell: int, kind: int | None = None) -> None:
        self.board = board
        self.cell = cell
        if kind is None:
            kind = BLACK_KIND if board.pearls[cell] == BLACK else WHITE_KIND
        self.kind = kind
        self.rule = BLACK_PEARL if kind == BLACK_KIND else WHITE_PEARL if kind == WHITE_KIND else NO_PEARL_FITS
        arms = board.arms(cell)
        grid = board.grid
        sides = []
        for d, neighbour in enumerate(grid.around[cell]):
            across = grid.cell_edges[neighbour] if neighbour >= 0 else (-1, -1, -1, -1)
            sides += [across[(d + 1) % 4], across[(d + 3) % 4]]  # the neighbour's edges off the line
        self.edges = tuple(first for first, _ in arms) + tuple(onward for _, onward in arms) + tuple(sides)
        self.present = tuple(e for e in self.edges if e >= 0)
        self.watches = self.present
        near = [KIND_OF_PEARL.get(board.pearls.get(n, ""), 0) if n >= 0 else 0 for n in grid.around[cell]]
        self.layout = (
            kind
            | sum(1 << (2 + i) for i, e in enumerate(self.edges) if e >= 0)
            | sum(k << (2 + SIDES + 8 + 2 * d) for d, k in enumerate(near))
        )
        """The kind (two low bits), which of the sixteen edges exist (one bit each) and the
        four neighbours' pearls (two bits each): with the present edges' domains, the key
        of ``narrowed``'s table.  A neighbour's pearl is read when the pearl is made (a
        generator's model makes it again when a neighbour changes)."""
        if not self.present:  # a 1x1 board: no edge to read (itemgetter() needs one)
            self.read: Callable[[Sequence[int]], tuple[int, ...]] = lambda dom: ()
            return
        read = itemgetter(*self.present)
        self.read = read if len(self.present) > 1 else lambda dom: (read(dom),)

    def propagate(self, engine: Engine) -> bool:
        doms = self.read(engine.dom)
        new = narrowed(self.layout, doms)
        if new == doms:
            return True
        if not new:
            return False
        present = self.present
        for e, old, now in zip(present, doms, new):
            if now != old and not engine.set(e, now, present, None):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        what = "a line" if mask == TRUE else "no line" if mask == FALSE else "open"
        if self.kind == NONE_FITS:
            return f"no pearl fits {self.board.cell_name(self.cell)}, so this is {what}"
        black = self.kind == BLACK_KIND
        rule = "turns and goes straight on both sides" if black else "goes straight and turns next to it"
        return f"{self.board.pearl_name(self.cell)} {rule}, so this is {what}"


__all__ = [
    "BLACK_KIND",
    "BLACK_PEARL",
    "BOOL",
    "LADDER",
    "LOOKAHEAD",
    "LOOP_REACH",
    "NONE_FITS",
    "NO_PEARL_FITS",
    "WHITE_KIND",
    "WHITE_PEARL",
    "Pearl",
    "allowed",
    "fits",
    "mark_words",
    "supports",
]
