"""Slitherlink level text: both forms read, write and read back; bad input is located."""

from __future__ import annotations

import pytest

import puzzlekit
from puzzlekit.core.search import Status
from puzzlekit.errors import LevelError


def error_of(text: str) -> LevelError:
    with pytest.raises(LevelError) as info:
        puzzlekit.load("slitherlink", text, source="level.txt")
    return info.value


def test_clue_grid_reads_clues_and_blanks() -> None:
    (p,) = puzzlekit.load("slitherlink", "# title: t\n3.\n.0\n")
    assert p.instance.clues == (3, -1, -1, 0)
    assert p.size == "2x2"
    assert p.meta == {"title": "t"}


def test_clue_four_is_refused_with_line_and_column() -> None:
    err = error_of("...\n.4.\n")
    assert (err.line, err.col) == (2, 2)
    assert "0-3" in err.message
    assert str(err).startswith("level.txt:2:2: ")


def test_a_letter_is_refused_with_line_and_column() -> None:
    err = error_of("# title: x\n..a\n")
    assert (err.line, err.col) == (2, 3)
    assert "expected a clue 0-3 or '.'" in err.message


def test_a_ragged_row_is_refused() -> None:
    err = error_of("...\n..\n...\n")
    assert (err.line, err.col) == (2, 3)
    assert "ragged" in err.message


def test_a_longer_row_is_refused_too() -> None:
    err = error_of("...\n....\n")
    assert err.line == 2
    assert "ragged" in err.message


def test_spaces_inside_a_clue_grid_are_refused() -> None:
    err = error_of("1 1\n...\n")
    assert (err.line, err.col) == (1, 2)


def test_an_unknown_flag_is_refused_naming_the_supported_ones() -> None:
    err = error_of("# flags: toroidal\n..\n..\n")
    assert err.line == 1
    assert "toroidal" in err.message and "full" in err.message


def test_a_bad_expect_value_is_refused_at_its_line() -> None:
    err = error_of("# title: t\n# expect: maybe\n..\n..\n")
    assert err.line == 2
    assert "'# expect:' must be one of unique, multiple, none" in err.message


def test_lattice_reads_clues_and_marks() -> None:
    (p,) = puzzlekit.load("slitherlink", "+-+x+\n|3  \n+ + +\n . .\n+ + +\n")
    assert p.instance.clues == (3, -1, -1, -1)
    dom = p.genre.parse_state(p.instance, p.block)
    grid = p.instance.grid
    assert dom[grid.h(0, 0)] == 0b10  # a line
    assert dom[grid.h(0, 1)] == 0b01  # a cross
    assert dom[grid.v(0, 1)] == 0b11  # unknown


@pytest.mark.parametrize(
    ("text", "line", "col", "words"),
    [
        ("+-+ +\n|3|.\n+ + +\n . .\n", 4, 1, "odd number of rows"),
        ("+-+ +\n|3|.\n+ +|+\n . .\n+ + +\n", 3, 4, "wrong way"),
        ("+-+ +\n|3|.\n+ + +\n . .\n+ + o\n", 5, 5, "expected a dot"),
        ("+-+ +\n|3|.q\n+ + +\n . .\n+ + +\n", 2, 5, "expected '|'"),
        ("+-+ +\n|3|.||\n+ + +\n . .\n+ + +\n", 2, 6, "longer"),
        ("+-+ +\n|5|.\n+ + +\n . .\n+ + +\n", 2, 2, "0-3"),
    ],
)
def test_lattice_errors_point_at_the_character(text: str, line: int, col: int, words: str) -> None:
    err = error_of(text)
    assert (err.line, err.col) == (line, col)
    assert words in err.message


def test_solutions_read_back_as_puzzles_and_states() -> None:
    result = puzzlekit.solve("slitherlink", "31\n..\n")
    assert result.status == Status.UNIQUE
    text = result.solutions[0].text
    (again,) = puzzlekit.load("slitherlink", text)
    assert again.instance.clues == result.puzzle.instance.clues
    assert puzzlekit.check("slitherlink", text).status == "solved"


def test_a_partial_state_writes_crosses_and_reads_back_the_same() -> None:
    (p,) = puzzlekit.load("slitherlink", "+-+x+\n|3  \n+ + +\n . .\n+ + +\n")
    dom = p.genre.parse_state(p.instance, p.block)
    rows = p.genre.write(p.instance, dom)
    (q,) = puzzlekit.load("slitherlink", "\n".join(rows))
    assert q.genre.parse_state(q.instance, q.block) == dom


def test_the_clue_grid_writes_back_exactly() -> None:
    text = "# title: x\n3..\n.0.\n..1\n"
    (p,) = puzzlekit.load("slitherlink", text)
    assert p.text() == text


def test_a_state_must_match_the_puzzle() -> None:
    with pytest.raises(LevelError, match="state is 2x2 but the puzzle is 3x2"):
        puzzlekit.check("slitherlink", "3..\n...\n", "+ + +\n . .\n+ + +\n . .\n+ + +\n")
    with pytest.raises(LevelError, match="clue 2 where the puzzle has clue 3"):
        puzzlekit.check("slitherlink", "3.\n..\n", "+ + +\n 2 .\n+ + +\n . .\n+ + +\n")


# -- the traps --------------------------------------------------------------------


def test_a_fully_clued_board_can_still_have_two_solutions() -> None:
    result = puzzlekit.solve("slitherlink", "23\n32\n")
    assert result.status == Status.MULTIPLE
    assert len(result.solutions) == 2


def test_a_board_with_no_clues_has_many_solutions() -> None:
    result = puzzlekit.solve("slitherlink", "...\n...\n...\n", limit=300, max_nodes=None)
    assert result.status == Status.MULTIPLE
    assert len(result.solutions) == 213  # every simple cycle of the 4x4 grid graph


def test_a_one_by_one_board() -> None:
    assert puzzlekit.solve("slitherlink", ".").status == Status.UNIQUE
    assert puzzlekit.solve("slitherlink", "0").status == Status.NONE
    assert puzzlekit.solve("slitherlink", "3").status == Status.NONE
    assert puzzlekit.solve("slitherlink", "2").status == Status.NONE


def test_the_full_variant_is_supported() -> None:
    # Plain, these clues allow many loops; through every dot, only one has a 3 there.
    assert puzzlekit.solve("slitherlink", ".3.\n...\n...\n").status == Status.MULTIPLE
    result = puzzlekit.solve("slitherlink", "# flags: full\n.3.\n...\n...\n")
    assert result.status == Status.UNIQUE
    for solution in result.solutions:
        assert not result.puzzle.genre.accept(result.puzzle.instance, solution.values)
    # On a 2x2 board the only loop through all nine dots would need the centre: none.
    assert puzzlekit.solve("slitherlink", "# flags: full\n..\n..\n").status == Status.NONE
    assert puzzlekit.solve("slitherlink", "# flags: full\n..\n").status == Status.UNIQUE


def test_what_deduction_reached_is_written_even_after_a_contradiction() -> None:
    result = puzzlekit.solve("slitherlink", "33\n33\n")
    assert result.status == Status.NONE
    assert result.partial_text == "33\n33"  # the bare puzzle: deduction ended in a contradiction


def test_a_puzzle_loaded_for_one_genre_is_not_solved_as_another() -> None:
    (p,) = puzzlekit.load("hashi", "2.2\n")
    with pytest.raises(puzzlekit.UsageError, match="asked for slitherlink"):
        puzzlekit.solve("slitherlink", p)
