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
        self._through: dict[int, dict[int, int]] = {}

    def through(self, i: int) -> dict[int, int]:
        """Per cell some piece of clue ``i`` covers, those pieces (a mask of their indices);
        listed once per clue, for the no-room checks of its neighbours."""
        found = self._through.get(i)
        if found is None:
            found = self._through[i] = {}
            for k, piece in enumerate(self.pieces[i]):
                for cell in cells_of(piece):
                    found[cell] = found.get(cell, 0) | 1 << k
        return found

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

    def add_to(self, model: Model, fitting: Rule, overlap: Rule, no_room: Rule) -> list[NoRoom]:
        """The three deductions per clue (fitting, then overlap, then no room), a piece's
        removal waking the no-room check of every clue whose pieces reach near it.  Returns
        the no-room propagators, one per clue (``puzzlekit.grid.placing`` moves their rings)."""
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
            room.others = [(j, fits[j].slot) for j in near]
            room.set_ring(reach[i])
            fits[i].wakes = overlaps[i].wakes = room.wakes = [own[i]] + [indices[j] for j in near]
        return rooms

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
    __slots__ = ("rule", "places", "i", "slot", "area", "watches", "wakes", "tight", "_scope")
    filters = False
    """Whether ``survivors`` filters further (no-room): else it is not called at all."""
    SCOPE_MEMO = 4096
    """Entries ``_scope`` keeps before it starts again (a mask of pieces -> their cells)."""

    def __init__(self, rule: Rule, places: Placements, i: int, slot: int) -> None:
        self.rule, self.places, self.i, self.slot = rule, places, i, slot
        union = 0
        for piece in places.pieces[i]:
            union |= piece
        self.area = tuple(cells_of(union))
        """The cells this clue's bit may be in: the cells scanned (``puzzlekit.grid.placing``
        narrows it to the union of the pieces a move leaves, which the domains keep to)."""
        self.watches = self.area
        self.wakes: list[int] = []
        """Propagators to wake when this clue's pieces shrink (no-room neighbours)."""
        self.tight = False
        """Set by a caller whose first state gives the clue's bit only to cells its
        pieces cover (``puzzlekit.grid.placing``): then only the cells of the pieces
        left are scanned, as the propagators clear the bit from every cell they leave."""
        self._scope: dict[int, tuple[int, ...]] = {}

    def survivors(self, engine: Engine, alive: int) -> int:
        """The pieces of ``alive`` (a mask of piece indices) that fit: every cell one the
        clue's cells may take (``fits`` does that test), filtered further by a subclass."""
        return alive

    def overlap(self, alive: int) -> bool:
        """Whether the cells all survivors cover are the clue's (else only when one is left)."""
        return not alive & (alive - 1)

    def propagate(self, engine: Engine) -> bool:
        dom, aux, bit, pieces = engine.dom, engine.aux, 1 << self.i, self.places.pieces[self.i]
        alive = old = aux[self.slot]
        cells = self._scope.get(old) if self.tight else self.area
        if cells is None:
            cells = self._scope_of(old)
        can = must = 0
        for c in cells:
            d = dom[c]
            if d & bit:
                can |= 1 << c
                if d == bit:
                    must |= 1 << c
        rest = old
        while rest:
            low = rest & -rest
            rest ^= low
            piece = pieces[low.bit_length() - 1]
            if piece & ~can or must & ~piece:
                alive ^= low
        if alive and self.filters:
            alive = self.survivors(engine, alive)
        if not alive:
            return False
        if alive != old:
            engine.put(self.slot, alive)
            rung_of, queued, queue_of = engine.rung_of, engine.queued, engine.queue_of
            for p in self.wakes:  # engine.wake, inlined: a clue wakes a dozen others each time
                if rung_of[p] and not queued[p]:
                    queued[p] = 1
                    queue_of[p].append(p)
        sure, reach = -1, 0
        rest = alive
        while rest:
            low = rest & -rest
            rest ^= low
            piece = pieces[low.bit_length() - 1]
            sure &= piece
            reach |= piece
        if not self.overlap(alive):
            sure = 0
        # Only cells whose domain changes, in board order: the clue's sure cells not yet
        # its own, and cells it may still take that no surviving piece reaches.
        sure &= ~must
        todo = sure | can & ~reach
        while todo:
            low = todo & -todo
            todo ^= low
            if not engine.set(low.bit_length() - 1, bit if sure & low else ~bit, self.area, bool(sure & low)):
                return False
        return True

    def _scope_of(self, alive: int) -> tuple[int, ...]:
        """The cells the pieces of ``alive`` cover (``tight``), remembered."""
        if len(self._scope) >= self.SCOPE_MEMO:
            self._scope.clear()
        union, pieces, rest = 0, self.places.pieces[self.i], alive
        while rest:
            low = rest & -rest
            rest ^= low
            union |= pieces[low.bit_length() - 1]
        cells = self._scope[alive] = tuple(cells_of(union))
        return cells

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
    filters = True
    __slots__ = ("ring", "others", "_wide", "_shifts", "_cover", "_blocked", "_outside", "_outside_ring")
    ring: int
    """The clue's cells and the cells around them, as a bitmask."""
    others: list[tuple[int, int]]
    """(clue, aux slot) of every clue whose pieces may reach the ring."""
    _wide: int
    """The ring ``set_ring`` gave: the widest, which ``_cover`` is listed for."""
    _shifts: list[tuple[int, int]]
    """Per other clue, its aux slot and the offset of its pieces in one index space."""
    _cover: list[int]
    """Per cell of the ring ``set_ring`` gave, the other clues' pieces (in that index space)
    that cover it (empty until ``_index`` has run).  A ring made narrower later
    (``puzzlekit.grid.placing``) keeps these: a piece clear of the narrower ring cannot
    cover any of its cells, so it changes no answer."""
    _blocked: list[int]
    """Per piece of this clue, the other clues' pieces that overlap it."""
    _outside: dict[int, list[int]]
    """Per piece of this clue (filled as asked), ``_cover`` of each ring cell outside it."""
    _outside_ring: int

    def set_ring(self, ring: int) -> None:
        """Set the ring; the pieces of other clues that cover its cells are listed when
        first needed (a model capped below no-room never needs them)."""
        self.ring = self._wide = ring
        self._cover = []

    def _index(self) -> None:
        """Per cell of the ring, the pieces of other clues that cover it."""
        every, ring = self.places.pieces, self._wide
        cover, offset = [0] * self.places.grid.n_cells, 0
        self._shifts = []
        for j, slot in self.others:
            self._shifts.append((slot, offset))
            for cell, mask in self.places.through(j).items():
                if ring >> cell & 1:
                    cover[cell] |= mask << offset
            offset += len(every[j])
        self._cover = cover
        self._blocked = [_union(cover, piece) for piece in every[self.i]]
        self._outside, self._outside_ring = {}, -1

    def survivors(self, engine: Engine, alive: int) -> int:
        """The pieces that leave every cell of the ring outside them a piece of another
        clue clear of them (only pieces that touch the ring can cover its cells): per
        piece, each such cell's covering pieces meet those left and clear of it."""
        if not self._cover:
            self._index()
        aux, ring = engine.aux, self.ring
        if ring != self._outside_ring:  # moved by puzzlekit.grid.placing
            self._outside, self._outside_ring = {}, ring
        left = 0
        for slot, offset in self._shifts:
            left |= aux[slot] << offset
        outside, blocked, cover, pieces = self._outside, self._blocked, self._cover, self.places.pieces[self.i]
        rest = alive
        while rest:
            low = rest & -rest
            rest ^= low
            k = low.bit_length() - 1
            clear = left & ~blocked[k]
            cells = outside.get(k)
            if cells is None:
                cells = outside[k] = [cover[x] for x in cells_of(ring & ~pieces[k])]
            for covering in cells:
                if not covering & clear:
                    alive ^= low
                    break
        return alive

    def explain(self, var: int, mask: int, note: object) -> str:
        gone = f", once {self.places.word}s that leave a cell nearby no cover are gone"
        return super().explain(var, mask, note) + gone


def _union(cover: Sequence[int], piece: int) -> int:
    """The union of ``cover`` over the cells of ``piece``."""
    out = 0
    for cell in cells_of(piece):
        out |= cover[cell]
    return out
