"""Paths through cell centres: lines between neighbouring cells (``RectGrid.loop``'s edges)
that join pairs of numbered cells, never branching, crossing or closing into a loop.

Numberlink is the first user; any genre whose answer is lines through cells (paths between
given ends, a loop through chosen cells) reuses the parts:

- ``CellDegree`` (rung 1): the lines at a cell number one of its allowed degrees (one at a
  path's end, none or two elsewhere);
- ``PathEnds`` and ``PathLink`` (rung 1, incremental): every cell knows the far end of its
  chain of lines and the label (number) the chain carries, in aux slots the engine's trail
  undoes; a line that would close a loop, or join two different labels, is crossed;
- ``PairReach`` (rung 2): each unfinished pair's two chain ends must still meet through
  cells no other pair owns; an edge that no pair can use is crossed;
- ``path_violations``: acceptance of a full assignment, apart from the propagators;
- ``path_encoding``: the same rules as CNF (labels one-hot per cell, loops cut lazily);
- ``read_drawn``/``write_drawn``: level text of cell tokens with ``-`` and ``|`` lines between;
- ``draw_lines``: the lines on a ``CellSvg`` or ``CellText``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise

from puzzlekit.core.engine import Engine
from puzzlekit.core.loops import LoopGraph, line_pieces
from puzzlekit.core.model import BOOL, EVERY, FALSE, TRUE, Model, Propagator, Rule, Violation
from puzzlekit.core.rng import Rng
from puzzlekit.engines.encoding import Clause, Cnf, SatEncoding, exactly
from puzzlekit.formats.level import Block, is_number
from puzzlekit.genre import Place
from puzzlekit.grid.pergrid import grid_of
from puzzlekit.grid.text import read_grid, write_grid
from puzzlekit.grid.topology import RectGrid
from puzzlekit.pictures.cells import CellSvg, CellText
from puzzlekit.pictures.textgrid import junction
from puzzlekit.pictures.theme import Tone

CELL_DEGREE = Rule("cell-degree", 1, "A number has one line; any other cell has two lines or none.")
PATH_LINK = Rule("path-link", 1, "A line never closes a loop, and never joins the paths of two different numbers.")
PAIR_REACH = Rule("pair-reach", 2, "Each pair's path must still get through: a line no pair can reach is crossed.")


class CellDegree(Propagator):
    """The lines at ``cell`` number one of ``degrees`` (e.g. ``(1,)`` or ``(0, 2)``)."""

    __slots__ = ("rule", "graph", "cell", "degrees", "watches")

    def __init__(self, rule: Rule, graph: LoopGraph, cell: int, degrees: Sequence[int]) -> None:
        self.rule = rule
        self.graph = graph
        self.cell = cell
        self.degrees = tuple(sorted(degrees))
        self.watches = graph.node_edges[cell]

    def propagate(self, engine: Engine) -> bool:
        dom, edges = engine.dom, self.watches
        on = sum(1 for e in edges if dom[e] == TRUE)
        unknown = sum(1 for e in edges if dom[e] == BOOL)
        fits = [d for d in self.degrees if on <= d <= on + unknown]
        if not fits:
            return False
        if not unknown:
            return True
        value = FALSE if fits[-1] == on else TRUE if fits[0] == on + unknown else BOOL
        if value == BOOL:
            return True
        note = (on, tuple(fits))
        return all(dom[e] != BOOL or engine.set(e, value, edges, note) for e in edges)

    def explain(self, var: int, mask: int, note: object) -> str:
        where = self.graph.node_name(self.cell)
        on, _ = note if isinstance(note, tuple) else (0, ())
        if self.degrees == (1,):
            if mask == FALSE:
                return f"{where} is a path's end and already has its line"
            return f"{where} is a path's end and this is its only way out"
        if mask == FALSE:
            if on:
                return f"two lines already meet at {where}"
            return f"only one way is open at {where}, and a line cannot end there"
        return f"the line reaching {where} can only go on one way"


class PathEnds:
    """Chains of lines in aux slots: ``mate[c]`` is c itself for a cell without lines,
    the far end of its chain for a chain's end, -1 inside a chain; ``label[c]`` (read at
    ends and bare cells) is the chain's label, 0 for none."""

    def __init__(self, model: Model, graph: LoopGraph, labels: Sequence[int]) -> None:
        self.graph = graph
        self.labels = tuple(labels)
        self.adjacent = graph.adjacent
        self.mate = model.add_state(range(graph.n_nodes))
        self.label = model.add_state(self.labels)


class PathLink(Propagator):
    """One edge: keeps the chains up to date when it becomes a line, and crosses the
    edges at the new chain's ends that would close it or join another label."""

    __slots__ = ("rule", "ends_state", "edge", "ends", "watches", "names")

    def __init__(self, rule: Rule, state: PathEnds, edge: int, names: Callable[[int], str]) -> None:
        self.rule = rule
        self.ends_state = state
        self.edge = edge
        self.ends = state.graph.ends[edge - state.graph.first_var]
        self.watches = (edge,)
        self.names = names
        """A label in words ("the 3")."""

    def propagate(self, engine: Engine) -> bool:
        dom, aux, st = engine.dom, engine.aux, self.ends_state
        d = dom[self.edge]
        if d == FALSE:
            return True
        MATE, LABEL = st.mate, st.label
        u, w = self.ends
        mu, mw = aux[MATE + u], aux[MATE + w]
        if d == BOOL:  # the first run: two cells of different numbers side by side
            lu, lw = aux[LABEL + u], aux[LABEL + w]
            if mu >= 0 and mw >= 0 and lu and lw and lu != lw:
                return engine.set(self.edge, FALSE, (), ("different", lu, lw))
            return True
        if mu < 0 or mw < 0 or mu == w:
            return False  # a third line at a cell, or a loop
        lu, lw = aux[LABEL + u], aux[LABEL + w]
        if lu and lw and lu != lw:
            return False
        label = lu or lw
        if mu != u:
            engine.put(MATE + u, -1)
        if mw != w:
            engine.put(MATE + w, -1)
        engine.put(MATE + mu, mw)
        engine.put(MATE + mw, mu)
        engine.put(LABEL + mu, label)
        engine.put(LABEL + mw, label)
        for end, other in ((mu, mw), (mw, mu)):
            for e, y in st.adjacent[end]:
                if dom[e] != BOOL:
                    continue
                my = aux[MATE + y]
                if my < 0:
                    continue  # y is inside a chain: its degree crosses e
                if y == other:
                    note: tuple[object, ...] = ("loop",)
                else:
                    ly = aux[LABEL + y]
                    if not (label and ly and ly != label):
                        continue
                    note = ("different", label, ly)
                if not engine.set(e, FALSE, (self.edge,), note):
                    return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        edge = self.ends_state.graph.edge_name(var)
        if isinstance(note, tuple) and note[0] == "different":
            return f"a line on {edge} would join {self.names(note[1])}'s path to {self.names(note[2])}'s"
        return f"a line on {edge} would close a loop, and every line belongs to a path between two numbers"


class PairReach(Propagator):
    """Each unfinished pair's two open chain ends still meet: directly, or through one
    piece of free cells (cells no numbered chain holds, joined by open edges).  An edge
    that no pair can use is crossed; a line no pair can use, or a pair that cannot meet,
    is a contradiction.  Linear in the board per run."""

    watches = EVERY
    __slots__ = ("rule", "ends_state", "pairs", "names")

    def __init__(
        self, rule: Rule, state: PathEnds, pairs: Mapping[int, tuple[int, int]], names: Callable[[int], str]
    ) -> None:
        self.rule = rule
        self.ends_state = state
        self.pairs = dict(pairs)
        """Label -> its two numbered cells."""
        self.names = names

    def propagate(self, engine: Engine) -> bool:
        dom, st = engine.dom, self.ends_state
        graph, adjacent = st.graph, st.adjacent
        n = graph.n_nodes
        owner = list(st.labels)  # the label whose numbered chain holds the cell (numbers first)
        open_ends: dict[int, tuple[int, int]] = {}
        for label, (a, b) in self.pairs.items():
            ends = []
            for start in (a, b):
                prev, cell = -1, start
                while True:  # a plain loop, not next(genexpr): this walk is a third of the run
                    owner[cell] = label
                    step = -1
                    for e, y in adjacent[cell]:
                        if y != prev and dom[e] == TRUE:
                            step = y
                            break
                    if step < 0:
                        break
                    prev, cell = cell, step
                ends.append(cell)
            if ends[0] != b:  # not joined yet
                open_ends[label] = (ends[0], ends[1])
        piece = [-1] * n  # free cells' pieces
        count = 0
        for start in range(n):
            if owner[start] or piece[start] >= 0:
                continue
            piece[start] = count
            todo = [start]
            pop, push = todo.pop, todo.append
            while todo:
                for e, y in adjacent[pop()]:
                    if piece[y] < 0 and not owner[y] and dom[e] != FALSE:
                        piece[y] = count
                        push(y)
            count += 1
        usable = [False] * count  # a piece some pair can pass through
        meets: set[tuple[int, int]] = set()  # (label, piece) and direct meetings
        for label, (x, z) in open_ends.items():
            near_x = {piece[y] for e, y in adjacent[x] if dom[e] != FALSE and not owner[y]}
            near_z = {piece[y] for e, y in adjacent[z] if dom[e] != FALSE and not owner[y]}
            through = near_x & near_z
            direct = any(y == z and dom[e] != FALSE for e, y in adjacent[x])
            if not through and not direct:
                return False  # the pair cannot meet
            for p in through:
                usable[p] = True
                meets.add((label, p))
        for var, (u, w) in zip(graph.edge_vars, graph.ends):
            d = dom[var]
            if d == FALSE:
                continue
            ou, ow = owner[u], owner[w]
            if ou and ow:
                ok = ou == ow and (d == TRUE or (ou in open_ends and {u, w} == set(open_ends[ou])))
            elif ou or ow:
                label, cell, free = (ou, u, w) if ou else (ow, w, u)
                ok = label in open_ends and cell in open_ends[label] and (label, piece[free]) in meets
            else:
                ok = usable[piece[u]]
            if not ok and (d == TRUE or not engine.set(var, FALSE, (), "unreachable")):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        edge = self.ends_state.graph.edge_name(var)
        return f"no pair's path can reach {edge}: it lies where no two matching numbers can meet through it"


def add_paths(
    model: Model,
    grid: RectGrid,
    numbers: Mapping[int, int],
    names: Callable[[int], str],
    rules: tuple[Rule, Rule, Rule] = (CELL_DEGREE, PATH_LINK, PAIR_REACH),
) -> PathEnds:
    """Declare "the lines are paths joining equal numbers" on ``grid``'s edges (variables
    ``0..n_edges-1``): ``numbers`` maps a cell to its label (> 0), ``names`` a label to
    words.  Every label should sit on exactly two cells (else no solution)."""
    graph = grid.loop
    degree, link, reach = rules
    for cell in range(grid.n_cells):
        model.add(CellDegree(degree, graph, cell, (1,) if cell in numbers else (0, 2)))
    state = PathEnds(model, graph, [numbers.get(c, 0) for c in range(grid.n_cells)])
    for var in graph.edge_vars:
        model.add(PathLink(link, state, var, names))
    model.add(PairReach(reach, state, pairs_of(numbers), names))
    return state


def pairs_of(numbers: Mapping[int, int]) -> dict[int, tuple[int, int]]:
    """Label -> its two cells; a label on one cell or on three has no pair, and fails
    (``PairReach`` pairs the cell with itself, which never meets; three: only the first two
    pair, and the third's degree of one cannot be met without joining them)."""
    cells: dict[int, list[int]] = {}
    for cell, label in sorted(numbers.items()):
        cells.setdefault(label, []).append(cell)
    return {label: (cs[0], cs[1] if len(cs) > 1 else cs[0]) for label, cs in cells.items()}


# -- judging a full assignment --------------------------------------------------------


def path_violations(
    grid: RectGrid, values: Sequence[int], numbers: Mapping[int, int], names: Callable[[int], str]
) -> list[Violation]:
    """Degrees, and every piece of lines a path between two equal numbers, judged from a
    full assignment (shares no code with the propagators, so it can judge them)."""
    graph = grid.loop
    degree = [0] * grid.n_cells
    for var, (u, w) in enumerate(grid.edge_cells):
        if values[var]:
            degree[u] += 1
            degree[w] += 1
    found: list[Violation] = []
    for cell, d in enumerate(degree):
        edges, where = graph.node_edges[cell], grid.name(cell)
        if cell in numbers:
            if d == 0:
                found.append(
                    Violation("unlinked", f"{names(numbers[cell])} at {where} has no line", edges, True, (cell,))
                )
            elif d > 1:
                message = f"a line goes through {names(numbers[cell])} at {where}"
                found.append(Violation("through-number", message, edges, cells=(cell,)))
        elif d > 2:
            kind = "crossing" if d == 4 else "branch"
            found.append(Violation(kind, f"{d} lines meet at {where}", edges, cells=(cell,)))
        elif d == 1:
            found.append(Violation("dead-end", f"a line ends at {where}", edges, True, (cell,)))
    if not any(values[var] for var in graph.edge_vars):
        return [*found, Violation("empty", "no lines are drawn yet", (), True)]
    for piece in line_pieces(graph, values):
        cells = sorted({c for e in piece for c in grid.edge_cells[e]})
        labels = sorted({numbers[c] for c in cells if c in numbers})
        if len(labels) > 1:
            joined = " and ".join(names(label) for label in labels)
            found.append(Violation("different", f"a path joins {joined}", tuple(piece), cells=tuple(cells)))
        elif not labels:
            where = f"{grid.name(cells[0])}"
            message = f"the lines through {where} join no numbers"
            found.append(Violation("no-number", message, tuple(piece), cells=tuple(cells)))
        elif sum(1 for c in cells if c in numbers) > 2:
            message = f"a path joins three or more numbers: {names(labels[0])}s"
            found.append(Violation("three-numbers", message, tuple(piece), cells=tuple(cells)))
    return found


# -- CNF ------------------------------------------------------------------------------


def path_encoding(grid: RectGrid, numbers: Mapping[int, int], extra: Sequence[Clause] = ()) -> SatEncoding:
    """The SAT twin of ``add_paths``, from the rules alone: edge ``e`` is SAT variable
    ``e + 1``; per cell a one-hot label among the pairs' (none for a cell without lines);
    a line carries its label across; a loop (a piece with no number) is cut lazily."""
    cnf = Cnf(grid.n_edges)
    cnf.add(*extra)
    labels = sorted(set(numbers.values()))
    lit: list[dict[int, int]] = [{k: cnf.fresh() for k in labels} for _ in range(grid.n_cells)]
    for cell in range(grid.n_cells):
        edges = [e + 1 for e in grid.loop.node_edges[cell]]
        mine = list(lit[cell].values())
        if cell in numbers:
            cnf.add(*exactly(edges, [1]), [lit[cell][numbers[cell]]])
        else:
            cnf.add(*exactly(edges, [0, 2]))
            cnf.add(*([-e, *mine] for e in edges))  # a cell with a line has a label
        cnf.count(mine, 0, 1)
    for e, (u, w) in enumerate(grid.edge_cells):
        for k in labels:
            cnf.add([-(e + 1), -lit[u][k], lit[w][k]], [-(e + 1), -lit[w][k], lit[u][k]])

    def refine(values: list[int]) -> list[Clause]:
        cuts = []
        for piece in line_pieces(grid.loop, values):
            cells = {c for e in piece for c in grid.edge_cells[e]}
            if not cells & numbers.keys():
                cuts.append([-(e + 1) for e in piece])
        return cuts

    return cnf.encoding(refine)


# -- level text and pictures ----------------------------------------------------------

LINE, ACROSS, CROSSED = "-", "|", "x"


def is_drawn(rows: Sequence[str]) -> bool:
    """Level text drawn with lines (``write_drawn``) rather than cells alone."""
    return any(ch in "-|x+" for row in rows for ch in row)


def write_drawn(grid: RectGrid, tokens: Sequence[str], dom: Sequence[int]) -> list[str]:
    """Cells as tokens (right-aligned to the widest), ``-`` or ``|`` for a line between
    two, ``x`` for a crossed edge (only when some edge is still open), ``+`` between rows."""
    width = max(len(t) for t in tokens)
    off = CROSSED if any(d == BOOL for d in dom) else " "

    def mark(a: int, b: int, line: str) -> str:
        d = dom[grid.edge_between(a, b)]
        return line if d == TRUE else off if d == FALSE else " "

    out = []
    for r in range(grid.rows):
        row = [grid.cell(r, c) for c in range(grid.cols)]
        text = tokens[row[0]].rjust(width)
        for a, b in pairwise(row):
            text += mark(a, b, LINE) + tokens[b].rjust(width)
        out.append(text)
        if r + 1 < grid.rows:
            out.append("+".join(mark(a, a + grid.cols, ACROSS).rjust(width) for a in row).rstrip())
    return out


def write_marked(grid: RectGrid, tokens: Sequence[str], dom: Sequence[int]) -> list[str]:
    """``write_drawn``, but the tokens alone (the lines dropped) when a row between cells
    would be blank: only on one column, where it would end the level block there and
    split the board in two.  What a pzprjs reader gives for a player's lines."""
    drawn = write_drawn(grid, tokens, dom)
    return drawn if all(row.strip() for row in drawn) else write_grid(grid, list(tokens), separated=True)


def read_drawn(
    rows: Sequence[str], error: Callable[[int, int, str], Exception]
) -> tuple[list[list[str]], list[tuple[int, int, str, int, int]]]:
    """The cell tokens of drawn level text, row by row, and its marks between cells as
    (row, column, mark, line index, column index) with mark ``-``/``|`` a line, ``x``
    crossed, `` `` open: the column of the first ``+`` gives the cells' width."""
    width = next((row.index("+") for row in rows[1::2] if "+" in row), 0)
    if not width:  # one column, or one row: tokens alone, or one character per cell
        width = max(len(row) for row in rows) if all(not set("-x") & set(r) for r in rows[::2]) else 1
    if len(rows) % 2 == 0:
        raise error(len(rows) - 1, 0, "a drawn board has an odd number of rows (2R-1)")
    step = width + 1
    cells: list[list[str]] = []
    marks: list[tuple[int, int, str, int, int]] = []
    cols = -(-(max(len(row) for row in rows[::2]) + 1) // step)
    for i, raw in enumerate(rows):
        row = raw.ljust(cols * step - 1)
        if i % 2 == 0:
            cells.append([row[c * step : c * step + width].strip() for c in range(cols)])
            for c in range(cols - 1):
                ch = row[c * step + width]
                if ch not in (LINE, CROSSED, " "):
                    raise error(i, c * step + width, f"expected '-' (a line), 'x' (no line) or a space, found {ch!r}")
                marks.append((i // 2, c, ch, i, c * step + width))
        else:
            for c in range(cols):
                ch = row[c * step + width - 1]
                if ch not in (ACROSS, CROSSED, " "):
                    raise error(
                        i, c * step + width - 1, f"expected '|' (a line), 'x' (no line) or a space, found {ch!r}"
                    )
                marks.append((i // 2, c, "v" + ch, i, c * step + width - 1))
                if c + 1 < cols and row[c * step + width] not in "+ ":
                    raise error(
                        i, c * step + width, f"expected '+' between four cells, found {row[c * step + width]!r}"
                    )
    return cells, marks


def drawn_state(grid: RectGrid, marks: Sequence[tuple[int, int, str, int, int]]) -> list[int]:
    """Edge domains from ``read_drawn``'s marks."""
    dom = [BOOL] * grid.n_edges
    for r, c, mark, _, _ in marks:
        a = grid.cell(r, c)
        b = grid.cell(r + 1, c) if mark.startswith("v") else grid.cell(r, c + 1)
        ch = mark[-1]
        dom[grid.edge_between(a, b)] = TRUE if ch in (LINE, ACROSS) else FALSE if ch == CROSSED else BOOL
    return dom


def read_numbered(block: Block, numbers: range) -> tuple[RectGrid, list[int], list[int] | None]:
    """A board of numbers (``.`` none) as plain level text (space-separated when a number
    is wide) or drawn with lines: its grid, per cell its number (0 for none), and the
    edges' domains when drawn (else None).  LevelErrors at the offending character."""
    if not is_drawn(block.rows):
        parsed = read_grid(block, {".": "an empty cell"}, numbers=numbers, separated=any(" " in r for r in block.rows))
        return parsed.grid, [int(t) if t != "." else 0 for t in parsed.tokens], None
    cells, marks = read_drawn(block.padded(), block.error)
    grid = RectGrid(len(cells), len(cells[0]))
    out = []
    for r, row in enumerate(cells):
        for c, token in enumerate(row):
            if token != "." and not (is_number(token) and token[0] != "0" and int(token) in numbers):
                top = numbers.stop - 1
                message = f"expected a number {numbers.start}-{top} or '.' in cell r{r + 1}c{c + 1}, found {token!r}"
                raise block.error(2 * r, 0, message)
            out.append(0 if token == "." else int(token))
    return grid, out, drawn_state(grid, marks)


def draw_lines(canvas: CellSvg | CellText, dom: Sequence[int] | None, tones: Mapping[int, Tone], crosses: bool) -> None:
    """The lines between cell centres (and crosses, with ``crosses``) on a canvas: the SVG
    draws each edge, the terminal each cell's junction of lines (before its clue, if any)."""
    if dom is None:
        return
    grid = canvas.grid
    if isinstance(canvas, CellSvg):
        for edge, (a, b) in enumerate(grid.edge_cells):
            tone = tones.get(a, "normal") if tones.get(a) == tones.get(b) else "normal"
            canvas.svg.loop_edge(canvas.centre(a), canvas.centre(b), dom[edge], tone=tone, crosses=crosses)
        return
    for cell in range(grid.n_cells):
        n, e, s, w = (edge >= 0 and dom[edge] == TRUE for edge in grid.cell_edges[cell])
        if n or e or s or w:
            canvas.put(cell, ("─" if w else " ") + junction(n, e, s, w), "line", tones.get(cell, "normal"))


def random_paths(grid: RectGrid, rng: Rng, shortest: int = 3) -> list[list[int]]:
    """Paths packed at random on ``grid``, each of at least ``shortest`` cells and none
    touching itself (no two of its cells are neighbours unless consecutive), so no path
    can be shortcut: a generator's start.  Each grows from a random free cell at both ends,
    to the free neighbour with the fewest free neighbours (hugging walls and other paths),
    and stops at random (one chance in four a step) once it has four cells: many short
    paths leave a search little room, so a 15x15 board is decided in a few thousand nodes."""
    free = [True] * grid.n_cells
    order = list(range(grid.n_cells))
    rng.shuffle(order)
    neighbours = grid.neighbours
    paths: list[list[int]] = []
    for start in order:
        if not free[start]:
            continue
        path, inside = [start], {start}
        free[start] = False
        for _ in range(2):
            while len(path) < 4 or not rng.chance(1, 4):
                end = path[-1]
                options = [
                    y for y in neighbours[end] if free[y] and not any(z in inside for z in neighbours[y] if z != end)
                ]
                if not options:
                    break
                step = min(options, key=lambda y: (sum(free[z] for z in neighbours[y]), rng.below(3)))
                path.append(step)
                inside.add(step)
                free[step] = False
            path.reverse()
        if len(path) < shortest:
            for c in path:
                free[c] = True
            continue
        paths.append(path)
    return paths


def numbers_of(grid: RectGrid, paths: Sequence[Sequence[int]]) -> list[int]:
    """Per cell, the number of the path it ends (paths numbered from 1), 0 elsewhere."""
    numbers = [0] * grid.n_cells
    for label, path in enumerate(paths, 1):
        numbers[path[0]] = numbers[path[-1]] = label
    return numbers


def path_values(grid: RectGrid, paths: Sequence[Sequence[int]]) -> list[int]:
    """The edge values (1 a line) that draw ``paths``."""
    values = [0] * grid.n_edges
    for path in paths:
        for a, b in pairwise(path):
            values[grid.edge_between(a, b)] = 1
    return values


def cut_spots(
    grid: RectGrid, paths: Sequence[Sequence[int]], other: Sequence[int], shortest: int = 2
) -> list[tuple[int, int]]:
    """Where a path may be cut (path index, cells kept before the cut), in order: at a
    line ``other`` does not draw, both halves keeping ``shortest`` cells."""
    edge_of = grid.edge_between
    return [
        (i, k)
        for i, path in enumerate(paths)
        for k in range(shortest, len(path) - shortest + 1)
        if not other[edge_of(path[k - 1], path[k])]
    ]


def cut_at(paths: list[list[int]], spots: list[tuple[int, int]], spot: tuple[int, int], shortest: int = 2) -> None:
    """Cut path ``i`` before its ``k``-th cell and bring ``spots`` (``cut_spots``'s list)
    up to date in place: what ``cut_spots`` would give for the cut paths."""
    i, k = spot
    paths[i : i + 1] = [paths[i][:k], paths[i][k:]]
    spots[:] = [
        (j, m) if j < i or (j == i and m <= k - shortest) else (j + 1, m - k if j == i else m)
        for j, m in spots
        if j != i or m <= k - shortest or m >= k + shortest
    ]


def split_many(
    grid: RectGrid, paths: list[list[int]], other: Sequence[int], rng: Rng, times: int, shortest: int = 2
) -> bool:
    """``split_paths`` ``times`` times (True when any did), the cut spots listed once and
    kept up to date instead of listed again per cut: same cuts, same random draws."""
    spots = cut_spots(grid, paths, other, shortest)
    done = False
    for _ in range(times):
        if spots:
            cut_at(paths, spots, rng.choice(spots), shortest)
            done = True
        else:
            done = split_paths(grid, paths, other, rng, shortest) or done
    return done


def split_paths(grid: RectGrid, paths: list[list[int]], other: Sequence[int], rng: Rng, shortest: int = 2) -> bool:
    """Change ``paths`` so that the solution ``other`` no longer solves their numbers and
    ``paths`` still does: cut a path in two at a line ``other`` does not draw (both halves
    keeping ``shortest`` cells), or else take a cell only ``other`` uses (its detour) into
    a new path or onto a path's end, or else drop a path ``other`` leaves (its cells stay
    empty); False when none of these can be done."""
    cuts = cut_spots(grid, paths, other, shortest)
    if cuts:
        cut_at(paths, cuts, rng.choice(cuts), shortest)
        return True
    used = {c for path in paths for c in path}
    detour = [c for c in range(grid.n_cells) if c not in used and any(other[e] for e in grid.loop.node_edges[c])]
    rng.shuffle(detour)
    for cell in detour:  # a cell only ``other`` uses: a new path there, or a path's end moved there
        free = [y for y in grid.neighbours[cell] if y not in used]
        if free:
            paths.append([cell, rng.choice(free)])
            return True
        for path in paths:
            for end, cells in ((path[-1], path), (path[0], path[::-1])):
                if end in grid.neighbours[cell] and not any(z in path for z in grid.neighbours[cell] if z != end):
                    path[:] = [*cells, cell]
                    return True
    # A path too short to cut, wrapped round a cell it cannot take (a corner): drop it,
    # its numbers with it (cells may stay empty), so ``other`` joins nothing there.
    for i, path in enumerate(paths):
        if any(not other[grid.edge_between(a, b)] for a, b in pairwise(path)) and len(paths) > 1:
            del paths[i]
            return True
    return False


def nearby_solution(
    engine: Engine,
    grid: RectGrid,
    values: Sequence[int],
    edge: int,
    solves: Callable[[list[int]], bool],
    radius: int = 2,
    max_nodes: int = 100,
) -> list[int] | None:
    """A second solution that differs from the solution ``values`` at ``edge`` and only
    among the edges within ``radius`` steps of it, searched on ``engine`` (propagated,
    and holding ``values``): the edges leaving that window are set to ``values``,
    ``edge`` the other way, then a depth-first search of at most ``max_nodes`` nodes,
    nearest edges first and ``values``'s side first, fills the window; a filling that,
    with ``values`` everywhere else, ``solves`` (the genre's acceptance) is returned.
    The engine is left as it was.  None: none in the window (which proves nothing
    beyond it) or the budget ran out.  A generator's repair: a board's ambiguity found
    where it is, in a few dozen nodes, instead of a search of the whole board."""
    dom, ends = engine.dom, grid.edge_cells
    near = {c: 0 for c in ends[edge]}
    todo = list(near)
    for c in todo:  # breadth first: cells in order of their distance
        if near[c] < radius:
            for y in grid.neighbours[c]:
                if y not in near:
                    near[y] = near[c] + 1
                    todo.append(y)
    touching = {e for c in near for e in grid.loop.node_edges[c] if dom[e] == BOOL and e != edge}
    window = [e for e in touching if all(c in near for c in ends[e])]
    window.sort(key=lambda e: max(near[c] for c in ends[e]))
    mark = engine.mark()
    try:
        for e in touching.difference(window):
            engine.set(e, TRUE if values[e] else FALSE)  # values is a solution: never empties
        if not engine.run() or not engine.decide(edge, FALSE if values[edge] else TRUE):
            return None

        def first_open(k: int) -> int:
            return next((j for j in range(k, len(window)) if dom[window[j]] == BOOL), -1)

        def filled() -> list[int] | None:
            out = list(values)
            for e in (edge, *window):
                out[e] = 1 if dom[e] == TRUE else 0
            return out if solves(out) else None

        nodes, i = 0, first_open(0)
        if i < 0:
            return filled()
        stack = [(engine.mark(), i, [1 - values[window[i]], values[window[i]]])]
        while stack and nodes < max_nodes:
            at, i, choices = stack[-1]
            engine.undo(at)
            if not choices:
                stack.pop()
                continue
            nodes += 1
            if not engine.decide(window[i], TRUE if choices.pop() else FALSE):
                continue
            j = first_open(i + 1)
            if j >= 0:
                stack.append((engine.mark(), j, [1 - values[window[j]], values[window[j]]]))
            elif (found := filled()) is not None:
                return found
        return None
    finally:
        engine.undo(mark)


def settled(engine: Engine, values: Sequence[int]) -> list[int]:
    """``values`` with the lines the engine leaves open taken out: given to
    ``split_paths``, a cut where the deduction did not reach."""
    return [0 if engine.dom[e] == BOOL else v for e, v in enumerate(values)]


def ball(grid: RectGrid, cells: set[int], radius: int) -> set[int]:
    """The cells within ``radius`` steps of ``cells``."""
    for _ in range(radius):
        cells = cells | {y for c in cells for y in grid.neighbours[c]}
    return cells


def repair_paths(
    engine: Engine, grid: RectGrid, paths: list[list[int]], solves: Callable[[list[int]], bool], rng: Rng
) -> bool:
    """One round of a path generator's repair, on the engine propagated for ``paths``'s
    numbers: near open edges in random order, a second solution (``nearby_solution``,
    judged by ``solves``) is ruled out where it differs (``split_paths``), windows apart,
    so the round needs no search of the whole board and the model is built once per round;
    where no window holds one, a path is cut among the open lines (more numbers, more
    deduction).  False when neither can be done."""
    values = path_values(grid, paths)
    open_edges = [e for e in range(grid.n_edges) if engine.dom[e] == BOOL]
    rng.shuffle(open_edges)
    taken: set[int] = set()  # cells near a repair made this round
    tried: set[int] = set()  # cells near an edge whose window held no second solution
    for edge in open_edges:
        ends = set(grid.edge_cells[edge])
        if taken & ends or ends <= tried:
            continue
        other = nearby_solution(engine, grid, values, edge, solves)
        if other is None or not split_paths(grid, paths, other, rng):
            tried |= ball(grid, ends, 2)
        else:
            taken |= ball(grid, ends, 4)  # the repair's window and the next window's reach
    return bool(taken) or split_paths(grid, paths, settled(engine, values), rng)


class LoopOrShaded(Propagator):
    """A cell that is either shaded (boolean ``shade``, TRUE shaded), with no line, or
    passed by the loop, with two (Yajilin): a line makes it unshaded, fewer than two ways
    open make it shaded, and its shading decides its lines."""

    __slots__ = ("rule", "graph", "cell", "shade", "edges", "watches")

    def __init__(self, rule: Rule, graph: LoopGraph, cell: int, shade: int) -> None:
        self.rule, self.graph, self.cell, self.shade = rule, graph, cell, shade
        self.edges = graph.node_edges[cell]
        self.watches = (*self.edges, shade)

    def propagate(self, engine: Engine) -> bool:
        dom, edges, shade = engine.dom, self.edges, self.shade
        on = sum(1 for e in edges if dom[e] == TRUE)
        free = sum(1 for e in edges if dom[e] == BOOL)
        if on and not engine.set(shade, FALSE, edges, "line"):
            return False
        if on + free < 2 and not engine.set(shade, TRUE, edges, "closed"):
            return False
        if dom[shade] == TRUE:
            return all(dom[e] != BOOL or engine.set(e, FALSE, (shade,), "shaded") for e in edges)
        if dom[shade] == FALSE and on + free == 2:
            return all(dom[e] != BOOL or engine.set(e, TRUE, (shade,), "passes") for e in edges)
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        where = self.graph.node_name(self.cell)
        return {
            "line": f"a line reaches {where}, so it is not shaded",
            "closed": f"the loop cannot pass {where} (fewer than two ways open), so it is shaded",
            "shaded": f"{where} is shaded, and no line passes a shaded cell",
        }.get(str(note), f"{where} is not shaded, so the loop passes it, and only these two ways are open")


def random_loop(grid: RectGrid, rng: Rng, share: float = 0.5) -> list[int]:
    """The edge values (1 a line) of a random simple loop through cell centres: the
    boundary of a region of the squares between four centres, grown at random from one
    square, each flip keeping it one piece without holes (``flip_keeps_simple``), to
    ``share`` of the squares.  A loop genre's generator's start (Yajilin)."""
    squares = grid_of(grid.rows - 1, grid.cols - 1)
    inside = {rng.below(squares.n_cells)}
    for _ in range(int(share * squares.n_cells) * 4):
        edge = [y for c in inside for y in squares.neighbours[c] if y not in inside]
        if not edge or len(inside) >= share * squares.n_cells:
            break
        cell = rng.choice(edge)
        if squares.flip_keeps_simple(inside, cell):
            inside.add(cell)

    def square(r: int, c: int) -> bool:
        return 0 <= r < squares.rows and 0 <= c < squares.cols and squares.cell(r, c) in inside

    values = [0] * grid.n_edges
    for e, (a, b) in enumerate(grid.edge_cells):
        (r, c), across = grid.rc(a), b == a + 1
        values[e] = int(square(r - 1, c) != square(r, c) if across else square(r, c - 1) != square(r, c))
    return values


def read_tokens(block: Block) -> tuple[RectGrid, list[tuple[int, int, str]], list[int] | None]:
    """A board of space-separated cell tokens, plain or drawn with lines (``write_drawn``):
    its grid, per cell (line, column, token) for errors at the token, and the edges'
    domains when drawn (else None).  A genre whose tokens are more than numbers (Yajilin's
    ``2<``, ``#``) reads its cells from here; LevelError at a ragged row."""
    drawn = is_drawn(block.rows)
    if drawn:
        cells, marks = read_drawn(block.padded(), block.error)
        tokens = [(2 * r, 0, t) for r, row in enumerate(cells) for t in row]
    else:
        cells, tokens = [], []
        for i, row in enumerate(block.rows):
            at = [(j, t) for j, t in enumerate(row) if t != " " and (j == 0 or row[j - 1] == " ")]
            cells.append(row.split())
            tokens += [(i, j, word) for (j, _), word in zip(at, row.split())]
    if not cells or any(len(r) != len(cells[0]) for r in cells):
        raise block.error(0, 0, "every row needs the same number of cells, separated by spaces")
    grid = RectGrid(len(cells), len(cells[0]))
    return grid, tokens, drawn_state(grid, marks) if drawn else None


def edge_places(canvas: CellSvg, domains: Sequence[int]) -> list[Place]:
    """``Genre.places`` for the edges (variables ``0..n_edges-1``): a click draws a line,
    then crosses it; an edge the model fixes keeps its one mark."""
    ends = canvas.grid.edge_cells
    marks = [(BOOL, TRUE, FALSE) if domains[e] == BOOL else (domains[e],) for e in range(len(ends))]
    return [Place.edge(e, canvas.centre(a), canvas.centre(b), marks[e]) for e, (a, b) in enumerate(ends)]
