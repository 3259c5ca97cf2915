"""Shikaku's generator and its search: the moving-number model against the genre's own
model, generated boards proven by the SAT engine, and the learning search against the
depth-first one and brute force."""

from __future__ import annotations

import random
from functools import partial

import pytest
from brute_shikaku import sample, solutions, text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from puzzlekit_shikaku.board import Board, grid_of
from puzzlekit_shikaku.genre import deduction

import puzzlekit
from puzzlekit.core import fdtwin
from puzzlekit.core.engine import Engine
from puzzlekit.core.rng import Rng
from puzzlekit.core.search import Status, count_solutions
from puzzlekit.engines.sat import solve_sat
from puzzlekit.formats.level import read_blocks
from puzzlekit.generation import GenerateRequest, generate, needed_rung
from puzzlekit.grid import NoRoom, cells_of, cut_rectangles, rectangles
from puzzlekit.grid.placing import MovingClues

SHIKAKU = puzzlekit.default_host().genre("shikaku")
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def board_of(moving: MovingClues, rows: int, cols: int) -> tuple[Board, list[int]]:
    """The board as the numbers stand, and each moving clue's index on it."""
    order = sorted(range(len(moving.regions)), key=lambda j: moving.cells[j])
    board = Board(rows, cols, tuple((moving.cells[j], len(moving.regions[j])) for j in order))
    return board, [order.index(j) for j in range(len(order))]


def moved(rng: Rng, rows: int, cols: int, moves: int) -> MovingClues:
    """A random division with its numbers in random cells, then ``moves`` random moves."""
    regions = cut_rectangles(rows, cols, rng, 12)
    moving = MovingClues(
        grid_of(rows, cols), regions, [rng.choice(r) for r in regions], partial(rectangles, rows, cols), deduction, str
    )
    for _ in range(moves):
        i = rng.below(len(regions))
        moving.move(i, rng.choice(regions[i]))
    return moving


def open_cells(board: Board, cap: int) -> int:
    engine = Engine(SHIKAKU.build(board), max_rung=cap)
    assert engine.start()
    return sum(1 for d in engine.dom if d & (d - 1))


@SETTINGS
@given(seed=st.text(max_size=6), rows=st.integers(2, 7), cols=st.integers(2, 7), moves=st.integers(0, 25))
def test_moving_numbers_deduce_what_the_board_itself_deduces(seed: str, rows: int, cols: int, moves: int) -> None:
    """After any moves, the first state is the board's own (its pieces, its domains) and
    each rung leaves as many cells open as deduction on a model built for the board."""
    rng = Rng(seed)
    moving = moved(rng, rows, cols, moves)
    board, index = board_of(moving, rows, cols)
    for j, k in enumerate(index):
        alive = moving.model.aux[moving.slots[j]]
        assert {moving.places.pieces[j][b] for b in cells_of(alive)} == set(board.places.pieces[k])
    assert [sorted(index.index(b) for b in cells_of(d)) for d in board.places.domains()] == [
        cells_of(d) for d in moving.model.domains
    ]
    opens = moving.open_after(3)
    for cap, left in enumerate(opens, 1):
        assert left == open_cells(board, cap)
    assert opens[-1] == 0 or len(opens) == 3


def survivors_by_definition(room: NoRoom, aux: list[int], alive: int) -> int:
    """No-room's rule read literally: a piece survives when every cell of the ring outside
    it is covered by a piece some other clue has left that does not overlap it."""
    every, out = room.places.pieces, 0
    left = [q for j, slot in room.others for k, q in enumerate(every[j]) if aux[slot] >> k & 1]
    for k in cells_of(alive):
        piece = every[room.i][k]
        covered = 0
        for q in left:
            if not q & piece:
                covered |= q
        out |= (not room.ring & ~piece & ~covered) << k
    return out


@SETTINGS
@given(seed=st.text(max_size=6), rows=st.integers(2, 7), cols=st.integers(2, 7), moves=st.integers(0, 10))
def test_no_room_keeps_the_pieces_its_rule_keeps(seed: str, rows: int, cols: int, moves: int) -> None:
    """Its covering sets, numbered once per ring, against the rule itself: on moved numbers
    (narrower rings) and with random pieces of the other clues taken away."""
    rng = Rng(seed)
    moving = moved(rng, rows, cols, moves)
    engine = Engine(moving.model, max_rung=3)
    for _ in range(5):
        aux = [a & rng.below(1 << max(a.bit_length(), 1)) if rng.chance(1, 2) else a for a in moving.model.aux]
        engine.aux[:] = aux
        for room in moving.rooms:
            alive = aux[room.slot]
            assert room.survivors(engine, alive) == survivors_by_definition(room, aux, alive)


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
@pytest.mark.parametrize("size", [5, 7])
def test_generated_boards_are_unique_by_the_sat_engine_and_need_their_rung(size: int, difficulty: str) -> None:
    made = list(generate(SHIKAKU, GenerateRequest(size, size, difficulty), "sat", count=3, timeout=120))
    target = SHIKAKU.difficulties[difficulty]
    for g in made:
        assert solve_sat(SHIKAKU, g.instance).status == Status.UNIQUE, g.text
        assert int(read_blocks(g.text)[0].meta["tier"]) == g.rung == needed_rung(SHIKAKU, g.instance) == target
        below = puzzlekit.solve("shikaku", g.text, max_rung=target - 1, max_nodes=0)
        assert target == 1 or below.status == Status.UNDECIDED  # the rung below cannot finish it
    again = [g.text for g in generate(SHIKAKU, GenerateRequest(size, size, difficulty), "sat", count=3)]
    assert again == [g.text for g in made]  # same seed, same bytes


def test_a_board_bigger_than_a_test_needs_is_made_too() -> None:
    (g,) = generate(SHIKAKU, GenerateRequest(12, 9, "hard"), "wide", timeout=120)
    assert solve_sat(SHIKAKU, g.instance).status == Status.UNIQUE
    assert g.rung == 3


# -- the search: clause learning over the exact-cover twin ------------------------------------


def counted(genre: str, level: str, learning: bool, **kwargs: object) -> puzzlekit.SolveResult:
    """``puzzlekit.solve`` with the learning search for finite-domain models on or off."""
    fdtwin.ENABLED = learning
    try:
        return puzzlekit.solve(genre, level, **kwargs)  # type: ignore[arg-type]
    finally:
        fdtwin.ENABLED = True


@pytest.mark.parametrize(("rows", "cols", "boards", "seed"), [(4, 4, 250, 21), (5, 5, 150, 22), (4, 6, 150, 23)])
def test_learning_agrees_with_the_depth_first_search_and_brute_force(
    rows: int, cols: int, boards: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fdtwin, "MIN_OPEN", 0)  # small boards are searched by learning too
    rng = random.Random(seed)
    searched = 0
    for _ in range(boards):
        clues = sample(rng, rows, cols)
        level = text(clues, rows, cols)
        truth = solutions(clues, rows, cols)
        expected = "none" if not truth else "unique" if len(truth) == 1 else "multiple"
        # deduction capped at rung 1, so that these small boards need the search
        new = counted("shikaku", level, True, limit=3, max_nodes=None, max_rung=1)
        old = counted("shikaku", level, False, limit=3, max_nodes=None, max_rung=1)
        assert new.status.value == old.status.value == expected, level
        if len(truth) < 3:
            assert sorted(tuple(s.values) for s in new.solutions) == sorted(truth), level
        searched += new.stats.nodes > 0
    assert searched >= 10  # enough boards needed the search to compare the two


def chessboard(side: int) -> str:
    """A 2 on every black square: a domino tiling, with a great many solutions."""
    return "\n".join(" ".join("2" if (r + c) % 2 == 0 else "." for c in range(side)) for r in range(side)) + "\n"


def test_an_open_board_says_several() -> None:
    result = puzzlekit.solve("shikaku", chessboard(10))
    assert result.status == Status.MULTIPLE
    assert all(not SHIKAKU.accept(result.puzzle.instance, s.values) for s in result.solutions)


@pytest.mark.parametrize("budget", [1, 5])
def test_a_spent_budget_is_undecided(budget: int) -> None:
    (puzzle,) = puzzlekit.load("shikaku", chessboard(10))
    outcome = count_solutions(SHIKAKU.build(puzzle.instance), limit=2, max_nodes=budget, timeout=None)
    assert outcome.status == Status.UNDECIDED
    assert outcome.stopped_by == "max-nodes"
    assert len(outcome.solutions) < 2


def test_a_board_larger_than_shikaku_reads_is_refused_at_once() -> None:
    """A 100x100 used to search for the whole timeout (60 s) before "not found in time",
    though no Shikaku over 60x60 could be read back."""
    import time

    from puzzlekit import UsageError

    started = time.process_time()
    with pytest.raises(UsageError, match=r"a Shikaku is at most 60x60 \(the largest board it reads\), not 100x61"):
        puzzlekit.generate("shikaku", size="100x61", difficulty="easy", seed="x")
    assert time.process_time() - started < 5  # refused, not searched
    assert not puzzlekit.api.default_host().genre("shikaku").difficulties_at(61, 10)
