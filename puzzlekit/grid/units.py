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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import Model, Propagator, Rule, Violation
from puzzlekit.engines.encoding import Clause, SatEncoding
from puzzlekit.errors import LevelError
from puzzlekit.formats.level import Block
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
        if len(parts) != 2 or not all(p.strip().isdigit() for p in parts) or int(parts[0]) * int(parts[1]) != n:
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


class NakedSingle(Propagator):
    __slots__ = ("rule", "houses", "cell", "peers", "watches")

    def __init__(self, rule: Rule, houses: Houses, cell: int) -> None:
        self.rule, self.houses, self.cell, self.peers, self.watches = rule, houses, cell, houses.peers[cell], (cell,)

    def propagate(self, engine: Engine) -> bool:
        dom, d = engine.dom, engine.dom[self.cell]
        return bool(d & (d - 1)) or all(not dom[p] & d or engine.set(p, ~d, self.watches, d) for p in self.peers)

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
        dom, cells, changed = engine.dom, self.cells, True
        while changed:
            once = twice = 0
            for c in cells:
                twice, once = twice | once & dom[c], once | dom[c]
            if once != self.houses.full:
                return False  # a value has no place left in this house
            changed = False
            for c in cells:
                s = dom[c] & once & ~twice
                if s and s != dom[c]:
                    if s & (s - 1) or not engine.set(c, s, cells, s):
                        return False  # one cell is the only place for two values
                    changed = True
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
