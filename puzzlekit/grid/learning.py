"""A colour whose cells form one piece, as a theory of the learning search.

``puzzlekit.core.cdcl`` learns from clauses; a genre whose cells of one colour must be
connected (Nurikabe's sea, Heyawake's white cells) says that badly in CNF, so a twin
leaves it to lazy cuts at full assignments, and a search that learns only there wanders.
``PieceTheory`` looks at the trail at every fixpoint, as ``ReachTheory`` does for loops:
on the graph of cells not fixed to the other colour, cells fixed to the colour in two of
its pieces are a conflict, a cell cut off from them cannot take the colour, and a cell
whose loss would part two of them must; each with its reason as a clause over the cells
fixed to the other colour that wall one side off from the other (``_wall``: those round
one side that also touch the other, so no cell named is idle), so learning can use it:

- fixed cells ``a`` and ``b`` apart, ``P`` the piece holding ``a``: "``a`` is not of the
  colour, or ``b`` is not, or some cell beside ``P`` is";
- an open cell ``y`` in a piece ``Q`` without fixed cells: "``y`` is not, or ``a`` is
  not, or some cell beside ``Q`` is";
- an open cell ``x`` whose removal leaves fixed ``a`` in a part ``S`` apart from fixed
  ``b``: "``x`` is, or ``a`` is not, or ``b`` is not, or some cell beside ``S`` is".

("beside" below: of that wall.)  Each clause holds for every solution (a connected piece
holding ``a`` and ``b`` crosses any wall between them), so each may be forgotten and found
again.
Cell ``c`` is the model's variable ``c`` (true: the colour, when ``value`` is 1).
"""

from __future__ import annotations

from puzzlekit.core.cdcl import Cdcl
from puzzlekit.core.graph import needed_nodes
from puzzlekit.grid.bits import BitGrid, cells_of, flags_of
from puzzlekit.grid.topology import RectGrid

MAX_WAIT = 15
"""The most fixpoints the cut search (the depth-first pass) skips in a row."""


class PieceTheory:
    """The cells where the model's variable ``c`` is ``value`` are one connected piece."""

    forgettable = True

    def __init__(self, grid: RectGrid, value: int = 1) -> None:
        self.bits = BitGrid(grid)
        self.neighbours = grid.neighbours
        self.n = grid.n_cells
        self.value = value
        self.on = 0
        """Cells fixed to the colour, as the trail stands."""
        self.off = 0
        """Cells fixed to the other colour."""
        self.taken: list[int] = []
        """The trail's literals read so far (to take back on backtracking)."""
        self.misses = 0
        self.wait = 0

    def block(self, values: list[int]) -> list[int] | None:
        return None

    def backtrack(self, size: int) -> None:
        taken, n, value = self.taken, self.n, self.value
        while len(taken) > size:
            lit = taken.pop()
            var = lit >> 1
            if var < n:
                if (lit & 1) ^ value:  # "var is value"
                    self.on &= ~(1 << var)
                else:
                    self.off &= ~(1 << var)

    def read(self, solver: Cdcl) -> None:
        """Take in the trail's literals since the last look."""
        trail, taken, n, value = solver.trail, self.taken, self.n, self.value
        for pos in range(len(taken), len(trail)):
            lit = trail[pos]
            taken.append(lit)
            var = lit >> 1
            if var < n:
                if (lit & 1) ^ value:
                    self.on |= 1 << var
                else:
                    self.off |= 1 << var

    def check(self, solver: Cdcl) -> list[int] | None:
        self.read(solver)
        on = self.on
        if not on:
            return None
        bits = self.bits
        may = bits.full & ~self.off
        start = on & -on
        piece = bits.flood(start, may)
        apart = on & ~piece
        if apart:
            away = apart & -apart
            return self._lemma([self._is_not(start), self._is_not(away)], self._wall(start, away, 0))
        lemmas = []
        rest = may & ~piece
        while rest:
            part = bits.flood(rest & -rest, may)
            rest &= ~part
            wall = self._wall(part, start, 0)
            lemmas += [self._lemma([self._is_not(1 << y), self._is_not(start)], wall) for y in cells_of(part)]
        if not lemmas:
            lemmas = self._cuts(piece, on, start)
        if not lemmas:
            return None
        solver.implied.extend(lemmas[1:])
        return lemmas[0]

    def _cuts(self, piece: int, on: int, start: int) -> list[list[int]]:
        """The open cells the fixed ones cannot do without, each with its reason (the
        depth-first pass skipped for a while after finding nothing, as ``ReachTheory``)."""
        if self.wait:
            self.wait -= 1
            return []
        n, bits = self.n, self.bits
        _, _, needed = needed_nodes(self.neighbours, flags_of(piece, n), flags_of(on, n), start.bit_length() - 1, 0)
        if not needed:
            self.misses += 1
            self.wait = min(1 << (self.misses >> 2), MAX_WAIT + 1) - 1
            return []
        self.misses >>= 1
        self.wait = 0
        lemmas = []
        for x in needed:
            cut = piece & ~(1 << x)
            away = on & cut & ~bits.flood(start, cut)
            away &= -away
            wall = self._wall(start, away, 1 << x)
            lemmas.append(self._lemma([self._is(1 << x), self._is_not(start), self._is_not(away)], wall))
        return lemmas

    def _wall(self, a: int, b: int, gap: int) -> int:
        """Cells fixed to the other colour that part cells ``a`` from cells ``b`` once cells
        ``gap`` are taken out too: of the border of the piece round one side, only the cells
        that also touch the piece round the other side (a path from one to the other leaves
        its piece through such a cell), from whichever side leaves fewer.  Short walls make
        short lemmas, and short lemmas are what learning prunes with (1108: 42 literals a lemma
        with the whole border of the smaller side)."""
        bits, off = self.bits, self.off
        open_ = bits.full & ~gap
        best = -1
        for x, y in ((a, b), (b, a)):
            around = bits.flood(x, open_ & ~off)
            wall = bits.spread(around) & off
            wall &= bits.spread(bits.flood(y, open_ & ~wall))
            if best < 0 or wall.bit_count() < best.bit_count():
                best = wall
        return best

    def _lemma(self, lits: list[int], wall: int) -> list[int]:
        """``lits`` and "is of the colour" for every cell of ``wall``."""
        return lits + [self._is(1 << c) for c in cells_of(wall)]

    def _is(self, cell_bit: int) -> int:
        """The literal "this cell is of the colour"."""
        var = cell_bit.bit_length() - 1
        return 2 * var + (1 - self.value)

    def _is_not(self, cell_bit: int) -> int:
        var = cell_bit.bit_length() - 1
        return 2 * var + self.value


class AnchoredTheory(PieceTheory):
    """Every piece of the cells where variable ``c`` is ``value`` holds one of the anchors
    (``sizes``: anchor cell to the size of its piece; Nurikabe's islands and numbers).

    At each fixpoint, on the graph of cells not fixed to the other colour, per part ``Q``
    (its border: cells fixed to the other colour):

    - ``Q`` holds no anchor: it can hold no cell of the colour, "``y`` is not of the colour,
      or some cell of the wall between ``Q`` and the anchors is", for each cell ``y`` of
      ``Q`` fixed to the colour (a conflict) or open (unit: it takes the other colour);
    - its anchors' sizes add up to more than ``Q`` holds: "some cell beside ``Q`` is";
    - to exactly as many: every cell of ``Q`` is of the colour, "``y`` is, or some cell
      beside ``Q`` is", for its open cells.

    Each holds for every solution: a piece of the colour that reaches past ``Q`` crosses
    its border, and the pieces of ``Q``'s anchors are apart, so while they stay in ``Q``
    their cells add up to their sizes."""

    def __init__(self, grid: RectGrid, sizes: dict[int, int], value: int = 0) -> None:
        super().__init__(grid, value)
        self.anchors = sum(1 << c for c in sizes)
        self.sizes = sizes

    def check(self, solver: Cdcl) -> list[int] | None:
        self.read(solver)
        bits, sizes, anchors = self.bits, self.sizes, self.anchors
        may = bits.full & ~self.off
        rest = may
        lemmas = []
        while rest:
            part = bits.flood(rest & -rest, may)
            rest &= ~part
            held = part & anchors
            if not held:
                fixed = part & self.on
                wall = self._wall(part, anchors, 0)
                if fixed:  # a conflict: one lemma is enough
                    return self._lemma([self._is_not(fixed & -fixed)], wall)
                lemmas += [self._lemma([self._is_not(1 << y)], wall) for y in cells_of(part)]
                continue
            need, room = sum(sizes[c] for c in cells_of(held)), part.bit_count()
            if need < room:
                continue
            border = bits.spread(part) & self.off
            if need > room:
                return self._lemma([], border)
            if need == room:
                lemmas += [self._lemma([self._is(1 << y)], border) for y in cells_of(part & ~self.on)]
        if not lemmas:
            return None
        solver.implied.extend(lemmas[1:])
        return lemmas[0]
