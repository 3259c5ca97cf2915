"""Bridges generation at every difficulty, down to 5x5: unique (the SAT engine and brute
force, which share nothing with the propagators), needing exactly its difficulty's rung,
the same bytes from the same seed; a hard board gets the islands lookahead needs."""

from __future__ import annotations

import pytest
from brute_hashi import count_solutions as brute_count
from puzzlekit_hashi.generate import MIN_LOOKAHEAD_ISLANDS

import puzzlekit
from puzzlekit.engines.sat import solve_sat
from puzzlekit.errors import UsageError
from puzzlekit.formats.level import read_blocks
from puzzlekit.generation import GenerateRequest, generate, needed_rung

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
