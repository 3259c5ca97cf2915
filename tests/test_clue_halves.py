"""Clue removal by halving on one live engine (``ClueTrials._halves``) changes no answer:
it keeps exactly the clues that one trial per orbit keeps, because clues added to a live
engine (``ClueModel.readers``) lead it to the fixpoint a fresh engine reaches."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from puzzlekit_slitherlink.generate import clues_of, grow_region
from puzzlekit_slitherlink.grid import grid_for
from puzzlekit_slitherlink.text import Board

import puzzlekit
from puzzlekit import generation
from puzzlekit.core.engine import Engine
from puzzlekit.core.model import BOOL, FALSE, TRUE, mask_of
from puzzlekit.core.rng import Rng
from puzzlekit.generation import ClueTrials, deduction_cap, fits, symmetry_orbits, unique_at

SLITHER = puzzlekit.default_host().genre("slitherlink")
TOP = max(SLITHER.difficulties.values())
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(autouse=True)
def live_again() -> Iterator[None]:
    yield
    generation.LIVE = True


def full_board(rows: int, cols: int, seed: str) -> Board:
    inside = grow_region(rows, cols, Rng(seed))
    return Board(grid_for(rows, cols), clues_of(inside, rows, cols))


def reduced(board: Board, orbits: list[list[tuple[int, int]]], rung: int, live: bool) -> tuple[Board, list[list]]:
    generation.LIVE = live
    trials = ClueTrials(SLITHER, board, max_nodes=200, deadline=None)
    assert trials.unique(TOP)
    kept = trials.blank_each(orbits, rung)
    return trials.instance, [list(orbit) for orbit in kept]


@SETTINGS
@given(
    st.integers(3, 7),
    st.integers(3, 7),
    st.integers(0, 10**6),
    st.integers(1, TOP),
    st.sampled_from(["none", "rotational", "mirror"]),
)
def test_halving_keeps_exactly_what_one_trial_per_orbit_keeps(
    rows: int, cols: int, seed: int, rung: int, symmetry: str
) -> None:
    board = full_board(rows, cols, f"halves{seed}")
    if not unique_at(SLITHER, board, TOP):
        return  # a loop with a twin even fully clued: the generator starts again
    orbits = symmetry_orbits(cols, rows, symmetry)
    Rng(f"order{seed}").shuffle(orbits)
    live, live_kept = reduced(board, orbits, rung, True)
    alone, alone_kept = reduced(board, orbits, rung, False)
    assert live.clues == alone.clues
    assert live_kept == alone_kept
    if unique_at(SLITHER, board, rung):
        assert unique_at(SLITHER, live, rung)
    else:  # deduction at this rung cannot finish even the whole board: no removal can pass
        assert live.clues == board.clues


@SETTINGS
@given(st.integers(3, 6), st.integers(3, 6), st.integers(0, 10**6), st.integers(1, TOP), st.data())
def test_clues_added_to_a_live_engine_reach_the_fixpoint_of_a_fresh_one(
    rows: int, cols: int, seed: int, rung: int, data: st.DataObject
) -> None:
    board = full_board(rows, cols, f"live{seed}")
    truth = SLITHER.build(board)
    solution = puzzlekit.core.search.count_solutions(truth, timeout=None, max_nodes=None, record=False).solutions[0]
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    later = data.draw(st.lists(st.sampled_from(cells), unique=True, max_size=len(cells)))
    marks = data.draw(st.lists(st.integers(0, len(solution) - 1), unique=True, max_size=6))

    fresh = Engine(SLITHER.build(board), max_rung=rung)
    editable = SLITHER.clue_model(board)
    assert editable is not None
    for position in later:
        editable.set_clue(position, None)
    live = Engine(editable.model, max_rung=rung)
    for engine in (fresh, live):  # the same marks from the solution, before the later clues
        assert engine.start()
        for var in marks:
            assert engine.set(var, mask_of(solution[var]))
        assert engine.run()
    for position in later:
        editable.set_clue(position, SLITHER.clue_at(board, position))
        for reader in editable.readers(position) or ():
            live.wake(reader)
    assert live.run()
    assert live.dom == fresh.dom


def left_open(board: Board, orbit: list[tuple[int, int]], rung: int) -> int:
    """Variables that deduction capped at ``rung`` leaves open on ``board`` without ``orbit``,
    from a fresh engine."""
    for position in orbit:
        board = SLITHER.with_clue(board, position, None)
    engine = Engine(SLITHER.build(board), max_rung=rung)
    assert engine.start()
    return sum(1 for d in engine.dom if d & (d - 1))


@SETTINGS
@given(st.integers(3, 6), st.integers(3, 6), st.integers(0, 10**6), st.integers(1, TOP - 1))
def test_ranked_orders_a_minimal_boards_clues_by_what_each_leaves_open(
    rows: int, cols: int, seed: int, rung: int
) -> None:
    """``ClueTrials.ranked`` on a board minimal at the rung blanks nothing and puts the
    orbits in order of what a fresh trial without each leaves open, ties as given."""
    board = full_board(rows, cols, f"ranked{seed}")
    if not unique_at(SLITHER, board, rung):
        return
    orbits = symmetry_orbits(cols, rows, "none")
    Rng(f"order{seed}").shuffle(orbits)
    trials = ClueTrials(SLITHER, board, max_nodes=200, deadline=None)
    kept = [list(orbit) for orbit in trials.blank_each(orbits, rung)]
    minimal = trials.instance
    ranked = [list(orbit) for orbit in trials.ranked(kept, rung)]
    assert trials.instance.clues == minimal.clues
    left = {tuple(orbit): left_open(minimal, orbit, rung) for orbit in kept}
    assert ranked == sorted(kept, key=lambda orbit: left[tuple(orbit)])


def test_the_top_difficulty_is_proven_by_deduction_when_the_genre_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    assert deduction_cap(SLITHER, TOP) == SLITHER.top_deduction == TOP
    assert fits(SLITHER, TOP, TOP) and not fits(SLITHER, TOP, TOP + 1)  # an expert never needs lookahead
    assert not fits(SLITHER, 3, 4) and not fits(SLITHER, 3, 2)
    monkeypatch.setattr(type(SLITHER), "top_deduction", None)
    assert deduction_cap(SLITHER, TOP) is None
    assert fits(SLITHER, TOP, TOP + 2)  # proven by search, an expert may need anything from its rung up


def test_a_clue_added_after_a_chain_formed_still_forbids_the_early_loop() -> None:
    """Three lines round r1c1 of a 1x3 board drawn while the 3 at r1c3 is blank: closing
    them round r1c1 alone finished the board then.  With the 3 back, it no longer does;
    the no-early-loop guard asked only when the chain formed, so the closing check
    (``loops.ClosingCheck``, a reader of every clue) must cross the closing edge."""
    board = Board(grid_for(1, 3), (-1, -1, 3))
    grid = board.grid
    (closing,) = set(grid.cell_edges[0]) & set(grid.cell_edges[1])
    fresh = Engine(SLITHER.build(board), max_rung=1)
    editable = SLITHER.clue_model(board)
    assert editable is not None
    editable.set_clue((0, 2), None)
    live = Engine(editable.model, max_rung=1)
    for engine in (fresh, live):
        assert engine.start()
        for edge in grid.cell_edges[0]:
            if edge != closing:
                assert engine.set(edge, TRUE)
        assert engine.run()
    assert live.dom[closing] == BOOL  # blank, the loop round r1c1 alone would finish the board
    editable.set_clue((0, 2), 3)
    for reader in editable.readers((0, 2)) or ():
        live.wake(reader)
    assert live.run()
    assert live.dom[closing] == fresh.dom[closing] == FALSE
    assert live.dom == fresh.dom
