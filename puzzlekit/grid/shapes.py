"""Polyominoes: pieces of joined cells, their shapes up to rotation and reflection, the ways
to place one in a region, and "a region is shaded in exactly one of these ways" as a
propagator that says why in words.

Norinori's regions each hold two shaded cells that pair off into dominoes; LITS's regions
each hold one tetromino, and equal tetrominoes may not touch.  Both list a region's ways
(``connected_sets`` for a piece, any table for pairs) and hand them to ``Ways``; both judge
an answer's pieces with ``sized_pieces``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import cast

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import Propagator, Rule, Violation
from puzzlekit.core.rng import Rng
from puzzlekit.grid.topology import RectGrid

Shape = tuple[tuple[int, int], ...]
"""A piece's cells as sorted ``(row, column)`` offsets from its top-left corner."""


def normal(points: Sequence[tuple[int, int]]) -> Shape:
    """The points moved so their least row and column are 0, sorted: a ``Shape``."""
    top, left = min(r for r, _ in points), min(c for _, c in points)
    return tuple(sorted((r - top, c - left) for r, c in points))


def shape_of(grid: RectGrid, cells: Sequence[int]) -> Shape:
    """The piece's shape, the same for every rotation and reflection of it: the least of
    its eight images (remembered: generators ask of the same pieces again and again)."""
    key = (grid.cols, tuple(cells))
    shape = _SHAPES.get(key)
    if shape is None:
        if len(_SHAPES) > 200_000:
            _SHAPES.clear()
        points = normal([divmod(c, grid.cols) for c in cells])  # where on the board does not matter
        shape = _FORMS.get(points)
        if shape is None:
            shape = _FORMS[points] = _shape_of(points)
        _SHAPES[key] = shape
    return shape


_SHAPES: dict[tuple[int, tuple[int, ...]], Shape] = {}
_FORMS: dict[Shape, Shape] = {}
"""A piece's shape by its cells, and by its cells moved to the top left (few: kept)."""


def _shape_of(points: Sequence[tuple[int, int]]) -> Shape:
    images = []
    for _ in range(4):
        points = [(c, -r) for r, c in points]  # a quarter turn
        images += [normal(points), normal([(r, -c) for r, c in points])]
    return min(images)


def _named(rows: str) -> Shape:
    grid = RectGrid(2, 4)
    return shape_of(grid, [i for i, ch in enumerate(rows) if ch == "#"])


TETROMINOES: dict[Shape, str] = {
    _named("###.#..."): "L",
    _named("####...."): "I",
    _named("###..#.."): "T",
    _named("##...##."): "S",
    _named("##..##.."): "O",
}
"""The five tetrominoes by shape, named by their letters (LITS's L, I, T, S and O)."""


def connected_sets(grid: RectGrid, cells: Sequence[int], size: int) -> list[tuple[int, ...]]:
    """Every piece of ``size`` joined cells inside ``cells`` (a region), each sorted, in
    order: the placements of any polyomino of that size there."""
    inside = set(cells)
    frontier: set[frozenset[int]] = {frozenset((c,)) for c in inside}
    for _ in range(size - 1):
        frontier = {
            piece | {n}
            for piece in frontier
            for c in piece
            for n in grid.neighbours[c]
            if n in inside and n not in piece
        }
    found = {tuple(sorted(piece)) for piece in frontier}
    return sorted(found)


Way = (
    tuple[Sequence[int], Sequence[int]]
    | tuple[Sequence[int], Sequence[int], Sequence[Sequence[int]]]
    | tuple[Sequence[int], Sequence[int], Sequence[Sequence[int]], Sequence[Sequence[int]]]
)
"""``(cells that take the value, cells that do not)``, optionally groups of cells of which
one at least must still be able to take it (a shaded cell's partners outside), and groups
of which one at least must still be able to withhold it (a 2x2 block's cells beside a
tetromino: ``unpooled``)."""


class Ways(Propagator):
    """The cells of ``ways`` are shaded (take ``value``) in exactly one of its ways (see
    ``Way``).  A way a cell's domain rules out is dropped (so is one with a group none
    of whose cells can take the value); a cell every way left gives the value (or
    withholds it) goes that way; no way left is a contradiction.  ``what`` names the
    group ("the region at r1c1") and ``doing`` the ways ("place its tetromino")."""

    __slots__ = ("rule", "watches", "masks", "value", "what", "doing")

    def __init__(
        self, rule: Rule, ways: Sequence[Way], *, value: int = 1, what: str = "the group", doing: str = "shade it"
    ) -> None:
        self.rule, self.value, self.what, self.doing = rule, value, what, doing
        cells: set[int] = set()
        for way in ways:
            cells.update(way[0])
            cells.update(way[1])
            for groups in cast("tuple[Sequence[Sequence[int]], ...]", way[2:]):
                for group in groups:
                    cells.update(group)
        self.watches = tuple(sorted(cells))
        at = {v: i for i, v in enumerate(self.watches)}
        self.masks: tuple[tuple[int, int, tuple[int, ...], tuple[int, ...]], ...] = tuple(
            (_mask(at, way[0]), _mask(at, way[1]), _masks(at, way, 2), _masks(at, way, 3)) for way in ways
        )
        """Per way, its cells that take the value, those that do not, its groups one of which
        must be able to take it and those one of which must be able to withhold it, as
        position bits."""

    def propagate(self, engine: Engine) -> bool:
        alive = self._alive(engine.dom, range(len(self.masks)))
        return bool(alive) and self._settle(engine, *self._common(alive))

    def _alive(self, dom: Sequence[int], indices: Sequence[int]) -> list[int]:
        """The ways among ``indices`` the domains leave possible."""
        bit, no_on, no_off = 1 << self.value, 0, 0  # positions that cannot take the value, and that must
        for i, v in enumerate(self.watches):
            d = dom[v]
            if not d & bit:
                no_on |= 1 << i
            elif d == bit:
                no_off |= 1 << i
        masks = self.masks
        return [
            w
            for w in indices
            if not (
                masks[w][0] & no_on
                or masks[w][1] & no_off
                or any(not g & ~no_on for g in masks[w][2])
                or any(not g & ~no_off for g in masks[w][3])
            )
        ]

    def _common(self, alive: Sequence[int]) -> tuple[int, int]:
        """The positions every way of ``alive`` gives the value, and those it withholds it from."""
        always_on = always_off = -1
        for w in alive:
            always_on &= self.masks[w][0]
            always_off &= self.masks[w][1]
        return always_on, always_off

    def _settle(self, engine: Engine, always_on: int, always_off: int) -> bool:
        """Give the positions of ``always_on`` the value and those of ``always_off`` the other."""
        dom, bit = engine.dom, 1 << self.value
        reads, other = self.watches, ~bit & 0b11
        for i, v in enumerate(reads):
            d = dom[v]
            if d & bit and d != bit:
                if always_on >> i & 1 and not engine.set(v, bit, reads, "in"):
                    return False
                if always_off >> i & 1 and not engine.set(v, other, reads, "out"):
                    return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        does = "shades this cell" if note == "in" else "leaves this cell unshaded"
        return f"every way left to {self.doing} in {self.what} {does}"


def _masks(at: dict[int, int], way: Way, i: int) -> tuple[int, ...]:
    """The masks of ``way``'s groups of kind ``i`` (2: take the value, 3: withhold it)."""
    if len(way) <= i:
        return ()
    found = []
    for group in cast("Sequence[Sequence[int]]", way[i]):
        mask = 0
        for v in group:
            mask |= 1 << at[v]
        found.append(mask)
    return tuple(found)


def _mask(at: dict[int, int], cells: Sequence[int]) -> int:
    mask = 0
    for v in cells:
        mask |= 1 << at[v]
    return mask


def piece_ways(
    grid: RectGrid, cells: Sequence[int], size: int, shapes: Collection[Shape] | None = None
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The ways to shade one piece of ``size`` joined cells in the region ``cells`` and
    leave the rest (``Way``s), only pieces of ``shapes`` when given (LITS: no O)."""
    pieces = connected_sets(grid, cells, size)
    keep = [p for p in pieces if shapes is None or shape_of(grid, p) in shapes]
    return [(p, tuple(c for c in cells if c not in p)) for p in keep]


def unpooled(grid: RectGrid, ways: Sequence[Way]) -> list[Way]:
    """``ways`` of shading a piece, each with the cells beside it of every 2x2 block it
    touches as a group one of which stays unshaded: a way that would fill a block with
    cells already shaded is out (LITS's no-2x2 read by a region's ways)."""
    found: list[Way] = []
    blocks_at = _blocks_at(grid)
    for way in ways:
        inside = set(way[0])
        blocks = {b for c in way[0] for b in blocks_at[c]}
        beside = sorted(tuple(x for x in b if x not in inside) for b in blocks)
        found.append((way[0], way[1], way[2] if len(way) > 2 else (), [g for g in beside if g]))
    return found


def _blocks_at(grid: RectGrid) -> list[list[tuple[int, ...]]]:
    """Per cell, the 2x2 blocks holding it (remembered per board size)."""
    key = (grid.rows, grid.cols)
    blocks = _BLOCKS.get(key)
    if blocks is None:  # built whole, then shared: the web app solves in threads
        blocks = [[] for _ in range(grid.n_cells)]
        for top in range(grid.rows - 1):
            for left in range(grid.cols - 1):
                block = grid.rectangle(top, left, 2, 2)
                for c in block:
                    blocks[c].append(block)
        _BLOCKS[key] = blocks
    return blocks


_BLOCKS: dict[tuple[int, int], list[list[tuple[int, ...]]]] = {}


def free_ways(grid: RectGrid, cells: Sequence[int], size: int, shapes: Collection[Shape] | None = None) -> list[Way]:
    """``unpooled(grid, piece_ways(grid, cells, size, shapes))``, remembered per region: a
    model reads a region's ways once for it and once per region beside it, and generators
    build models again and again on regions that did not change.  Callers must not change
    the list."""
    key = (grid.rows, grid.cols, tuple(cells), size, None if shapes is None else frozenset(shapes))
    ways = _FREE_WAYS.get(key)
    if ways is None:
        if len(_FREE_WAYS) > 20_000:
            _FREE_WAYS.clear()
        ways = _FREE_WAYS[key] = unpooled(grid, piece_ways(grid, cells, size, shapes))
    return ways


_FREE_WAYS: dict[tuple[int, int, tuple[int, ...], int, frozenset[Shape] | None], list[Way]] = {}


def touching_equal(grid: RectGrid, a: Sequence[int], b: Sequence[int]) -> bool:
    """Are pieces ``a`` and ``b`` of one shape, and side by side somewhere?"""
    if shape_of(grid, a) != shape_of(grid, b):  # the cheaper test first
        return False
    neighbours = grid.neighbours
    return any(n in b for c in a for n in neighbours[c])


class PairedWays(Ways):
    """Two groups of cells (apart), each shaded in exactly one of its ways, and no way of
    the first with one of the second that ``clash(cells, cells)`` refuses (LITS: equal
    tetrominoes side by side, ``touching_equal``).  A way with no partner left among the
    other group's live ways goes too (both sides, until none goes); then each group's
    cells go as every way left to it says, as in :class:`Ways`."""

    __slots__ = ("split", "clashes")

    def __init__(
        self,
        rule: Rule,
        first: Sequence[Way],
        second: Sequence[Way],
        clash: Callable[[Sequence[int], Sequence[int]], bool],
        *,
        value: int = 1,
        what: str = "the groups",
        doing: str = "shade them",
    ) -> None:
        super().__init__(rule, [*first, *second], value=value, what=what, doing=doing)
        self.split = len(first)
        by_row, by_col = [0] * len(first), [0] * len(second)
        for i, p in enumerate(first):
            for j, q in enumerate(second):
                if clash(p[0], q[0]):
                    by_row[i] |= 1 << j
                    by_col[j] |= 1 << i
        self.clashes = (*by_row, *by_col)
        """Per way of the first group the ways of the second it clashes with, as bits; then
        per way of the second, those of the first."""

    def propagate(self, engine: Engine) -> bool:
        n, clashes = self.split, self.clashes
        a = b = 0
        for w in self._alive(engine.dom, range(len(self.masks))):
            if w < n:
                a |= 1 << w
            else:
                b |= 1 << (w - n)
        while True:
            a2 = _bits(bool(a >> i & 1) and b & ~clashes[i] != 0 for i in range(n))
            b2 = _bits(bool(b >> j & 1) and a2 & ~clashes[n + j] != 0 for j in range(len(self.masks) - n))
            if (a2, b2) == (a, b):
                break
            a, b = a2, b2
        if not a or not b:
            return False
        on_a, off_a = self._common([i for i in range(n) if a >> i & 1])
        on_b, off_b = self._common([n + j for j in range(len(self.masks) - n) if b >> j & 1])
        return self._settle(engine, on_a | on_b, off_a | off_b)


def apart_ways(
    rule: Rule,
    grid: RectGrid,
    first: Sequence[int],
    second: Sequence[int],
    size: int,
    shapes: Collection[Shape] | None = None,
    *,
    what: str = "the groups",
    doing: str = "shade them",
) -> PairedWays:
    """``PairedWays`` of two regions' ``free_ways``, equal pieces side by side refused
    (``touching_equal``: LITS's same-shape rule), remembered per board size, pair of regions
    and words: a generator judging one moved cell at a time builds every pair again, and all
    but those beside the move are as before.  A ``PairedWays`` keeps no state of its own, so
    one serves many models."""
    shape_key = None if shapes is None else frozenset(shapes)
    key = (rule.name, grid.rows, grid.cols, tuple(first), tuple(second), size, shape_key, what, doing)
    paired = _APART.get(key)
    if paired is None:
        if len(_APART) > 5_000:
            _APART.clear()
        ways_a, ways_b = (free_ways(grid, cells, size, shapes) for cells in (first, second))
        clash = lambda p, q: touching_equal(grid, p, q)  # noqa: E731
        paired = _APART[key] = PairedWays(rule, ways_a, ways_b, clash, what=what, doing=doing)
    return paired


_APART: dict[tuple[object, ...], PairedWays] = {}


def _bits(flags: Iterable[bool]) -> int:
    return sum(1 << i for i, f in enumerate(flags) if f)


def equal_neighbours(
    grid: RectGrid, pieces: Sequence[Sequence[int]], kind: str, names: Mapping[Shape, str], word: str = "pieces"
) -> list[Violation]:
    """For ``accept``: a violation per two pieces of one shape side by side (``names``
    names shapes: "two equal T tetrominoes touch at r2c2 and r2c3")."""
    at = {c: i for i, piece in enumerate(pieces) for c in piece}
    found = []
    for i, piece in enumerate(pieces):
        near = sorted({at[n] for c in piece for n in grid.neighbours[c] if at.get(n, i) > i})
        for j in near:
            if touching_equal(grid, piece, pieces[j]):
                a, b = next((c, n) for c in sorted(piece) for n in grid.neighbours[c] if at.get(n) == j)
                name = names.get(shape_of(grid, piece), "")
                message = f"two equal {name} {word} touch at {grid.name(a)} and {grid.name(b)}".replace("  ", " ")
                cells = (*piece, *pieces[j])
                found.append(Violation(kind, message, cells, False, cells, grid.name(a)))
    return found


class OnePartner(Propagator):
    """A shaded ``cell`` (variable ``cell_vars[cell]``) has exactly one shaded neighbour,
    so shaded cells pair off into dominoes (Norinori): its partner found, its other
    neighbours are unshaded; one neighbour left, it is the partner; with two shaded
    neighbours, or none that can be, the cell is unshaded."""

    __slots__ = ("rule", "watches", "cell", "var", "near", "grid")

    def __init__(self, rule: Rule, grid: RectGrid, cell: int, cell_vars: Sequence[int] | None = None) -> None:
        cell_vars = range(grid.n_cells) if cell_vars is None else cell_vars
        self.rule, self.grid, self.cell, self.var = rule, grid, cell, cell_vars[cell]
        self.near = tuple(cell_vars[n] for n in grid.neighbours[cell])
        self.watches = (self.var, *self.near)

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        if dom[self.var] == 0b01:
            return True  # unshaded: nothing to pair, and what follows would only say so again
        on = [v for v in self.near if dom[v] == 0b10]
        free = [v for v in self.near if dom[v] == 0b11]
        d, reads = dom[self.var], self.watches
        if len(on) > 1 or not (on or free):
            return engine.set(self.var, 0b01, reads, "crowded" if on else "alone")
        if d != 0b10:
            return True
        if on:
            return all(engine.set(v, 0b01, reads, "paired") for v in free)
        return len(free) != 1 or engine.set(free[0], 0b10, reads, "last")

    def explain(self, var: int, mask: int, note: object) -> str:
        here = self.grid.name(self.cell)
        return {
            "crowded": f"shaded, {here} would touch two shaded cells; a domino has one partner",
            "alone": f"no neighbour of {here} can be shaded, so it cannot be half a domino",
            "paired": f"the shaded {here} has its partner already; a domino touches no third cell",
            "last": f"the shaded {here} needs a partner and this is its last neighbour left",
        }[str(note)]


def partner_clauses(grid: RectGrid, lit: Callable[[int], int]) -> list[list[int]]:
    """CNF for ``OnePartner`` on every cell: a shaded cell has a shaded neighbour, and no
    two (``lit(cell)``: "cell is shaded")."""
    clauses = []
    for cell, near in enumerate(grid.neighbours):
        clauses.append([-lit(cell), *(lit(n) for n in near)])
        clauses += [[-lit(cell), -lit(a), -lit(b)] for i, a in enumerate(near) for b in near[i + 1 :]]
    return clauses


def sized_pieces(
    grid: RectGrid, coloured: Callable[[int], bool], size: int, what: str, kind: str = "piece"
) -> list[Violation]:
    """A violation per piece of joined cells of the colour that is not ``size`` cells
    (unfinished when smaller: more cells may join it)."""
    found = []
    for piece in grid.pieces(coloured):
        if len(piece) != size:
            cells, place = tuple(piece), grid.name(min(piece))
            n = len(piece)
            message = f"the piece of {what} at {place} has {n} cell{'s' * (n != 1)}, not {size}"
            found.append(Violation(kind, message, cells, len(piece) < size, cells, place))
    return found


def random_dominoes(grid: RectGrid, rng: Rng) -> list[int]:
    """Per cell 1 or 0: dominoes placed at random until no more fit, none touching another
    side by side (corners may): a planted Norinori shading."""
    shaded = [0] * grid.n_cells
    cells = list(range(grid.n_cells))
    rng.shuffle(cells)

    def free(cell: int, partner: int) -> bool:
        return not shaded[cell] and all(not shaded[n] for n in grid.neighbours[cell] if n != partner)

    for cell in cells:
        near = [n for n in grid.neighbours[cell] if free(n, cell) and free(cell, n)]
        if near:
            shaded[cell] = shaded[rng.choice(near)] = 1
    return shaded


def pair_ways(grid: RectGrid, inside: Sequence[int]) -> list[Way]:
    """The ways to shade a region's two cells: a domino inside it (its neighbours outside
    unshaded), or two apart, each with a neighbour outside that can pair with it."""
    rest = set(inside)
    cells = tuple(inside)
    outside = [[n for n in grid.neighbours[c] if n not in rest] for c in cells]  # per cell, once
    out: list[Way] = []
    for i, a in enumerate(cells):
        near_a = grid.neighbours[a]
        for j in range(i + 1, len(cells)):
            b, others = cells[j], cells[:i] + cells[i + 1 : j] + cells[j + 1 :]
            if b in near_a:
                out.append(((a, b), others + tuple(sorted({*outside[i], *outside[j]}))))
            else:
                out.append(((a, b), others, [outside[i], outside[j]]))
    return out


def domino_rival(grid: RectGrid, shaded: Sequence[int], cells: Sequence[int]) -> bool:
    """With every cell outside ``cells`` at its planted value (``shaded``, 1 or 0), can
    the region shade another domino than its planted one: two neighbours in it, neither
    beside a shaded cell outside it?  Then deduction cannot settle it (``RegionGrowth``'s
    ``rival``).  False unless the region holds exactly one planted domino."""
    inside = set(cells)
    on = {c for c in cells if shaded[c]}
    a = min(on, default=-1)
    if len(on) != 2 or max(on) not in grid.neighbours[a]:
        return False
    free = {c for c in cells if not any(shaded[n] and n not in inside for n in grid.neighbours[c])}
    return any(n in free and {c, n} != on for c in free for n in grid.neighbours[c])
