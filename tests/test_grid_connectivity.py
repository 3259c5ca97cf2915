"""Cell connectivity propagators, proven sound against brute force on small boards."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

import pytest

from puzzlekit.core import BOOL, FALSE, TRUE, Engine, Model, Propagator, Rule, Rung
from puzzlekit.grid import (
    OneClueRegions,
    RectGrid,
    StaysConnected,
    has_pool,
    islands,
    piece_masks,
    pieces_of,
    reach,
)
from puzzlekit.grid.bits import BitGrid, cells_of, distance, domain_mask, domain_masks, mask_of, table_of
from puzzlekit.grid.islands import IslandAnalyser, Islands, analyse, diamond

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


def pool_free(grid: RectGrid, cells: set[int]) -> bool:
    """No 2x2 block wholly outside ``cells`` (Nurikabe: no pool of sea around the islands)."""
    return not grid.has_block(lambda c: c not in cells)


def test_deep_regions_with_blocks_are_sound_on_random_states() -> None:
    """Land and 2x2 blocks only one region reaches, and the cells a region cannot do
    without: no solution (regions of their sizes, no 2x2 block outside them) is lost."""
    rng = random.Random(11)
    for rows, cols in ((3, 3), (3, 4), (2, 5)):
        grid = RectGrid(rows, cols)
        for blocks in (True, False):
            for _ in range(8):
                picked = rng.sample(range(grid.n_cells), rng.randint(1, 3))
                clues = {c: rng.randint(1, 6) for c in picked}
                check_sound(
                    grid,
                    lambda g=grid, k=clues, b=blocks: OneClueRegions(RULE, g, range(g.n_cells), 0, k, True, True, b),
                    lambda cells, g=grid, k=clues, b=blocks: (
                        regions_ok(g, cells, k, True) and (not b or pool_free(g, cells))
                    ),
                    0,
                    60,
                )


def test_a_sized_piece_is_sound_on_random_states() -> None:
    """``StaysConnected`` with a size: one piece of exactly that many cells."""
    for rows, cols in ((3, 3), (2, 4), (3, 4)):
        grid = RectGrid(rows, cols)
        for size in (2, 4, 7):
            check_sound(
                grid,
                lambda g=grid, k=size: StaysConnected(RULE, g, range(g.n_cells), 1, k),
                lambda s, g=grid, k=size: connected(g, s) and len(s) == k,
                1,
                120,
            )


def test_a_small_sized_piece_stays_within_reach_of_its_fixed_cells() -> None:
    """A piece of 3 holding r1c1 on a 1x6 board cannot reach past r1c3 (janko's 1030: a
    sea of 10 on a 32x32 keeps within 9 steps of a shaded cell)."""
    grid = RectGrid(1, 6)
    after = run(grid, StaysConnected(RULE, grid, range(6), 1, 3), [TRUE, *[BOOL] * 5])
    assert after == [TRUE, TRUE, BOOL, FALSE, FALSE, FALSE]  # r1c2: the only way to grow


def test_an_island_that_alone_can_break_a_block_cannot_stray_from_it() -> None:
    """A 3 in the corner of a 3x3 board whose far corner block only it can break: it must
    reach that block, so it cannot grow along the first row."""
    grid = RectGrid(3, 3)
    dom = [BOOL] * 9
    prop = OneClueRegions(RULE, grid, range(9), 0, {0: 3}, True, True, True)
    after = run(grid, prop, dom)
    assert after is not None and after[2] == TRUE and after[6] == TRUE  # r1c3 and r3c1 are too far


def test_a_neck_the_island_cannot_do_without_is_land() -> None:
    grid = RectGrid(2, 4)
    dom = [BOOL, BOOL, BOOL, BOOL, TRUE, BOOL, BOOL, BOOL]  # a 4 at r1c1 whose only room is east
    prop = OneClueRegions(RULE, grid, range(8), 0, {0: 4}, True, True)
    after = run(grid, prop, dom)
    assert after is not None and after[1] == FALSE


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


def test_pieces_of_and_has_pool_agree_with_the_grid_on_every_set_of_small_boards() -> None:
    for rows, cols in ((1, 1), (1, 4), (2, 2), (3, 3), (2, 4)):
        grid = RectGrid(rows, cols)
        for bits in itertools.product((0, 1), repeat=grid.n_cells):
            cells = {c for c, b in enumerate(bits) if b}
            assert pieces_of(grid, cells) == grid.pieces(cells.__contains__)
            assert has_pool(grid, cells) == bool(grid.has_block(cells.__contains__))
            mask = mask_of(cells)  # the same on masks
            assert [cells_of(p) for p in piece_masks(grid, mask)] == pieces_of(grid, cells)
            assert has_pool(grid, mask) == has_pool(grid, cells)


def test_diamond_is_the_cells_within_its_radius() -> None:
    rng = random.Random("diamond")
    for _ in range(300):
        rows, cols = rng.randint(1, 9), rng.randint(1, 9)
        cell, radius = rng.randrange(rows * cols), rng.randint(0, 12)
        r0, c0 = divmod(cell, cols)
        near = (r * cols + c for r in range(rows) for c in range(cols) if abs(r - r0) + abs(c - c0) <= radius)
        assert diamond(rows, cols, cell, radius) == mask_of(near)


def test_distance_is_the_first_ball_that_meets_the_mask() -> None:
    """``distance`` bisects nested balls: the same answer as reading them in order, on
    random boards, seeds, lumps and masks (-1 past the last ball)."""
    rng = random.Random(7)
    for _ in range(200):
        grid = RectGrid(rng.randint(1, 6), rng.randint(1, 6))
        bits, n = BitGrid(grid), grid.n_cells
        within = mask_of(c for c in range(n) if rng.random() < 0.8)
        lump = mask_of(rng.sample(range(n), rng.randint(0, min(2, n))))
        balls = bits.balls(1 << rng.randrange(n), within, rng.randint(0, 12), lump)
        target = mask_of(rng.sample(range(n), rng.randint(0, min(3, n))))
        first = next((d for d, ball in enumerate(balls) if ball & target), -1)
        assert distance(balls, target) == first
    assert distance([], 1) == -1


def islands_summary(found: Islands) -> tuple[object, ...]:
    regions = tuple((r.clue, r.piece, r.border, r.allowed, tuple(r.balls)) for r in found.regions)
    return regions, tuple(found.reaches), found.between, found.reached, found.failure, found.needed


def test_an_analyser_that_remembers_agrees_with_one_from_scratch(monkeypatch: pytest.MonkeyPatch) -> None:
    """``IslandAnalyser.analyse`` handed the last state it saw works out only the regions
    near what changed (``_near`` when few cells did, from its first pass here): along
    random narrowings of boards of many numbers, what it finds is what an analysis from
    scratch finds."""
    monkeypatch.setattr(islands, "NEAR_AFTER", 0)
    monkeypatch.setattr(islands, "NEAR_REGIONS", 0)
    rng = random.Random(23)
    for rows, cols in ((6, 7), (9, 9), (12, 10)):
        grid = RectGrid(rows, cols)
        bits = BitGrid(grid)
        for deep, blocks in ((False, False), (True, False), (True, True)):
            for _ in range(4):
                picked = rng.sample(range(grid.n_cells), rng.randint(3, grid.n_cells // 5))
                clues = sorted((c, rng.randint(1, 5)) for c in picked)
                analyser = IslandAnalyser(bits, clues, True, deep, blocks)
                dom = [FALSE if c in dict(clues) else BOOL for c in range(grid.n_cells)]
                memory = None
                for _ in range(30):
                    open_cells = [c for c, d in enumerate(dom) if d == BOOL]
                    if not open_cells:
                        break
                    for c in rng.sample(open_cells, min(len(open_cells), rng.choice((1, 1, 2, 5)))):
                        dom[c] = rng.choice((FALSE, TRUE))
                    may = mask_of(c for c, d in enumerate(dom) if d & 1)
                    land = mask_of(c for c, d in enumerate(dom) if d == FALSE)
                    found, memory = analyser.analyse(may, land, memory)
                    alone = analyse(bits, may, land, clues, True, deep, blocks)
                    assert islands_summary(found) == islands_summary(alone), (rows, cols, deep, blocks, dom)


CHEAP, DEEP = Rule("cheap", 1, "test rule"), Rule("deep", 2, "test rule")
TWO_RUNGS = (Rung(1, "cheap"), Rung(2, "deep"))


def two_region_rules(grid: RectGrid, clues: dict[int, int], partnered: bool) -> tuple[Model, OneClueRegions]:
    """Nurikabe's pair: the cheap island rule, then the deep one (its partner or not)."""
    n = grid.n_cells
    model = Model(TWO_RUNGS, domains=[FALSE if c in clues else BOOL for c in range(n)])
    cheap = OneClueRegions(CHEAP, grid, range(n), 0, clues, True, model=model)
    model.add(cheap)
    deep = OneClueRegions(DEEP, grid, range(n), 0, clues, True, True, True, model, cheap if partnered else None)
    model.add(deep)
    return model, deep


Analyse = Callable[[int, int, "islands.Memory | None"], "tuple[Islands, islands.Memory]"]


def spying(analyse_first: Analyse, partner: OneClueRegions, borrowed: list[int]) -> Analyse:
    """``analyse``, counting the analyses that start from ``partner``'s settled one."""

    def spy(may: int, land: int, before: islands.Memory | None = None) -> tuple[Islands, islands.Memory]:
        borrowed[0] += before is not None and before is partner.settled
        return analyse_first(may, land, before)

    return spy


def test_a_rule_that_starts_from_its_partners_analysis_deduces_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deep island rule handed its cheap partner's settled analysis (``partner``)
    makes the same deductions in the same order as without one, along random decisions
    and undos of two engines side by side; and it does start from the partner's."""
    monkeypatch.setattr(islands, "NEAR_AFTER", 0)
    monkeypatch.setattr(islands, "NEAR_REGIONS", 0)
    rng = random.Random(31)
    borrowed = [0]
    for rows, cols in ((7, 7), (9, 10), (12, 9)):
        grid = RectGrid(rows, cols)
        for _ in range(4):
            picked = rng.sample(range(grid.n_cells), rng.randint(3, grid.n_cells // 6))
            clues = {c: rng.randint(1, 5) for c in picked}
            alone, _ = two_region_rules(grid, clues, False)
            paired, deep = two_region_rules(grid, clues, True)
            partner = deep.partner
            assert partner is not None and partner.partner is deep
            monkeypatch.setattr(deep.analyser, "analyse", spying(deep.analyser.analyse, partner, borrowed))
            a, b = Engine(alone, record=True), Engine(paired, record=True)
            ok = a.start()
            assert b.start() == ok and a.dom == b.dom and a.log == b.log
            marks: list[tuple[int, int]] = []
            for _ in range(40):
                open_cells = [c for c, d in enumerate(a.dom) if d == BOOL]
                if not ok or not open_cells or (marks and rng.random() < 0.3):
                    if not marks:
                        break
                    mark_a, mark_b = marks.pop()
                    a.undo(mark_a)
                    b.undo(mark_b)
                    ok = True
                    continue
                cell, bit = rng.choice(open_cells), rng.choice((FALSE, TRUE))
                marks.append((a.mark(), b.mark()))
                ok = a.decide(cell, bit)
                assert b.decide(cell, bit) == ok and a.dom == b.dom and a.log == b.log, (rows, cols, clues)
    assert borrowed[0] > 0


def test_loose_pieces_kept_from_the_last_ones_are_the_pieces() -> None:
    """``IslandAnalyser.loose_pieces`` floods only near what changed since it was last asked:
    along random changes, few cells or many, it lists what flooding from scratch does."""
    rng = random.Random(5)
    bits = BitGrid(RectGrid(11, 12))
    analyser = IslandAnalyser(bits, [(0, 3)], True)
    mask = 0
    for _ in range(300):
        for c in rng.sample(range(bits.n), rng.choice((1, 1, 2, 4, 80))):
            mask ^= 1 << c
        assert analyser.loose_pieces(mask) == bits.pieces(mask)


def test_a_failing_analysis_remembers_no_region() -> None:
    """A pass tests only the regions worked out anew (a remembered one passed when it was
    made), so the memory of a board that fails holds no region: a 3 walled in alone."""
    grid = RectGrid(1, 4)
    bits = BitGrid(grid)
    may, land = 0b1101, 0b0001  # r1c2 shaded: the 3 at r1c1 cannot grow
    found, memory = IslandAnalyser(bits, [(0, 3)], True).analyse(may, land)
    assert found.failure is not None
    assert memory[3] == [None] and memory[4] is None


def test_domain_masks_read_each_table_as_a_loop_over_the_cells_would() -> None:
    """``domain_masks`` (the domains read once for several tables) against a plain loop."""
    rng = random.Random(9)
    tables = (table_of([FALSE, BOOL]), table_of([FALSE]), table_of([TRUE]))
    for n in (0, 1, 7, 64, 301):
        dom = [rng.choice((FALSE, TRUE, BOOL)) for _ in range(n)]
        wanted = tuple(mask_of(c for c, d in enumerate(dom) if t[d] == ord("1")) for t in tables)
        assert domain_masks(dom, *tables) == wanted
        assert tuple(domain_mask(dom, t) for t in tables) == wanted
