"""Acceptance: an attempt is judged from the rules alone, each violation with its place."""

from __future__ import annotations

import puzzlekit

PUZZLE = "31\n..\n"  # unique: the loop around the left column
SOLUTION = "+-+ +\n|3|1\n+ + +\n|.|.\n+-+ +\n"


def check(state: str, puzzle: str = PUZZLE) -> puzzlekit.CheckResult:
    return puzzlekit.check("slitherlink", puzzle, state)


def messages(result: puzzlekit.CheckResult) -> list[str]:
    return [v.message for v in result.violations]


def test_the_solution_is_accepted() -> None:
    result = check(SOLUTION)
    assert result.status == "solved"
    assert result.violations == []


def test_no_lines_is_unfinished() -> None:
    result = check("+ + +\n 3 1\n+ + +\n . .\n+ + +\n")
    assert result.status == "incomplete"
    assert "no lines are drawn yet" in messages(result)


def test_a_clue_short_of_lines_and_a_loose_end_are_unfinished() -> None:
    result = check("+-+ +\n|3 1\n+ + +\n . .\n+ + +\n")
    assert result.status == "incomplete"
    assert "the 3 at r1c1 has only 2 lines" in messages(result)
    assert "a line ends at the top-left corner of r1c2" in messages(result)
    assert "a line ends at the top-left corner of r2c1" in messages(result)
    assert all(v.unfinished for v in result.violations)


def test_an_overfull_clue_is_wrong() -> None:
    result = check("+-+-+\n|3|1|\n+-+-+\n . .\n+ + +\n")
    assert result.status == "wrong"
    assert "the 1 at r1c2 has 4 lines, too many" in messages(result)
    assert "3 lines meet at the top-left corner of r1c2" in messages(result)


def test_two_separate_loops_are_named() -> None:
    result = check("+-+ +-+\n|.|.|.|\n+-+ +-+\n", puzzle="...\n")
    assert result.status == "wrong"
    assert "2 separate loops; the solution is one loop" in messages(result)


def test_a_closed_loop_with_a_stray_line_is_wrong() -> None:
    result = check("+-+ +-+\n|.|. .\n+-+ + +\n", puzzle="...\n")
    assert result.status == "wrong"
    assert any("closed loop with other lines" in m for m in messages(result))


def test_violations_carry_the_variables_involved() -> None:
    result = check("+-+-+\n|3|1|\n+-+-+\n . .\n+ + +\n")
    grid = result.puzzle.instance.grid
    clue = next(v for v in result.violations if "r1c2" in v.message and v.kind == "clue")
    assert set(clue.variables) == set(grid.cell_edges[grid.cell(0, 1)])


def test_flipping_any_edge_of_a_solution_is_caught() -> None:
    solved = puzzlekit.solve("slitherlink", "..0\n31.\n.1.\n")
    assert solved.status == puzzlekit.Status.UNIQUE
    values = list(solved.solutions[0].values)
    genre, board = solved.puzzle.genre, solved.puzzle.instance
    assert genre.accept(board, values) == []
    for edge in range(len(values)):
        flipped = list(values)
        flipped[edge] ^= 1
        assert genre.accept(board, flipped), board.grid.edge_name(edge)


def test_the_full_variant_reports_unvisited_dots() -> None:
    result = check("+-+ +\n|.|.\n+-+ +\n", puzzle="# flags: full\n..\n")
    assert result.status == "wrong"  # the loop is closed: the missed dots cannot be reached now
    assert any("must pass the" in m for m in messages(result))


def test_check_reads_marks_from_the_source_itself() -> None:
    result = puzzlekit.check("slitherlink", SOLUTION)
    assert result.status == "solved"


def test_a_closed_loop_short_of_a_clue_is_wrong_not_unfinished() -> None:
    result = check("+-+ +\n|.|3\n+-+ +\n", puzzle=".3\n")
    assert result.status == "wrong"
    assert "the 3 at r1c2 has only 1 line" in messages(result)
