"""Placing the clues of a divided board so that it needs a chosen rung (Shikaku's generator).

A generator that has cut the board into regions (its solution) still has to choose where
in each region its clue stands.  Each choice is a new board, and asking "does deduction
capped at rung k solve it?" of hundreds of boards that differ in one clue is the whole
cost.  ``MovingClues`` builds the model once, for every place each clue could stand: a
clue's pieces are every piece of its size that meets its region (``Placements``), and a
move rewrites only the first state, so an engine per rung is reset, not rebuilt:

- each clue's first surviving pieces (its aux slot): those through its cell that hold no
  other clue's cell, exactly the pieces a model of the board as it stands would list;
- each cell's first domain: the clues one of those pieces covers;
- each clue's no-room ring: its cells and the cells around them, from those pieces (the
  pieces of other clues no-room looks at stay those near the widest ring: more, never fewer).

Everything else (the other pieces, no-room's wider list of neighbours, who wakes whom)
only ever deduces what the board's own model deduces, so deduction from the first state
reaches the same fixpoint: the same answer, checked against ``Genre.build`` in the tests.

``climb`` uses it: clues are moved within their regions until deduction capped at rung k
solves the board and, for k > 1, the rung below does not (Tatham's Rectangles places its
numbers with its solver for the same reason; this searches instead).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from puzzlekit.core.engine import Engine, Timeout
from puzzlekit.core.model import Model
from puzzlekit.core.rng import Rng
from puzzlekit.grid.bits import cells_of
from puzzlekit.grid.placements import Fitting, NoRoom, Placements
from puzzlekit.grid.topology import RectGrid

PATIENCE = 2
"""Moves per clue before ``climb`` gives up on a division.  A climb that gets there takes
fewer than two moves a clue; one that does not, all it is given.  Measured on Shikaku
hard, 20 seeds, CPU seconds per board, median / mean / largest: 20x20 0.78 / 1.22 / 4.1
at 2 against 0.80 / 2.40 / 13.7 at 8 (1: 1.55 / 1.83 / 5.9); 10x10 0.14 / 0.22 / 0.6
against 0.35 / 0.36 / 1.0."""
Shapes = Callable[[int, int], Sequence[int]]
"""``shapes(cell, size)``: every piece of ``size`` cells through ``cell`` (``rectangles``)."""
MakeModel = Callable[[Placements], tuple[Model, Sequence[NoRoom]]]
"""Builds the genre's model on these placements; returns it and the no-room propagators."""


class MovingClues:
    """One model of a divided board whose clues move within their regions."""

    def __init__(
        self,
        grid: RectGrid,
        regions: Sequence[Sequence[int]],
        cells: Sequence[int],
        shapes: Shapes,
        make: MakeModel,
        clue_name: Callable[[int], str],
    ) -> None:
        self.grid, self.regions, self.cells = grid, [tuple(r) for r in regions], list(cells)
        pieces = [sorted({p for c in region for p in shapes(c, len(region))}) for region in self.regions]
        self.places = Placements(grid, pieces, clue_name)
        self.model, rooms = make(self.places)
        self.rooms = list(rooms)
        self.fits: list[list[tuple[int, Fitting]]] = [[] for _ in pieces]
        """Per clue, its fitting, overlap and no-room propagators (with their indices),
        whose area ``_refresh`` narrows to the cells its first pieces cover (the only cells
        its bit is ever in), so each scans and watches a few dozen cells, not every cell
        some piece anywhere in its region could reach."""
        for index, prop in enumerate(self.model.propagators):
            if isinstance(prop, Fitting) and prop.places is self.places:
                self.fits[prop.i].append((index, prop))
                prop.tight = True  # the first state keeps each bit to its pieces' cells (_domains)
        self.engines: dict[int, Engine] = {}
        self.slots = [room.slot for room in self.rooms]
        self.through = [[0] * grid.n_cells for _ in pieces]
        """Per clue and cell, the pieces (a mask of indices) through that cell."""
        self.reaching: list[list[int]] = [[] for _ in range(grid.n_cells)]
        """Per cell, the clues some piece of which (wherever the clue stands) covers it."""
        for i, clue_pieces in enumerate(pieces):
            through = self.through[i]
            for k, piece in enumerate(clue_pieces):
                rest = piece
                while rest:
                    low = rest & -rest
                    rest ^= low
                    through[low.bit_length() - 1] |= 1 << k
            for cell, mask in enumerate(through):
                if mask:
                    self.reaching[cell].append(i)
        self.taken = sum(1 << c for c in self.cells)
        self.union = [0] * len(pieces)
        """Per clue, the cells its first pieces cover."""
        for i in range(len(pieces)):
            self._refresh(i)
        self._domains(range(grid.n_cells))
        self._rung_props: dict[int, list[int]] = {}
        self._undo: tuple[int, int, list[tuple[int, int, int, tuple[int, ...], int]], list[tuple[int, int]]] | None
        self._undo = None

    def move(self, i: int, cell: int) -> None:
        """Stand clue ``i`` at ``cell`` (a cell of its region)."""
        old = self.cells[i]
        if cell == old:
            self._undo = None
            return
        self.cells[i] = cell
        self.taken ^= (1 << old) | (1 << cell)
        touched, saved, aux = 0, [], self.model.aux
        for j in {i, *self.reaching[old], *self.reaching[cell]}:
            fits = self.fits[j]
            saved.append((j, aux[self.slots[j]], self.union[j], fits[0][1].area if fits else (), self.rooms[j].ring))
            touched |= self.union[j]
            self._refresh(j)
            touched |= self.union[j]
        cells = cells_of(touched)
        domains = self.model.domains
        self._undo = (i, old, saved, [(c, domains[c]) for c in cells])
        self._domains(cells)

    def undo(self) -> None:
        """Take back the last ``move`` (what it changed is put back as it was, so the
        state is the one moving the clue back would give, without working it out again)."""
        if self._undo is None:
            return
        i, old, saved, cells = self._undo
        self._undo = None
        self.taken ^= (1 << old) | (1 << self.cells[i])
        self.cells[i] = old
        aux, domains = self.model.aux, self.model.domains
        for j, alive, union, area, ring in saved:
            aux[self.slots[j]] = alive
            self.union[j] = union
            self._narrow(j, area)
            self.rooms[j].ring = ring
        for c, d in cells:
            domains[c] = d

    def open_after(self, rung: int, deadline: float | None = None) -> list[int]:
        """Per rung 1 .. ``rung``, the cells deduction capped there leaves open from the first
        state, stopping at the first 0 (it solves the board, which is then unique).  Each
        rung goes on from the fixpoint of the one below (where it would get to anyway),
        waking only its own propagators: the cheaper ones are at fixpoint there until
        something changes.  Raises Timeout past ``deadline``."""
        out: list[int] = []
        dom, aux = self.model.domains, self.model.aux
        for cap in range(1, rung + 1):
            engine = self.engines.get(cap)
            if engine is None:
                engine = Engine(self.model, max_rung=cap, deadline=deadline)
                if not engine.wired:
                    raise Timeout  # the deadline passed while wiring
                self.engines[cap] = engine
            engine.trail.clear()
            engine.deadline = deadline
            engine.dom[:] = dom
            engine.aux[:] = aux
            if cap == 1:
                ok = engine.start()
            else:
                for p in self._own(cap):
                    engine.wake(p)
                ok = engine.run()
            if not ok:
                raise AssertionError("the board's own division contradicts its clues")  # never: it solves them
            dom, aux = engine.dom, engine.aux
            out.append(sum(1 for d in dom if d & (d - 1)))
            if not out[-1]:
                break
        return out

    def _own(self, cap: int) -> list[int]:
        """The propagators on rung ``cap``."""
        if cap not in self._rung_props:
            self._rung_props[cap] = [p for p, prop in enumerate(self.model.propagators) if prop.rule.rung == cap]
        return self._rung_props[cap]

    def _refresh(self, i: int) -> None:
        """Clue ``i``'s first pieces, their union and its no-room ring, from where the clues stand."""
        pieces, others = self.places.pieces[i], self.taken & ~(1 << self.cells[i])
        alive, union, rest = 0, 0, self.through[i][self.cells[i]]
        while rest:
            low = rest & -rest
            rest ^= low
            piece = pieces[low.bit_length() - 1]
            if not piece & others:
                alive |= low
                union |= piece
        self.model.aux[self.slots[i]] = alive
        self.union[i] = union
        self._narrow(i, tuple(cells_of(union)))
        ring, near = union, self.grid.neighbours
        for c in cells_of(union):
            for y in near[c]:
                ring |= 1 << y
        self.rooms[i].ring = ring  # within the ring add_to gave it, so its pieces to look at stay

    def _narrow(self, i: int, area: tuple[int, ...]) -> None:
        """Clue ``i``'s propagators scan and watch ``area``; the engines built so far are
        rewired for the cells that left or joined it (in index order, as wiring lists them)."""
        fits = self.fits[i]
        if not fits or fits[0][1].area == area:
            return
        was, now = set(fits[0][1].area), set(area)
        gone, new = sorted(was - now), sorted(now - was)
        for index, prop in fits:
            prop.area = prop.watches = area
            for engine in self.engines.values():
                if not engine.rung_of[index]:
                    continue  # above the engine's cap: never queued
                watchers = engine.watchers
                for var in gone:
                    watchers[var] = tuple(p for p in watchers[var] if p != index)
                for var in new:
                    watchers[var] = tuple(sorted((*watchers[var], index)))

    def _domains(self, cells: Sequence[int] | range) -> None:
        domains, union = self.model.domains, self.union
        for c in cells:
            domains[c] = sum(1 << j for j in self.reaching[c] if union[j] >> c & 1)


def climb(moving: MovingClues, rung: int, rng: Rng, deadline: float | None = None, patience: int = PATIENCE) -> bool:
    """Move clues within their regions until deduction capped at ``rung`` solves the board
    and (``rung`` > 1) the rung below does not; False when ``patience`` moves per clue did
    not get there (the caller starts again with another division).

    First the board is made unique at ``rung``: a clue that deduction left undecided moves
    to another cell of its region, kept when no more cells are left open.  Then clues move
    at random while it stays so, each move kept when the rungs below leave no fewer cells
    open (the rung just below first, then the one under it; then the pieces the clues
    allow), until the rung just below leaves some.  Raises Timeout past ``deadline``."""
    movable = [i for i, region in enumerate(moving.regions) if len(region) > 1]
    budget = patience * len(moving.regions)
    now = moving.open_after(rung, deadline)
    while now[-1]:
        budget -= 1
        if budget < 0 or not movable:
            return False
        i = rng.choice(_undecided(moving, movable, rung) or movable)
        old = moving.cells[i]
        moving.move(i, rng.choice([c for c in moving.regions[i] if c != old]))
        trial = moving.open_after(rung, deadline)
        if trial[-1] <= now[-1]:
            now = trial
        else:
            moving.undo()
    score, hot = _hardness(moving, now, rung), _undecided(moving, movable, len(now) - 1)
    while score[0] == 0 and rung > 1:
        budget -= 1
        if budget < 0 or not movable:
            return False
        i = rng.choice(hot or movable)
        old = moving.cells[i]
        moving.move(i, rng.choice([c for c in moving.regions[i] if c != old]))
        trial = moving.open_after(rung, deadline)
        if not trial[-1] and _hardness(moving, trial, rung) >= score:
            score, hot = _hardness(moving, trial, rung), _undecided(moving, movable, len(trial) - 1)
        else:
            moving.undo()
    return True


def _hardness(moving: MovingClues, opens: list[int], rung: int) -> tuple[int, ...]:
    """What the rungs below ``rung`` leave open, the rung just below first (0 past a rung
    that solved the board), then how many pieces the clues allow in all."""
    below = tuple((opens[cap - 1] if cap <= len(opens) else 0) for cap in range(rung - 1, 0, -1))
    return (*below, sum(moving.model.aux[slot].bit_count() for slot in moving.slots))


def _undecided(moving: MovingClues, clues: Sequence[int], cap: int) -> list[int]:
    """The clues with more than one piece left after the last deduction capped at ``cap``."""
    if cap < 1:
        return []
    aux, slots = moving.engines[cap].aux, moving.slots
    return [i for i in clues if aux[slots[i]] & (aux[slots[i]] - 1)]
