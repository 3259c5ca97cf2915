"""Cell connectivity for shading genres: one colour stays connected, regions hold one clue.

Each cell has a boolean variable (``cell_vars[cell]``, -1 for a cell that is
never of the colour watched, a wall say); ``value`` is the colour a rule is
about (``1``: shaded, ``0``: unshaded).  A cell "may" be that colour while its
domain still allows ``value``, and "is" it once fixed to it.

- ``StaysConnected``: the cells of the colour form one orthogonally connected
  piece (Nurikabe's sea, Heyawake's white cells).  Cells that cannot reach the
  fixed ones take the other colour; a cell whose loss would cut fixed cells
  apart (an articulation point of the "may" graph) is forced to the colour.
- ``OneClueRegions``: every piece of the colour holds exactly one clue cell,
  and with ``sized`` as many cells as the clue says (Nurikabe's islands).  A
  cell touching two pieces with clues, or out of every clue's reach, takes the
  other colour; a finished piece is walled in; a piece with one way out grows.
- ``reach``: distances from some cells through cells that may be the colour.

Both are pure functions of the domains (no incremental state), so they need no
undo, and both are exact about what they claim (sound for any genre using them).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import Propagator, Rule
from puzzlekit.grid.topology import RectGrid


def reach(
    grid: RectGrid,
    may: Sequence[bool],
    starts: Iterable[int],
    limit: int | None = None,
    blocked: Sequence[bool] | None = None,
) -> dict[int, int]:
    """Cells reachable from ``starts`` (distance 0) through cells where ``may`` holds and
    ``blocked`` does not, within ``limit`` steps: cell -> steps."""
    dist = {s: 0 for s in starts}
    queue = deque(dist)
    neighbours = grid.neighbours
    while queue:
        cell = queue.popleft()
        d = dist[cell] + 1
        if limit is not None and d > limit:
            continue
        for n in neighbours[cell]:
            if n not in dist and may[n] and (blocked is None or not blocked[n]):
                dist[n] = d
                queue.append(n)
    return dist


def _reach_for(
    neighbours: Sequence[Sequence[int]], may: list[bool], owner: list[int], clue: int, starts: list[int], limit: int
) -> dict[int, int]:
    """``reach`` for one clue's region: through cells that may be the colour and that no
    other clue's region holds or touches (the hot loop of ``OneClueRegions``)."""
    dist = dict.fromkeys(starts, 0)
    frontier = list(starts)
    d = 0
    while frontier and (limit < 0 or d < limit):
        d += 1
        nxt = []
        for cell in frontier:
            for n in neighbours[cell]:
                if n not in dist and may[n] and owner[n] in (-1, clue):
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return dist


class _CellRule(Propagator):
    __slots__ = ("rule", "grid", "cell_vars", "value", "bit", "other", "watches")

    def __init__(self, rule: Rule, grid: RectGrid, cell_vars: Sequence[int], value: int) -> None:
        if len(cell_vars) != grid.n_cells:
            raise ValueError(f"cell_vars has {len(cell_vars)} entries for {grid.n_cells} cells")
        self.rule = rule
        self.grid = grid
        self.cell_vars = tuple(cell_vars)
        self.value = value
        self.bit = 1 << value
        self.other = 1 << (1 - value)
        self.watches = tuple(v for v in cell_vars if v >= 0)

    def _states(self, dom: Sequence[int]) -> tuple[list[bool], list[bool]]:
        """Per cell: may it be the colour, and is it fixed to it?"""
        bit = self.bit
        may = [v >= 0 and bool(dom[v] & bit) for v in self.cell_vars]
        fixed = [v >= 0 and dom[v] == bit for v in self.cell_vars]
        return may, fixed

    def _set(self, engine: Engine, cell: int, mask: int, note: str) -> bool:
        return engine.set(self.cell_vars[cell], mask, self.watches, note)

    def explain(self, var: int, mask: int, note: object) -> str:
        return str(note) if note else self.rule.summary


class StaysConnected(_CellRule):
    """The cells of colour ``value`` form one connected piece."""

    def propagate(self, engine: Engine) -> bool:
        may, fixed = self._states(engine.dom)
        grid = self.grid
        roots = [c for c in range(grid.n_cells) if fixed[c]]
        if not roots:
            return True
        root = roots[0]
        # Iterative DFS from a fixed cell over the "may" graph: reachability and articulation points.
        n = grid.n_cells
        disc = [0] * n
        low = [0] * n
        holds = [0] * n  # fixed cells in each DFS subtree
        parent = [-1] * n
        cursor = [0] * n
        cuts: set[int] = set()
        timer = 1
        disc[root] = low[root] = timer
        holds[root] = 1
        stack = [root]
        neighbours = grid.neighbours
        while stack:
            u = stack[-1]
            links = neighbours[u]
            if cursor[u] < len(links):
                w = links[cursor[u]]
                cursor[u] += 1
                if not may[w] or w == parent[u]:
                    continue
                if disc[w]:
                    if disc[w] < low[u]:
                        low[u] = disc[w]
                else:
                    timer += 1
                    disc[w] = low[w] = timer
                    holds[w] = 1 if fixed[w] else 0
                    parent[w] = u
                    stack.append(w)
                continue
            stack.pop()
            p = parent[u]
            if p >= 0:
                if low[u] < low[p]:
                    low[p] = low[u]
                holds[p] += holds[u]
                # Cutting p off separates u's subtree (holding a fixed cell) from the root (fixed).
                if p != root and low[u] >= disc[p] and holds[u] and not fixed[p]:
                    cuts.add(p)
        for c in roots:
            if not disc[c]:
                return False  # two fixed cells of the colour that can never meet
        for c in range(n):
            if may[c] and not disc[c] and not self._set(engine, c, self.other, f"{grid.name(c)} cannot join the rest"):
                return False
        for c in sorted(cuts):
            if not self._set(engine, c, self.bit, f"{grid.name(c)} is the only link between parts that must join"):
                return False
        return True


class OneClueRegions(_CellRule):
    """Every piece of colour ``value`` holds exactly one clue; with ``sized``, as many
    cells as its clue's number."""

    __slots__ = ("clues", "sized")

    def __init__(
        self, rule: Rule, grid: RectGrid, cell_vars: Sequence[int], value: int, clues: Mapping[int, int], sized: bool
    ) -> None:
        super().__init__(rule, grid, cell_vars, value)
        self.clues = dict(clues)
        self.sized = sized

    def propagate(self, engine: Engine) -> bool:
        # Its own narrowings do not wake it, so it runs passes until one changes nothing.
        while True:
            mark = engine.mark()
            if not self._pass(engine):
                return False
            if engine.mark() == mark:
                return True

    def _pass(self, engine: Engine) -> bool:
        grid = self.grid
        may, fixed = self._states(engine.dom)
        for cell in self.clues:
            if not fixed[cell]:  # a clue cell is of the colour
                if not may[cell] or not self._set(engine, cell, self.bit, f"{grid.name(cell)} holds a clue"):
                    return False
                fixed[cell] = True
        # The pieces of fixed cells (a flood fill fused with the clue count), and each one's clue.
        neighbours, clues = grid.neighbours, self.clues
        piece_of = [-1] * grid.n_cells
        pieces: list[list[int]] = []
        clue_of: list[int] = []  # per piece, its clue cell (-1 none)
        for start in range(grid.n_cells):
            if piece_of[start] >= 0 or not fixed[start]:
                continue
            index = len(pieces)
            piece_of[start] = index
            piece, stack, clue = [start], [start], -1
            while stack:
                cell = stack.pop()
                if cell in clues:
                    if clue >= 0:
                        return False  # two clues joined in one region
                    clue = cell
                for n in neighbours[cell]:
                    if piece_of[n] < 0 and fixed[n]:
                        piece_of[n] = index
                        piece.append(n)
                        stack.append(n)
            if clue >= 0 and self.sized and len(piece) > clues[clue]:
                return False
            pieces.append(piece)
            clue_of.append(clue)
        # owner[c]: the one clue whose piece holds c or touches it; -1 none, -2 several.
        n_cells = grid.n_cells
        owner = [-1] * n_cells
        for c in range(n_cells):
            if piece_of[c] >= 0 and clue_of[piece_of[c]] >= 0:
                clue = clue_of[piece_of[c]]
                for x in (c, *neighbours[c]):
                    owner[x] = clue if owner[x] in (-1, clue) else -2
        for c in range(n_cells):
            if owner[c] == -2 and may[c] and not fixed[c]:
                if not self._set(engine, c, self.other, f"{grid.name(c)} would join two regions that each hold a clue"):
                    return False
                may[c] = False
        reached = [False] * n_cells
        for index, piece in enumerate(pieces):
            clue = clue_of[index]
            if clue < 0:
                continue
            room = self.clues[clue] - len(piece) if self.sized else None
            dist = _reach_for(neighbours, may, owner, clue, piece, -1 if room is None else room)
            for c in dist:
                reached[c] = True
            if room is None:
                continue
            if len(dist) < self.clues[clue] and not self._grows_enough(dist, pieces, piece_of, clue_of, clue):
                return False
            if room == 0:
                for c in piece:
                    for n in grid.neighbours[c]:
                        if may[n] and not fixed[n]:
                            if not self._set(engine, n, self.other, f"the region of {grid.name(clue)} is complete"):
                                return False
                            may[n] = False
            elif not self._grow(engine, piece, may, fixed, clue):
                return False
        for c in range(grid.n_cells):
            if may[c] and not reached[c]:
                if fixed[c]:
                    return False  # a region that can reach no clue
                if not self._set(engine, c, self.other, f"no clue's region can reach {grid.name(c)}"):
                    return False
        return True

    def _grows_enough(
        self, dist: Mapping[int, int], pieces: list[list[int]], piece_of: list[int], clue_of: list[int], clue: int
    ) -> bool:
        """Within reach, counting clueless pieces it would swallow whole, are there enough cells?"""
        cells = set(dist)
        for c in list(cells):
            if piece_of[c] >= 0 and clue_of[piece_of[c]] == -1:
                cells.update(pieces[piece_of[c]])
        return len(cells) >= self.clues[clue]

    def _grow(self, engine: Engine, piece: list[int], may: list[bool], fixed: list[bool], clue: int) -> bool:
        """A region short of cells with a single open cell around it must take that cell."""
        frontier = {n for c in piece for n in self.grid.neighbours[c] if may[n] and not fixed[n]}
        if not frontier:
            return False
        if len(frontier) == 1:
            (cell,) = frontier
            note = f"the region of {self.grid.name(clue)} can only grow through {self.grid.name(cell)}"
            return self._set(engine, cell, self.bit, note)
        return True


__all__ = ["OneClueRegions", "StaysConnected", "reach"]


class NotAll(Propagator):
    """The cells are not all of colour ``value`` (Nurikabe's 2x2 pool, LITS's 2x2 block):
    when all but one are, the last takes the other colour."""

    __slots__ = ("rule", "watches", "value")

    def __init__(self, rule: Rule, cells: Sequence[int], value: int = 1) -> None:
        self.rule, self.watches, self.value = rule, tuple(cells), value

    def propagate(self, engine: Engine) -> bool:
        mask = 1 << self.value
        coloured = [v for v in self.watches if engine.dom[v] == mask]
        if len(coloured) < len(self.watches) - 1:
            return True
        others = [v for v in self.watches if v not in coloured]
        return len(others) == 1 and all(engine.set(v, ~mask & 0b11, coloured) for v in others)
