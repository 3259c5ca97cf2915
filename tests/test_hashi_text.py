"""Hashiwokakero level text: clue grids and bridge maps read, write and read back."""

from __future__ import annotations

import pytest

import puzzlekit
from puzzlekit.errors import LevelError

SOLVED = '4=2..\n"3--2\n3"..|\n|3-1|\n3=4=3\n'
PUZZLE = "4.2..\n.3..2\n3....\n.3.1.\n3.4.3\n"


def error_of(text: str) -> LevelError:
    with pytest.raises(LevelError) as info:
        puzzlekit.load("hashiwokakero", text, source="h.txt")
    return info.value


def test_clue_grid_reads_islands_and_question_marks() -> None:
    (p,) = puzzlekit.load("hashi", "2.?\n...\n1..\n")
    assert p.instance.islands == ((0, 0), (0, 2), (2, 0))
    assert p.instance.clues == (2, -1, 1)
    assert p.size == "3x3"
    assert p.text() == "2.?\n...\n1..\n"


@pytest.mark.parametrize("clue", ["0", "9"])
def test_clues_zero_and_nine_are_refused_with_line_and_column(clue: str) -> None:
    err = error_of(f"2..\n..{clue}\n")
    assert (err.line, err.col) == (2, 3)
    assert "clue is 1-8" in err.message


def test_a_letter_is_refused() -> None:
    err = error_of("2.a\n")
    assert (err.line, err.col) == (1, 3)
    assert "expected an island 1-8 or '?'" in err.message


def test_a_solved_map_reads_back_as_puzzle_and_state() -> None:
    (p,) = puzzlekit.load("hashi", SOLVED)
    assert p.text() == PUZZLE
    assert puzzlekit.check("hashi", SOLVED).status == "solved"
    assert puzzlekit.check("hashi", PUZZLE, SOLVED).status == "solved"


def test_the_solver_writes_the_map_it_reads() -> None:
    result = puzzlekit.solve("hashi", PUZZLE)
    assert result.solutions[0].text + "\n" == SOLVED


def test_double_vertical_bridges_may_be_drawn_with_h() -> None:
    assert puzzlekit.check("hashi", PUZZLE, SOLVED.replace('"', "H")).status == "solved"


def test_o_islands_take_their_clues_from_the_bridges() -> None:
    drawn = 'O=O..\n"O--O\nO"..|\n|O-O|\nO=O=O\n'
    (p,) = puzzlekit.load("hashi", drawn)
    assert p.text() == PUZZLE


def test_an_o_island_without_bridges_is_refused() -> None:
    err = error_of("O-O.O\n")
    assert (err.line, err.col) == (1, 5)
    assert "none are drawn" in err.message


def test_a_broken_bridge_is_located() -> None:
    err = error_of("2-.-2\n")
    assert (err.line, err.col) == (1, 3)
    assert "breaks off here" in err.message


def test_a_bridge_that_joins_nothing_is_located() -> None:
    err = error_of("2.2\n|..\n...\n")
    assert (err.line, err.col) == (2, 1)
    assert "does not join two islands" in err.message


def test_a_bridge_drawn_the_wrong_way_is_located() -> None:
    err = error_of("2|2\n")
    assert (err.line, err.col) == (1, 2)
    assert "vertical bridge" in err.message


def test_a_state_must_match_the_puzzle() -> None:
    with pytest.raises(LevelError, match="state is 3x1 but the puzzle is 5x5"):
        puzzlekit.check("hashi", PUZZLE, "2=2\n")
    with pytest.raises(LevelError, match="state has an island here"):
        puzzlekit.check("hashi", "2.2\n", "222\n")
    with pytest.raises(LevelError, match="clue 1 where the puzzle has 2"):
        puzzlekit.check("hashi", "2.2\n", "1.2\n")


@pytest.mark.parametrize("board", ["12\n.1\n", "2332\n", "22\n22\n", "23?\n"])
def test_solutions_with_touching_islands_read_back(board: str) -> None:
    # Nothing can be drawn between touching islands: the map names them in '# touching:'.
    result = puzzlekit.solve("hashi", board)
    assert result.status == puzzlekit.Status.UNIQUE
    assert puzzlekit.check("hashi", board, result.solutions[0].text).status == "solved"


def test_touching_bridges_are_inferred_from_numbers_when_not_named() -> None:
    assert puzzlekit.check("hashi", "2332\n", "2332\n").status == "solved"
    assert puzzlekit.check("hashi", "22\n").status == "solved"


def test_a_bad_touching_entry_is_located() -> None:
    with pytest.raises(LevelError) as info:
        puzzlekit.check("hashi", "# title: t\n# touching: r1c1-r1c3=2\n2.2\n")
    assert info.value.line == 2
    assert "like r1c1-r1c2=2" in info.value.message


def test_a_board_without_islands_is_refused() -> None:
    err = error_of("...\n...\n")
    assert "at least one island" in err.message


def test_an_unknown_flag_is_refused() -> None:
    err = error_of("# flags: m3\n2.2\n")
    assert "does not support flag" in err.message
