"""Cell connectivity propagators, proven sound against brute force on small boards."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

from puzzlekit.core import BOOL, FALSE, TRUE, Engine, Model, Propagator, Rule, Rung
from puzzlekit.grid import OneClueRegions, RectGrid, StaysConnected, reach

RULE = Rule("connect", 1, "test rule")
LADDER = (Rung(1, "only"),)


def connected(grid: RectGrid, cells: set[int]) -> bool:
    return len(grid.pieces(cells.__contains__)) <= 1


def regions_ok(grid: RectGrid, cells: set[int], clues: dict[int, int], sized: bool) -> bool:
    for piece in grid.pieces(cells.__contains__):
        inside = [c for c in piece if c in clues]
        if len(inside) != 1 or (sized and len(piece) != clues[inside[0]]):
            return False
    return all(c in cells for c in clues)


def run(grid: RectGrid, prop: Propagator, dom: list[int]) -> list[int] | None:
    model = Model(LADDER, domains=list(dom))
    model.add(prop)
    engine = Engine(model)
    return list(engine.dom) if engine.start() else None


def check_sound(
    grid: RectGrid, make: Callable[[], Propagator], holds: Callable[[set[int]], bool], value: int, trials: int
) -> None:
    rng = random.Random(f"{grid.rows}x{grid.cols}:{value}")
    n = grid.n_cells
    assignments = [bits for bits in itertools.product((0, 1), repeat=n)]
    good = [a for a in assignments if holds({c for c in range(n) if a[c] == value})]
    for _ in range(trials):
        dom = [rng.choice((BOOL, BOOL, FALSE, TRUE)) for _ in range(n)]
        fitting = [a for a in good if all(dom[c] >> a[c] & 1 for c in range(n))]
        after = run(grid, make(), dom)
        if after is None:
            assert not fitting, f"contradiction claimed with {len(fitting)} solutions, dom={dom}"
            continue
        for a in fitting:
            assert all(after[c] >> a[c] & 1 for c in range(n)), f"a solution lost: dom={dom} after={after} a={a}"


def test_stays_connected_is_sound_on_random_states() -> None:
    for rows, cols in ((3, 3), (2, 4), (3, 4)):
        grid = RectGrid(rows, cols)
        for value in (0, 1):
            cells = list(range(grid.n_cells))
            check_sound(
                grid,
                lambda g=grid, c=cells, v=value: StaysConnected(RULE, g, c, v),
                lambda s, g=grid: connected(g, s),
                value,
                150,
            )


def test_one_clue_regions_are_sound_on_random_states() -> None:
    rng = random.Random(7)
    for rows, cols in ((3, 3), (2, 4), (3, 4)):
        grid = RectGrid(rows, cols)
        for sized in (True, False):
            for _ in range(6):
                picked = rng.sample(range(grid.n_cells), rng.randint(1, 3))
                clues = {c: rng.randint(1, 4) for c in picked}
                check_sound(
                    grid,
                    lambda g=grid, k=clues, s=sized: OneClueRegions(RULE, g, range(g.n_cells), 0, k, s),
                    lambda cells, g=grid, k=clues, s=sized: regions_ok(g, cells, k, s),
                    0,
                    40,
                )


def test_articulation_point_between_two_shaded_cells_is_shaded() -> None:
    grid = RectGrid(1, 3)
    dom = [TRUE, BOOL, TRUE]
    after = run(grid, StaysConnected(RULE, grid, range(3), 1), dom)
    assert after == [TRUE, TRUE, TRUE]


def test_a_cell_cut_off_from_the_shaded_ones_is_unshaded() -> None:
    grid = RectGrid(1, 4)
    after = run(grid, StaysConnected(RULE, grid, range(4), 1), [TRUE, BOOL, FALSE, BOOL])
    assert after == [TRUE, BOOL, FALSE, FALSE]


def test_a_finished_island_is_walled_in_and_a_cell_between_two_clues_is_sea() -> None:
    grid = RectGrid(1, 4)
    after = run(grid, OneClueRegions(RULE, grid, range(4), 0, {0: 1, 2: 1}, True), [BOOL] * 4)
    assert after == [FALSE, TRUE, FALSE, TRUE]


def test_an_island_with_one_way_out_grows_through_it() -> None:
    grid = RectGrid(2, 3)
    dom = [BOOL, BOOL, BOOL, TRUE, BOOL, TRUE]  # clue 2 at r1c1: r2c1 is sea, so it grows east
    after = run(grid, OneClueRegions(RULE, grid, range(6), 0, {0: 2}, True), dom)
    assert after is not None and after[1] == FALSE and after[2] == TRUE


def test_reach_counts_steps_and_stops_at_blocked_cells() -> None:
    grid = RectGrid(1, 5)
    may: Sequence[bool] = [True] * 5
    assert reach(grid, may, [0], limit=2) == {0: 0, 1: 1, 2: 2}
    assert reach(grid, may, [0], blocked=[False, False, True, False, False]) == {0: 0, 1: 1}
