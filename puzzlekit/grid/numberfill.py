"""Number-fill rules: cells take numbers, and the numbers say how big the cell's region is
(Fillomino), with the same rule judged, as CNF, and a random board of regions to start from.

A cell's domain has bit ``v`` set while ``v`` (1..``largest``) is possible.  A *region* is a
piece of neighbouring cells holding the same number, so the numbers alone say where the
regions are: two neighbours with the same number are one region, and the rule "each region
of ``n`` cells holds ``n``" is the whole of Fillomino (no two regions of a size touch,
because touching they would be one).  Regions without any given number are allowed.

``SizedRegions`` is the rule as a propagator, at two depths (each sound alone):

- ``reach=False`` reads the fixed cells: a region of ``n`` that has its ``n`` cells is
  complete, and its neighbours hold other numbers; one that is short and has one way out
  grows through it; one too big, or short with no way out, is a contradiction;
- ``reach=True`` reads what the open cells allow: a cell cannot be ``n`` when the cells
  that could hold ``n`` with it number fewer than ``n``, or when an ``n`` there would join
  regions of ``n`` into more than ``n`` cells; a short region that can reach only as many
  cells as it needs (within its remaining size of steps) takes them all.

Everything runs on bit masks over the cells (``puzzlekit.grid.bits``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import Propagator, Rule, Violation
from puzzlekit.core.rng import Rng
from puzzlekit.core.unionfind import UnionFind
from puzzlekit.engines.encoding import Clause, SatEncoding, count_between, value_table
from puzzlekit.grid.bits import BitGrid, cells_of
from puzzlekit.grid.genre import Canvas
from puzzlekit.grid.topology import RectGrid
from puzzlekit.pictures import CellSvg, Tone, theme

COMPLETE, WAY_OUT, ROOM, JOIN, FILL = "complete", "way-out", "room", "join", "fill"


def full_domain(largest: int) -> int:
    """The domain of a cell that may hold any number 1..``largest``."""
    return (1 << (largest + 1)) - 2


def fixed_pieces(bits: BitGrid, dom: Sequence[int]) -> dict[int, list[int]]:
    """Per number, the pieces (masks) of cells fixed to it: the regions seen so far."""
    fixed: dict[int, int] = {}
    for cell, d in enumerate(dom):
        if d and not d & (d - 1):
            v = d.bit_length() - 1
            fixed[v] = fixed.get(v, 0) | 1 << cell
    return {v: bits.pieces(mask) for v, mask in fixed.items()}


class SizedRegions(Propagator):
    """Every cell holds the size of its region (the cells joined to it by equal numbers);
    ``reach`` adds what the open cells allow (see the module's docstring)."""

    __slots__ = ("rule", "grid", "bits", "reach", "what")

    def __init__(self, rule: Rule, grid: RectGrid, *, reach: bool = False) -> None:
        self.rule, self.grid, self.bits, self.reach = rule, grid, BitGrid(grid), reach

    def propagate(self, engine: Engine) -> bool:
        while True:
            changed = self._fixed(engine)
            if changed is None:
                return False
            if self.reach and not changed:
                changed = self._room(engine)
                if changed is None:
                    return False
            if not changed:
                return True

    def _fixed(self, engine: Engine) -> bool | None:
        """What the fixed regions say; None on a contradiction, else whether it narrowed."""
        dom, bits, changed = engine.dom, self.bits, False
        for v, pieces in fixed_pieces(bits, dom).items():
            bit = 1 << v
            for piece in pieces:
                size = piece.bit_count()
                if size > v:
                    return None
                around = bits.spread(piece) & ~piece
                first = (piece & -piece).bit_length() - 1
                if size == v:
                    for cell in cells_of(around):
                        if dom[cell] & bit:
                            if not engine.set(cell, ~bit, (), (COMPLETE, first, v)):
                                return None
                            changed = True
                    continue
                out = [cell for cell in cells_of(around) if dom[cell] & bit]
                if not out:
                    return None
                if len(out) == 1 and dom[out[0]] != bit:
                    if not engine.set(out[0], bit, (), (WAY_OUT, first, v, size)):
                        return None
                    changed = True
        return changed

    def _room(self, engine: Engine) -> bool | None:
        """What the open cells allow; None on a contradiction, else whether it narrowed."""
        dom, bits = engine.dom, self.bits
        allow: dict[int, int] = {}
        for cell, d in enumerate(dom):
            cbit = 1 << cell
            while d:
                low = d & -d
                v = low.bit_length() - 1
                allow[v] = allow.get(v, 0) | cbit
                d ^= low
        fixed = fixed_pieces(bits, dom)
        drop = [0] * len(dom)
        why: dict[int, tuple[object, ...]] = {}
        for v, may in allow.items():
            bit = 1 << v
            for piece in bits.pieces(may):
                if piece.bit_count() < v:
                    for cell in cells_of(piece):
                        drop[cell] |= bit
                        why.setdefault(cell, (ROOM, v, piece.bit_count()))
            for region in fixed.get(v, ()):  # short regions: where they can still reach
                size = region.bit_count()
                if size == v:
                    continue
                reach = bits.balls(region, may, v - size)[-1]
                if reach.bit_count() < v:
                    return None
                if reach.bit_count() == v:
                    first = (region & -region).bit_length() - 1
                    for cell in cells_of(reach & ~region):
                        if dom[cell] != bit and not engine.set(cell, bit, (), (FILL, first, v)):
                            return None
                    return True
            total: dict[int, int] = {}
            for region in fixed.get(v, ()):  # an open cell beside regions of v would join them
                size = region.bit_count()
                for cell in cells_of(bits.spread(region) & may & ~region):
                    total[cell] = total.get(cell, 1) + size
            for cell, joined in total.items():
                if joined > v and dom[cell] != bit:
                    drop[cell] |= bit
                    why.setdefault(cell, (JOIN, v, joined))
        changed = False
        for cell, gone in enumerate(drop):
            if gone and dom[cell] & gone:
                if not engine.set(cell, ~gone, (), why[cell]):
                    return None
                changed = True
        return changed

    def explain(self, var: int, mask: int, note: object) -> str:
        name = self.grid.name
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
    """A random filled board whose regions have 1 to ``largest`` cells: regions grown from
    random cells to random sizes (on by a cell while one would touch a region of its size),
    then neighbouring regions of one size merged (or the board drawn again when a merge
    would pass ``largest``).  None after ``tries`` draws."""
    for _ in range(tries):
        values = _grown(grid, rng, largest)
        if values is not None:
            return values
    return None


def _grown(grid: RectGrid, rng: Rng, largest: int) -> list[int] | None:
    n = grid.n_cells
    owner = [-1] * n
    order = list(range(n))
    rng.shuffle(order)
    sizes: list[int] = []
    for start in order:
        if owner[start] >= 0:
            continue
        want, region, grown = rng.between(1, largest), len(sizes), [start]
        owner[start] = region
        while True:  # to its size, and on while it would touch a region of the same size
            frontier = [d for c in grown for d in grid.neighbours[c] if owner[d] < 0]
            clash = any(
                owner[d] >= 0 and sizes[owner[d]] == len(grown)
                for c in grown
                for d in grid.neighbours[c]
                if owner[d] != region
            )
            if not frontier or (len(grown) >= want and not clash) or len(grown) >= largest:
                break
            pick = frontier[rng.below(len(frontier))]
            owner[pick] = region
            grown.append(pick)
        sizes.append(len(grown))
    values = [sizes[owner[c]] for c in range(n)]
    for _ in range(n):  # equal neighbours are one region: merge until the sizes agree
        regions = regions_of(grid, values)
        wrong = [cells for cells in regions if len(cells) != values[cells[0]]]
        if not wrong:
            return values
        cells = wrong[0]
        if len(cells) > largest:
            return None
        for c in cells:
            values[c] = len(cells)
    return None


def given_mask(givens: Sequence[int], largest: int) -> list[int]:
    """Per cell, the domain its given allows (0: any number up to ``largest``)."""
    full = full_domain(largest)
    return [1 << g if g else full for g in givens]


def open_domains(grid: RectGrid, givens: Sequence[int], largest: int) -> list[int]:
    """Per cell, the numbers it may hold read off the givens alone: a given's own; an open
    cell's, a given number (its region may hold a given) or at most the cells of its piece of
    open cells (a region without a given lies within it).  Smaller domains, same solutions."""
    out = given_mask(givens, largest)
    numbers = 0
    for g in givens:
        numbers |= 1 << g if 0 < g <= largest else 0
    for piece in grid.pieces(lambda c: not givens[c]):
        mask = full_domain(min(largest, len(piece))) | numbers
        for cell in piece:
            out[cell] = mask
    return out


__all__ = [
    "SizedRegions",
    "fixed_pieces",
    "full_domain",
    "given_mask",
    "open_domains",
    "paint_numbers",
    "random_regions",
    "regions_of",
    "size_violations",
    "sized_regions_twin",
]
