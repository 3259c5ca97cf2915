"""The analyzer's clue advice when solutions have blind twins: two solutions that every clue
position free to take a clue reads the same in (Kakuro digits swapped so every run keeps
its sum), which no clue can ever tell apart."""

from __future__ import annotations

from typing import Any

import pytest

import puzzlekit
from puzzlekit.analysis import POOL, Analysis, analyze
from puzzlekit.core.rng import Rng
from puzzlekit.core.search import count_solutions
from puzzlekit.genre import Genre
from puzzlekit.host import get_genre

# The first two solutions found swap digits in the 2x2 block (4 1 / 1 8 and 3 2 / 2 7): every
# run keeps its sum.  Only 1 4 / 3 6 with 8 6 below has a down sum at r1c2 (4) no other shows.
SWAPPED_FIRST = "# # 18\\ #\n\\5 . . #\n\\9 . . #\n# \\14 . .\n"
# The first two differ in a column sum, but the first (3 2 1 / 7 9 8) has a blind twin
# (1 3 2 / 9 8 7): only column sums 8 and 12 at r1c3 belong to one solution each.
TWIN_LATER = "#   10\\  #   #\n\\6  .    .   .\n\\24 .    .   .\n"
# The 2x2 block has two fillings (3 1 / 2 4 and 1 3 / 4 2), with the same sums everywhere,
# whatever the run at the bottom holds: no clue can make this board unique.
HOPELESS = "#  5\\ 5\\ # # #\n\\4 . . # # #\n\\6 . . # # #\n# # # \\3 . .\n"
# The same block beside a run with no clue at all: too many solutions to look at all of.
HOPELESS_WIDE = "#  5\\ 5\\ # # #\n\\4 . . # # #\n\\6 . . # # #\n# # # # . .\n"


def readings(g: Genre, instance: Any, values: list[int]) -> list[int]:
    """The clue ``values`` shows at each clue position free to take one."""
    free = [pos for pos in g.clue_positions(instance) if g.clue_at(instance, pos) is None]
    return [g.clue_of_solution(instance, pos, values) for pos in free]


def with_added(report: Analysis) -> Any:
    g, instance = report.puzzle.genre, report.puzzle.instance
    for clue in report.add:
        instance = g.with_clue(instance, clue.position, clue.value)
    return instance


def proven_unique(g: Genre, instance: Any) -> bool:
    """Unique by the propagation engine and by the independent SAT engine."""
    text = "\n".join(g.write(instance))
    ours = puzzlekit.solve(g, text).status
    sat = puzzlekit.solve(g, text, engine="sat").status
    assert ours == sat
    return ours == puzzlekit.Status.UNIQUE


def all_solutions(g: Genre, instance: Any) -> list[list[int]]:
    outcome = count_solutions(g.solving_model(instance), limit=10_000, max_nodes=None, timeout=None, record=False)
    assert outcome.exhausted
    return outcome.solutions


@pytest.mark.parametrize(
    ("genre", "text"),
    [("kakuro", SWAPPED_FIRST), ("akari", "...#\n"), ("heyawake", ". | a\n. | a\n")],
)
def test_when_the_first_two_are_blind_twins_the_clues_come_off_a_solution_with_none(genre: str, text: str) -> None:
    report = analyze(genre, text)
    g, instance = report.puzzle.genre, report.puzzle.instance
    first, second = (s.values for s in report.solutions)
    assert readings(g, instance, list(first)) == readings(g, instance, list(second))  # the draft is as described
    assert report.add and report.complete
    assert "no clue" in report.note and "read off another solution" in report.note
    assert proven_unique(g, with_added(report))


def test_a_blind_twin_found_after_the_first_two_moves_the_clues_to_another_solution() -> None:
    report = analyze("kakuro", TWIN_LATER)
    g, instance = report.puzzle.genre, report.puzzle.instance
    first, second = (list(s.values) for s in report.solutions)
    assert readings(g, instance, first) != readings(g, instance, second)
    assert any(  # the first solution has a twin, so no clues can make it the only one
        s != first and readings(g, instance, s) == readings(g, instance, first) for s in all_solutions(g, instance)
    )
    assert report.add and proven_unique(g, with_added(report))


def test_a_board_whose_every_solution_has_a_blind_twin_is_said_to_need_changing() -> None:
    report = analyze("kakuro", HOPELESS)
    g, instance = report.puzzle.genre, report.puzzle.instance
    solutions = all_solutions(g, instance)
    assert len(solutions) < POOL
    for s in solutions:  # the claim holds: each has a twin no clue tells apart
        assert any(t != s and readings(g, instance, t) == readings(g, instance, s) for t in solutions)
    assert not report.add and report.complete
    assert "so the board itself needs changing" in report.note
    assert f"each of its {len(solutions)} solutions" in report.note


def test_when_too_many_solutions_to_look_at_all_have_twins_the_answer_says_it_is_partial() -> None:
    report = analyze("kakuro", HOPELESS_WIDE)
    assert not report.add and not report.complete
    looked = int(report.note.split("each of the ")[1].split(" solutions looked at (there are more)")[0])
    assert looked >= POOL and "needs changing" not in report.note


@pytest.mark.parametrize("genre", ["kakuro", "akari", "heyawake"])
def test_on_small_boards_advice_is_proven_and_a_board_given_up_on_really_has_no_fix(genre: str) -> None:
    """Brute force: a board the analyzer calls hopeless has a blind twin for every solution;
    one with a solution blind to none gets clues that make it unique."""
    g = get_genre(genre)
    checked = 0
    for seed in range(80):
        instance = g.small_board(Rng(f"twins-{seed}"))
        solutions = all_solutions(g, instance)
        if len(solutions) < 2 or len(solutions) >= POOL:
            continue
        checked += 1
        report = analyze(g, "\n".join(g.write(instance)), timeout=None)
        fixable = any(
            all(readings(g, instance, t) != readings(g, instance, s) for s in solutions if s != t) for t in solutions
        )
        # a solution blind to none can always be made the only one (MAX_ADDED is never short here)
        assert bool(report.add) == fixable, (seed, report.note)
        if report.add:
            assert proven_unique(g, with_added(report))
        else:
            assert "so the board itself needs changing" in report.note
    assert checked >= 10
