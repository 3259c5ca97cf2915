"""Norinori: the shared harness with brute force, its rules, formats and pictures, and the
polyomino toolkit it is built on (puzzlekit.grid.shapes)."""

from __future__ import annotations

import pytest
from puzzlekit_norinori.genre import rules

import puzzlekit
from puzzlekit import LevelError, interchange
from puzzlekit.core import BOOL, TRUE, Engine
from puzzlekit.core.rng import Rng
from puzzlekit.grid import RectGrid, Regions
from puzzlekit.grid.orderedregions import ordered_regions
from puzzlekit.grid.shapes import TETROMINOES, connected_sets, shape_of, sized_pieces
from puzzlekit.testing import PuzzleConformance

# pzprjs's own test data (test/script/norinori.js in robx/pzprjs): its URL, and its answer.
PZPR_URL = "https://puzz.link/p?norinori/5/5/cag4ocjo"
PZPR_ROOMS = "pzprv3/norinori/5/5/5/0 0 1 2 2 /1 1 1 2 2 /1 3 3 2 2 /3 3 3 3 3 /4 4 3 3 3 /"
PZPR_ANSWER = "# # + + + /+ + # # + /# # + + # /+ + . . # /# # + . . /"
# Its failing answers, by the error it names, and the kind of violation that is here.
PZPR_FAILS = {
    "csGt2": ("# # . . . /. # . . . /. . . . . /. . . . . /. . . . . /", "domino"),
    "bkShadeGt2": ("# # + . # /+ + # # . /# . . . # /. . . . # /. . . . . /", "region"),
    "csLt2": ("# # + + + /+ + # # + /# . . + . /+ + . . . /# # + . . /", "domino"),
    "bkShadeLt2": ("# # + + + /+ + # # + /# # + + . /+ + . . . /# # + . . /", "region"),
    "bkNoShade": ("# # + + + /+ + + + + /+ + + + . /+ + . . . /# # + . . /", "region"),
}


class TestNorinori(PuzzleConformance):
    puzzle = "norinori"
    brute_force = 150


def test_the_pzprjs_sample_solves_to_its_answer() -> None:
    result = puzzlekit.solve("norinori", PZPR_URL)
    assert result.status == puzzlekit.Status.UNIQUE
    checked = puzzlekit.check("norinori", PZPR_ROOMS + PZPR_ANSWER)
    assert checked.status == "solved"
    (answer,) = puzzlekit.load("norinori", PZPR_ROOMS + PZPR_ANSWER)
    assert list(result.solutions[0].values) == [1 if d == TRUE else 0 for d in answer.own_marks()]


def test_pzprjs_s_failing_answers_break_the_rule_pzprjs_names() -> None:
    for error, (shading, kind) in PZPR_FAILS.items():
        checked = puzzlekit.check("norinori", PZPR_ROOMS + shading)
        assert checked.status != "solved", error
        assert kind in {v.kind for v in checked.violations}, (error, checked.violations)


def test_check_names_each_broken_rule_in_words() -> None:
    (p,) = puzzlekit.load("norinori", "aab\naab\n")
    found = p.genre.accept(p.instance, [1, 1, 1, 0, 0, 0])
    messages = sorted(v.message for v in found)
    assert messages == [
        "the piece of shaded cells at r1c1 has 3 cells, not 2",
        "the region at r1c1 holds 2 shaded cells, not 2"[:0] + "the region at r1c3 holds 1 shaded cells, not 2",
    ]
    lone = p.genre.accept(p.instance, [0, 0, 0, 1, 0, 0])
    assert {v.kind: v.unfinished for v in lone} == {"domino": True, "region": True}


def test_a_hint_says_why_in_words() -> None:
    (p,) = puzzlekit.load("norinori", PZPR_URL)
    hint = puzzlekit.hint("norinori", p)
    assert hint is not None and any(word in str(hint) for word in ("region", "domino", "partner"))


def test_levels_are_located_in_the_file() -> None:
    with pytest.raises(LevelError) as err:
        puzzlekit.load("norinori", "ab\na?\n", "lvl.txt")
    assert (err.value.line, err.value.col) == (2, 2) and "found '?'" in str(err.value)
    with pytest.raises(LevelError) as err:
        puzzlekit.load("norinori", "#x | ab\n", "lvl.txt")
    assert (err.value.line, err.value.col) == (1, 2)


def test_url_and_file_round_trip_as_pzprjs_writes_them() -> None:
    (p,) = puzzlekit.load("norinori", PZPR_URL)
    assert interchange.encode(p, "url") == PZPR_URL
    written = interchange.encode(p, "pzpr")
    assert written.startswith("pzprv3.1\nnorinori\n5\n5\n0 1 1 0 \n")
    (again,) = puzzlekit.load("norinori", written)
    assert again.instance.regions.owner == p.instance.regions.owner
    (old,) = puzzlekit.load("norinori", PZPR_ROOMS + PZPR_ANSWER)  # pzprv3: room numbers
    assert old.instance.regions.owner == p.instance.regions.owner
    (empty,) = puzzlekit.load("norinori", "pzprv3/norinori/4/4")  # pzprjs's new board
    assert empty.instance.regions.n == 1


def test_pictures_draw_walls_and_shading() -> None:
    (p,) = puzzlekit.load("norinori", PZPR_ROOMS + PZPR_ANSWER)
    dom = p.own_marks()
    svg = p.genre.draw_svg(p.instance, dom)
    assert svg.count('class="wall') >= len(p.instance.regions.walls)
    plain = p.genre.pretty(p.instance, dom)
    assert plain.splitlines()[0].startswith("┌") and "█" in plain
    assert p.genre.pretty(p.instance, [BOOL] * 25).count(".") >= 25


def test_generated_boards_are_unique_at_their_difficulty() -> None:
    for difficulty in ("easy", "hard"):
        (made,) = puzzlekit.generate("norinori", size=(5, 5), seed=f"t-{difficulty}", difficulty=difficulty)
        assert puzzlekit.solve("norinori", made.text).status == puzzlekit.Status.UNIQUE
        assert puzzlekit.grade("norinori", made.text).difficulty == difficulty


def test_ordered_regions_are_solved_at_rung_one_when_nothing_strands() -> None:
    """Each region holds one domino, the solution drawn, and deduction without trial finds it;
    a draw with stranded cells says so (``free``) and leaves them in no region."""
    solved = 0
    for seed in range(6):
        grid = RectGrid(8, 8)
        board = ordered_regions(grid, Rng(f"o-{seed}"))
        if board.free:
            assert all(board.owner[c] == -1 for c in board.free)
            continue
        solved += 1
        regions = Regions(grid, board.owner)
        shaded = [c for c in range(grid.n_cells) if board.known[c] == 1]
        assert all(sum(board.known[c] == 1 for c in cells) == 2 for cells in regions.cells)
        engine = Engine(rules(grid, regions), max_rung=1)
        assert engine.start(1) and [c for c in range(grid.n_cells) if engine.dom[c] == TRUE] == shaded
    assert solved >= 2


# -- the toolkit pieces ---------------------------------------------------------------------


def test_shapes_are_equal_under_rotation_and_reflection() -> None:
    grid = RectGrid(4, 4)
    ell, mirrored, turned = (0, 4, 8, 9), (1, 5, 9, 8), (4, 5, 6, 2)
    assert shape_of(grid, ell) == shape_of(grid, mirrored) == shape_of(grid, turned)
    assert TETROMINOES[shape_of(grid, ell)] == "L" and TETROMINOES[shape_of(grid, (0, 1, 4, 5))] == "O"
    assert shape_of(grid, (0, 1, 2, 5)) != shape_of(grid, ell) and len(TETROMINOES) == 5


def test_connected_sets_are_every_placement_of_a_piece() -> None:
    grid = RectGrid(2, 3)
    assert len(connected_sets(grid, range(6), 2)) == len(grid.edge_cells)
    # 2x3: four L's, two S's, two O's (none of T? one each way)... counted by brute force:
    from itertools import combinations

    joined = [s for s in combinations(range(6), 4) if len(grid.pieces(set(s).__contains__)) == 1]
    assert connected_sets(grid, range(6), 4) == sorted(joined)
    assert connected_sets(grid, (0, 2), 2) == []  # apart: no domino fits


def test_sized_pieces_judge_every_piece() -> None:
    grid = RectGrid(1, 5)
    assert sized_pieces(grid, lambda c: c != 2, 2, "shaded cells") == []
    (one,) = sized_pieces(grid, lambda c: c == 0, 2, "shaded cells")
    assert one.message == "the piece of shaded cells at r1c1 has 1 cell, not 2" and one.unfinished
    (three,) = sized_pieces(grid, lambda c: c < 3, 2, "shaded cells", "domino")
    assert three.kind == "domino" and three.cells == (0, 1, 2) and not three.unfinished


def test_sat_twin_agrees_with_propagation_and_brute_force() -> None:
    """The SAT twin (sharing no reasoning with the propagators) against search on random
    6x6 regions, and against brute force on the harness's small boards."""
    import random

    pytest.importorskip("pysat")
    from puzzlekit.core.rng import Rng
    from puzzlekit.engines.sat import solve_sat
    from puzzlekit.grid import Regions
    from puzzlekit.grid.regionshading import RegionBoard
    from puzzlekit.testing.checks import _brute_solutions

    g, rnd = puzzlekit.load("norinori", "aa\n")[0].genre, random.Random("norinori-sat")
    seen = set()
    for _ in range(12):
        grid, owner = RectGrid(6, 6), [-1] * 36
        for i, seed in enumerate(rnd.sample(range(36), rnd.randint(6, 9))):
            owner[seed] = i
        while -1 in owner:  # each region grows a random cell beside it
            cell = rnd.choice([c for c in range(36) if owner[c] < 0 and any(owner[n] >= 0 for n in grid.neighbours[c])])
            owner[cell] = rnd.choice([owner[n] for n in grid.neighbours[cell] if owner[n] >= 0])
        text = "\n".join(g.write(RegionBoard(Regions(grid, owner)))) + "\n"
        mine, sat = puzzlekit.solve("norinori", text), puzzlekit.solve("norinori", text, engine="sat")
        assert mine.status == sat.status, text
        seen.add(mine.status)
    garden = g.example_paths()[0]
    assert puzzlekit.solve("norinori", garden.read_text(), engine="sat").status == puzzlekit.Status.UNIQUE
    rng = Rng("norinori:sat-brute-force")
    for _ in range(40):
        instance = g.small_board(rng)
        brute = _brute_solutions(g, instance, g.build(instance).domains, 3)
        found = solve_sat(g, instance, limit=3, timeout=None).solutions
        assert sorted(found) == sorted(brute) if len(brute) < 3 else len(found) == 3
    assert len(seen) > 1, seen


def test_a_rival_domino_means_the_quick_test_refuses() -> None:
    """``domino_rival`` only skips work: wherever it says a second domino fits, the
    region's quick test (deduction with every other cell planted) does not settle it."""
    from puzzlekit_norinori.genre import LADDER, PAIRS, region_rules

    from puzzlekit.core.rng import Rng
    from puzzlekit.grid.regions import RegionGrowth
    from puzzlekit.grid.shapes import OnePartner, domino_rival, random_dominoes

    rivals, grid = 0, RectGrid(5, 5)
    for seed in range(30):
        rng = Rng(f"rival-{seed}")
        shaded = random_dominoes(grid, rng)
        growth = RegionGrowth(
            grid, LADDER, shaded, 1, lambda c: [OnePartner(PAIRS, grid, c)], lambda cells: region_rules(grid, cells)
        )
        for piece in grid.pieces(shaded.__getitem__):
            region = set(piece)
            for _ in range(rng.between(0, 4)):  # a few unshaded cells beside it
                near = sorted({n for c in region for n in grid.neighbours[c] if not shaded[n]} - region)
                if near:
                    region.add(rng.choice(near))
            if domino_rival(grid, shaded, sorted(region)):
                rivals += 1
                assert not growth._settled(region)
    assert rivals > 10
