"""Sudoku's generator and its search: full grids, near twins, the givens changed in place,
generated boards proven by the SAT engine, the sizes and difficulties it makes, and the
learning search over its own twin against the depth-first one and brute force."""

from __future__ import annotations

import random

import pytest
from brute_sudoku import sample, solutions, text, valid
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from puzzlekit_sudoku.board import Board, houses_of
from puzzlekit_sudoku.genre import SIZES
from test_shikaku_generation import counted

import puzzlekit
from puzzlekit.core import fdtwin
from puzzlekit.core.rng import Rng
from puzzlekit.core.search import Status, count_solutions
from puzzlekit.engines.sat import solve_sat
from puzzlekit.errors import UsageError
from puzzlekit.formats.level import read_blocks
from puzzlekit.generation import GenerateRequest, generate, needed_rung, reduce_clues
from puzzlekit.grid import Houses

SUDOKU = puzzlekit.default_host().genre("sudoku")
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("n", SIZES)
def test_a_full_grid_is_a_valid_grid_the_same_for_a_seed(n: int) -> None:
    w, h = Houses.box_shape(n)
    grid = houses_of(n, w, h).fill(Rng(f"grid {n}"))
    assert grid is not None and valid(tuple(grid), n, w, h)
    assert houses_of(n, w, h).fill(Rng(f"grid {n}")) == grid


@SETTINGS
@given(seed=st.text(max_size=6), n=st.sampled_from([4, 6, 9]), blanks=st.integers(1, 40))
def test_a_near_twin_is_another_valid_grid_that_keeps_every_given(seed: str, n: int, blanks: int) -> None:
    w, h = Houses.box_shape(n)
    houses, rng = houses_of(n, w, h), Rng(seed)
    grid = houses.fill(rng)
    assert grid is not None
    cells = list(range(n * n))
    rng.shuffle(cells)
    givens = list(grid)
    for cell in cells[:blanks]:
        givens[cell] = 0
    for twin in houses.swaps(grid, cells[0], givens):
        assert twin != grid and valid(tuple(twin), n, w, h)
        changed = [c for c in range(n * n) if twin[c] != grid[c]]
        assert cells[0] in changed and all(not givens[c] for c in changed)
        assert sorted(grid[c] for c in changed) == sorted(twin[c] for c in changed)  # values traded, none new


def test_the_givens_change_in_place() -> None:
    board = Board(4, 2, 2, (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1))
    clues = SUDOKU.clue_model(board)
    clues.set_clue(0, None)
    assert clues.model.domains[0] == board.houses.full and clues.instance().givens[0] == 0
    assert clues.set_other(5, 4) and clues.model.domains[5] == 0b01110
    clues.set_clue(5, 4)
    assert clues.model.domains[5] == 1 << 4 and clues.instance().givens[5] == 4


MADE = [
    (4, "easy", 3),
    (6, "easy", 2),
    (6, "medium", 2),
    (6, "hard", 1),
    (6, "expert", 2),
    (9, "hard", 1),
    (9, "expert", 1),
]


@pytest.mark.parametrize(("size", "difficulty", "count"), MADE)
def test_generated_boards_are_unique_by_the_sat_engine_and_need_their_rung(
    size: int, difficulty: str, count: int
) -> None:
    request = GenerateRequest(size, size, difficulty)
    made = list(generate(SUDOKU, request, "sat", count=count, timeout=120))
    target = SUDOKU.difficulties[difficulty]
    for g in made:
        assert solve_sat(SUDOKU, g.instance).status == Status.UNIQUE, g.text
        rung = needed_rung(SUDOKU, g.instance)
        assert int(read_blocks(g.text)[0].meta["tier"]) == g.rung == rung
        assert rung >= target if difficulty == "expert" else rung == target
    assert [g.text for g in generate(SUDOKU, request, "sat", count=count)] == [g.text for g in made]


def test_an_experts_last_pass_that_gives_up_early_keeps_every_given_of_the_full_pass_and_needs_search() -> None:
    """``top_patience`` ends the search-per-removal pass early: the same trials in the same
    order up to that point, so its givens include those of the pass run to the end; the
    board is still unique (SAT) and, stopped early, beyond what rung 3 deduces."""
    w, h = Houses.box_shape(10)  # at 9x9 these grids get past rung 3 only at the end
    orbits = [[cell] for cell in range(100)]
    stopped_early = 0
    for seed in ("p-0", "p-1", "p-2"):
        full = Board(10, w, h, tuple(houses_of(10, w, h).fill(Rng(seed)) or ()))
        to_the_end = reduce_clues(SUDOKU, full, orbits, 4, Rng(seed))
        patient = reduce_clues(SUDOKU, full, orbits, 4, Rng(seed), top_patience=1)
        assert all(p for p, q in zip(patient.givens, to_the_end.givens) if q)
        assert solve_sat(SUDOKU, patient).status == Status.UNIQUE
        if patient.givens != to_the_end.givens:
            stopped_early += 1
            assert needed_rung(SUDOKU, patient, proven=True) >= 4
    assert stopped_early  # patience 1 gives up on some of these boards


@pytest.mark.parametrize(
    ("size", "difficulty", "words"),
    [
        ("5x5", "easy", "a 5x5 Sudoku has no boxes (5 is prime): the sizes are 4x4, 6x6, 8x8, 9x9"),
        ("9x6", "easy", "a Sudoku is square"),
        ("20x20", "easy", "no 20x20 Sudoku"),
        ("4x4", "medium", "every 4x4 Sudoku falls to naked singles alone, so a 4x4 is always easy: ask for easy"),
    ],
)
def test_a_size_or_difficulty_it_cannot_make_is_refused_at_once(size: str, difficulty: str, words: str) -> None:
    with pytest.raises(UsageError, match=words.replace("(", r"\(").replace(")", r"\)")):
        puzzlekit.generate("sudoku", size=size, difficulty=difficulty, seed="x")


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_a_4x4_with_one_solution_falls_to_naked_singles(seed: int) -> None:
    """What the refusal above rests on (checked for all 288 grids by benchmarks/sudoku_4x4.py)."""
    rng = random.Random(seed)
    givens = sample(rng, 4, 2, 2)
    if len(solutions(givens, 4, 2, 2, limit=2)) == 1:
        assert puzzlekit.solve("sudoku", text(givens, 4)).stats.rung == 1


# -- the search: clause learning over the twin of the values the givens leave --------------


@pytest.mark.parametrize(("n", "w", "h", "boards", "seed"), [(4, 2, 2, 300, 31), (6, 3, 2, 60, 32), (6, 2, 3, 40, 33)])
def test_learning_agrees_with_the_depth_first_search_and_brute_force(
    n: int, w: int, h: int, boards: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fdtwin, "MIN_OPEN", 0)  # small boards are searched by learning too
    rng = random.Random(seed)
    searched = 0
    for _ in range(boards):
        givens = sample(rng, n, w, h)
        level = (f"# box: {w}x{h}\n" if (w, h) != Houses.box_shape(n) else "") + text(givens, n)
        truth = solutions(givens, n, w, h)
        expected = "none" if not truth else "unique" if len(truth) == 1 else "multiple"
        new = counted("sudoku", level, True, limit=3, max_nodes=None, max_rung=1)  # rung 1 only: search is needed
        old = counted("sudoku", level, False, limit=3, max_nodes=None, max_rung=1)
        assert new.status.value == old.status.value == expected, level
        if len(truth) < 3:
            assert sorted(tuple(s.values) for s in new.solutions) == sorted(truth), level
        searched += new.stats.nodes > 0
    assert searched >= 10  # enough boards needed the search to compare the two


def test_the_twin_says_each_pair_of_peers_once() -> None:
    """Two cells in one box and one line share two houses; the twin forbids them a common
    value in one clause, not one per house (fewer clauses to load and to visit)."""
    houses = houses_of(4, 2, 2)
    twin = houses.twin([0b11110] * 16)  # an empty 4x4: every digit open everywhere
    clauses = [frozenset(c) for c in twin.clauses]
    assert len(clauses) == len(set(clauses))
    pairs = sum(len(p) for p in houses.peers) // 2  # 7 peers per cell
    # a value per cell, and no two (16 + 16 * 6); each value in each of 12 houses; peers apart
    assert len(clauses) == 16 + 16 * 6 + 12 * 4 + pairs * 4


GOLDEN_NUGGET = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."


def test_a_famous_hard_board_is_unique_with_the_sat_engines_solution() -> None:
    level = "\n".join(GOLDEN_NUGGET[r * 9 : r * 9 + 9] for r in range(9)) + "\n"
    ours, sat = puzzlekit.solve("sudoku", level), puzzlekit.solve("sudoku", level, engine="sat")
    assert ours.status == sat.status == Status.UNIQUE
    assert ours.solutions[0].values == sat.solutions[0].values
    assert ours.stats.nodes > 0  # deduction alone does not finish it: the search did


@pytest.mark.parametrize("budget", [1, 4])
def test_a_spent_budget_is_undecided(budget: int) -> None:
    (puzzle,) = puzzlekit.load("sudoku", "\n".join(["." * 9] * 9) + "\n")
    outcome = count_solutions(SUDOKU.build(puzzle.instance), limit=2, max_nodes=budget, timeout=None)
    assert outcome.status == Status.UNDECIDED
    assert outcome.stopped_by == "max-nodes"
    assert len(outcome.solutions) < 2
