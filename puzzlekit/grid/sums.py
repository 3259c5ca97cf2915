"""Run sums: a run of cells holds distinct digits 1..``top`` that add up to a total (Kakuro's
rule), as a propagator with words, the judge of a filled board and the rule as CNF.

A cell's domain has bit ``d`` set while digit ``d`` is possible.  A run's *digit sets* are
the sets of ``len(run)`` distinct digits that add up to its total (``digit_sets``, as
masks); ``RunSum`` keeps those whose every digit still has a cell and whose every cell
still has a digit of the set, and leaves each cell the digits of the sets left.  That the
digits differ is ``puzzlekit.grid.units``'s (``Houses`` with the runs as houses, and its
``NakedSingle``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import Propagator, Rule, Violation, values_of
from puzzlekit.engines.encoding import Clause, SatEncoding, count_between, value_table
from puzzlekit.grid.topology import RectGrid


@dataclass(frozen=True)
class Run:
    """A run of cells (left to right, or top to bottom) with the clue cell before it."""

    clue: int
    across: bool
    cells: tuple[int, ...]
    total: int | None
    """The sum its digits make; None: no clue, the digits only differ."""

    def where(self, grid: RectGrid) -> str:
        return f"the run {'across' if self.across else 'down'} from {grid.name(self.clue)}"


def runs_of(grid: RectGrid, white: Sequence[bool], across: dict[int, int], down: dict[int, int]) -> list[Run]:
    """Every run of two or more white cells (and every clued run of one): after a black cell
    or the board's edge, to the next black cell or the edge, its total the clue of the black
    cell before it (``across``/``down``: clue cell -> total; a run at the edge has none)."""
    out = []
    for is_across in (True, False):
        step, clues = (1, across) if is_across else (grid.cols, down)
        for cell in range(grid.n_cells):
            if not white[cell]:
                continue
            r, c = divmod(cell, grid.cols)
            before = cell - step
            if (c if is_across else r) > 0 and white[before]:
                continue  # not the run's first cell
            cells = [cell]
            while (cells[-1] % grid.cols if is_across else cells[-1] // grid.cols) < (
                grid.cols - 1 if is_across else grid.rows - 1
            ) and white[cells[-1] + step]:
                cells.append(cells[-1] + step)
            start = before if (c if is_across else r) > 0 else -1
            total = clues.get(start) if start >= 0 else None
            if len(cells) > 1 or total is not None:
                out.append(Run(start, is_across, tuple(cells), total))
    return out


@cache
def digit_sets(length: int, total: int, top: int = 9) -> tuple[int, ...]:
    """The sets of ``length`` distinct digits 1..``top`` adding up to ``total``, as masks."""
    return tuple(sum(1 << d for d in ds) for ds in combinations(range(1, top + 1), length) if sum(ds) == total)


class RunSum(Propagator):
    """A run's digits add up to its total: each cell keeps the digits of the digit sets
    that still fit (every cell has a digit of the set, every digit of the set a cell)."""

    __slots__ = ("rule", "grid", "run", "watches", "sets")

    def __init__(self, rule: Rule, grid: RectGrid, run: Run, top: int = 9) -> None:
        if run.total is None:
            raise ValueError("a run without a total has no sum to keep")
        self.rule, self.grid, self.run, self.watches = rule, grid, run, run.cells
        self.sets = digit_sets(len(run.cells), run.total, top)

    def propagate(self, engine: Engine) -> bool:
        dom, cells = engine.dom, self.run.cells
        doms = [dom[c] for c in cells]
        live = 0
        for s in self.sets:
            cover = 0
            for d in doms:
                if not d & s:
                    break
                cover |= d & s
            else:
                if cover == s:
                    live |= s
        if not live:
            return False
        note = live
        return all(engine.set(c, live, cells, note) for c in cells if dom[c] & ~live)

    def explain(self, var: int, mask: int, note: object) -> str:
        run, live = self.run, note if isinstance(note, int) else mask
        digits = ", ".join(map(str, values_of(live)))
        return (
            f"{run.where(self.grid)} has {len(run.cells)} cells adding up to {run.total}: the digit sets "
            f"that still fit use only {digits}, so {self.grid.name(var)} holds one of them"
        )


class RunDigit(RunSum):
    """A digit that every digit set still fitting a run holds goes in the run's one cell
    that can still take it (Kakuro's "the 1 must go here")."""

    __slots__ = ()

    def propagate(self, engine: Engine) -> bool:
        dom, cells = engine.dom, self.run.cells
        need = -1
        for s in self.sets:
            if all(dom[c] & s for c in cells):
                need &= s
        if need == -1:
            return False  # no digit set fits
        for d in values_of(need):
            holders = [c for c in cells if dom[c] >> d & 1]
            if len(holders) == 1 and not engine.set(holders[0], 1 << d, cells, d):
                return False
            if not holders:
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        digit = note if isinstance(note, int) else mask.bit_length() - 1
        return (
            f"every digit set that still fits {self.run.where(self.grid)} holds a {digit}, and only "
            f"{self.grid.name(var)} can still take it"
        )


def run_violations(
    grid: RectGrid, runs: Sequence[Run], values: Sequence[int], white: Sequence[bool] = ()
) -> list[Violation]:
    """Each run with a digit twice ("repeat") or, once full, the wrong sum ("sum"), in
    words; the ``white`` cells still empty (0) are one unfinished violation ("empty")."""
    found = []
    for run in runs:
        digits = [values[c] for c in run.cells]
        where = run.where(grid)
        for d in sorted({d for d in digits if d and digits.count(d) > 1}):
            twice = tuple(c for c in run.cells if values[c] == d)
            found.append(Violation("repeat", f"{where} holds {d} twice ({grid.names(twice)})", twice, cells=twice))
        made = sum(digits)
        if run.total is not None and (made > run.total or (all(digits) and made != run.total)):
            shown = (run.clue, *run.cells) if run.clue >= 0 else run.cells
            found.append(Violation("sum", f"{where} adds up to {made}, not {run.total}", run.cells, cells=shown))
    empty = tuple(c for c, w in enumerate(white) if w and not values[c])
    if empty:
        says = f"{len(empty)} cell{'s' if len(empty) > 1 else ''} without a digit, the first at {grid.name(empty[0])}"
        found.append(Violation("empty", says, empty, unfinished=True, cells=empty))
    return found


def run_sums_twin(runs: Sequence[Run], white: Sequence[bool], top: int = 9) -> SatEncoding:
    """The rule as CNF, from the rule alone: a SAT variable per white cell and digit, one
    digit per white cell, a digit at most once per run; a full run adding up wrong is cut
    lazily (``sum_cuts``).  A black cell has the one value 0, with a variable of its own:
    a value table must cover every value a root domain holds (``core.fdtwin``), or the
    learning search reads a black cell as impossible."""
    digits = (1 << (top + 1)) - 2
    lits = value_table([top + 1] * len(white), [digits if w else 1 for w in white])
    last = max([0, *(max(row) for row in lits)])
    clauses: list[Clause] = []
    for row in lits:
        if any(row):
            more, last = count_between([x for x in row if x], 1, 1, last)
            clauses += more
    for run in runs:
        for d in range(1, top + 1):
            same = [lits[c][d] for c in run.cells]
            clauses += [[-a, -b] for i, a in enumerate(same) for b in same[i + 1 :]]

    def decode(true: set[int]) -> list[int]:
        return [next((d for d, x in enumerate(row) if x and x in true), 0) for row in lits]

    def block(values: list[int]) -> Clause:
        return [-lits[c][v] for c, v in enumerate(values) if v]

    return SatEncoding(clauses, decode, lambda values: sum_cuts(runs, values, lits), block, last, False, lits)


def sum_cuts(runs: Sequence[Run], values: Sequence[int], lits: Sequence[Sequence[int]]) -> list[Clause]:
    """Lazy CNF for a candidate: per full run whose digits do not add up to its total, the
    clause "not these digits in these cells" (``lits[cell][digit]``: a SAT variable)."""
    cuts = []
    for run in runs:
        if run.total is not None and sum(values[c] for c in run.cells) != run.total:
            cuts.append([-lits[c][values[c]] for c in run.cells])
    return cuts


__all__ = ["Run", "RunSum", "digit_sets", "run_sums_twin", "run_violations", "runs_of", "sum_cuts"]
