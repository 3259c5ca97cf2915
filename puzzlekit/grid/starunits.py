"""Star Battle's ladder as toolkit pieces: ``k`` stars in every row, column and region, no
two touching, not even diagonally.  ``StarRules`` holds the rules a genre names and builds
from them each unit's propagators, the region-wide ones, a board's model and a generator's
``RegionEngines``; ``star_cnf`` and ``star_violations`` are the rules alone (the SAT twin,
the judge); ``ordered_star_board`` is a generator's board, ``planted_star_regions`` a
random one, both round planted stars."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from puzzlekit.core.lookahead import Lookahead
from puzzlekit.core.model import BOOL, TRUE, Model, Propagator, Rule, Rung, Violation
from puzzlekit.core.rng import Rng
from puzzlekit.engines.encoding import Cnf, SatEncoding
from puzzlekit.grid.counting import MAX_WAYS, Confined, Count, Patterns
from puzzlekit.grid.growing import RegionEngines, settle_regions, spread_stars
from puzzlekit.grid.orderedstars import ordered_star_regions
from puzzlekit.grid.regions import grown_regions
from puzzlekit.grid.shading import add_apart, apart_clauses, counted, touching
from puzzlekit.grid.topology import RectGrid

Unit = tuple[str, tuple[int, ...]]
"""A unit named in words (``row 3``, ``the region at r1c1``) and its cells."""


def named_lines(grid: RectGrid) -> list[Unit]:
    """Every row, then every column, named."""
    rows = [(f"row {r + 1}", grid.row(r)) for r in range(grid.rows)]
    return rows + [(f"column {c + 1}", grid.column(c)) for c in range(grid.cols)]


def star_cnf(grid: RectGrid, units: Sequence[Sequence[int]], k: int) -> SatEncoding:
    """From the rules alone: cell ``c`` holds a star is SAT variable ``c + 1``; ``k`` per
    unit by totalizers; no two touching."""
    cnf = Cnf(grid.n_cells)
    cnf.add(*apart_clauses(grid, lambda c: c + 1, kings=True))
    for cells in units:
        cnf.count([c + 1 for c in cells], k)
    return cnf.encoding()


def star_violations(grid: RectGrid, units: Sequence[Unit], values: Sequence[int], k: int) -> list[Violation]:
    """From the rules alone: touching stars (value 1), and every unit's count."""

    def star(cell: int) -> bool:
        return values[cell] == 1

    found = touching(grid, star, "stars", kings=True)
    for what, cells in units:
        found += counted(cells, star, k, k, what, "stars", "count")
    return found


@dataclass(frozen=True)
class StarRules:
    """The rules of the ladder (rung 1 ``count``, ``apart``, ``patterns``; rung 2
    ``confined``; rung 3 ``trial``), as the genre words them."""

    ladder: tuple[Rung, ...]
    count: Rule
    apart: Rule
    patterns: Rule
    confined: Rule
    trial: Rule

    def unit(self, grid: RectGrid, what: str, cells: tuple[int, ...], k: int, counts: bool = True) -> list[Propagator]:
        """A unit's ``Count`` and ``Patterns`` (for ``apart``, every ``Apart``).  Without
        ``counts`` (a generator's), no ``Count`` where ``Patterns`` enumerates every way
        (no more than ``MAX_WAYS``): it then deduces all ``Count`` does, for less work."""
        if what == "apart":
            model = Model(self.ladder)
            add_apart(model.add, self.apart, grid, kings=True, items="stars")
            return model.propagators
        made: list[Propagator] = []
        if counts or comb(len(cells), k) > MAX_WAYS:
            made.append(Count(self.count, cells, k, what=what, items="stars"))
        return [*made, Patterns(self.patterns, cells, k, grid.kings, what=what, items="stars")]

    def region_wide(self, grid: RectGrid, regions: Sequence[Sequence[int]], names: Sequence[str]) -> list[Propagator]:
        """What reads every region: confinement both ways against rows and columns, and trial."""
        made: list[Propagator] = []
        units = named_lines(grid)
        for lines in (units[: grid.rows], units[grid.rows :]):
            words, lined = [what for what, _ in lines], [line for _, line in lines]
            made.append(Confined(self.confined, regions, lined, names=names, other_names=words))
            made.append(Confined(self.confined, lined, regions, names=words, other_names=names))
        made.append(Lookahead(self.trial, probe_rung=1, describe=lambda v, m: "a star" if m == TRUE else "empty"))
        return made

    def model(self, grid: RectGrid, k: int, regions: Sequence[Sequence[int]], names: Sequence[str]) -> Model:
        """Every row, column and region holds ``k`` stars, none touching: the apart, row and
        column parts, each region's (``unit``), then ``region_wide``."""
        model = Model(self.ladder, domains=[BOOL] * grid.n_cells)
        for what, cells in [("apart", ()), *named_lines(grid), *zip(names, map(tuple, regions))]:
            for prop in self.unit(grid, what, cells, k):
                model.add(prop)
        for prop in self.region_wide(grid, regions, names):
            model.add(prop)
        return model

    def engines(self, grid: RectGrid, k: int) -> RegionEngines:
        """A generator's engines (``settle_regions``): rows, columns and apart fixed, each
        region's parts without the ``Count`` its ``Patterns`` covers."""
        fixed = [
            p for what, cells in [("apart", ()), *named_lines(grid)] for p in self.unit(grid, what, cells, k, False)
        ]
        return RegionEngines(
            self.ladder,
            grid.n_cells,
            fixed,
            lambda cells: self.unit(grid, "a region", cells, k, False),
            lambda regions: self.region_wide(grid, regions, ["a region"] * len(regions)),
        )


def planted_star_regions(grid: RectGrid, k: int, rng: Rng, tries: int = 20) -> tuple[list[int] | None, list[int]]:
    """Random stars (``spread_stars``: ``k`` per row and column, none touching) and per cell
    its region of ``k`` of them (``grown_regions``; None when ``tries`` draws could not
    join them, as happens now and then), with the stars."""
    stars = spread_stars(grid.rows, grid.cols, k, rng)
    for _ in range(tries if stars else 0):
        if owner := grown_regions(grid, stars or [], k, rng):
            return owner, stars or []
    return None, stars or []


def ordered_star_board(grid: RectGrid, k: int, caps: Sequence[int], rules: StarRules, rng: Rng) -> list[int] | None:
    """Per cell its region: random stars (``spread_stars``), regions drawn round them in
    solving order (``ordered_star_regions``), then settled (``settle_regions``) until
    deduction capped at ``caps[0]`` (then ``caps[-1]``) solves the board and, with two
    caps, the cheaper one does not.  None for a draw to throw away: with 3 stars or more,
    one that left stars to regions drawn at random (settling those cost seconds, and
    mostly failed), and one whose settling ran out of moves (4 n² of them; round each
    given 100 with 3 stars, 12 with fewer, as 15x15 needed)."""
    n = grid.rows
    stars = spread_stars(n, grid.cols, k, rng)
    made = ordered_star_regions(grid, stars, k, rng) if stars else None
    if made is None or stars is None or (k >= 3 and made[1] * k < len(stars)):
        return None
    owner = made[0]
    settled = settle_regions(grid, owner, stars, rules.engines(grid, k), caps, rng, 4 * n * n, 12 if k < 3 else 100)
    return owner if settled else None
