"""Bridges generation at every difficulty, down to 5x5: unique (the SAT engine and brute
force, which share nothing with the propagators), needing exactly its difficulty's rung,
the same bytes from the same seed; a hard board gets the islands lookahead needs."""

from __future__ import annotations

import datetime

import pytest
from brute_hashi import count_solutions as brute_count
from puzzlekit_hashi.generate import MIN_LOOKAHEAD_ISLANDS, looks_whole

import puzzlekit
from puzzlekit.engines.sat import solve_sat
from puzzlekit.errors import UsageError
from puzzlekit.formats.level import read_blocks
from puzzlekit.generation import GenerateRequest, generate, needed_rung
from puzzlekit.web.daily import daily_text

HASHI = puzzlekit.default_host().genre("hashiwokakero")


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
@pytest.mark.parametrize("size", [5, 7])
def test_small_bridges_need_their_rung_are_unique_and_repeat(difficulty: str, size: int) -> None:
    pytest.importorskip("pysat")
    request = GenerateRequest(size, size, difficulty)
    made = list(generate(HASHI, request, f"small-{size}", count=2, timeout=120))
    again = list(generate(HASHI, request, f"small-{size}", count=2, timeout=120))
    assert [g.text for g in again] == [g.text for g in made]
    for g in made:
        assert g.rung == HASHI.difficulties[difficulty] == needed_rung(HASHI, g.instance), g.text
        assert solve_sat(HASHI, g.instance).status == puzzlekit.Status.UNIQUE, g.text
        rows = read_blocks(g.text)[0].rows
        assert brute_count(rows, limit=2) == 1, g.text


def test_a_hard_5x5_gets_the_islands_lookahead_needs() -> None:
    (g,) = generate(HASHI, GenerateRequest(5, 5, "hard"), "five", timeout=120)
    assert len(g.instance.islands) >= MIN_LOOKAHEAD_ISLANDS > round(25 * 0.2)


def test_a_density_too_low_for_hard_is_refused_with_the_reason() -> None:
    with pytest.raises(UsageError, match=r"needs at least 7 islands .* --density 0.2 gives 5 on 5x5"):
        list(generate(HASHI, GenerateRequest(5, 5, "hard", density=0.2), "low", timeout=60))
    (g,) = generate(HASHI, GenerateRequest(5, 5, "medium", density=0.2), "low", timeout=60)
    assert g.rung == 2  # medium needs no lookahead, so 5 islands will do


def test_a_network_that_stalls_early_or_leaves_a_side_empty_is_thrown_away() -> None:
    # 15 islands asked for on 7x7: fewer than two thirds of them is a sparse board
    assert not looks_whole({(0, 0): 1, (0, 6): 1, (6, 0): 1, (6, 6): 1}, 15, 7, 7)
    ten = {(0, 0): 1, (0, 2): 1, (0, 4): 1, (0, 6): 1, (2, 0): 1, (2, 2): 1, (4, 0): 1, (4, 2): 1, (2, 4): 1, (4, 4): 1}
    assert not looks_whole(ten, 15, 7, 7)  # nothing in the last row nor in the last column
    assert looks_whole({**ten, (6, 6): 1}, 15, 7, 7)
    # more than a network ever grows (50% of 7x7) asks no more than 30% of it would
    assert looks_whole({**ten, (6, 6): 1}, 25, 7, 7)


@pytest.mark.parametrize("day", range(1, 11))
def test_every_daily_bridges_of_ten_days_fills_its_board(day: int) -> None:
    """The web app's daily (7x7 medium at 30% islands): 2026-12-10 used to have 7 islands
    bunched away from three sides; Tatham's 7x7 boards at 30% have 10 to 14."""
    text = daily_text(HASHI, datetime.date(2026, 12, day))
    (board,) = puzzlekit.load(HASHI, text)
    islands = board.instance.islands
    assert len(islands) >= 10, text
    assert {r for r, _ in islands} >= {0, 6} and {c for _, c in islands} >= {0, 6}, text
