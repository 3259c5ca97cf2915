"""The shading family: cells shaded or not (Heyawake, Hitori, Kurodoko, Norinori) or
holding a star (Star Battle), with the rules they share.

- ``Apart``: cells of the colour never touch (orthogonally, or with ``kings`` diagonally too);
- ``StaysConnected`` and ``NotAll`` (``puzzlekit.grid.connectivity``): the other colour is
  one piece; no 2x2 block of one colour;
- ``Count`` and ``Patterns`` (``puzzlekit.grid.counting``): so many per room, row or clue;
- ``Shading``, ``random_shading``, ``area_only``, ``settle_area_only``: a generator's
  solution, grown cell by cell, with no cell only the whole area decides if asked;
- ``touching_pairs``, ``split``, ``full_blocks``: the same rules judged on a full
  assignment, for ``accept``, written apart from the propagators;
- ``apart_clauses``, ``block_clauses``: the same rules as CNF, for the SAT twin.

Variable ``cell_vars[cell]`` is the cell's boolean (``-1``: a cell with none), ``value``
the colour a rule is about (1: shaded, a star; 0: unshaded).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import BOOL, FALSE, TRUE, Model, Propagator, Rule, Violation
from puzzlekit.core.rng import Rng
from puzzlekit.grid.bits import BitGrid
from puzzlekit.grid.text import marks_of
from puzzlekit.grid.topology import RING, RectGrid

if TYPE_CHECKING:
    from puzzlekit.grid.genre import Canvas
    from puzzlekit.pictures import Tone

Clause = list[int]


class Apart(Propagator):
    """A cell of the colour keeps its neighbours (``kings``: its eight) off the colour."""

    __slots__ = ("rule", "watches", "cell", "near", "value", "grid", "items")

    def __init__(
        self,
        rule: Rule,
        grid: RectGrid,
        cell_vars: Sequence[int],
        cell: int,
        value: int = 1,
        kings: bool = False,
        items: str = "shaded cells",
    ) -> None:
        self.rule, self.grid, self.cell, self.value, self.items = rule, grid, cell, value, items
        self.watches = (cell_vars[cell],)
        around = grid.kings[cell] if kings else grid.neighbours[cell]
        self.near = tuple(cell_vars[n] for n in around if cell_vars[n] >= 0)

    def propagate(self, engine: Engine) -> bool:
        bit = 1 << self.value
        if engine.dom[self.watches[0]] != bit:
            return True
        other, watches, set_ = ~bit & 0b11, self.watches, engine.set
        for v in self.near:  # a loop, not all(...): a star's eight run often in a trial
            if not set_(v, other, watches):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        return f"it touches {self.grid.name(self.cell)}, and {self.items} never touch"


def add_apart(
    model_add: Callable[[Propagator], int],
    rule: Rule,
    grid: RectGrid,
    cell_vars: Sequence[int] | None = None,
    value: int = 1,
    kings: bool = False,
    items: str = "shaded cells",
) -> None:
    """``Apart`` for every cell with a variable (``cell_vars`` default: variable i is cell i);
    ``model_add`` is ``model.add``."""
    cell_vars = range(grid.n_cells) if cell_vars is None else cell_vars
    for cell in range(grid.n_cells):
        if cell_vars[cell] >= 0:
            model_add(Apart(rule, grid, cell_vars, cell, value, kings, items))


def shading_marks(dom: Sequence[int], on: str = "#", off: str = "o", unknown: str = ".") -> list[str]:
    """A state's marks, one glyph per boolean domain: ``on`` for the colour, ``off`` for
    "certainly not" while some cell is still open (a finished answer writes ``unknown``
    there instead, as solutions are written: ``#`` and ``.``)."""
    return marks_of(dom, {TRUE: on, FALSE: off if BOOL in dom else unknown}, unknown)


def paint_shading(
    canvas: Canvas,
    dom: Sequence[int] | None,
    tones: dict[int, Tone],
    crosses: bool,
    walls: Sequence[int] = (),
    clues: Mapping[int, str] | None = None,
    on: Callable[[int, Tone], None] | None = None,
) -> None:
    """``GridGenre.paint`` for a board of boolean cells (variable ``c`` is cell ``c``): the
    ``walls`` thick, a cell of the colour drawn by ``on(cell, tone)`` (default: shaded, or
    black round its clue), a clue as text, a cell marked "not" dotted (where ``crosses``,
    or once the board is finished), the rest open."""
    clues = clues or {}
    for edge in walls:
        canvas.wall(edge)
    done = BOOL not in (dom or ())
    for cell in range(canvas.grid.n_cells):
        tone, d = tones.get(cell, "normal"), dom[cell] if dom is not None else BOOL
        if d == TRUE:
            if on is not None:
                on(cell, tone)
            elif cell in clues:
                canvas.black(cell, clues[cell], tone)
            else:
                canvas.shaded(cell, tone)
        elif cell in clues:
            canvas.clue(cell, clues[cell], tone)
        elif d == FALSE and (crosses or done):
            canvas.dotted(cell, tone)
        else:
            canvas.open(cell, tone)


# -- judging a full assignment (accept) ---------------------------------------------------


def touching_pairs(grid: RectGrid, coloured: Callable[[int], bool], kings: bool = False) -> list[tuple[int, int]]:
    """Every pair of touching cells that are both of the colour, the smaller cell first."""
    near = grid.kings if kings else grid.neighbours
    return [(a, b) for a in range(grid.n_cells) if coloured(a) for b in near[a] if b > a and coloured(b)]


def any_touching(grid: RectGrid, values: Sequence[int], kings: bool = False) -> bool:
    """Do two touching cells both hold 1?  ``touching``'s question as a quick yes or no on
    plain ints, for a genre's ``is_solution`` (brute force asks it of every assignment)."""
    near = grid.kings if kings else grid.neighbours
    return any(values[b] == 1 for a in range(grid.n_cells) if values[a] == 1 for b in near[a] if b > a)


def touching(
    grid: RectGrid, coloured: Callable[[int], bool], what: str, kings: bool = False, kind: str = "touching"
) -> list[Violation]:
    """A violation per touching pair of the colour: ``two shaded cells touch at r1c1 and r1c2``."""
    return [
        Violation(kind, f"two {what} touch at {grid.names((a, b))}", (a, b), cells=(a, b), place=grid.name(a))
        for a, b in touching_pairs(grid, coloured, kings)
    ]


def split(grid: RectGrid, coloured: Callable[[int], bool], what: str, kind: str = "split") -> list[Violation]:
    """One violation when the cells of the colour are in several pieces (unfinished: more
    cells of the colour may join them), toning every piece but the largest."""
    pieces = sorted(grid.pieces(coloured), key=len, reverse=True)
    if len(pieces) < 2:
        return []
    cells = tuple(c for piece in pieces[1:] for c in piece)
    where = grid.name(min(cells))
    return [Violation(kind, f"the {what} are in {len(pieces)} pieces", cells, True, cells, where)]


def full_blocks(grid: RectGrid, coloured: Callable[[int], bool], what: str, kind: str = "block") -> list[Violation]:
    """A violation per 2x2 block all of the colour."""
    return [
        Violation(kind, f"a 2x2 block of {what} at {grid.name(b[0])}", b, cells=b, place=grid.name(b[0]))
        for b in grid.blocks()
        if all(coloured(c) for c in b)
    ]


def counted(
    cells: Sequence[int], coloured: Callable[[int], bool], low: int, high: int, what: str, items: str, kind: str
) -> list[Violation]:
    """A violation when ``cells`` hold fewer than ``low`` or more than ``high`` of the colour:
    ``the room at r1c1 holds 3 shaded cells, not 2``, unfinished when short."""
    n = sum(1 for c in cells if coloured(c))
    if low <= n <= high:
        return []
    wanted = str(low) if low == high else f"{low} to {high}"
    return [Violation(kind, f"{what} holds {n} {items}, not {wanted}", tuple(cells), n < low, tuple(cells))]


# -- the same as CNF, for the SAT twin ----------------------------------------------------


def apart_clauses(grid: RectGrid, lit: Callable[[int], int], kings: bool = False) -> list[Clause]:
    """No two touching cells of the colour (``lit(cell)``: "cell has the colour")."""
    near = grid.kings if kings else grid.neighbours
    return [[-lit(a), -lit(b)] for a in range(grid.n_cells) for b in near[a] if b > a]


def block_clauses(grid: RectGrid, lit: Callable[[int], int]) -> list[Clause]:
    """No 2x2 block all of the colour."""
    return [[-lit(c) for c in block] for block in grid.blocks()]


# -- a random solution, for generators ----------------------------------------------------


def left_open(model: Model, cap: int, deadline: float | None = None) -> list[int]:
    """The variables deduction capped at rung ``cap`` leaves open on ``model`` (built round
    a planted solution, so never a contradiction): what a generator settling its clues
    looks at after each change.  Past ``deadline`` the engine raises ``Timeout``."""
    engine = Engine(model, max_rung=cap, deadline=deadline)
    engine.start()
    return [v for v, d in enumerate(engine.dom) if d == BOOL]


class Shading:
    """A shading grown one cell at a time (``values[c]`` 1 shaded, 0 not), keeping no two
    shaded cells side by side and the unshaded cells one area: a generator's solution."""

    def __init__(self, grid: RectGrid) -> None:
        self.grid, self.bits = grid, BitGrid(grid)
        self.values = [0] * grid.n_cells
        self.white = self.bits.full
        self.ring = [_ring(grid, c) for c in range(grid.n_cells)]

    def may(self, c: int) -> bool:
        """May ``c`` be shaded?  When no neighbour is and its unshaded neighbours stay
        joined: round its eight cells when they can, by a bit flood otherwise."""
        values, near = self.values, self.grid.neighbours[c]
        if values[c] or any(values[x] for x in near):
            return False
        on = [x >= 0 and not values[x] for x in self.ring[c]]
        start, arcs, inside, side = on.index(False) if not all(on) else 0, 0, False, False
        for k in range(1, 9):  # the arcs of unshaded cells round it that hold a neighbour
            i = (start + k) % 8
            if on[i]:
                inside, side = True, side or i % 2 == 0
            elif inside:
                arcs, inside, side = arcs + side, False, False
        if arcs <= 1:
            return True
        piece = self.bits.flood(1 << near[0], self.white & ~(1 << c))
        return all(piece >> x & 1 for x in near)

    def shade(self, c: int, on: bool = True) -> None:
        """Shade ``c`` (``on`` False: take its shading back, after ``may`` allowed it)."""
        self.values[c], self.white = int(on), self.white & ~(1 << c) if on else self.white | 1 << c


def area_only(grid: RectGrid, values: Sequence[int]) -> list[int]:
    """The unshaded cells only the one-area rule keeps unshaded: none beside them is shaded
    (the apart rule) and none beside them is a dead end, its other neighbours all shaded (a
    way-out rule).  A solution with one is never solved below the area rule, whatever the
    clues: 195 of 200 maximal 20x20 shadings have some."""
    near, out = grid.neighbours, []
    for x in range(grid.n_cells):
        if values[x] or any(values[n] for n in near[x]):
            continue
        ways_out = (y for y in near[x] if len(near[y]) > 1 and all(values[m] for m in near[y] if m != x))
        if len(near[x]) < 2 or next(ways_out, None) is None:  # ``OneWayOut``'s reach
            out.append(x)
    return out


def settle_area_only(shading: Shading, rng: Rng, tries: int | None = None) -> bool:
    """Move ``shading`` until no cell is ``area_only``: a neighbour of such a cell is shaded
    (its own shaded neighbours taken back) where ``may`` then allows, and the cells round
    those taken back are shaded again where they may.  True when none is left after at most
    ``tries`` moves (default one per cell); a 20x20 takes about five."""
    near, values = shading.grid.neighbours, shading.values
    for _ in range(shading.grid.n_cells if tries is None else tries):
        left = area_only(shading.grid, values)
        if not left:
            return True
        cell = left[rng.below(len(left))]
        beside = list(near[cell])
        rng.shuffle(beside)
        for n in beside:
            back = [m for m in near[n] if values[m]]
            for m in back:
                shading.shade(m, False)
            if shading.may(n):
                shading.shade(n)
                again = sorted({*back, *(k for m in back for k in near[m])})
                rng.shuffle(again)
                for k in again:
                    if shading.may(k):
                        shading.shade(k)
                break
            for m in back:
                shading.shade(m)
    return not area_only(shading.grid, values)


def random_shading(grid: RectGrid, rng: Rng, share: int = 1) -> Shading:
    """A random ``Shading``: cell by cell in random order, every cell that may be shaded
    is, with a chance of 1 in ``share`` (1: as many as fit, about 29% of the board).
    Built directly, not searched for: a 20x20 takes a few milliseconds, where a search of
    Heyawake's rules took seconds and often found none."""
    shading = Shading(grid)
    cells = list(range(grid.n_cells))
    rng.shuffle(cells)
    for c in cells:
        if (share == 1 or not rng.below(share)) and shading.may(c):
            shading.shade(c)
    return shading


def _ring(grid: RectGrid, cell: int) -> list[int]:
    """The eight cells round ``cell`` in order round it (-1 off the board), starting north."""
    r, c = divmod(cell, grid.cols)
    rows, cols = grid.rows, grid.cols
    return [(r + dr) * cols + c + dc if 0 <= r + dr < rows and 0 <= c + dc < cols else -1 for dr, dc in RING]
