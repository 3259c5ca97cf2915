"""LITS: the shared harness with brute force, pzprjs's sample and failing answers, its
formats, the SAT twin, and the boards drawn in solving order."""

from __future__ import annotations

import pytest

import puzzlekit
from puzzlekit import interchange
from puzzlekit.testing import PuzzleConformance

PZPR_URL = "https://puzz.link/p?lits/4/4/9q02jg"
PZPR_ROOMS = "pzprv3/lits/4/4/3/0 0 1 1 /0 0 1 2 /0 1 1 2 /2 2 2 2 /"
PZPR_ANSWER = "# + # # /# # # + /# + # + /# # # # /"
PZPR_FAILS = {  # pzprjs's failing answers (test/script/lits.js), and the kind here
    "cs2x2": ("# # . . /# # . . /. . . . /. . . . /", "block"),
    "bkShadeGt4": (". . # # /. . # . /. # # . /. . . . /", "region"),
    "bkShadeDivide": (". . # # /. . . . /. # # # /. . . . /", "divided"),
    "bsSameShape": ("# # # # /# . # . /# . # . /. . . . /", "same-shape"),
    "csDivide": ("# . # # /# . # . /# . # . /. . . . /", "split"),
    "bkNoShade": ("# . # # /# # # . /# . # . /. . . . /", "region"),
    "bkShadeLt4": ("# . # # /# # # . /# . # . /. . # # /", "region"),
}


class TestLits(PuzzleConformance):
    puzzle = "lits"
    brute_force = 40


def test_the_pzprjs_sample_solves_to_its_answer() -> None:
    result = puzzlekit.solve("lits", PZPR_URL)
    assert result.status == puzzlekit.Status.UNIQUE
    assert puzzlekit.check("lits", PZPR_ROOMS + PZPR_ANSWER).status == "solved"
    assert list(result.solutions[0].values) == [1, 0, 1, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1]


def test_pzprjs_s_failing_answers_break_the_rule_pzprjs_names() -> None:
    for error, (shading, kind) in PZPR_FAILS.items():
        checked = puzzlekit.check("lits", PZPR_ROOMS + shading)
        assert checked.status != "solved", error
        assert kind in {v.kind for v in checked.violations}, (error, checked.violations)


def test_url_and_file_round_trip() -> None:
    (p,) = puzzlekit.load("lits", PZPR_URL)
    assert interchange.encode(p, "url") == PZPR_URL
    (again,) = puzzlekit.load("lits", interchange.encode(p, "pzpr"))
    assert again.instance.regions.owner == p.instance.regions.owner


def test_sat_twin_agrees_on_small_boards() -> None:
    pytest.importorskip("pysat")
    from puzzlekit.core.rng import Rng
    from puzzlekit.engines.sat import solve_sat
    from puzzlekit.testing.checks import _brute_solutions

    g, rng = puzzlekit.load("lits", PZPR_URL)[0].genre, Rng("lits:sat")
    for _ in range(25):
        instance = g.small_board(rng)
        brute = _brute_solutions(g, instance, g.build(instance).domains, 3)
        found = solve_sat(g, instance, limit=3, timeout=None).solutions
        assert sorted(found) == sorted(brute) if len(brute) < 3 else len(found) == 3


def test_brute_force_soundness() -> None:
    from puzzlekit.testing.checks import check_brute_force

    check_brute_force(puzzlekit.load("lits", PZPR_URL)[0].genre, 40)


def test_boards_drawn_in_solving_order_are_right_and_solved_at_rung_1() -> None:
    """``grid.orderedpieces``: the planted shading is an answer (stranded cells unshaded, each
    in a region beside it), and a draw with no stranded cell is solved by rung 1 alone."""
    from puzzlekit_lits.genre import SHAPE_SET, Lits

    from puzzlekit.core import BOOL, Engine
    from puzzlekit.core.rng import Rng
    from puzzlekit.grid import RectGrid, Regions
    from puzzlekit.grid.orderedpieces import ordered_pieces
    from puzzlekit.grid.regionshading import RegionBoard

    clean = 0
    for i in range(12):
        grid, rng = RectGrid(4 + i % 3, 5), Rng(f"lits:ordered:{i}")
        board = ordered_pieces(grid, rng, SHAPE_SET)
        owner = board.owner[:]
        for c in [c for c in range(grid.n_cells) if owner[c] < 0] * 4:
            owner[c] = max((owner[n] for n in grid.neighbours[c]), default=-1) if owner[c] < 0 else owner[c]
        if min(owner) < 0:
            continue
        instance = RegionBoard(Regions(grid, owner))
        assert not Lits().accept(instance, [int(k == 1) for k in board.known])
        if not board.stranded():
            clean += 1
            engine = Engine(Lits().build(instance), max_rung=1)
            assert engine.start(1) and BOOL not in engine.dom
    assert clean


def test_a_way_that_fills_a_2x2_block_with_shaded_cells_beside_it_is_out() -> None:
    """``shapes.unpooled``: the region ``aaaa / ...a`` below two shaded cells may not put its
    I along the top (it would fill the block with them), so its L goes; the plain ways
    (``piece_ways`` alone) leave both open."""
    from puzzlekit_lits.genre import LADDER, PIECE, SHAPE_SET, region_rules

    from puzzlekit import Model
    from puzzlekit.core import BOOL, TRUE, Engine
    from puzzlekit.grid import RectGrid
    from puzzlekit.grid.shapes import Ways, piece_ways

    grid, region = RectGrid(2, 4), [0, 1, 2, 3, 7]
    plain = [Ways(PIECE, piece_ways(grid, region, 4, SHAPE_SET))]
    for rules, settled in ((region_rules(grid, region), True), (plain, False)):
        model = Model(LADDER, domains=[TRUE if c in (4, 5) else BOOL for c in range(grid.n_cells)])
        for prop in rules:
            model.add(prop)
        engine = Engine(model, max_rung=1)
        assert engine.start(1)
        assert (engine.dom[0] == 1 and engine.dom[7] == TRUE) == settled
        assert (BOOL in (engine.dom[c] for c in region)) != settled


def test_free_ways_are_the_unpooled_ways_remembered_per_board_size() -> None:
    """``shapes.free_ways`` is ``unpooled(piece_ways(..))`` read once per region: the same
    cells on a board one row taller have 2x2 blocks below them, so other ways, not the
    remembered ones."""
    from puzzlekit_lits.genre import SHAPE_SET

    from puzzlekit.grid import RectGrid
    from puzzlekit.grid.shapes import free_ways, piece_ways, unpooled

    region = [4, 5, 6, 7, 3]
    for grid in (RectGrid(2, 4), RectGrid(3, 4), RectGrid(2, 4)):
        ways = free_ways(grid, region, 4, SHAPE_SET)
        assert ways == unpooled(grid, piece_ways(grid, region, 4, SHAPE_SET))
        assert free_ways(grid, region, 4, SHAPE_SET) is ways
    assert free_ways(RectGrid(2, 4), region, 4, SHAPE_SET) != free_ways(RectGrid(3, 4), region, 4, SHAPE_SET)


def test_apart_ways_is_the_pair_of_regions_remembered() -> None:
    """``shapes.apart_ways`` gives one ``PairedWays`` per pair of regions and words (a
    generator rebuilding a model reuses the pairs a move left alone): the same masks and
    clashes as one built afresh, a new one for other words or other regions."""
    from puzzlekit_lits.genre import SHAPE_SET, SHAPES

    from puzzlekit.grid import RectGrid
    from puzzlekit.grid.shapes import PairedWays, apart_ways, free_ways, shape_of, touching_equal

    grid, a, b = RectGrid(3, 4), [0, 1, 2, 3, 4], [5, 6, 7, 8, 9, 10, 11]
    pair = apart_ways(SHAPES, grid, a, b, 4, SHAPE_SET, what="x")
    fresh = PairedWays(SHAPES, free_ways(grid, a, 4, SHAPE_SET), free_ways(grid, b, 4, SHAPE_SET),
                       lambda p, q: touching_equal(grid, p, q), what="x")  # fmt: skip
    assert (pair.masks, pair.clashes, pair.watches) == (fresh.masks, fresh.clashes, fresh.watches)
    assert any(pair.clashes) and apart_ways(SHAPES, grid, a, b, 4, SHAPE_SET, what="x") is pair
    assert apart_ways(SHAPES, grid, a, b, 4, SHAPE_SET, what="y") is not pair
    assert apart_ways(SHAPES, grid, b, a, 4, SHAPE_SET, what="x") is not pair
    # a piece's shape does not depend on where it lies, nor on the board's width
    assert shape_of(grid, (0, 1, 2, 6)) == shape_of(RectGrid(6, 9), (40, 41, 42, 51))
