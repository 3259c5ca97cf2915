"""Sight lines: the cells a cell sees along its row and column, up to a blocker (a shaded
cell, a wall) or the edge.  Kurodoko's numbers count them; Akari's bulbs light them; a
Yajilin or Cave clue reads the same rays.

Variable ``cell`` is the cell's boolean, 1 a blocker (shaded), as the shading family has it.

- ``SeesExactly(rule, grid, cell, n)``: ``cell`` sees ``n`` cells, itself included (the
  Kurodoko count).  Per direction the lengths its view may still have; a length stays
  while the other directions can make up the rest.  Cells before every length left are
  open, a direction left one length has its next cell blocked: all that one number says.
  It explains itself in words ("the 5 at r2c3 must see 2 cells east at least"), and
  remembers the states it found nothing to do in (``quiet``: a generator halving on one
  engine wakes it in the same state again and again).
- ``seen(grid, cell, blocked)``: how many cells ``cell`` sees, itself included, for ``accept``.
- ``sight_clauses(cnf, grid, cell, n, lit)``: the same as CNF: per direction and distance a
  fresh variable "the view reaches this far", and a totalizer over them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import FALSE, TRUE, Propagator, Rule
from puzzlekit.grid.topology import DIRECTION_NAMES, RectGrid


class Cnf(Protocol):
    """What ``sight_clauses`` needs of ``puzzlekit.engines.sat.Cnf`` (named here so the
    toolkit does not import the engines' floor)."""

    def add(self, *clauses: list[int]) -> None: ...
    def fresh(self) -> int: ...
    def count(self, literals: Sequence[int], low: int, high: int | None = None) -> None: ...


def seen(grid: RectGrid, cell: int, blocked: Callable[[int], bool]) -> int:
    """The cells ``cell`` sees along its row and column, itself included, up to the first
    blocked cell each way."""
    return 1 + len(grid.sight(cell, blocked))


class SeesExactly(Propagator):
    """``cell`` is open and sees exactly ``n`` cells, itself included.

    Per direction the lengths its view may have: from how far it surely reaches (cells
    known open) up to the first known blocker, each length ending on a cell that may be
    blocked.  A length is kept while the other three directions can make up the rest
    (sums of their lengths as bit sets), which is all a single number says: a cell
    before every kept length is open; a direction left one length has its next cell
    blocked (Tatham's Range solver, and its "full combo" too)."""

    __slots__ = ("rule", "watches", "cell", "n", "rays", "what", "shifts", "quiet")

    def __init__(self, rule: Rule, grid: RectGrid, cell: int, n: int, what: str = "") -> None:
        self.rule, self.cell, self.n = rule, cell, n
        self.rays = tuple(tuple(grid.ray(cell, d)) for d in range(4))
        self.watches = (cell, *(c for ray in self.rays for c in ray))
        self.what = what or f"the {n} at {grid.name(cell)}"
        widths = [len(ray) + 1 for ray in self.rays]
        self.shifts = (widths[0], widths[0] + widths[1], widths[0] + widths[1] + widths[2])
        self.quiet: set[int] = set()
        """The four ways' lengths (one int) at which this number has found nothing to do: what it
        does is a function of them alone, and 20x20 Kurodoko's generator wakes a number in the
        same state again and again (62% of its runs, as it halves and undoes)."""

    def propagate(self, engine: Engine) -> bool:
        if not engine.set(self.cell, FALSE, self.watches, None):
            return False
        lengths, need, (s, t, u) = self.lengths(engine.dom), self.n - 1, self.shifts
        a, b, c, d = lengths
        state = a | b << s | c << t | d << u
        if state in self.quiet:
            return True
        if not (a & (a - 1) or b & (b - 1) or c & (c - 1) or d & (d - 1)):  # every way decided
            return (a * b * c * d).bit_length() - 1 == need
        trail = len(engine.trail)
        ab, cd = _sums(a, b), _sums(c, d)
        for way, others in enumerate((_sums(b, cd), _sums(a, cd), _sums(d, ab), _sums(c, ab))):
            kept, mine = 0, lengths[way]
            while mine:
                length = (mine & -mine).bit_length() - 1
                if length <= need and others >> (need - length) & 1:
                    kept |= 1 << length
                mine &= mine - 1
            if not kept:
                return False
            ray, sure, least = (
                self.rays[way],
                (lengths[way] & -lengths[way]).bit_length() - 1,
                (kept & -kept).bit_length() - 1,
            )
            for k in range(sure, least):
                if not engine.set(ray[k], FALSE, self.watches, (way, least)):
                    return False
            if (
                kept == 1 << least
                and least < len(ray)
                and not engine.set(ray[least], TRUE, self.watches, (way, -least))
            ):
                return False
        if len(engine.trail) == trail:
            self.quiet.add(state)
        return True

    def lengths(self, dom: Sequence[int]) -> list[int]:
        """Per direction, the lengths its view may have, as a bit set."""
        out = []
        for ray in self.rays:
            k, m = 0, len(ray)
            while k < m and dom[ray[k]] == FALSE:
                k += 1
            bits = 1 << k
            while k < m and dom[ray[k]] != TRUE:  # ray[k] may be open: the view may pass it
                k += 1
                if k == m or dom[ray[k]] != FALSE:
                    bits |= 1 << k
            out.append(bits)
        return out

    def explain(self, var: int, mask: int, note: object) -> str:
        if not isinstance(note, tuple):
            return f"{self.what} is a number, and numbers are never shaded"
        d, reach = note
        way = DIRECTION_NAMES[d]
        if reach > 0:
            return f"{self.what} must see {_cells(reach)} {way} at least: the other ways cannot make up for fewer"
        words = "no other count there adds up with the other ways, so the next one is shaded"
        return f"{self.what} sees {_cells(-reach)} {way} and no more: {words}"


def _sums(a: int, b: int) -> int:
    """The sums of a length in bit set ``a`` and one in ``b``, as a bit set."""
    if a.bit_count() < b.bit_count():
        a, b = b, a
    out = 0
    while b:
        low = b & -b
        out |= a * low
        b ^= low
    return out


def _cells(k: int) -> str:
    return "1 cell" if k == 1 else f"{k} cells"


def sight_clauses(cnf: Cnf, grid: RectGrid, cell: int, n: int, lit: Callable[[int], int]) -> None:
    """``cell`` open and seeing exactly ``n`` cells (``lit(c)``: "c is a blocker"), into ``cnf``."""
    cnf.add([-lit(cell)])
    reached = []
    for d in range(4):
        before = 0  # the view reaches the cell before this one (0: the clue itself)
        for c in grid.ray(cell, d):
            here = cnf.fresh()  # the view reaches c: it reached the one before and c is open
            cnf.add([-here, -lit(c)], [here, lit(c)] + ([-before] if before else []))
            if before:
                cnf.add([-here, before])
            reached.append(here)
            before = here
    cnf.count(reached, n - 1)
