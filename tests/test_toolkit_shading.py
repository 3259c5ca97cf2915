# ruff: noqa: B023  (each closure is used inside the loop that makes it)
"""The shading and counting toolkit (issue 20): each propagator checked against brute
force on random small groups and partial domains, the judges and the CNF against the
rules they state, and the random-solution helpers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product

import pytest

from puzzlekit.core import BOOL, FALSE, TRUE, random_clause_solution, random_solution
from puzzlekit.core.engine import Engine
from puzzlekit.core.model import Model, Propagator, Rule, Rung
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import Cnf
from puzzlekit.grid import (
    Apart,
    Confined,
    Count,
    Patterns,
    RectGrid,
    add_apart,
    apart_clauses,
    block_clauses,
    counted,
    full_blocks,
    split,
    touching,
    touching_pairs,
)

LADDER = (Rung(1, "rules", "the rules under test"),)
RULE = Rule("rule", 1, "the rule under test")


def run(n: int, dom: Sequence[int], props: Sequence[Propagator]) -> tuple[bool, list[int], Engine]:
    """The propagators to fixpoint from ``dom``: (consistent, domains, engine)."""
    model = Model(LADDER, domains=list(dom))
    for p in props:
        model.add(p)
    engine = Engine(model, record=True)
    ok = engine.start()
    return ok, engine.dom, engine


def brute(n: int, dom: Sequence[int], holds: Callable[[tuple[int, ...]], bool]) -> list[tuple[int, ...]]:
    """Every 0/1 assignment inside the domains that the rule allows."""
    return [v for v in product((0, 1), repeat=n) if all(dom[i] >> v[i] & 1 for i in range(n)) and holds(v)]


def random_dom(rng: Rng, n: int) -> list[int]:
    return [(BOOL, BOOL, TRUE, FALSE)[rng.below(4)] for _ in range(n)]


def assert_sound(
    n: int, dom: list[int], props: Sequence[Propagator], holds: Callable[[tuple[int, ...]], bool]
) -> list[int]:
    """No allowed assignment is lost; a contradiction only when there is none."""
    ok, out, _ = run(n, dom, props)
    allowed = brute(n, dom, holds)
    if not ok:
        assert not allowed, f"contradiction from {dom} but {allowed[0]} is allowed"
        return out
    for v in allowed:
        assert all(out[i] >> v[i] & 1 for i in range(n)), f"{v} lost from {dom}: {out}"
    return out


# -- Count -----------------------------------------------------------------------------


def test_count_is_sound_and_fixes_what_every_way_agrees_on_at_its_bounds() -> None:
    rng = Rng("count")
    for _ in range(400):
        n = rng.between(1, 6)
        low = rng.between(0, n)
        high = rng.between(low, n)
        value = rng.below(2)
        dom = random_dom(rng, n)
        prop = Count(RULE, range(n), low, high, value=value)
        out = assert_sound(n, dom, [prop], lambda v: low <= sum(x == value for x in v) <= high)
        allowed = brute(n, dom, lambda v: low <= sum(x == value for x in v) <= high)
        on = sum(d == 1 << value for d in out)
        if allowed and (on == high or on + sum(d == BOOL for d in out) == low):
            assert BOOL not in out  # full or short: everything left is fixed


def test_count_explains_in_the_genres_words() -> None:
    prop = Count(RULE, range(3), 1, what="the room at r1c1", items="shaded cells")
    _, out, engine = run(3, [TRUE, BOOL, BOOL], [prop])
    assert out == [TRUE, FALSE, FALSE]
    entry = engine.log[-1]  # type: ignore[index]
    assert prop.explain(entry.var, entry.mask, entry.note) == "the room at r1c1 has its 1 shaded cells already"
    _, out, engine = run(2, [BOOL, BOOL], [Count(RULE, range(2), 2, items="stars", what="row 1")])
    assert out == [TRUE, TRUE]
    entry = engine.log[-1]  # type: ignore[index]
    assert (
        engine.props[entry.by].explain(entry.var, entry.mask, entry.note)
        == "row 1 needs 2 stars and has only that many places left"
    )


# -- Patterns --------------------------------------------------------------------------


@pytest.mark.parametrize("kings", [False, True])
def test_patterns_is_sound_and_complete_on_small_boards(kings: bool) -> None:
    """Exactly k, no cell of the colour touching one of them (inside the group or out,
    as ``touching`` is the board's rule): every cell it leaves open can go either way in some
    allowed assignment (complete for the group's own cells), none it fixes is lost."""
    rng = Rng(f"patterns {kings}")
    for _ in range(300):
        grid = RectGrid(rng.between(1, 3), rng.between(1, 4))
        n = grid.n_cells
        group = sorted({rng.below(n) for _ in range(rng.between(1, n))})
        k = rng.between(0, 3)
        near = grid.kings if kings else grid.neighbours
        dom = random_dom(rng, n)

        def holds(v: tuple[int, ...]) -> bool:
            if sum(v[c] for c in group) != k:
                return False
            return not any(v[a] and v[b] for a in group for b in near[a])  # outside cells too

        props: list[Propagator] = [Patterns(RULE, group, k, near)]
        out = assert_sound(n, dom, props, holds)
        inner = [d if c in group else BOOL for c, d in enumerate(dom)]  # outside marks are Apart's
        allowed = brute(n, inner, holds)
        ok, _, _ = run(n, inner, props)
        out = run(n, inner, props)[1]
        if ok and allowed:
            for c in group:
                if out[c] == BOOL:
                    assert {v[c] for v in allowed} == {0, 1}, (group, k, dom, c)


def test_patterns_rules_out_a_cell_outside_that_every_way_touches() -> None:
    grid = RectGrid(2, 3)  # the group is the top row; one star in r1c2's only place
    prop = Patterns(RULE, grid.row(0), 1, grid.kings, what="row 1", items="stars")
    _, out, engine = run(6, [FALSE, BOOL, FALSE, BOOL, BOOL, BOOL], [prop])
    assert out[:3] == [FALSE, TRUE, FALSE] and out[3:] == [FALSE, FALSE, FALSE]
    notes = {entry.note for entry in engine.log}  # type: ignore[union-attr]
    assert notes == {"in", "near"}
    assert prop.explain(3, FALSE, "near") == "every way to fit 1 stars in row 1, none touching, touches this cell"


def test_patterns_past_its_limit_deduces_nothing_then_works_once_narrower() -> None:
    grid = RectGrid(1, 12)
    prop = Patterns(RULE, range(12), 3, grid.neighbours, limit=5)
    ok, out, _ = run(12, [BOOL] * 12, [prop])
    assert ok and out == [BOOL] * 12
    ok, out, _ = run(5, [BOOL] * 5, [Patterns(RULE, range(5), 3, RectGrid(1, 5).neighbours, limit=5)])
    assert out == [TRUE, FALSE, TRUE, FALSE, TRUE]


# -- Confined --------------------------------------------------------------------------


def test_confined_is_sound_against_brute_force() -> None:
    """Regions against rows, one of the colour each: what it rules out no layout needs."""
    rng = Rng("confined")
    for _ in range(80):
        side = rng.between(2, 4)
        grid = RectGrid(side, side)
        owner = [rng.below(side) for _ in range(side * side)]
        regions = [[c for c in range(side * side) if owner[c] == r] for r in range(side)]
        if any(not cells for cells in regions):
            continue
        rows = [list(grid.row(r)) for r in range(side)]
        dom = [(BOOL, BOOL, BOOL, FALSE)[rng.below(4)] for _ in range(side * side)]
        names = [f"region {i}" for i in range(side)]
        prop = Confined(RULE, regions, rows, names=names, other_names=[f"row {i}" for i in range(side)])

        def holds(v: tuple[int, ...]) -> bool:
            return all(sum(v[c] for c in g) == 1 for g in regions + rows)

        assert_sound(side * side, dom, [prop], holds)


def test_confined_says_which_groups_fill_which() -> None:
    grid = RectGrid(2, 2)  # region a is the top row: it fills row 1, so b's r1c? cells are empty
    regions = [[0, 1], [2, 3]]
    cols = [[0, 2], [1, 3]]
    prop = Confined(
        RULE, regions, [list(grid.row(0)), list(grid.row(1))], names=["a", "b"], other_names=["row 1", "row 2"]
    )
    ok, out, _ = run(4, [BOOL] * 4, [prop])
    assert ok and out == [BOOL] * 4  # nothing yet: each region is its own row
    prop = Confined(RULE, [[0], [1, 2, 3]], cols, names=["a", "b"], other_names=["column 1", "column 2"])
    ok, out, engine = run(4, [BOOL] * 4, [prop])
    assert out[2] == FALSE
    entry = engine.log[0]  # type: ignore[index]
    assert prop.explain(entry.var, entry.mask, entry.note) == (
        "a can only place their stars in column 1, which leaves none for any other cell there"
    )


# -- Apart, and the judges and clauses -------------------------------------------------


@pytest.mark.parametrize("kings", [False, True])
def test_apart_judges_and_clauses_state_one_rule(kings: bool) -> None:
    grid = RectGrid(2, 3)
    n = grid.n_cells
    clauses = apart_clauses(grid, lambda c: c + 1, kings)
    rng = Rng("apart")
    for _ in range(60):
        dom = random_dom(rng, n)
        props: list[Propagator] = []
        add_apart(props.append, RULE, grid, kings=kings)  # type: ignore[arg-type]

        def holds(v: tuple[int, ...]) -> bool:
            return not touching_pairs(grid, lambda c: v[c] == 1, kings)

        assert_sound(n, dom, props, holds)
    for v in product((0, 1), repeat=n):
        by_clauses = all(any((lit > 0) == (v[abs(lit) - 1] == 1) for lit in c) for c in clauses)
        judged = touching(grid, lambda c: v[c] == 1, "stars", kings)
        assert by_clauses == (not judged)
    prop = Apart(RULE, grid, range(n), 0, kings=kings, items="stars")
    assert prop.explain(1, FALSE, None) == "it touches r1c1, and stars never touch"


def test_the_judges_name_what_is_wrong() -> None:
    grid = RectGrid(2, 3)
    shaded = {0, 1, 3, 4}
    (block,) = full_blocks(grid, shaded.__contains__, "shaded cells")
    assert block.message == "a 2x2 block of shaded cells at r1c1" and block.cells == (0, 1, 3, 4)
    (pieces,) = split(grid, lambda c: c in {0, 2}, "unshaded cells")
    assert pieces.message == "the unshaded cells are in 2 pieces" and pieces.unfinished
    assert not split(grid, shaded.__contains__, "shaded cells")
    (few,) = counted((0, 1, 2), shaded.__contains__, 3, 3, "row 1", "shaded cells", "count")
    assert few.message == "row 1 holds 2 shaded cells, not 3" and few.unfinished
    (many,) = counted((0, 1, 2), shaded.__contains__, 0, 1, "row 1", "shaded cells", "count")
    assert many.message == "row 1 holds 2 shaded cells, not 0 to 1" and not many.unfinished
    for v in product((0, 1), repeat=grid.n_cells):
        by_clauses = all(any(v[abs(lit) - 1] == 0 for lit in c) for c in block_clauses(grid, lambda c: c + 1))
        assert by_clauses == (not full_blocks(grid, lambda c: v[c] == 1, "x"))


# -- random solutions ------------------------------------------------------------------


def _stars_model(grid: RectGrid) -> Model:
    model = Model(LADDER, domains=[BOOL] * grid.n_cells)
    add_apart(model.add, RULE, grid, kings=True, items="stars")
    for r in range(grid.rows):
        model.add(Count(RULE, grid.row(r), 1))
    for c in range(grid.cols):
        model.add(Count(RULE, grid.column(c), 1))
    return model


def _is_star_layout(grid: RectGrid, values: Sequence[int]) -> bool:
    lines = [grid.row(r) for r in range(grid.rows)] + [grid.column(c) for c in range(grid.cols)]
    ok = all(sum(values[c] for c in line) == 1 for line in lines)
    return ok and not touching_pairs(grid, lambda c: values[c] == 1, kings=True)


def test_random_solution_is_a_solution_and_a_function_of_the_seed() -> None:
    grid = RectGrid(6, 6)
    seen = set()
    for seed in range(6):
        values = random_solution(_stars_model(grid), Rng(f"s{seed}"), in_order=True)
        assert values is not None and _is_star_layout(grid, values)
        assert values == random_solution(_stars_model(grid), Rng(f"s{seed}"), in_order=True)
        seen.add(tuple(values))
    assert len(seen) > 1
    assert random_solution(_stars_model(RectGrid(3, 3)), Rng("none")) is None  # 3x3 has no layout


def test_random_solution_stops_at_its_budget() -> None:
    values = random_solution(_stars_model(RectGrid(3, 3)), Rng("none"), max_nodes=1)
    assert values is None


def test_random_clause_solution_solves_the_twin() -> None:
    grid = RectGrid(8, 8)
    cnf = Cnf(grid.n_cells)
    cnf.add(*apart_clauses(grid, lambda c: c + 1, kings=True))
    for line in [grid.row(r) for r in range(8)] + [grid.column(c) for c in range(8)]:
        cnf.count([c + 1 for c in line], 1)
    found = [random_clause_solution(cnf.encoding(), grid.n_cells, Rng(f"c{seed}")) for seed in range(4)]
    assert all(v is not None and _is_star_layout(grid, v) for v in found)
    assert found[0] == random_clause_solution(cnf.encoding(), grid.n_cells, Rng("c0"))
    assert len({tuple(v or ()) for v in found}) > 1


def test_numbered_shading_matches_the_greedy_pass_with_a_flood_per_cell() -> None:
    """``NumberedShading.shading`` checks the area round each cell, not by a flood: the
    same shading as the greedy pass with a flood per cell, on boards from 1x1 up."""
    from puzzlekit.grid import NumberedShading
    from puzzlekit.grid.connectivity import pieces_of

    def flooded(grid: RectGrid, rng: Rng, skip: tuple[int, int]) -> set[int]:
        order, shaded = list(range(grid.n_cells)), set[int]()
        rng.shuffle(order)
        for cell in order:
            if any(n in shaded for n in grid.neighbours[cell]) or (skip[0] and rng.chance(*skip)):
                continue
            if len(pieces_of(grid, [c for c in range(grid.n_cells) if c not in shaded and c != cell])) == 1:
                shaded.add(cell)
        return shaded

    for rows, cols, skip, seed in product(range(1, 7), range(1, 7), ((0, 1), (1, 2)), range(3)):
        grid = RectGrid(rows, cols)
        want = flooded(grid, Rng(f"s{seed}"), skip)
        assert NumberedShading.shading(grid, Rng(f"s{seed}"), skip) == want, (rows, cols, skip, seed)


def _shadings(local: bool) -> list[tuple[RectGrid, set[int]]]:
    from puzzlekit.grid import NumberedShading

    boards = product(range(1, 7), range(1, 7), range(4))
    return [(RectGrid(r, c), NumberedShading.shading(RectGrid(r, c), Rng(f"a{s}"), local=local)) for r, c, s in boards]


def test_area_only_cells_are_those_apart_and_ways_out_leave_open() -> None:
    """With the shaded cells given, ``Apart`` and ``OneWayOut`` decide every unshaded cell
    but the ``area_only`` ones: on greedy shadings and on partial ones (every other shaded
    cell dropped) of every board up to 6x6."""
    from puzzlekit.grid import add_ways_out, area_only

    found = 0
    for grid, shaded in _shadings(False):
        for kept in (sorted(shaded), sorted(shaded)[::2]):
            model = Model(LADDER, domains=[TRUE if c in kept else BOOL for c in range(grid.n_cells)])
            add_apart(model.add, RULE, grid)
            add_ways_out(model.add, RULE, grid)
            engine = Engine(model)
            assert engine.start()
            values = [int(c in kept) for c in range(grid.n_cells)]
            assert area_only(grid, values) == [c for c in range(grid.n_cells) if engine.dom[c] == BOOL]
            found += len(area_only(grid, values))
    assert found


def test_a_local_shading_leaves_no_cell_to_the_area_and_stays_legal() -> None:
    """``shading(..., local=True)`` (``settle_area_only``): shaded cells apart, the rest one
    area, and no ``area_only`` cell (so the shading is maximal too), where the greedy pass
    leaves some; the same shading for the same seed."""
    from puzzlekit.grid import NumberedShading, area_only
    from puzzlekit.grid.connectivity import pieces_of

    greedy = sum(len(area_only(g, [int(c in s) for c in range(g.n_cells)])) for g, s in _shadings(False) if g.rows > 1)
    assert greedy
    for grid, shaded in _shadings(True):
        if grid.n_cells == 1:
            continue
        values = [int(c in shaded) for c in range(grid.n_cells)]
        assert not touching_pairs(grid, lambda c: c in shaded)
        assert len(pieces_of(grid, [c for c in range(grid.n_cells) if c not in shaded])) == 1
        assert area_only(grid, values) == [], (grid.rows, grid.cols, sorted(shaded))
    big = RectGrid(20, 20)
    again = NumberedShading.shading(big, Rng("big"), local=True)
    assert again == NumberedShading.shading(big, Rng("big"), local=True)
    assert not area_only(big, [int(c in again) for c in range(big.n_cells)])
