"""A loop through every cell that is not shaded (Yajilin, Koburin, Yajikazu): the cells
of ``open_cells`` are each shaded or passed by one loop through cell centres, shaded
cells never touch side by side, the other cells (clues) are neither.  Variables: edge
``e`` is variable ``e`` (``RectGrid.loop``'s edges), cell c's shading is ``grid.n_edges + c``
(TRUE shaded).  The genre adds its clues' rules on the shading variables.

- ``shaded_loop_domains(grid, open_cells)``: the first domains (a clue's edges crossed, its
  shading off);
- ``add_shaded_loop(model, grid, open_cells, solves, rules)``: the single loop (degrees, no
  early loop, reach), ``LoopOrShaded`` per open cell, ``Apart`` for the shading; the loop
  may close when ``solves`` accepts the full assignment it makes;
- ``shaded_loop_violations(grid, values, open_cells)``: the judge of those rules;
- ``shaded_loop_cnf(grid, open_cells)``: their clauses (``Cnf`` to add counts to), loops
  cut by ``shaded_loop_refine``;
- ``shaded_loop_places(canvas, domains, open_cells)``: ``Genre.places`` for the browser,
  the edges and the open cells both clickable;
- ``planted_shaded_loop(grid, rng, share)``: a generator's start, a random loop and the
  cells off it, shaded apart in random order where they can be;
- ``cells_left_open(model, grid, cap, deadline)``: the cells deduction capped at ``cap``
  leaves open (a generator repairs there, where counting to two would cost a search).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from puzzlekit.core.loops import add_single_loop, loop_violations
from puzzlekit.core.model import BOOL, FALSE, TRUE, Model, Rule, Violation
from puzzlekit.core.rng import Rng
from puzzlekit.engines.encoding import Clause, Cnf, exactly, loop_cuts
from puzzlekit.genre import Place
from puzzlekit.grid.paths import LoopOrShaded, edge_places, random_loop
from puzzlekit.grid.shading import add_apart, apart_clauses, left_open, touching_pairs
from puzzlekit.grid.topology import RectGrid
from puzzlekit.pictures.cells import CellSvg


def shaded_loop_domains(grid: RectGrid, open_cells: Sequence[bool]) -> list[int]:
    """Edges then shadings: a cell that is not open (a clue) has no line and no shading."""
    closed = {e for c in range(grid.n_cells) if not open_cells[c] for e in grid.loop.node_edges[c]}
    return [FALSE if e in closed else BOOL for e in range(grid.n_edges)] + [BOOL if o else FALSE for o in open_cells]


def add_shaded_loop(
    model: Model,
    grid: RectGrid,
    open_cells: Sequence[bool],
    solves: Callable[[list[int]], bool],
    rules: tuple[Rule, Rule, Rule, Rule, Rule],
) -> None:
    """The rules (degree, early loop, reach, loop or shaded, apart) on ``model``, whose
    domains are ``shaded_loop_domains``; closing the loop is allowed when the assignment
    it finishes (every open cell off the loop shaded) fits the domains and ``solves``."""
    degree, early, reach, either, apart = rules
    n = grid.n_edges

    def finishes(dom: list[int], edge: int) -> bool:
        values = [1 if d == TRUE or e == edge else 0 for e, d in enumerate(dom[:n])]
        on = [any(values[e] for e in grid.loop.node_edges[c]) for c in range(grid.n_cells)]
        shading = [int(open_cells[c] and not on[c]) for c in range(grid.n_cells)]
        return all(dom[n + c] & (TRUE if s else FALSE) for c, s in enumerate(shading)) and solves(values + shading)

    add_single_loop(model, grid.loop, finishes, rules=(degree, early, reach))
    for c in range(grid.n_cells):
        if open_cells[c]:
            model.add(LoopOrShaded(either, grid.loop, c, n + c))
    add_apart(model.add, apart, grid, [n + c if open_cells[c] else -1 for c in range(grid.n_cells)])


def shaded_loop_violations(grid: RectGrid, values: Sequence[int], open_cells: Sequence[bool]) -> list[Violation]:
    """One loop through every open cell not shaded (``loop_violations``), no line on a
    shaded cell or a clue (``line-on-shaded``), no shaded clue, no two shaded cells side by
    side (``touching``), judged from a full assignment."""
    n = grid.n_edges
    shaded = [bool(values[n + c]) for c in range(grid.n_cells)]
    found = loop_violations(grid.loop, values[:n], [o and not s for o, s in zip(open_cells, shaded)])
    for c in range(grid.n_cells):
        where, edges = grid.name(c), tuple(grid.loop.node_edges[c])
        if (shaded[c] or not open_cells[c]) and any(values[e] for e in edges):
            what = f"the shaded cell {where}" if open_cells[c] else f"the clue at {where}"
            found.append(Violation("line-on-shaded", f"a line passes {what}", edges, cells=(c,)))
        if shaded[c] and not open_cells[c]:
            found.append(Violation("shaded-clue", f"the clue at {where} is shaded", (n + c,), cells=(c,)))
    for a, b in touching_pairs(grid, lambda c: shaded[c]):
        found.append(Violation("touching", f"two shaded cells touch at {grid.names((a, b))}", (n + a, n + b)))
    return found


def shaded_loop_cnf(grid: RectGrid, open_cells: Sequence[bool]) -> Cnf:
    """Degrees 0 or 2, a line unshades, an unshaded open cell has a line, a clue bare,
    shaded cells apart, at least one line (as the judge and the propagators ask: a board
    all shaded and clues is no answer); SAT variable ``v + 1`` for variable ``v``."""
    n = grid.n_edges
    cnf = Cnf(n + grid.n_cells)
    for c in range(grid.n_cells):
        edges, s = [e + 1 for e in grid.loop.node_edges[c]], n + c + 1
        if open_cells[c]:
            cnf.add(*exactly(edges, [0, 2]), *([-e, -s] for e in edges), [s, *edges])
        else:
            cnf.add(*([-e] for e in edges), [-s])
    cnf.add(*apart_clauses(grid, lambda c: n + c + 1), [e + 1 for e in range(n)])
    return cnf


def shaded_loop_refine(grid: RectGrid) -> Callable[[list[int]], list[Clause]]:
    """The lazy cuts of several loops, for ``Cnf.encoding``."""
    return lambda values: loop_cuts(grid.loop, values)


def shaded_loop_places(canvas: CellSvg, domains: Sequence[int], open_cells: Sequence[bool]) -> list[Place]:
    """The edges as ``paths.edge_places`` (a click draws a line, then crosses it), then each
    open cell as the middle half of its square, on top of them (a click shades it, then
    marks it not).  The edges' diamonds tile the board, so a whole square per cell would
    hide them, or be hidden under them; a cell's middle leaves each edge's middle free."""
    n, quarter = canvas.grid.n_edges, canvas.unit / 4
    out = edge_places(canvas, domains)
    for c in range(canvas.grid.n_cells):
        if open_cells[c]:
            x, y = canvas.corner(c)
            a, b = (x + quarter, y + quarter), (x + 3 * quarter, y + 3 * quarter)
            marks = (BOOL, TRUE, FALSE) if domains[n + c] == BOOL else (domains[n + c],)
            out.append(Place(n + c, marks, (a, (b[0], a[1]), b, (a[0], b[1]))))
    return out


def planted_shaded_loop(grid: RectGrid, rng: Rng, share: float) -> tuple[list[int], list[int], set[int]]:
    """A random loop (``paths.random_loop`` to ``share``), the cells off it (in random order,
    then those with the fewest off neighbours first), and those of them shaded, each where
    no shaded cell touches it yet: a solution to put clues on (the off cells not shaded).
    The order shades more cells than a random one: a 20x20 Yajilin needs trial (hard) about
    ten times as often."""
    loop = random_loop(grid, rng, share)
    off = [c for c in range(grid.n_cells) if not any(loop[e] for e in grid.loop.node_edges[c])]
    rng.shuffle(off)
    offs = set(off)  # fewest off neighbours first, so more get shaded: fewer clues, harder boards
    off.sort(key=lambda c: sum(y in offs for y in grid.neighbours[c]))
    shaded: set[int] = set()
    for c in off:
        if not shaded.intersection(grid.neighbours[c]):
            shaded.add(c)
    return loop, off, shaded


def cells_left_open(model: Model, grid: RectGrid, cap: int, deadline: float | None = None) -> set[int]:
    """The cells whose shading or a line ``shading.left_open`` leaves open on ``model``
    (built round a planted solution): where a generator repairs its clues."""
    n, out = grid.n_edges, set[int]()
    for v in left_open(model, cap, deadline):
        out.update(grid.edge_cells[v] if v < n else (v - n,))
    return out
