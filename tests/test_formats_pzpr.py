"""pzprjs files: pzprjs's own test files (robx/pzprjs test/script/) read, their answers
judged by ``check``, and puzzles written back exactly as pzprjs writes them."""

from __future__ import annotations

from pathlib import Path

import pytest

import puzzlekit
from puzzlekit import interchange
from puzzlekit.errors import LevelError
from puzzlekit.formats.level import read_blocks
from puzzlekit.host import Host

# The finished answer in pzprjs's slither.js test, and its puzzle.
SLITHER_ANSWER = (
    "pzprv3/slither/5/5/2 . . 1 . /. 2 . . 1 /. . 2 . . /3 . . 3 . /. 0 . . 3 /1 -1 0 -1 -1 1 /"
    "1 1 -1 1 -1 1 /1 1 1 0 0 1 /1 1 1 1 1 1 /-1 -1 -1 0 1 1 /1 1 1 1 1 /-1 1 1 -1 -1 /0 -1 1 0 0 /"
    "0 0 0 1 0 /1 -1 1 -1 0 /-1 0 -1 0 1 /"
)
# A wrong one: a branching line ("lnBranch").
SLITHER_BRANCH = (
    "pzprv3/slither/5/5/2 . . 1 . /. 2 . . 1 /. . 2 . . /3 . . 3 . /. 0 . . 3 /1 0 0 0 0 0 /"
    "1 1 0 0 0 0 /1 0 0 0 0 0 /1 0 0 0 0 0 /1 0 0 0 0 0 /1 1 0 0 0 /0 1 0 0 0 /0 0 0 0 0 /1 0 0 0 0 /"
    "0 0 0 0 0 /0 0 0 0 0 /"
)
# Version 1 with the "loop through every dot" flag, answered.
SLITHER_FULL = "pzprv3.1/slither/2/3/f/. . . /. . . /0 0 0 /0 0 0 /1 0 0 1 /1 1 1 1 /1 1 1 /0 1 0 /1 0 1 /"
HASHI_ANSWER = (
    "pzprv3/hashikake/5/5/4 . 2 . . /. 3 . . 2 /3 . . . . /. 3 . 1 . /3 . 4 . 3 /2 2 0 0 /0 1 1 1 /"
    "-1 0 -1 -1 /0 1 1 -1 /2 2 2 2 /2 0 0 0 0 /2 2 0 0 1 /1 2 0 -1 1 /1 0 0 -1 1 /"
)
HASHI_WRONG = (  # "nmLineLt": too few bridges at a number
    "pzprv3/hashikake/5/5/4 . 2 . . /. 3 . . 2 /3 . . . . /. 3 . 1 . /3 . 4 . 3 /2 2 0 0 /0 1 1 1 /"
    "-1 0 0 0 /0 1 1 0 /1 1 1 1 /2 0 0 0 0 /2 1 0 0 1 /1 1 0 0 1 /1 0 0 0 1 /"
)


def decode(host: Host, genre: str, source: str, name: str | None = None) -> str:
    text = interchange.decode(source, host.genre(genre), host, name)
    assert text is not None
    return text


@pytest.mark.parametrize(
    ("genre", "answer", "status"),
    [
        ("slitherlink", SLITHER_ANSWER, "solved"),
        ("slitherlink", SLITHER_BRANCH, "wrong"),
        ("slitherlink", SLITHER_FULL, "solved"),
        ("hashiwokakero", HASHI_ANSWER, "solved"),
        ("hashiwokakero", HASHI_WRONG, "incomplete"),  # too few bridges: mendable
    ],
)
def test_a_pzprjs_answer_is_a_state_check_judges(host: Host, genre: str, answer: str, status: str) -> None:
    assert puzzlekit.check(genre, decode(host, genre, answer), host=host).status == status


@pytest.mark.parametrize("answer", [SLITHER_FULL, HASHI_ANSWER])
def test_an_answer_is_written_back_as_pzprjs_writes_it(host: Host, answer: str) -> None:
    genre = "slitherlink" if "slither" in answer else "hashiwokakero"
    (puzzle,) = puzzlekit.load(genre, decode(host, genre, answer), host=host)
    written = interchange.encode(puzzle, "pzpr", host, interchange.marks(puzzle))
    expected = answer.replace("-1 ", "0 ") if genre == "hashiwokakero" else answer
    assert written.replace("\n", "/") == expected  # crosses are not bridges: a map has no mark for them


def test_the_slither_answer_round_trips_with_its_crosses(host: Host) -> None:
    (puzzle,) = puzzlekit.load("slitherlink", decode(host, "slitherlink", SLITHER_ANSWER), host=host)
    written = interchange.encode(puzzle, "pzpr", host, interchange.marks(puzzle))
    # Written as pzprjs writes now: version 1, with an empty colour block.
    assert written.startswith("pzprv3.1\nslither\n5\n5\n2 . . 1 . \n")
    assert read_blocks(decode(host, "slitherlink", written))[0].rows == puzzle.block.rows


def test_a_file_without_an_answer_reads_as_a_clue_grid(host: Host) -> None:
    text = decode(host, "hashiwokakero", "pzprv3/hashikake/1/5/- . 1 2 1 /0 0 0 0 /")
    assert read_blocks(text)[0].rows == ["?.121"]
    clues_only = "pzprv3\nslither\n2\n2\n3 . \n- 1 \n"
    assert read_blocks(decode(host, "slitherlink", clues_only))[0].rows == ["3.", ".1"]


def test_a_bare_puzzle_is_written_with_empty_answer_blocks(host: Host) -> None:
    (puzzle,) = puzzlekit.load("hashiwokakero", "?.121\n", host=host)
    assert interchange.encode(puzzle, "pzpr", host) == "pzprv3\nhashikake\n1\n5\n- . 1 2 1 \n0 0 0 0 \n"


@pytest.mark.parametrize(
    ("genre", "source", "place", "words"),
    [
        ("slitherlink", "pzprv3/slither/5", (1, 17), "cut short"),
        ("slitherlink", "pzprv3/slither/5/999/", (1, 18), "1-200 on a side"),
        ("slitherlink", "pzprv3/slither/1/2/4 . /", (1, 20), "clue 4"),
        ("slitherlink", "pzprv3/slither/1/2/. . /0 7 0 /0 0 /0 0 /", (1, 27), "for an edge"),
        ("slitherlink", "pzprv3/slither/1/2/. . /0 0 /", (1, 27), "expected 3 values"),
        ("slitherlink", "pzprv3/tapa/1/2/. . /", (1, 8), "'tapa' puzzle, not Slitherlink"),
        ("slitherlink", "pzprv3.7/slither/1/2/. . /", (1, 27), "pzprv3.7"),
        ("hashiwokakero", "pzprv3/hashikake/1/3/1 . 9 /0 0 /", (1, 26), "island 9"),
        ("hashiwokakero", "pzprv3/hashikake/1/3/1 . 1 /1 0 /", (1, 31), "breaks off"),
        ("hashiwokakero", "pzprv3/hashikake/1/3/1 . . /1 1 /", (1, 29), "joins no two islands"),
        ("hashiwokakero", "pzprv3/hashikake/1/3/1 . 1 /3 3 /", (1, 29), "expected 1 or 2"),
    ],
)
def test_bad_files_are_refused_at_the_offending_value(
    host: Host, genre: str, source: str, place: tuple[int, int], words: str
) -> None:
    with pytest.raises(LevelError, match=words) as caught:
        decode(host, genre, source)
    assert (caught.value.line, caught.value.col) == place


def test_a_file_of_the_other_genre_is_refused_naming_its_genre(host: Host) -> None:
    with pytest.raises(puzzlekit.UsageError, match="this is a hashiwokakero puzzle, not slitherlink"):
        decode(host, "slitherlink", "pzprv3/hashikake/1/2/1 1 /0 /")


def test_crossing_bridges_are_refused(host: Host) -> None:
    crossing = "pzprv3\nhashikake\n3\n3\n. 1 . \n1 . 1 \n. 1 . \n0 0 \n1 1 \n0 0 \n0 1 0 \n0 1 0 \n"
    with pytest.raises(LevelError, match="cross at r2c2"):
        decode(host, "hashiwokakero", crossing)


def test_errors_in_a_file_name_the_file_and_its_line(host: Host, tmp_path: Path) -> None:
    path = tmp_path / "answer.txt"
    path.write_text("\n\npzprv3\nslither\n1\n2\n. x \n")
    with pytest.raises(LevelError) as caught:
        decode(host, "slitherlink", path.read_text(), str(path))
    assert str(caught.value).startswith(f"{path}:7:3: expected a clue")
