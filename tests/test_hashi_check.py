"""Hashiwokakero acceptance: each violation with its place, judged from the rules alone."""

from __future__ import annotations

import puzzlekit

PUZZLE = "4.2..\n.3..2\n3....\n.3.1.\n3.4.3\n"
SOLVED = '4=2..\n"3--2\n3"..|\n|3-1|\n3=4=3\n'


def messages(result: puzzlekit.CheckResult) -> list[str]:
    return [v.message for v in result.violations]


def test_the_solution_is_accepted() -> None:
    assert puzzlekit.check("hashi", PUZZLE, SOLVED).violations == []


def test_missing_bridges_are_unfinished() -> None:
    result = puzzlekit.check("hashi", PUZZLE, PUZZLE)
    assert result.status == "incomplete"
    assert "the 4 at r1c1 has no bridges" in messages(result)
    assert "the islands form 10 separate groups; they must all be connected" in messages(result)


def test_too_many_bridges_are_wrong() -> None:
    result = puzzlekit.check("hashi", "1.2\n", "1=2\n")
    assert result.status == "wrong"
    assert "the 1 at r1c1 has 2, too many bridges" in messages(result)


def test_crossing_bridges_are_wrong() -> None:
    # A map cannot draw two bridges over one square, so judge the counts directly.
    (p,) = puzzlekit.load("hashi", ".?.\n?.?\n.?.\n")
    found = p.genre.accept(p.instance, [1, 1])
    crossing = [v for v in found if v.kind == "crossing"]
    assert [v.message for v in crossing] == ["bridges cross at r2c2"]
    assert not crossing[0].unfinished


def test_two_groups_are_named() -> None:
    result = puzzlekit.check("hashi", "2.1\n...\n2.1\n", "2-1\n...\n2-1\n")
    assert result.status == "incomplete"  # the 2s can still join
    assert "the islands form 2 separate groups; they must all be connected" in messages(result)


def test_full_islands_in_separate_groups_are_wrong_not_unfinished() -> None:
    result = puzzlekit.check("hashi", "1.1\n...\n1.1\n", "1-1\n...\n1-1\n")
    assert result.status == "wrong"  # every island is full: nothing can join the groups


def test_a_short_island_with_no_pair_left_to_grow_is_wrong() -> None:
    result = puzzlekit.check("hashi", "3.1\n", "3-1\n")
    assert result.status == "wrong"


def test_flipping_any_pair_of_a_solution_is_caught() -> None:
    result = puzzlekit.solve("hashi", PUZZLE)
    genre, board = result.puzzle.genre, result.puzzle.instance
    values = list(result.solutions[0].values)
    for e in range(len(values)):
        for other in (0, 1, 2):
            if other != values[e]:
                changed = list(values)
                changed[e] = other
                assert genre.accept(board, changed), board.edge_name(e)
