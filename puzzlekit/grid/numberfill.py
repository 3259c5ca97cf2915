"""Number-fill rules: cells take numbers, and the numbers say how big the cell's region is
(Fillomino), with the same rule judged, as CNF, and a random board of regions to start from.

A cell's domain has bit ``v`` set while ``v`` (1..``largest``) is possible.  A *region* is a
piece of neighbouring cells holding the same number, so the numbers alone say where the
regions are: two neighbours with the same number are one region, and the rule "each region
of ``n`` cells holds ``n``" is the whole of Fillomino (no two regions of a size touch,
because touching they would be one).  Regions without any given number are allowed.

The rule as propagators, at two depths (each sound alone):

- ``add_sized_regions`` (a ``RegionAt`` per cell, woken by its cell and neighbours) reads
  the fixed cells: a region of ``n`` that has its ``n`` cells is
  complete, and its neighbours hold other numbers; one that is short and has one way out
  grows through it; one too big, or short with no way out, is a contradiction;
- ``RoomToGrow`` (one for the board) reads what the open cells allow: a cell cannot be ``n`` when the cells
  that could hold ``n`` with it number fewer than ``n``, or when an ``n`` there would join
  regions of ``n`` into more than ``n`` cells; a short region that can reach only as many
  cells as it needs (within its remaining size of steps) takes them all.

Everything runs on bit masks over the cells (``puzzlekit.grid.bits``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from puzzlekit.core.clues import ClueModel
from puzzlekit.core.engine import Engine
from puzzlekit.core.lookahead import Lookahead
from puzzlekit.core.model import Model, Propagator, Rule, Rung, Violation, values_of
from puzzlekit.core.rng import Rng
from puzzlekit.core.unionfind import UnionFind
from puzzlekit.engines.encoding import Clause, SatEncoding, count_between, value_table
from puzzlekit.grid.bits import BitGrid, cells_of
from puzzlekit.grid.genre import Canvas
from puzzlekit.grid.topology import RectGrid
from puzzlekit.pictures import CellSvg, Tone, theme

COMPLETE, WAY_OUT, ROOM, JOIN, FILL, GIVEN = "complete", "way-out", "room", "join", "fill", "given"


WALL = 1
"""The domain of a cell outside a window (``window_deduces``): it holds 0, no number, so no
region reaches it; ``RoomToGrow`` leaves it out."""


def full_domain(largest: int) -> int:
    """The domain of a cell that may hold any number 1..``largest``."""
    return (1 << (largest + 1)) - 2


class RegionAt(Propagator):
    """The region through one cell (rung 1 of the rule): woken when the cell or a neighbour
    narrows, it walks the cells fixed to the cell's number from it (at most ``n + 1`` of
    them, flat neighbour lists) and closes off, grows or refutes that region alone, so a
    narrowing costs the regions it touches, never the board (``add_sized_regions``).

    A region complete and closed off (no neighbour may hold its number) stays so under
    any narrowing, so its cells are marked done (aux slot ``done + cell``, undone with the
    domains; ``add_sized_regions`` reserves them) and their propagators return at once:
    in a lookahead most cells wake beside a probe inside such a region, which would
    otherwise be walked again each time."""

    __slots__ = ("rule", "grid", "cell", "watches", "done")

    def __init__(self, rule: Rule, grid: RectGrid, cell: int, done: int | None = None) -> None:
        self.rule, self.grid, self.cell, self.done = rule, grid, cell, done
        self.watches = (cell, *grid.neighbours[cell])

    def propagate(self, engine: Engine) -> bool:
        dom, near, cell, done = engine.dom, self.grid.neighbours, self.cell, self.done
        if done is not None and engine.aux[done + cell]:
            return True
        while True:
            bit = dom[cell]
            if bit & (bit - 1):
                return True
            if bit == 2:  # a 1: its neighbours hold other numbers
                if not all(engine.set(d, ~2, (), (COMPLETE, cell, 1)) for d in near[cell] if dom[d] & 2):
                    return False
                if done is not None:
                    engine.put(done + cell, 1)
                return True
            v = bit.bit_length() - 1
            region, seen, out = [cell], {cell}, []
            for c in region:
                for d in near[c]:
                    if d not in seen:
                        seen.add(d)
                        if dom[d] == bit:
                            region.append(d)
                            if len(region) > v:
                                return False
                        elif dom[d] & bit:
                            out.append(d)
            if len(region) == v:
                note = (COMPLETE, min(region), v)
                if not all(engine.set(d, ~bit, (), note) for d in out):
                    return False
                if done is not None:
                    for c in region:
                        engine.put(done + c, 1)
                return True
            if len(out) != 1:
                return bool(out)
            if not engine.set(out[0], bit, (), (WAY_OUT, min(region), v, len(region))):
                return False

    def explain(self, var: int, mask: int, note: object) -> str:
        return explain_sizes(self.grid, note)


def add_sized_regions(model: Model, rule: Rule, grid: RectGrid, cells: Sequence[int] | None = None) -> list[int]:
    """Rung 1 of "each region of ``n`` cells holds ``n``": a ``RegionAt`` per cell (or per
    cell of ``cells``: the others are walls, ``window_deduces``), with an aux slot per cell
    for the regions done; their indices in the model."""
    done = model.add_state([0] * grid.n_cells)
    return [model.add(RegionAt(rule, grid, cell, done)) for cell in (range(grid.n_cells) if cells is None else cells)]


Steps = tuple[tuple[int, bool, tuple[object, ...]], ...]
"""What ``RoomToGrow`` learns of one number: per cell, whether it must hold it (True) or
cannot (False), and why."""


class RoomToGrow(Propagator):
    """Rung 2 of the rule, what the open cells allow (see the module's docstring).  What it
    learns of a number depends only on the cells that may hold it and those fixed to it,
    two masks, so it is kept per number and those masks (``learnt``, at most ``KEEP``
    entries): a run reads the domains into masks and works out only the numbers whose
    masks changed, never the board again.  It falls apart into what it learns in each
    piece of the first mask (a region and all it may join lie in one), and a piece no
    cell in or beside changed says what it said, so a number's pieces are kept from its
    last masks (``last``): a change works out the pieces it touches, not the number's
    every region (a halving pass on a 20x20 board changes a few cells at a time)."""

    __slots__ = ("rule", "grid", "bits", "learnt", "last")
    KEEP = 4096

    def __init__(self, rule: Rule, grid: RectGrid) -> None:
        self.rule, self.grid, self.bits = rule, grid, _bit_grid(grid)
        self.learnt: dict[tuple[int, int, int], Steps | None] = {}
        self.last: dict[int, tuple[int, int, list[tuple[int, Steps]]]] = {}
        """Per number, the masks of its last ``_number`` and what each piece said."""

    def propagate(self, engine: Engine) -> bool:
        dom, learnt = engine.dom, self.learnt
        alike: dict[int, int] = {}  # cells by their domain: few domains, many cells
        for cell, d in enumerate(dom):
            alike[d] = alike.get(d, 0) | 1 << cell
        alike.pop(WALL, None)
        allow: dict[int, int] = {}
        fixed: dict[int, int] = {}
        for d, cells in alike.items():
            if not d & (d - 1):
                fixed[d.bit_length() - 1] = cells
            while d:
                low = d & -d
                v = low.bit_length() - 1
                allow[v] = allow.get(v, 0) | cells
                d ^= low
        if len(learnt) > self.KEEP:
            learnt.clear()
        changed = False
        for v, may in allow.items():
            key = (v, may, fixed.get(v, 0))
            steps = learnt[key] if key in learnt else learnt.setdefault(key, self._number(*key))
            if steps is None:
                return False
            bit = 1 << v
            for cell, holds, why in steps:
                if dom[cell] & bit and (not holds or dom[cell] != bit):
                    if not engine.set(cell, bit if holds else ~bit, (), why):
                        return False
                    changed = True
        if changed:
            engine.again()
        return True

    def _number(self, v: int, may: int, fixed: int) -> Steps | None:
        """What the rule says of number ``v``: the cells ``may`` may hold it, ``fixed`` hold
        it; None on a contradiction.  Piece by piece of ``may`` (``_piece``), those the
        change from the last masks of ``v`` leaves alone as they were."""
        bits, parts = self.bits, []
        rest = may
        last = self.last.get(v)
        if last is not None:
            touched = bits.grow((last[0] ^ may) | (last[1] ^ fixed))
            for piece, said in last[2]:
                if not piece & touched:
                    parts.append((piece, said))
                    rest &= ~piece
        for piece in bits.pieces(rest):
            fresh = self._piece(v, piece, fixed & piece)
            if fresh is None:
                return None
            parts.append((piece, fresh))
        parts.sort(key=lambda part: part[0] & -part[0])
        self.last[v] = (may, fixed, parts)
        return tuple(step for _, said in parts for step in said)

    def _piece(self, v: int, piece: int, fixed: int) -> Steps | None:
        """What the rule says of number ``v`` in ``piece``, a piece of the cells that may
        hold it (``fixed`` of them holding it); None on a contradiction."""
        bits, steps = self.bits, []
        size = piece.bit_count()
        if v > 1 and size < v and piece & ~fixed:  # pieces of cells fixed to v alone are ``RegionAt``'s
            steps += [(cell, False, (ROOM, v, size)) for cell in cells_of(piece)]
        total: dict[int, int] = {}
        for region in bits.pieces(fixed):
            size = region.bit_count()
            if size > v:
                return None
            if size == v:
                continue
            reach = bits.balls(region, piece, v - size)[-1]  # where a short region can still reach
            if reach.bit_count() < v:
                return None
            first = (region & -region).bit_length() - 1
            if reach.bit_count() == v:
                steps += [(cell, True, (FILL, first, v)) for cell in cells_of(reach & ~region)]
            for cell in cells_of(bits.spread(region) & piece & ~region):  # an open cell would join them
                total[cell] = total.get(cell, 1) + size
        steps += [(cell, False, (JOIN, v, joined)) for cell, joined in total.items() if joined > v]
        return tuple(steps)

    def explain(self, var: int, mask: int, note: object) -> str:
        return explain_sizes(self.grid, note)


class GivenCells(Propagator):
    """The givens as they stand, for a generator's one model (``NumberGivens``): a given
    cell holds its number, an open cell what ``open_domains`` allows.  Woken when a given
    changes (it watches no cell); more givens only narrow further, so a live engine may
    take them from where it stands.

    With ``applied`` (aux slots, one per cell: the given the domains already hold there,
    set by ``NumberGivens``), a run takes only the givens added since: their cells and
    the open pieces beside them, not the board (a halving pass adds a few at a time).  A
    given taken away needs nothing: the masks it allowed only widen."""

    __slots__ = ("rule", "grid", "givens", "largest", "bits", "applied")
    watches: Sequence[int] = ()
    FEW = 8
    """At most one given in this many cells new: by pieces; more: the whole board."""

    def __init__(self, rule: Rule, grid: RectGrid, givens: Sequence[int], largest: int) -> None:
        self.rule, self.grid, self.givens, self.largest = rule, grid, list(givens), largest
        self.bits = _bit_grid(grid)
        self.applied: int | None = None

    def propagate(self, engine: Engine) -> bool:
        dom, givens, slot = engine.dom, self.givens, self.applied
        if slot is None:
            masks = open_domains(self.grid, givens, self.largest, self.bits)
            return all(engine.set(c, mask, (), GIVEN) for c, mask in enumerate(masks) if dom[c] & ~mask)
        aux = engine.aux
        added = [c for c, g in enumerate(givens) if g and aux[slot + c] != g]
        if len(added) * self.FEW > len(givens):
            masks = open_domains(self.grid, givens, self.largest, self.bits)
            if not all(engine.set(c, mask, (), GIVEN) for c, mask in enumerate(masks) if dom[c] & ~mask):
                return False
        elif added and not self._around(engine, added):
            return False
        for c in added:
            engine.put(slot + c, givens[c])
        return True

    def _around(self, engine: Engine, added: Sequence[int]) -> bool:
        """``open_domains`` for the cells ``added`` and the open pieces beside them: the
        rest of the board is as the givens before allowed (fewer numbers, bigger pieces)."""
        givens, bits, largest = self.givens, self.bits, self.largest
        numbers, open_cells = 0, 0
        for c, g in enumerate(givens):
            if g:
                numbers |= 1 << g if g <= largest else 0
            else:
                open_cells |= 1 << c
        beside = 0
        for c in added:
            if not engine.set(c, 1 << givens[c], (), GIVEN):
                return False
            beside |= 1 << c
        seeds = bits.spread(beside) & open_cells
        while seeds:
            piece = bits.flood(seeds & -seeds, open_cells)
            seeds &= ~piece
            mask = full_domain(min(largest, piece.bit_count())) | numbers
            if not all(engine.set(c, mask, (), GIVEN) for c in cells_of(piece)):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        return "a given number stands here, or the open cells around allow only these numbers"


class NumberGivens(ClueModel):
    """A number-fill board's model whose clues are its givens (``GivenCells`` at ``index``
    in the model, built for a board without givens), for ``generation.reduce_clues``: its
    readers are ``GivenCells`` and ``also`` (a ``Lookahead``), so passes go by halving on a
    live engine; ``make(givens)`` is the board with these givens."""

    def __init__(
        self, model: Model, index: int, make: Callable[[tuple[int, ...]], Any], also: Sequence[int] = ()
    ) -> None:
        self.model, self.index, self.make, self.also = model, index, make, tuple(also)
        given = model.propagators[index]
        assert isinstance(given, GivenCells)
        self.given = given
        given.applied = model.add_state([0] * len(given.givens))
        self.room = next((p.rule for p in model.propagators if isinstance(p, RoomToGrow)), None)
        self.looks = [(p.rule, p.probe_rung) for p in model.propagators if isinstance(p, Lookahead)]
        self.solution: Sequence[int] | None = None
        self.region_of: dict[int, list[int]] = {}

    def set_clue(self, position: Any, clue: int | None) -> None:
        self.given.givens[position] = clue or 0

    def instance(self) -> Any:
        return self.make(tuple(self.given.givens))

    def readers(self, position: Any) -> Sequence[int]:
        return (self.index, *self.also)

    def needed(self, positions: Sequence[Any], solution: Sequence[int], rung: int) -> bool:
        """Surely needed at ``rung``: without the givens at ``positions`` deduction does
        not solve even their window with the rest of the board known (``window_deduces``)."""
        return self.room is not None and self.left_open(positions, solution, rung) != 0

    def left_open(self, positions: Sequence[Any], solution: Sequence[int], rung: int) -> int | None:
        """The cells ``window_open`` leaves open without the givens at ``positions`` (a
        contradiction, never reached on a sound window, counts as the whole board)."""
        if self.room is None:
            return None
        if self.solution is not solution:
            self.solution, self.region_of = solution, {c: r for r in regions_of(self.given.grid, solution) for c in r}
        g, rules = self.given, (self.given.rule, self.room, *self.looks)
        left = window_open(
            g.grid, g.givens, g.largest, solution, self.region_of, positions, rules, self.model.ladder, rung
        )
        return g.grid.n_cells if left is None else left


WINDOW = 3
"""The radius (steps) of ``window_deduces``'s window: judged once for a whole 20x20 medium
pass, 3 refused 96 of the 177 givens it kept and 5 refused 119; judged again per run of 32
(``generation.NEEDED_RUN``) 3 costs less than 4 in all and refuses about as many."""


@functools.lru_cache(maxsize=256)
def _box(rows: int, cols: int) -> RectGrid:
    return RectGrid(rows, cols)


_bit_grid = functools.lru_cache(maxsize=256)(BitGrid)
"""One ``BitGrid`` per grid (it is never changed once made): a generator judges hundreds of
windows a board, each with its ``RoomToGrow`` and open domains, on a few dozen box sizes."""


def window_deduces(
    grid: RectGrid,
    givens: Sequence[int],
    largest: int,
    solution: Sequence[int],
    region_of: Mapping[int, Sequence[int]],
    blank: Sequence[int],
    rules: Sequence[Any],
    ladder: tuple[Rung, ...],
    rung: int,
) -> bool:
    """Does deduction capped at ``rung`` solve the window (``window_open``) of ``blank``?"""
    return window_open(grid, givens, largest, solution, region_of, blank, rules, ladder, rung) == 0


def window_open(
    grid: RectGrid,
    givens: Sequence[int],
    largest: int,
    solution: Sequence[int],
    region_of: Mapping[int, Sequence[int]],
    blank: Sequence[int],
    rules: Sequence[Any],
    ladder: tuple[Rung, ...],
    rung: int,
) -> int | None:
    """How many cells deduction capped at ``rung`` (``RegionAt``, ``RoomToGrow``, then
    lookaheads with their probe rungs: ``rules``) leaves open on the board with ``givens``
    but the cells ``blank`` open, when every cell more than ``WINDOW`` steps from them (and
    outside their regions) is known from ``solution``; None on a contradiction.

    Only the window is built: the solution's regions (``region_of``) that reach within
    ``WINDOW`` steps, on their bounding box, the rest of it walls (``WALL``); a cell beside a
    region outside cannot hold that region's number (which is complete).  A sound narrowing
    of the whole board's start, so deduction there reaches at least as far: anything but 0
    means the board without these givens is surely not solved at ``rung`` (``window_deduces``),
    from a model of a few dozen cells where the board's is hundreds."""
    cols, inside = grid.cols, set[int]()
    for cell in blank:
        r0, c0 = divmod(cell, cols)
        for r in range(max(0, r0 - WINDOW), min(grid.rows, r0 + WINDOW + 1)):
            span = WINDOW - abs(r - r0)
            for c in range(max(0, c0 - span), min(cols, c0 + span + 1)):
                inside.update(region_of[r * cols + c])
    top, left = min(inside) // cols, min(c % cols for c in inside)
    box = _box(max(inside) // cols - top + 1, max(c % cols for c in inside) - left + 1)
    wall = largest + 1  # no number a board's cell may hold
    local = {c: (c // cols - top) * box.cols + c % cols - left for c in inside}
    sub = [wall] * box.n_cells
    for c, at in local.items():
        sub[at] = 0 if c in blank else givens[c]
    doms = open_domains(box, sub, wall - 1)
    for c, at in local.items():
        for d in grid.neighbours[c]:
            if d not in inside:
                doms[at] &= ~(1 << solution[d])
    doms = [WALL if g == wall else d for g, d in zip(sub, doms)]
    model = Model(ladder, domains=doms)
    add_sized_regions(model, rules[0], box, sorted(local.values()))
    model.add(RoomToGrow(rules[1], box))
    for rule, probe in rules[2:]:
        model.add(Lookahead(rule, probe_rung=probe))
    engine = Engine(model, max_rung=rung)
    return sum(1 for d in engine.dom if d & (d - 1)) if engine.start() else None


def explain_sizes(grid: RectGrid, note: object) -> str:
    """The words for a ``RegionAt`` or ``RoomToGrow`` step."""
    name = grid.name
    kind, *rest = note if isinstance(note, tuple) else (note,)
    if kind == COMPLETE:
        first, v = rest
        return f"the region of {v} at {name(first)} has its {v} cells, so a neighbour holds another number"
    if kind == WAY_OUT:
        first, v, size = rest
        return f"the region of {v} at {name(first)} has {size} of its {v} cells and can grow only here"
    if kind == FILL:
        first, v = rest
        return f"the region of {v} at {name(first)} can reach just the {v} cells it needs, so it takes them all"
    if kind == ROOM:
        v, room = rest
        return f"a region of {v} here would have only {room} cells that could hold {v}"
    v, total = rest
    return f"a {v} here would join regions of {v} into {total} cells, more than {v}"


def numbers_text(var: int, mask: int) -> str:
    """A domain's numbers in words, ``3 or 5`` (a ``Lookahead``'s ``describe``)."""
    return " or ".join(map(str, values_of(mask)))


def number_step(grid: RectGrid, var: int, mask: int) -> str:
    """A step on a number-fill board in words: ``r1c2 is 4``, ``r1c2 can only be 3 or 5``
    (a genre's ``describe_step``)."""
    return f"{grid.name(var)} {'can only be' if mask & (mask - 1) else 'is'} {numbers_text(var, mask)}"


def paint_numbers(
    canvas: Canvas,
    grid: RectGrid,
    givens: Sequence[int],
    shown: Sequence[int],
    tones: Mapping[int, Tone],
    *,
    walls: bool = False,
) -> None:
    """A number-fill board on a cell canvas: ``givens`` (0: none) in ink, the other numbers
    of ``shown`` (0: empty) in the answer colour; ``walls`` between cells holding different
    numbers (Fillomino's regions)."""
    if walls:
        for edge, (a, b) in enumerate(grid.edge_cells):
            if shown[a] and shown[b] and shown[a] != shown[b]:
                canvas.wall(edge)
    for cell, v in enumerate(shown):
        tone = tones.get(cell, "normal")
        if givens[cell] or not v:
            canvas.clue(cell, str(v), tone) if v else canvas.open(cell, tone)
        elif isinstance(canvas, CellSvg):
            canvas.svg.label(*canvas.centre(cell), str(v), cls="digit", tone=tone, colour=theme.LINE)
        else:
            canvas.put(cell, str(v) if v < 10 else "+", "line", tone)


def regions_of(grid: RectGrid, values: Sequence[int]) -> list[list[int]]:
    """The regions of a filled board: pieces of neighbouring cells with the same number
    (cells holding 0, unfilled, are left out)."""
    joined = UnionFind(grid.n_cells)
    for a, b in grid.edge_cells:
        if values[a] and values[a] == values[b]:
            joined.union(a, b)
    out: dict[int, list[int]] = {}
    for cell in range(grid.n_cells):
        if values[cell]:
            out.setdefault(joined.find(cell), []).append(cell)
    return list(out.values())


def size_violations(grid: RectGrid, values: Sequence[int], kind: str = "region-size") -> list[Violation]:
    """Each region whose size is not its number, in words; a cell holding 0 is unfinished,
    and so is a region too small beside one (it may still grow)."""
    found = []
    for cells in regions_of(grid, values):
        v, size = values[cells[0]], len(cells)
        if size != v:
            where = grid.name(cells[0])
            message = f"the region of {v} at {where} has {size} cell{'s' if size > 1 else ''}, not {v}"
            growing = size < v and any(not values[d] for c in cells for d in grid.neighbours[c])
            found.append(Violation(kind, message, tuple(cells), unfinished=growing, cells=tuple(cells)))
    empty = [c for c in range(grid.n_cells) if not values[c]]
    if empty:
        says = f"{len(empty)} cell{'s' if len(empty) > 1 else ''} without a number, the first at {grid.name(empty[0])}"
        found.append(Violation("empty", says, tuple(empty), unfinished=True, cells=tuple(empty)))
    return found


def sized_regions_twin(grid: RectGrid, domains: Sequence[int], largest: int) -> SatEncoding:
    """The rule "each region of ``n`` cells holds ``n``" as CNF, written from the rule alone: one SAT
    variable per (cell, number) that ``domains`` allows, exactly one per cell (totalizers),
    a cell of ``n`` > 1 has a neighbour of ``n``, two 1s never touch; a candidate's region
    too big or too small is cut lazily (``n + 1`` connected cells of it are not all ``n``;
    a short one is not all ``n`` or some cell around it is)."""
    lits = value_table([largest + 1] * grid.n_cells, domains)
    top = max(max(row) for row in lits)
    clauses: list[Clause] = []
    for cell, row in enumerate(lits):
        more, top = count_between([x for x in row if x], 1, 1, top)
        clauses += more
        for v, x in enumerate(row):
            if not x:
                continue
            near = [lits[d][v] for d in grid.neighbours[cell] if lits[d][v]]
            if v > 1:
                clauses.append([-x, *near])
            else:
                clauses += [[-x, -y] for y in near]

    def refine(values: list[int]) -> list[Clause]:
        cuts = []
        for cells in regions_of(grid, values):
            v = values[cells[0]]
            if len(cells) > v:
                cuts.append([-lits[c][v] for c in _connected_part(grid, cells, v + 1)])
            elif len(cells) < v:
                inside = set(cells)
                border = {d for c in cells for d in grid.neighbours[c]} - inside
                cuts.append([-lits[c][v] for c in cells] + [lits[d][v] for d in sorted(border) if lits[d][v]])
        return cuts

    def decode(true: set[int]) -> list[int]:
        return [next((v for v, x in enumerate(row) if x and x in true), 0) for row in lits]

    def block(values: list[int]) -> Clause:
        return [-lits[c][v] for c, v in enumerate(values)]

    return SatEncoding(clauses, decode, refine, block, top, False, lits)


def _connected_part(grid: RectGrid, cells: Sequence[int], count: int) -> list[int]:
    """``count`` cells of the piece ``cells`` that are connected (breadth first from its first)."""
    inside, order = set(cells), [cells[0]]
    seen = {cells[0]}
    for cell in order:
        for d in grid.neighbours[cell]:
            if d in inside and d not in seen and len(order) < count:
                seen.add(d)
                order.append(d)
    return order[:count]


def random_regions(grid: RectGrid, rng: Rng, largest: int, tries: int = 50) -> list[int] | None:
    """A random filled board whose regions have 1 to ``largest`` cells, drawn as Tatham's
    Filling draws one: every cell its own region, then, cell by cell in a shuffled order
    and round again while any changed, a region that touches one of its size merges with
    its smallest neighbour that keeps it within ``largest``.  Where none does, his board is
    drawn again; here the region breaks back into single cells, which merge anew (a 20x20
    board would take hundreds of draws).  None after ``tries`` rounds of ``n`` cells."""
    n, near = grid.n_cells, grid.neighbours
    owner = list(range(n))
    members: list[list[int]] = [[c] for c in range(n)]
    order = list(range(n))
    rng.shuffle(order)
    for _ in range(tries):
        changed = False
        for cell in order:
            mine = owner[cell]
            size = len(members[mine])
            around = list(near[cell])
            rng.shuffle(around)
            clash, join, least = False, -1, largest - size + 1
            for d in around:
                other = owner[d]
                if other != mine:
                    clash = clash or len(members[other]) == size
                    if len(members[other]) < least and rng.below(10):  # now and then not the smallest
                        join, least = other, len(members[other])
            if not clash:
                continue
            changed = True
            if join < 0:
                for c in members[mine]:
                    owner[c], members[c] = c, [c]
                continue
            for c in members[join]:
                owner[c] = mine
            members[mine] += members[join]
        if not changed:
            return [len(members[owner[c]]) for c in range(n)]
    return None


def given_mask(givens: Sequence[int], largest: int) -> list[int]:
    """Per cell, the domain its given allows (0: any number up to ``largest``)."""
    full = full_domain(largest)
    return [1 << g if g else full for g in givens]


def open_domains(grid: RectGrid, givens: Sequence[int], largest: int, bits: BitGrid | None = None) -> list[int]:
    """Per cell, the numbers it may hold read off the givens alone: a given's own; an open
    cell's, a given number (its region may hold a given) or at most the cells of its piece of
    open cells (a region without a given lies within it).  Smaller domains, same solutions."""
    out = given_mask(givens, largest)
    numbers, bits = 0, bits or _bit_grid(grid)
    for g in givens:
        numbers |= 1 << g if 0 < g <= largest else 0
    for piece in bits.pieces(sum(1 << c for c, g in enumerate(givens) if not g)):
        mask = full_domain(min(largest, piece.bit_count())) | numbers
        for cell in cells_of(piece):
            out[cell] = mask
    return out


__all__ = [
    "GivenCells",
    "NumberGivens",
    "RegionAt",
    "RoomToGrow",
    "add_sized_regions",
    "explain_sizes",
    "full_domain",
    "given_mask",
    "number_step",
    "numbers_text",
    "open_domains",
    "paint_numbers",
    "random_regions",
    "regions_of",
    "size_violations",
    "sized_regions_twin",
]
