"""Placements: each clue takes one of its candidate pieces, and the pieces tile the board
(Shikaku's rectangles; any genre that divides the board into one region per clue).

A cell's variable holds the index of the clue whose piece covers it (domain bit ``i``).
A piece is a bitmask of cells.  The propagators keep each clue's surviving pieces in an
aux slot (so search and lookahead undo them): a piece survives while every cell of it
may still be the clue's and it covers every cell that must be (fitting); cells every
survivor covers are the clue's (overlap); a piece that would leave a cell nearby with no
piece to cover it goes (no room).  The genre owns the ``Rule`` of each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import Model, Propagator, Rule
from puzzlekit.core.rng import Rng
from puzzlekit.engines.encoding import Clause, SatEncoding
from puzzlekit.grid.bits import cells_of
from puzzlekit.grid.topology import RectGrid


@cache
def rectangles(rows: int, cols: int, cell: int, area: int) -> tuple[int, ...]:
    """Every rectangle of ``area`` cells on a rows x cols board that covers ``cell``, as a
    bitmask: the shapes by height, then by top row, then by left column."""
    r0, c0 = divmod(cell, cols)
    out = []
    for h in (h for h in range(1, area + 1) if area % h == 0 and h <= rows and area // h <= cols):
        w = area // h
        for top in range(max(0, r0 - h + 1), min(r0, rows - h) + 1):
            for left in range(max(0, c0 - w + 1), min(c0, cols - w) + 1):
                line = ((1 << w) - 1) << (top * cols + left)
                out.append(sum(line << (r * cols) for r in range(h)))
    return tuple(out)


def cut_rectangles(rows: int, cols: int, rng: Rng, largest: int) -> list[list[int]]:
    """The board cut at random into rectangles of 2 to ``largest`` cells (rarely 1), in
    reading order of their top-left cells (a generator's solution)."""
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


class Placements:
    """Per clue, its candidate pieces (cell bitmasks) on ``grid``; ``clue_name(i)`` names
    clue ``i`` in explanations (``the 4 at r2c3``)."""

    word = "rectangle"
    """What a piece is called in explanations."""

    def __init__(self, grid: RectGrid, pieces: Sequence[Sequence[int]], clue_name: Callable[[int], str]) -> None:
        self.grid, self.pieces, self.clue_name = grid, tuple(tuple(p) for p in pieces), clue_name

    def domains(self) -> list[int]:
        """Per cell, the clues some piece of which covers it."""
        dom = [0] * self.grid.n_cells
        for i, pieces in enumerate(self.pieces):
            union = 0
            for piece in pieces:
                union |= piece
            for cell in cells_of(union):
                dom[cell] |= 1 << i
        return dom

    def add_to(self, model: Model, fitting: Rule, overlap: Rule, no_room: Rule) -> None:
        """The three deductions per clue (fitting, then overlap, then no room), a piece's
        removal waking the no-room check of every clue whose pieces reach near it."""
        fits = [Fitting(fitting, self, i, model.add_state([(1 << len(p)) - 1])) for i, p in enumerate(self.pieces)]
        overlaps = [Overlap(overlap, self, i, fit.slot) for i, fit in enumerate(fits)]
        rooms = [NoRoom(no_room, self, i, fit.slot) for i, fit in enumerate(fits)]
        for fit in fits:
            model.add(fit)
        own = [model.add(o) for o in overlaps]
        indices = [model.add(room) for room in rooms]
        near_of = self.grid.neighbours
        reach = [sum(1 << x for x in {y for c in fit.area for y in (c, *near_of[c])}) for fit in fits]
        areas = [sum(1 << c for c in fit.area) for fit in fits]
        for i, room in enumerate(rooms):
            near = [j for j in range(len(fits)) if j != i and reach[i] & areas[j]]
            room.ring, room.others = reach[i], [(j, fits[j].slot) for j in near]
            fits[i].wakes = overlaps[i].wakes = room.wakes = [own[i]] + [indices[j] for j in near]

    def sat_encoding(self) -> SatEncoding:
        """Exact cover as CNF, sharing nothing with the propagators: SAT variable ``k + 1`` is
        "the k-th piece (all clues' pieces in order) is drawn", and above them one variable
        per (cell, clue) says "the cell is the clue's" (the one-hot table
        ``SatEncoding.values`` describes); each clue draws exactly one piece, each cell is
        exactly one clue's.  Values decode to each cell's clue (-1 none)."""
        chosen = [(i, piece) for i, pieces in enumerate(self.pieces) for piece in pieces]
        covers: dict[tuple[int, int], list[int]] = {}
        for k, (i, piece) in enumerate(chosen):
            for cell in cells_of(piece):
                covers.setdefault((cell, i), []).append(k + 1)
        table, top = [[0] * len(self.pieces) for _ in range(self.grid.n_cells)], len(chosen)
        clauses: list[Clause] = []
        for (cell, i), lits in sorted(covers.items()):  # "the cell is the clue's": a piece of it covers the cell
            top = table[cell][i] = top + 1
            clauses += [[-top, *lits]] + [[-k, top] for k in lits]
        per_clue = [[k + 1 for k, (j, _) in enumerate(chosen) if j == i] for i in range(len(self.pieces))]
        for lits in per_clue + [[x for x in row if x] for row in table]:  # one piece per clue, one clue per cell
            clauses += [lits] + [[-a, -b] for a, b in combinations(lits, 2)]

        def decode(true: set[int]) -> list[int]:
            return [next((i for i, x in enumerate(row) if x and x in true), -1) for row in table]

        def block(values: list[int]) -> Clause:
            return [-table[c][i] for c, i in enumerate(values) if i >= 0]

        encoding = SatEncoding(clauses, decode, lambda values: [], block, top)
        encoding.values = table  # the one-hot table (SatEncoding.values): the learning search can use it
        return encoding


class Fitting(Propagator):
    __slots__ = ("rule", "places", "i", "slot", "area", "watches", "wakes")

    def __init__(self, rule: Rule, places: Placements, i: int, slot: int) -> None:
        self.rule, self.places, self.i, self.slot = rule, places, i, slot
        union = 0
        for piece in places.pieces[i]:
            union |= piece
        self.area = tuple(cells_of(union))
        self.watches = self.area
        self.wakes: list[int] = []
        """Propagators to wake when this clue's pieces shrink (no-room neighbours)."""

    def keep(self, engine: Engine, piece: int) -> bool:
        return True

    def overlap(self, alive: int) -> bool:
        """Whether the cells all survivors cover are the clue's (else only when one is left)."""
        return not alive & (alive - 1)

    def propagate(self, engine: Engine) -> bool:
        dom, aux, bit, pieces = engine.dom, engine.aux, 1 << self.i, self.places.pieces[self.i]
        can = must = 0
        for c in self.area:
            if dom[c] & bit:
                can |= 1 << c
                if dom[c] == bit:
                    must |= 1 << c
        alive, old = 0, aux[self.slot]
        for k in cells_of(old):
            piece = pieces[k]
            if not piece & ~can and not must & ~piece and self.keep(engine, piece):
                alive |= 1 << k
        if not alive:
            return False
        if alive != old:
            engine.put(self.slot, alive)
            for p in self.wakes:
                engine.wake(p)
        sure, reach = -1, 0
        for k in cells_of(alive):
            sure &= pieces[k]
            reach |= pieces[k]
        if not self.overlap(alive):
            sure = 0
        for c in self.area:
            if sure >> c & 1 and dom[c] != bit and not engine.set(c, bit, self.area, True):
                return False
            if not reach >> c & 1 and dom[c] & bit and not engine.set(c, ~bit, self.area, False):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        name, cell, word = self.places.clue_name(self.i), self.places.grid.name(var), self.places.word
        if note:
            return f"{name} has one {word} left, and it covers {cell}"
        return f"no {word} left for {name} reaches {cell}"


class Overlap(Fitting):
    __slots__ = ()

    def overlap(self, alive: int) -> bool:
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        places = self.places
        return f"every {places.word} left for {places.clue_name(self.i)} covers {places.grid.name(var)}"


class NoRoom(Overlap):
    __slots__ = ("ring", "others")
    ring: int
    """The clue's cells and the cells around them, as a bitmask."""
    others: list[tuple[int, int]]
    """(clue, aux slot) of every clue whose pieces may reach the ring."""

    def keep(self, engine: Engine, piece: int) -> bool:
        """Does every cell of the ring outside ``piece`` keep a piece clear of it?"""
        aux, pieces, coverable = engine.aux, self.places.pieces, piece
        for j, slot in self.others:
            for k in cells_of(aux[slot]):
                if not pieces[j][k] & piece:
                    coverable |= pieces[j][k]
        return not self.ring & ~coverable

    def explain(self, var: int, mask: int, note: object) -> str:
        gone = f", once {self.places.word}s that leave a cell nearby no cover are gone"
        return super().explain(var, mask, note) + gone
