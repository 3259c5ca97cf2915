"""Houses: groups of cells that each hold every value once (Sudoku's rows, columns and
boxes; a Latin square's lines), with the human techniques on them as propagators and
the same rule as CNF for the SAT engine.

A cell's domain has bit ``v`` set while value ``v`` (1..n) is possible.  The
propagators are the single-house deductions solvers name: a placed value leaves its
peers (naked single), a value with one place left in a house goes there (hidden
single), pointing and claiming where two houses meet (locked candidates), and naked
and hidden pairs and triples.  The genre owns the ``Rule`` of each (its ladder's rung).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from typing import Any

from puzzlekit.core.clues import ClueModel
from puzzlekit.core.engine import Engine
from puzzlekit.core.model import Model, Propagator, Rule, Violation
from puzzlekit.core.rng import Rng
from puzzlekit.engines.encoding import Clause, SatEncoding
from puzzlekit.errors import LevelError
from puzzlekit.formats.level import Block, is_number
from puzzlekit.grid.topology import RectGrid


@dataclass(frozen=True)
class House:
    kind: str
    """What it is (``row``, ``column``, ``box``): a violation's kind."""
    cells: tuple[int, ...]


class Houses:
    """The houses of a board whose cells take values 1..``n``, written ``symbols[v]``."""

    noun = "digit"
    """What a value is called in messages (a subclass may say otherwise)."""

    def __init__(self, grid: RectGrid, houses: Sequence[House], n: int, symbols: str) -> None:
        self.grid, self.houses, self.n, self.symbols = grid, tuple(houses), n, symbols
        self.full = (1 << (n + 1)) - 2
        """The domain of a cell that may still take any value."""

    @classmethod
    def latin(cls, grid: RectGrid, symbols: str, box: tuple[int, int] | None = None) -> Houses:
        """Every row, then every column, then (Sudoku) the ``box`` = (width, height) boxes."""
        lines = [House("row" if i < grid.rows else "column", line) for i, line in enumerate(grid.lines)]
        boxes = [House("box", cells) for cells in grid.boxes(box[1], box[0])] if box else []
        return cls(grid, lines + boxes, grid.cols, symbols)

    @staticmethod
    def box_shape(n: int) -> tuple[int, int]:
        """Box width x height for an N x N Sudoku: as square as N allows, wider than tall
        (6x6 has boxes 3 wide and 2 tall, as on puzz.link)."""
        height = max(h for h in range(1, n + 1) if n % h == 0 and h * h <= n)
        return n // height, height

    @staticmethod
    def box_of(block: Block, n: int) -> tuple[int, int]:
        """A board's boxes, width and height: its ``# box: WxH`` line, or ``box_shape(n)``."""
        box = block.meta.get("box")
        if box is None:
            return Houses.box_shape(n)
        parts = box.lower().split("x")
        if len(parts) != 2 or not all(is_number(p.strip()) for p in parts) or int(parts[0]) * int(parts[1]) != n:
            line = block.meta_lines.get("box", block.first_line)
            raise LevelError(block.source, line, 1, f"'# box:' is WxH with W*H = {n}, not {box!r}")
        return int(parts[0]), int(parts[1])

    def borders(self, kind: str) -> list[int]:
        """The edges between two cells in different houses of ``kind`` (walls to draw)."""
        of = {cell: i for i, house in enumerate(self.houses) if house.kind == kind for cell in house.cells}
        return [e for e, (a, b) in enumerate(self.grid.edge_cells) if of.get(a, -1) != of.get(b, -1)]

    @cached_property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """Per cell, the other cells of its houses."""
        peers: list[set[int]] = [set() for _ in range(self.grid.n_cells)]
        for house in self.houses:
            for cell in house.cells:
                peers[cell].update(house.cells)
        return tuple(tuple(sorted(p - {cell})) for cell, p in enumerate(peers))

    def where(self, kind: str, cells: Sequence[int]) -> str:
        """``row 2``, ``column 3``, or ``the box at r1c4`` (named by its first cell given)."""
        r, c = self.grid.rc(cells[0])
        if kind in ("row", "column"):
            return f"row {r + 1}" if kind == "row" else f"column {c + 1}"
        return f"the {kind} at {self.grid.name(cells[0])}"

    def values(self, mask: int) -> str:
        """The values of a domain, ``1, 4, 7``."""
        return ", ".join(self.symbols[v] for v in range(1, mask.bit_length()) if mask >> v & 1)

    def add_to(self, model: Model, naked: Rule, hidden: Rule, locked: Rule, subsets: Rule) -> None:
        """The four techniques on every house (and every two houses sharing cells), in that order."""
        props: list[Propagator] = [NakedSingle(naked, self, cell) for cell in range(self.grid.n_cells)]
        props += [HiddenSingle(hidden, self, house) for house in self.houses]
        props += [Locked(locked, self, a, b) for i, a in enumerate(self.houses) for b in self.houses[:i]
                  if len(set(a.cells) & set(b.cells)) > 1]  # fmt: skip
        props += [Subsets(subsets, self, house) for house in self.houses]
        for prop in props:
            model.add(prop)

    def violations(self, values: Sequence[int]) -> list[Violation]:
        """From the rules alone: every cell holds a value 1..n, and no house holds a value
        twice.  0 is an empty cell (unfinished)."""
        found, name = [], self.grid.name
        for house in self.houses:
            seen: dict[int, int] = {}
            for cell in house.cells:
                value = values[cell]
                if value in seen:
                    where, pair = self.where(house.kind, house.cells), (seen[value], cell)
                    message = f"{where} holds {self.symbols[value]} twice ({name(pair[0])} and {name(cell)})"
                    found.append(Violation(house.kind, message, pair, cells=pair, place=where))
                elif 1 <= value <= self.n:
                    seen[value] = cell
        for cell, value in enumerate(values):
            if not 1 <= value <= self.n:
                message = f"{name(cell)} has no {self.noun} yet"
                found.append(Violation("empty", message, (cell,), True, cells=(cell,), place=name(cell)))
        return found

    def sat_encoding(self, givens: Sequence[int]) -> SatEncoding:
        """The rule as CNF, one-hot (SAT variable ``cell * n + v`` is "cell holds v"): each cell
        exactly one value (its given one, when not 0), each house each value at most once (and
        at least once when it has ``n`` cells).  Puzzle values decode to 1..n; it shares
        nothing with the propagators."""
        n = self.n

        def lit(cell: int, v: int) -> int:
            return cell * n + v

        clauses: list[Clause] = []
        for cell, given in enumerate(givens):
            clauses.append([lit(cell, given)] if given else [lit(cell, v) for v in range(1, n + 1)])
            clauses += [[-lit(cell, a), -lit(cell, b)] for a, b in combinations(range(1, n + 1), 2)]
        for house in self.houses:
            for v in range(1, n + 1):
                clauses += [[-lit(a, v), -lit(b, v)] for a, b in combinations(house.cells, 2)]
                clauses += [[lit(c, v) for c in house.cells]] if len(house.cells) == n else []

        def decode(true: set[int]) -> list[int]:
            return [next((v for v in range(1, n + 1) if lit(c, v) in true), 0) for c in range(len(givens))]

        def block(values: list[int]) -> Clause:
            return [-lit(c, v) for c, v in enumerate(values)]

        encoding = SatEncoding(clauses, decode, lambda values: [], block, len(givens) * n)
        table = [[0] + [lit(c, v) if v == g or not g else 0 for v in range(1, n + 1)] for c, g in enumerate(givens)]
        encoding.values = table  # the one-hot table (SatEncoding.values): the learning search can use it
        return encoding

    def fill(self, rng: Rng, max_nodes: int = 2000) -> list[int] | None:
        """A random full grid (a generator's solution): the open cell with the fewest values
        next, its values in random order, each placed value leaving its peers at once and a
        cell left with one value placed in turn.  None past ``max_nodes`` dead ends (draw
        again): 9x9 needs none, 16x16 a few."""
        peers, n_cells = self.peers, self.grid.n_cells
        budget = [max_nodes]

        def place(dom: list[int], cell: int, bit: int) -> bool:
            todo = [(cell, bit)]
            while todo:
                cell, bit = todo.pop()
                if not dom[cell] & bit:
                    return False
                dom[cell] = bit
                for p in peers[cell]:
                    d = dom[p]
                    if d & bit:
                        d &= ~bit
                        if not d:
                            return False
                        dom[p] = d
                        if not d & (d - 1):
                            todo.append((p, d))
            return True

        def grow(dom: list[int]) -> list[int] | None:
            best, size = -1, 1 << 30
            for cell, d in enumerate(dom):
                if d & (d - 1) and d.bit_count() < size:
                    best, size = cell, d.bit_count()
            if best < 0:
                return [d.bit_length() - 1 for d in dom]
            bits = [1 << v for v in range(1, self.n + 1) if dom[best] >> v & 1]
            rng.shuffle(bits)
            for bit in bits:
                trial = list(dom)
                if place(trial, best, bit):
                    found = grow(trial)
                    if found is not None or budget[0] <= 0:
                        return found
                budget[0] -= 1
                if budget[0] <= 0:
                    return None
            return None

        return grow([self.full] * n_cells)

    @cached_property
    def houses_of(self) -> tuple[tuple[int, ...], ...]:
        """Per cell, the indices of its houses."""
        of: list[list[int]] = [[] for _ in range(self.grid.n_cells)]
        for i, house in enumerate(self.houses):
            for cell in house.cells:
                of[cell].append(i)
        return tuple(tuple(h) for h in of)

    def singles_probe(
        self, dom: list[int], aux: list[int] | None = None
    ) -> Callable[[int, int], list[tuple[int, int]] | None]:
        """Lookahead's probes with naked and hidden singles (``Lookahead``'s ``fast_probe``):
        for the state ``dom`` (a fixpoint of both, unchanged until the next call), a probe
        ``(cell, bit)`` that places ``bit`` in ``cell`` and runs both to their fixpoint on a
        copy, returning the cells it fixed with their values (``(cell, bit)`` first) or None
        on a contradiction.  That fixpoint is what ``NakedSingle`` and ``HiddenSingle`` reach
        through an engine, whatever order they run in; here each house keeps a count of
        each value's places, so a hidden single is found when a count drops to one, not by
        reading the house again after every change (half the time a probe)."""
        width = self.n + 1
        counts = [0] * (len(self.houses) * width)
        for h, house in enumerate(self.houses):
            for c in house.cells:
                d = dom[c] >> 1
                v = 1
                while d:
                    if d & 1:
                        counts[h * width + v] += 1
                    d >>= 1
                    v += 1
        peers, spots = self.peers, self._spots

        def probe(cell: int, bit: int) -> list[tuple[int, int]] | None:
            work, left = dom[:], counts[:]
            fixed: list[tuple[int, int]] = []
            todo = [(cell, bit)]  # (a cell, the values it keeps)
            while todo:
                c, keep = todo.pop()
                d = work[c]
                new = d & keep
                if new == d:
                    continue
                if not new:
                    return None
                work[c] = new
                gone = d ^ new
                while gone:  # each value gone from c has one place fewer in c's houses
                    b = gone & -gone
                    gone ^= b
                    v = b.bit_length() - 1
                    for base, cells in spots[c]:
                        k = base + v
                        places = left[k] - 1
                        left[k] = places
                        if places < 2:
                            if not places:
                                return None  # no place left for v in that house
                            for x in cells:  # a hidden single: v's one place holds it
                                if work[x] & b:
                                    todo.append((x, b))
                                    break
                if not new & (new - 1):
                    fixed.append((c, new))
                    todo += [(p, ~new) for p in peers[c] if work[p] & new]  # a naked single
            return fixed

        return probe

    @cached_property
    def _spots(self) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
        """Per cell, for each of its houses: where the house's counts start in
        ``singles_probe``'s table, and the house's cells."""
        width = self.n + 1
        return tuple(tuple((h * width, self.houses[h].cells) for h in hs) for hs in self.houses_of)

    def swaps(self, values: Sequence[int], cell: int, fixed: Sequence[int]) -> list[list[int]]:
        """Other full grids next to ``values`` (a full grid): for each other value b, the
        value a of ``cell`` and b swapped in the fewest cells that keep every house whole
        (a house with one of them swapped has both swapped); then the cell's row or column
        trading values with a parallel one (``_line_swaps``).  A swap that would change a
        cell where ``fixed`` is nonzero (a given) is left out.  What a generator tries
        before a search (``Genre.twins_near``): a board whose givens miss such a set has
        two solutions."""
        houses_of, where = self.houses_of, [[0] * (self.n + 1) for _ in self.houses]
        for i, house in enumerate(self.houses):
            for c in house.cells:
                where[i][values[c]] = c
        a, out = values[cell], []
        for b in range(1, self.n + 1):
            if b == a:
                continue
            swapped, todo = {cell}, [cell]
            while todo and swapped:
                x = todo.pop()
                other = b if values[x] == a else a
                for h in houses_of[x]:
                    y = where[h][other]
                    if y not in swapped:
                        if fixed[y]:
                            swapped = set()
                            break
                        swapped.add(y)
                        todo.append(y)
            if swapped:
                grid = list(values)
                for x in swapped:
                    grid[x] = b if values[x] == a else a
                out.append(grid)
        return out + self._line_swaps(values, cell, fixed)

    def _line_swaps(self, values: Sequence[int], cell: int, fixed: Sequence[int]) -> list[list[int]]:
        """The cell's line and a parallel one trading the values of a few crossing lines:
        those where the two hold the same values between them (a cycle: the value one
        gives up at a crossing, the other gives up at the next), each pair of cells traded
        in the same houses but for their own two lines (Sudoku: the same box)."""
        out: list[list[int]] = []
        (r, c), size = self.grid.rc(cell), self.grid.rows
        if not self.grid.cols == size == self.n:
            return out  # lines of n cells each way only (a Latin square's, a Sudoku's)
        for across in (False, True):

            def at(line: int, k: int, across: bool = across) -> int:
                return k * size + line if across else line * size + k

            mine, k0 = (c, r) if across else (r, c)
            for line in range(size):
                if line == mine:
                    continue
                where = {values[at(line, k)]: k for k in range(size)}
                cycle: list[int] = []
                k = k0
                while True:
                    x, y = at(mine, k), at(line, k)
                    if fixed[x] or fixed[y] or len(set(self.houses_of[x]) ^ set(self.houses_of[y])) != 2:
                        cycle = []
                        break
                    cycle.append(k)
                    k = where[values[x]]
                    if k == k0:
                        break
                if len(cycle) > 1:
                    grid = list(values)
                    for k in cycle:
                        x, y = at(mine, k), at(line, k)
                        grid[x], grid[y] = values[y], values[x]
                    out.append(grid)
        return out

    def twin(self, domains: Sequence[int]) -> SatEncoding:
        """The rule as clauses for the core's learning search (``Model.cnf``), one-hot over
        the values each cell may hold once every fixed cell's value has left its peers:
        a board with 25 givens has about a third of ``sat_encoding``'s clauses.  (The search
        checks every candidate with the propagators, so this twin need not be independent;
        ``sat_encoding`` is the one that is.)  Two peers may not share a value: one clause
        per pair, though a pair in a box and a line shares two houses (a clause per house
        would say it twice, and unit propagation would read it twice)."""
        left = list(domains)
        for cell, d in enumerate(domains):
            if d and not d & (d - 1):
                for peer in self.peers[cell]:
                    left[peer] &= ~d
        for cell, d in enumerate(domains):
            if d and not d & (d - 1):
                left[cell] = d
        encoding = SatEncoding.one_hot([self.n + 1] * len(left), [], domains=left)
        table = encoding.values or []
        values = range(1, self.n + 1)
        clauses = encoding.clauses
        for house in self.houses:  # each value somewhere in each house
            for v in values:
                clauses.append([table[c][v] for c in house.cells if table[c][v]])
        for cell, peers in enumerate(self.peers):  # and twice nowhere: each pair of peers once
            mine = table[cell]
            for peer in peers:
                if peer > cell:
                    theirs = table[peer]
                    clauses += [[-mine[v], -theirs[v]] for v in values if mine[v] and theirs[v]]
        return encoding


class NakedSingle(Propagator):
    __slots__ = ("rule", "houses", "cell", "peers", "watches")

    def __init__(self, rule: Rule, houses: Houses, cell: int) -> None:
        self.rule, self.houses, self.cell, self.peers, self.watches = rule, houses, cell, houses.peers[cell], (cell,)

    def propagate(self, engine: Engine) -> bool:
        dom, d = engine.dom, engine.dom[self.cell]
        if d & (d - 1):
            return True
        for p in self.peers:
            if dom[p] & d and not engine.set(p, ~d, self.watches, d):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        value = self.houses.values(note) if isinstance(note, int) else f"its {self.houses.noun}"
        name = self.houses.grid.name
        return f"{name(self.cell)} holds {value}, and {name(var)} shares a house with it"


class OneHouse(Propagator):
    """Base of the rules over one house: its cells, and words for it."""

    __slots__ = ("rule", "houses", "cells", "watches", "where")

    def __init__(self, rule: Rule, houses: Houses, house: House) -> None:
        self.rule, self.houses, self.cells = rule, houses, house.cells
        self.where, self.watches = houses.where(house.kind, house.cells), self.cells


class HiddenSingle(OneHouse):
    __slots__ = ()

    def propagate(self, engine: Engine) -> bool:
        dom, cells, full = engine.dom, self.cells, self.houses.full
        while True:
            once = twice = placed = 0
            for c in cells:
                d = dom[c]
                twice |= once & d
                once |= d
                if not d & (d - 1):
                    placed |= d
            if once != full:
                return False  # a value has no place left in this house
            single = once & ~twice & ~placed  # values with one place, not yet placed there
            changed = False
            for c in cells if single else ():
                d = dom[c]
                s = d & single
                if s & (s - 1):
                    return False  # one cell is the only place for two values (even if it has no other)
                if s and s != d:
                    if not engine.set(c, s, cells, s):
                        return False
                    changed = True
            if not changed:
                return True

    def explain(self, var: int, mask: int, note: object) -> str:
        return f"{self.houses.values(mask)} has no other place in {self.where}"


class Locked(Propagator):
    """Locked candidates where two houses meet (a box and a line): pointing and claiming."""

    __slots__ = ("rule", "houses", "parts", "watches", "names")

    def __init__(self, rule: Rule, houses: Houses, box: House, line: House) -> None:
        inter, rest = sorted(set(box.cells) & set(line.cells)), [c for c in line.cells if c not in box.cells]
        self.rule, self.houses = rule, houses
        self.parts = (tuple(inter), tuple(rest), tuple(sorted(set(box.cells) - set(line.cells))))
        self.watches = sum(self.parts, ())
        self.names = (houses.where(box.kind, inter), houses.where(line.kind, line.cells))

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        while True:
            inter, line, box = (union_of(dom, part) for part in self.parts)
            pointing, claiming = inter & ~box & line, inter & ~line & box
            if not pointing and not claiming:
                return True
            for cells, gone, point in ((self.parts[1], pointing, True), (self.parts[2], claiming, False)):
                if gone and not all(engine.set(c, ~gone, self.watches, (point, gone)) for c in cells):
                    return False

    def explain(self, var: int, mask: int, note: object) -> str:
        point, which = note if isinstance(note, tuple) else (True, 0)
        inside, other = self.names if point else self.names[::-1]
        value = self.houses.values(which)
        return f"in {inside}, {value} can only go where it meets {other}, so the rest of {other} cannot hold it"


def union_of(dom: Sequence[int] | Mapping[int, int], cells: Sequence[int]) -> int:
    """The OR of the domains (or masks) of ``cells``."""
    out = 0
    for c in cells:
        out |= dom[c]
    return out


def locked_set(items: dict[int, int]) -> tuple[tuple[int, ...], int] | None:
    """k items (k = 2, 3) whose masks cover only k bits, that other items still share:
    (the items, their bits); ``((), 0)`` when there is none, None when k items cover fewer."""
    for k in (2, 3):
        for group in combinations([x for x, m in items.items() if m.bit_count() <= k], k):
            union = union_of(items, group)
            if union.bit_count() < k:
                return None
            if union.bit_count() == k and any(m & union for x, m in items.items() if x not in group):
                return group, union
    return (), 0


class Subsets(OneHouse):
    """Naked pairs and triples (cells by their values), and hidden ones (values by their places)."""

    __slots__ = ()

    def propagate(self, engine: Engine) -> bool:
        dom, n = engine.dom, self.houses.n
        while True:
            cells = [c for c in self.cells if dom[c] & (dom[c] - 1)]
            placed = union_of(dom, [c for c in self.cells if not dom[c] & (dom[c] - 1)])
            places = {v: sum(1 << i for i, c in enumerate(cells) if dom[c] >> v & 1) for v in range(1, n + 1)}
            naked = locked_set({c: dom[c] for c in cells})
            # a value a fixed cell holds has no place to need among the open cells, even while
            # an open cell still lists it (its naked single has not run yet)
            needed = {v: p for v, p in places.items() if p and not placed >> v & 1}
            hidden = locked_set(needed) if naked == ((), 0) else ((), 0)
            if naked is None or hidden is None:
                return False
            if naked[0]:
                group, union = naked
                ok = all(engine.set(c, ~union, group, ("naked", group, union)) for c in cells if c not in group)
            elif hidden[0]:
                spots = tuple(c for i, c in enumerate(cells) if hidden[1] >> i & 1)
                keep = sum(1 << v for v in hidden[0])
                ok = all(engine.set(c, keep, spots, ("hidden", spots, keep)) for c in spots)
            else:
                return True
            if not ok:
                return False

    def explain(self, var: int, mask: int, note: object) -> str:
        kind, group, union = note if isinstance(note, tuple) else ("naked", (), 0)
        cells, values = " ".join(self.houses.grid.name(c) for c in group), self.houses.values(union)
        if kind == "naked":
            return f"{cells} hold {values} between them, so no other cell of {self.where} can"
        return f"{values} can only go in {cells} in {self.where}, so those cells hold nothing else"


class Givens(ClueModel):
    """A model whose clues are values given in cells (Sudoku's givens): a given is its
    cell's first domain, one value; a blank is ``open_domain``.  No propagator depends on
    the clues, so a change is one first domain (``puzzlekit.core.clues``)."""

    def __init__(
        self, model: Model, open_domain: int, givens: Sequence[int], make: Callable[[tuple[int, ...]], Any]
    ) -> None:
        self.model, self.open_domain, self.givens, self.make = model, open_domain, list(givens), make

    def set_clue(self, position: Any, clue: int | None) -> None:
        self.givens[position] = clue or 0
        self.model.domains[position] = 1 << clue if clue else self.open_domain

    def set_other(self, position: Any, clue: int) -> bool:
        self.givens[position] = 0
        self.model.domains[position] = self.open_domain & ~(1 << clue)
        return True

    def instance(self) -> Any:
        return self.make(tuple(self.givens))
