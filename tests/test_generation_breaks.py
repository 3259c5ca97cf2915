"""The top difficulty's removal proof by search, for a genre whose top is not proven by
deduction (``Genre.top_deduction`` None: "no solution breaks the blanked clue", one search
per other value, ``ClueTrials._none_breaks``), and the grading of a board the trials
proved unique agree with brute force and with counting to two."""

from __future__ import annotations

import pytest
from brute_slitherlink import count_matching, count_table, loops
from puzzlekit_slitherlink.generate import clues_of, grow_region, twins_near
from puzzlekit_slitherlink.grid import grid_for
from puzzlekit_slitherlink.text import Board

import puzzlekit
from puzzlekit.core.rng import Rng
from puzzlekit.generation import ClueTrials, needed_rung, symmetry_orbits

SLITHER = puzzlekit.default_host().genre("slitherlink")
TOP = max(SLITHER.difficulties.values())
EXACT = 10**6
"""A node budget no 3x4 board comes near: every verdict is exact."""


def full_board(rows: int, cols: int, seed: str) -> Board:
    inside = grow_region(rows, cols, Rng(seed))
    return Board(grid_for(rows, cols), clues_of(inside, rows, cols))


@pytest.mark.parametrize("symmetry", ["none", "rotational"])
def test_each_removal_at_the_top_is_exactly_what_brute_force_says(
    symmetry: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(type(SLITHER), "top_deduction", None)  # the top proven by search, as a genre may ask
    table = count_table(list(loops(3, 4)), 3, 4)
    tried = broken = 0
    for i in range(10):
        board = full_board(3, 4, f"breaks{i}")
        trials = ClueTrials(SLITHER, board, max_nodes=EXACT, deadline=None)
        if not trials.unique(TOP):
            continue
        orbits = symmetry_orbits(4, 3, symmetry)
        Rng(f"breaks{i}/{symmetry}").shuffle(orbits)
        for orbit in orbits:
            trial = trials.instance
            for cell in orbit:
                trial = SLITHER.with_clue(trial, cell, None)
            twins = trials.refused_by_twin
            kept = trials.blank(orbit, TOP)
            assert kept == (count_matching(trial.clues, table) == 1), (i, orbit)
            tried += 1
            broken += not kept and trials.refused_by_twin == twins
        assert trials.proven
    assert tried > 40 and broken  # the search per other value refused some removals itself


def test_twins_include_the_loop_round_a_cell_alone() -> None:
    board = Board(grid_for(3, 3), (-1, 1, -1, 1, -1, 1, -1, 1, -1))  # the loop round the centre
    values = [0] * board.grid.n_edges
    alone = [1 if e in board.grid.cell_edges[4] else 0 for e in range(board.grid.n_edges)]
    assert alone in twins_near(board, values, [(1, 1)])
    assert not SLITHER.accept(board, alone)


@pytest.mark.parametrize("seed", ["g0", "g1", "g2", "g3"])
def test_grading_a_proven_board_needs_no_search_and_agrees(seed: str) -> None:
    (made,) = puzzlekit.generate("slitherlink", size=6, difficulty="expert", seed=seed, timeout=None)
    board = made.instance
    assert needed_rung(SLITHER, board, EXACT, proven=True) == needed_rung(SLITHER, board, EXACT) == made.rung
    assert puzzlekit.solve("slitherlink", made.text).status.value == "unique"
