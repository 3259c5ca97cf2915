"""A rectangular board's topology, built once as flat tuples: cells, edges, dots.

- **Cells** are ``r*C + c`` (row-major, from the top left), named ``r1c1``.
- **Edges** join two orthogonal neighbours, so one edge is both "the line from
  centre to centre" (Masyu) and "the wall between two cells" (region genres):
  horizontal pairs first, row by row (``(r, c)``–``(r, c+1)``), then vertical
  ones (``(r, c)``–``(r+1, c)``).  Numbered this way, ``edges`` is exactly the
  layout ``LoopGraph`` and ``find_bridges`` expect.
- **Dots** are the ``(R+1) x (C+1)`` corners of cells, ``r*(C+1) + c``.

Directions are always north, east, south, west (``NORTH``..``WEST``); a
neighbour or edge off the board is ``-1``.  Rules only index these tuples.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from functools import cached_property

from puzzlekit.core.loops import LoopGraph

NORTH, EAST, SOUTH, WEST = range(4)
RING = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
"""The eight cells around a cell, in order around it (north first, clockwise)."""
RING_SIDES = (0, 2, 4, 6)
"""The places in ``RING`` that share a side with the cell."""


def ring_keeps_simple(ring: Sequence[bool]) -> bool:
    """Given, for each of the eight cells around a cell (``RING`` order), whether it is on
    the side the cell leaves (the outside when it joins a region): does the flip keep
    both sides simply connected?  The cell must touch the side it goes to, and the cells
    it leaves that touch it by a side must lie in one run around the ring; otherwise that
    side would be cut in two, enclose a hole, or meet itself at a corner only."""
    if all(ring[i] for i in RING_SIDES):
        return False  # it would not touch the side it goes to
    runs = [-1] * 8
    label = -1
    start = next((i for i in range(8) if not ring[i]), 0)
    for k in range(1, 9):
        i = (start + k) % 8
        if ring[i]:
            if runs[(i - 1) % 8] == -1:
                label += 1
            runs[i] = label
    return len({runs[i] for i in RING_SIDES if ring[i]}) <= 1


STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""(row, column) step of each direction."""
DIRECTION_NAMES = ("north", "east", "south", "west")


class RectGrid:
    """Indices, neighbourhoods and names of an R x C board."""

    def __init__(self, rows: int, cols: int) -> None:
        if rows < 1 or cols < 1:
            raise ValueError(f"a grid needs at least one row and one column, not {cols}x{rows}")
        self.rows = rows
        self.cols = cols
        self.n_cells = rows * cols
        self.n_horizontal = rows * (cols - 1)
        self.n_edges = self.n_horizontal + (rows - 1) * cols
        self.n_dots = (rows + 1) * (cols + 1)
        R, C = rows, cols
        around: list[tuple[int, int, int, int]] = []
        for r in range(R):
            for c in range(C):
                n, e, s, w = (self.cell(r + dr, c + dc) for dr, dc in STEPS)
                around.append((n, e, s, w))
        self.around: tuple[tuple[int, int, int, int], ...] = tuple(around)
        """Per cell, the neighbour to the north, east, south and west (-1 off the board)."""
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(tuple(n for n in a if n >= 0) for a in around)
        """Per cell, its orthogonal neighbours on the board."""
        ends = [(r * C + c, r * C + c + 1) for r in range(R) for c in range(C - 1)]
        ends += [(r * C + c, (r + 1) * C + c) for r in range(R - 1) for c in range(C)]
        self.edge_cells: tuple[tuple[int, int], ...] = tuple(ends)
        """The two cells of each edge, the smaller index first."""
        self._edge_of = {pair: e for e, pair in enumerate(ends)}
        cell_edges: list[tuple[int, int, int, int]] = []
        for cell in range(self.n_cells):
            n, e, s, w = (self.edge_between(cell, nb) if nb >= 0 else -1 for nb in around[cell])
            cell_edges.append((n, e, s, w))
        self.cell_edges: tuple[tuple[int, int, int, int], ...] = tuple(cell_edges)
        """Per cell, the edge to the north, east, south and west neighbour (-1 off the board)."""
        self.links: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((e, n) for e, n in zip(self.cell_edges[cell], around[cell]) if e >= 0) for cell in range(self.n_cells)
        )
        """Per cell, ``(edge, neighbour)`` pairs: the adjacency ``find_bridges`` takes."""

    # -- cells ---------------------------------------------------------------------

    def cell(self, r: int, c: int) -> int:
        """The cell at 0-based (row, column), or -1 off the board."""
        return r * self.cols + c if 0 <= r < self.rows and 0 <= c < self.cols else -1

    def rc(self, cell: int) -> tuple[int, int]:
        """0-based (row, column) of a cell."""
        return divmod(cell, self.cols)

    def distance(self, a: int, b: int) -> int:
        """Steps between two cells, side by side (the Manhattan distance)."""
        (ra, ca), (rb, cb) = self.rc(a), self.rc(b)
        return abs(ra - rb) + abs(ca - cb)

    def name(self, cell: int) -> str:
        """``r2c3``: row 2, column 3, counted from 1 at the top left."""
        r, c = divmod(cell, self.cols)
        return f"r{r + 1}c{c + 1}"

    def names(self, cells: Sequence[int]) -> str:
        """Several cells in words: ``r1c1, r1c2 and r2c2``."""
        words = [self.name(c) for c in cells]
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]

    @cached_property
    def kings(self) -> tuple[tuple[int, ...], ...]:
        """Per cell, its up to eight neighbours (orthogonal and diagonal)."""
        out = []
        for cell in range(self.n_cells):
            r, c = self.rc(cell)
            near = (self.cell(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)
            out.append(tuple(n for n in near if n >= 0))
        return tuple(out)

    def step(self, cell: int, direction: int, distance: int = 1) -> int:
        """The cell ``distance`` steps away in ``direction``, or -1 off the board."""
        r, c = self.rc(cell)
        dr, dc = STEPS[direction]
        return self.cell(r + dr * distance, c + dc * distance)

    def ray(self, cell: int, direction: int) -> Iterator[int]:
        """The cells from ``cell`` (not included) to the board's edge in one direction (a
        range, not steps: Yajilin builds every arrow's ray per model)."""
        w, c = self.cols, cell % self.cols
        if direction % 2:
            return iter(range(cell + 1, cell - c + w) if direction == 1 else range(cell - 1, cell - c - 1, -1))
        return iter(range(cell - w, -1, -w) if direction == 0 else range(cell + w, self.n_cells, w))

    def sight(self, cell: int, blocked: Callable[[int], bool]) -> tuple[int, ...]:
        """The cells seen from ``cell`` along its row and column, up to the first blocked
        cell each way (Akari's light, Kurodoko's view); ``cell`` itself not included."""
        out: list[int] = []
        for direction in range(4):
            for other in self.ray(cell, direction):
                if blocked(other):
                    break
                out.append(other)
        return tuple(out)

    # -- rows, columns, segments, boxes ----------------------------------------------

    def row(self, r: int) -> tuple[int, ...]:
        return tuple(range(r * self.cols, (r + 1) * self.cols))

    def column(self, c: int) -> tuple[int, ...]:
        return tuple(range(c, self.n_cells, self.cols))

    @cached_property
    def lines(self) -> tuple[tuple[int, ...], ...]:
        """Every row (top to bottom), then every column (left to right)."""
        return tuple(self.row(r) for r in range(self.rows)) + tuple(self.column(c) for c in range(self.cols))

    def segments(self, blocked: Callable[[int], bool], *, min_length: int = 1) -> list[tuple[int, ...]]:
        """Maximal runs of unblocked cells in every row, then every column (Akari's lit
        stretches, Kakuro's entries); runs shorter than ``min_length`` are left out."""
        out: list[tuple[int, ...]] = []
        for line in self.lines:
            run: list[int] = []
            for cell in (*line, -1):
                if cell >= 0 and not blocked(cell):
                    run.append(cell)
                    continue
                if len(run) >= min_length and run:
                    out.append(tuple(run))
                run = []
        return out

    def runs(self, blocked: Callable[[int], bool]) -> tuple[list[tuple[int, ...]], list[int], list[int]]:
        """The runs of ``segments(blocked)`` (a lone cell is a run too), and per cell the index
        of its row run and of its column run (-1 for a blocked cell): what a cell sees along
        its row and column, as two runs shared by every cell in them (Akari's bulbs)."""
        out: list[tuple[int, ...]] = []
        lanes = ([-1] * self.n_cells, [-1] * self.n_cells)
        for index, line in enumerate(self.lines):
            lane = lanes[index >= self.rows]
            run: list[int] = []
            for cell in (*line, -1):
                if cell >= 0 and not blocked(cell):
                    run.append(cell)
                    lane[cell] = len(out)
                elif run:
                    out.append(tuple(run))
                    run = []
        return out, *lanes

    def boxes(self, height: int, width: int) -> tuple[tuple[int, ...], ...]:
        """The board cut into ``height`` x ``width`` boxes (Sudoku), row-major."""
        if self.rows % height or self.cols % width:
            raise ValueError(f"a {self.cols}x{self.rows} grid does not divide into {width}x{height} boxes")
        out = []
        for br in range(0, self.rows, height):
            for bc in range(0, self.cols, width):
                out.append(tuple(self.cell(br + r, bc + c) for r in range(height) for c in range(width)))
        return tuple(out)

    def rectangle(self, top: int, left: int, height: int, width: int) -> tuple[int, ...]:
        """The cells of a rectangle (Shikaku), or () when it leaves the board."""
        if top < 0 or left < 0 or top + height > self.rows or left + width > self.cols:
            return ()
        return tuple(self.cell(top + r, left + c) for r in range(height) for c in range(width))

    # -- edges ----------------------------------------------------------------------

    def edge_between(self, a: int, b: int) -> int:
        """The edge between two orthogonal neighbours, or -1 when they are not neighbours."""
        return self._edge_of.get((a, b) if a < b else (b, a), -1)

    def edge_name(self, edge: int) -> str:
        """``r1c1–r1c2``: an edge by its two cells."""
        a, b = self.edge_cells[edge]
        return f"{self.name(a)}–{self.name(b)}"

    def is_horizontal(self, edge: int) -> bool:
        """Does the edge join two cells of one row (a vertical wall between them)?"""
        return edge < self.n_horizontal

    @cached_property
    def loop(self) -> LoopGraph:
        """The cells as nodes and the edges as links, for loop genres (``add_single_loop``)."""
        return LoopGraph(self.n_cells, self.edge_cells, self.name, self.edge_name)

    # -- dots -----------------------------------------------------------------------

    def dot(self, r: int, c: int) -> int:
        """The dot at the top-left corner of (r, c); ``r`` up to R and ``c`` up to C."""
        return r * (self.cols + 1) + c if 0 <= r <= self.rows and 0 <= c <= self.cols else -1

    def cell_dots(self, cell: int) -> tuple[int, int, int, int]:
        """A cell's corners: top-left, top-right, bottom-right, bottom-left."""
        r, c = self.rc(cell)
        return (self.dot(r, c), self.dot(r, c + 1), self.dot(r + 1, c + 1), self.dot(r + 1, c))

    def dot_name(self, dot: int) -> str:
        """A dot as the corner of a cell: ``top-left corner of r2c3`` (the last row and
        column use the bottom and right corners)."""
        r, c = divmod(dot, self.cols + 1)
        vertical, dr = ("bottom", 1) if r == self.rows else ("top", 0)
        horizontal, dc = ("right", 1) if c == self.cols else ("left", 0)
        return f"{vertical}-{horizontal} corner of {self.name(self.cell(r - dr, c - dc))}"

    # -- regions --------------------------------------------------------------------

    def pieces(self, inside: Callable[[int], bool]) -> list[list[int]]:
        """The orthogonally connected pieces of the cells where ``inside`` holds, each
        sorted, in order of their smallest cell (a flood fill)."""
        seen = [False] * self.n_cells
        out: list[list[int]] = []
        for start in range(self.n_cells):
            if seen[start] or not inside(start):
                continue
            seen[start] = True
            piece, stack = [], [start]
            while stack:
                cell = stack.pop()
                piece.append(cell)
                for n in self.neighbours[cell]:
                    if not seen[n] and inside(n):
                        seen[n] = True
                        stack.append(n)
            out.append(sorted(piece))
        return out

    def flip_keeps_simple(self, inside: Container[int], cell: int) -> bool:
        """Does ``cell`` joining (or, if in it, leaving) the region ``inside`` keep it one
        piece with no hole and no diagonal pinch, so that its boundary stays one simple
        loop?  ``inside`` must be such a region already (the off-board counts as outside).

        Decided on the eight cells around ``cell``, in constant time: the cells of the
        side ``cell`` goes to (the outside when it joins, the region when it leaves) that
        touch it by a side must lie in one run around that ring, and it must touch that
        side at all.  Otherwise the other side would be cut in two, or enclose a hole, or
        meet itself at a corner only.  The region must not vanish: its last cell stays."""
        leaving = cell in inside
        r, c = divmod(cell, self.cols)
        rows, cols = self.rows, self.cols
        ring = []  # per ring cell: on the side ``cell`` leaves (the outside when it joins)
        for dr, dc in RING:
            rr, cc = r + dr, c + dc
            is_in = 0 <= rr < rows and 0 <= cc < cols and rr * cols + cc in inside
            ring.append(is_in == leaving)
        if leaving and not any(ring[i] for i in RING_SIDES):
            return False  # the region's last cell
        return ring_keeps_simple(ring)

    def flips_keep_simple(self, inside: set[int], cells: Iterable[int]) -> bool:
        """Does flipping every one of ``cells`` (joining the region ``inside``, or leaving it)
        keep it one piece with no hole and no diagonal pinch, so that its boundary stays one
        simple loop?  ``inside`` must be such a region already; it is given back unchanged.

        Flip by flip first (``flip_keeps_simple`` at each step, so constant time a cell);
        when a step fails, the flipped region is checked on the whole board, since two
        cells may be simple together and not alone (corner to corner, say)."""
        order = sorted(set(cells))
        done: list[int] = []
        for cell in order:
            if not self.flip_keeps_simple(inside, cell):
                break
            inside.symmetric_difference_update((cell,))
            done.append(cell)
        inside.symmetric_difference_update(done)  # the region as it was
        if len(done) == len(order):
            return True
        region = inside.symmetric_difference(order)
        if len(self.pieces(region.__contains__)) != 1:
            return False  # in pieces, or gone
        rows, cols = self.rows, self.cols

        def on_edge(cell: int) -> bool:
            r, c = divmod(cell, cols)
            return r in (0, rows - 1) or c in (0, cols - 1)

        if not all(any(map(on_edge, piece)) for piece in self.pieces(lambda cell: cell not in region)):
            return False  # a hole: outside cells the off-board does not reach
        for cell in order:  # a pinch can only be where a cell flipped
            r, c = divmod(cell, cols)
            for top in (r - 1, r):
                for left in (c - 1, c):
                    a, b, d, e = (
                        0 <= rr < rows and 0 <= cc < cols and rr * cols + cc in region
                        for rr, cc in ((top, left), (top, left + 1), (top + 1, left), (top + 1, left + 1))
                    )
                    if a == e and b == d and a != b:
                        return False
        return True

    def blocks(self, height: int = 2, width: int = 2) -> list[tuple[int, ...]]:
        """Every ``height`` x ``width`` block of cells, row-major by its top-left cell (the
        2x2 blocks a Nurikabe pool would fill)."""
        rows, cols = range(self.rows - height + 1), range(self.cols - width + 1)
        return [self.rectangle(top, left, height, width) for top in rows for left in cols]

    def has_block(self, inside: Callable[[int], bool], height: int = 2, width: int = 2) -> tuple[int, ...]:
        """The first ``height`` x ``width`` block made only of ``inside`` cells (a 2x2 pool
        of Nurikabe sea), or () when there is none."""
        for top in range(self.rows - height + 1):
            for left in range(self.cols - width + 1):
                block = self.rectangle(top, left, height, width)
                if all(inside(c) for c in block):
                    return block
        return ()

    def __repr__(self) -> str:
        return f"RectGrid({self.rows}, {self.cols})"

    def __eq__(self, other: object) -> bool:
        """Grids of one shape are one grid (a board's equality compares its grid so)."""
        return isinstance(other, RectGrid) and (self.rows, self.cols) == (other.rows, other.cols)

    def __hash__(self) -> int:
        return hash((self.rows, self.cols))
