"""No value twice in a line among the cells left open: Hitori's rule, for any shading genre
whose cells carry labels (numbers, letters) that must not repeat in a row or column.

A *group* is the cells of one row or column that hold the same label; at most one cell of
a group stays unshaded.  ``Repeats`` finds the groups once and gives the rule three ways:

- ``add_to(model, twins, patterns)``: as propagators.  ``Twins`` (cheap): an unshaded
  cell shades the rest of its group.  ``TwinPatterns``: every way to keep at most one cell
  of a group unshaded, shaded cells never touching, is enumerated; a cell every way shades
  is shaded, and a cell every way leaves unshaded, or puts beside a shaded cell, is
  unshaded (``3 x 3``: the middle cell; ``3 3 . 3``: the last 3).
- ``violations(values)``: a full assignment judged from the rule alone, for ``accept``.
- ``clauses(lit)``: the rule as CNF, two clauses per pair of a group.

Variable ``c`` is cell ``c``'s boolean (1 shaded), as ``add_apart`` assumes by default.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import FALSE, TRUE, Model, Propagator, Rule, Violation
from puzzlekit.grid.bits import cells_of
from puzzlekit.grid.topology import RectGrid


class Twins(Propagator):
    """An unshaded cell of a group shades the others."""

    __slots__ = ("rule", "watches", "what")

    def __init__(self, rule: Rule, group: Sequence[int], what: str) -> None:
        self.rule, self.watches, self.what = rule, tuple(group), what

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        kept = [c for c in self.watches if dom[c] == FALSE]
        if not kept:
            return True
        return len(kept) == 1 and all(engine.set(c, TRUE, kept) for c in self.watches if c != kept[0])

    def explain(self, var: int, mask: int, note: object) -> str:
        return f"it is one of {self.what}, and another of them is unshaded"


class TwinPatterns(Propagator):
    """What every way to leave at most one cell of a group unshaded agrees on."""

    __slots__ = ("rule", "watches", "what", "group", "ways", "around")

    def __init__(self, rule: Rule, grid: RectGrid, group: Sequence[int], what: str) -> None:
        self.rule, self.what, self.group = rule, what, tuple(group)
        near = {n for c in group for n in grid.neighbours[c]}
        self.watches = tuple(sorted(near | set(group)))
        masks = near_masks(grid)
        self.around = {c: masks[c] for c in group}
        self.ways: list[tuple[int, int, int]] = []
        """(the cell kept or -1, the shaded cells as a mask, the cells beside them): the
        ways whose shaded cells do not touch each other."""
        everything = sum(1 << c for c in group)
        for keep in (-1, *group):
            mask = everything if keep < 0 else everything ^ 1 << keep
            beside = 0
            for c in group:
                if c != keep:
                    beside |= masks[c]
            if not beside & mask:
                self.ways.append((keep, mask, beside))

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        on = off = 0
        for c in self.watches:
            d = dom[c]
            if d != 3:
                if d == TRUE:
                    on |= 1 << c
                else:
                    off |= 1 << c
        shaded_all = beside_all = -1
        kept = -2  # the one cell every way left keeps (-1: none kept), -3: not the same
        for keep, mask, beside in self.ways:
            if mask & off or beside & on or (keep >= 0 and on >> keep & 1):
                continue
            shaded_all &= mask
            beside_all &= beside
            kept = keep if kept in (-2, keep) else -3
        if kept == -2:
            return False  # no way left
        reads = self.watches
        for c in cells_of(shaded_all & ~on):
            if not engine.set(c, TRUE, reads, "shade"):
                return False
        if kept >= 0 and not engine.set(kept, FALSE, reads, "keep"):
            return False
        for c in cells_of(beside_all & ~off):
            if not engine.set(c, FALSE, reads, "beside"):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        if note == "beside":
            return f"every way to leave at most one of {self.what} unshaded puts a shaded cell beside it"
        verb = "shades" if note == "shade" else "leaves"
        return f"every way to leave at most one of {self.what} unshaded {verb} it"


@lru_cache(maxsize=4)
def near_masks(grid: RectGrid) -> tuple[int, ...]:
    """Per cell the mask of its neighbours, once per grid (a generator makes a model per
    round, and these were a third of making its ``TwinPatterns``)."""
    return tuple(sum(1 << n for n in near) for near in grid.neighbours)


class Repeats:
    """The groups of a board whose cells carry ``labels`` (None: a cell without one)."""

    def __init__(self, grid: RectGrid, labels: Sequence[Hashable | None]) -> None:
        self.grid = grid
        self.groups: list[tuple[str, tuple[int, ...]]] = []
        """(what, cells): ``the 3s of row 2`` and their cells, every group of two or more."""
        for i, line in enumerate(grid.lines):
            name = f"row {i + 1}" if i < grid.rows else f"column {i - grid.rows + 1}"
            same: dict[Hashable, list[int]] = {}
            for c in line:
                if labels[c] is not None:
                    same.setdefault(labels[c], []).append(c)
            self.groups += [
                (f"the {label}s of {name}", tuple(cells)) for label, cells in same.items() if len(cells) > 1
            ]

    @staticmethod
    @lru_cache(maxsize=4)
    def of(grid: RectGrid, labels: tuple[Hashable | None, ...]) -> Repeats:
        """``Repeats(grid, labels)``, made once for the last few boards: a generator's
        round builds the model and judges each leaf with ``accept``, both from the groups."""
        return Repeats(grid, labels)

    def add_to(self, model: Model, twins: Rule, patterns: Rule | None = None) -> None:
        """``Twins`` per group under ``twins``, and ``TwinPatterns`` under ``patterns``."""
        for what, cells in self.groups:
            model.add(Twins(twins, cells, what))
            if patterns is not None:
                model.add(TwinPatterns(patterns, self.grid, cells, what))

    def violations(self, values: Sequence[int], kind: str = "repeat") -> list[Violation]:
        """A violation per group with two or more cells unshaded (value 0); unfinished
        when fewer are, but cells of another value (not marked yet) could make it two."""
        found = []
        for what, cells in self.groups:
            kept = tuple(c for c in cells if values[c] == 0)
            left = tuple(c for c in cells if values[c] != 1)
            if len(left) > 1:
                shown = kept if len(kept) > 1 else left
                message = f"{len(shown)} of {what} are {'unshaded' if len(kept) > 1 else 'not shaded'}"
                message += f" ({self.grid.names(shown)}); one at most may be"
                found.append(Violation(kind, message, shown, len(kept) < 2, shown, self.grid.name(shown[0])))
        return found

    def clauses(self, lit: Callable[[int], int]) -> list[list[int]]:
        """At most one cell of each group unshaded (``lit(cell)``: "cell is shaded")."""
        return [[lit(a), lit(b)] for _, cells in self.groups for i, a in enumerate(cells) for b in cells[i + 1 :]]
