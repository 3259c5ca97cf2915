"""Tatham game IDs: every fixture's ``# tatham-id:`` decodes to the grid below it and
re-encodes to the same ID; the fixture scripts, which now decode with the package,
still write the fixture files byte for byte; bad IDs are refused at their character."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import puzzlekit
from puzzlekit import interchange
from puzzlekit.api import Puzzle
from puzzlekit.errors import LevelError
from puzzlekit.formats.codec import CannotWrite
from puzzlekit.formats.level import read_blocks
from puzzlekit.host import Host

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "tatham"
sys.path.insert(0, str(ROOT / "tools"))

import tatham_bridges  # noqa: E402
import tatham_loopy  # noqa: E402

GENRES = {"loopy": "slitherlink", "bridges": "hashiwokakero"}


def fixture_puzzles(host: Host) -> list[Puzzle]:
    out = []
    for path in sorted(FIXTURES.glob("*.txt")):
        out += puzzlekit.load(GENRES[path.name.split("-")[0]], path.read_text(), str(path), host=host)
    return out


def test_every_fixture_id_decodes_to_its_grid_and_encodes_back_to_itself(host: Host) -> None:
    puzzles = fixture_puzzles(host)
    assert len(puzzles) == 240
    for puzzle in puzzles:
        game_id = puzzle.meta["tatham-id"]
        text = interchange.decode(game_id, puzzle.genre, host)
        assert text is not None
        assert read_blocks(text)[0].rows == puzzle.block.rows, game_id
        # The fixtures came from Tatham's programs with a known difficulty: the full form.
        params, desc = game_id.split(":")
        letter = {"slitherlink": "d" + puzzle.meta["difficulty"][0]}.get(puzzle.genre.name)
        if letter is None:
            letter = "d" + str(["easy", "medium", "hard"].index(puzzle.meta["difficulty"]))
        assert interchange.encode(puzzle, "tatham", host) == f"{params}{letter}:{desc}"


def test_the_full_form_is_read_with_its_difficulty_and_written_back(host: Host) -> None:
    text = interchange.decode("5x5t0dh:3c332b231e2333b2a", host.genre("slitherlink"), host)
    assert text is not None
    (puzzle,) = puzzlekit.load("slitherlink", text, host=host)
    assert puzzle.meta["difficulty"] == "hard"
    assert interchange.encode(puzzle, "tatham", host) == "5x5t0dh:3c332b231e2333b2a"
    text = interchange.decode("7x7i30e10m2d1:4e4g4c4a5a3a2j1b1b1a4b3b", host.genre("hashiwokakero"), host)
    assert text is not None
    (puzzle,) = puzzlekit.load("hashi", text, host=host)
    assert puzzle.meta["difficulty"] == "medium"
    assert interchange.encode(puzzle, "tatham", host) == "7x7m2d1:4e4g4c4a5a3a2j1b1b1a4b3b"


def test_a_difficulty_word_not_from_tatham_is_not_written_as_tathams(host: Host) -> None:
    (puzzle,) = puzzlekit.load("slitherlink", "# difficulty: hard\n3..\n...\n...\n", host=host)
    assert interchange.encode(puzzle, "tatham", host) == "3x3t0:3h"


def test_runs_of_more_than_26_blanks_split_as_the_games_split_them(host: Host) -> None:
    (puzzle,) = puzzlekit.load("slitherlink", "." * 30 + "1\n" + "." * 31 + "\n" + "." * 31 + "\n", host=host)
    assert interchange.encode(puzzle, "tatham", host) == "31x3t0:zd1zzj"


@pytest.mark.parametrize(
    ("genre", "game_id", "col", "words"),
    [
        ("slitherlink", "5x5t0dh#12345", 8, "random-seed Loopy ID"),
        ("slitherlink", "5x5t1:abc", 1, "grid type t1"),
        ("slitherlink", "5x5t0:3c332b231e2333b2", 23, "cut short"),
        ("slitherlink", "5x5t0:3c332b231e2333b2aa", 24, "goes on"),
        ("slitherlink", "5x5t0:z", 7, "goes past"),
        ("slitherlink", "5x5t0:4x", 7, "clue 4"),
        ("slitherlink", "5x5t0:3C", 8, "unexpected character 'C'"),
        ("slitherlink", "5x5t0dq:y", 7, "unknown Loopy difficulty 'q'"),
        ("slitherlink", "10000x5t0:a", 1, "limited to 200x200"),
        ("slitherlink", "0x5t0:a", 1, "at least one column"),
        ("hashiwokakero", "7x7m3:abc", 4, "m3 allows up to 3 bridges"),
        ("hashiwokakero", "7x7m2L:abc", 6, "no-loops"),
        ("hashiwokakero", "7x7m2d3:abc", 6, "unknown Bridges difficulty d3"),
        ("hashiwokakero", "2x7m2:abc", 1, "3x3 or more"),
        ("hashiwokakero", "3x3m2:1g9", 9, "island 9"),
        ("hashiwokakero", "3x3m2:1A", 8, "island 10"),
        ("hashiwokakero", "3x3m2:11g", 8, "touch"),
        ("hashiwokakero", "3x3m2:1h", 7, "has 1 island"),
    ],
)
def test_bad_ids_are_refused_at_the_offending_character(
    host: Host, genre: str, game_id: str, col: int, words: str
) -> None:
    with pytest.raises(LevelError, match=words) as caught:
        interchange.decode(game_id, host.genre(genre), host)
    assert (caught.value.line, caught.value.col) == (1, col)


@pytest.mark.parametrize(
    ("genre", "level", "words"),
    [
        ("hashiwokakero", "1.?\n...\n2.2\n", "no number"),
        ("hashiwokakero", "12.\n...\n..1\n", "touch"),
        ("hashiwokakero", "1.1\n", "3x3 or more"),
        ("slitherlink", "# flags: full\n3.\n..\n", "no variant where the loop passes every dot"),
    ],
)
def test_puzzles_a_game_cannot_show_are_refused_when_written(host: Host, genre: str, level: str, words: str) -> None:
    (puzzle,) = puzzlekit.load(genre, level, host=host)
    with pytest.raises(CannotWrite, match=words):
        interchange.encode(puzzle, "tatham", host)


def _fixture_header(path: Path) -> tuple[str, str | None, str]:
    """The ``--generate`` command, the program version and the seed a fixture was made with."""
    source = re.search(r"^# source: (\S+)(?: (\S+))? (--generate .*)$", path.read_text(), re.M)
    assert source is not None
    seed = re.search(r"^# seed: (.*)$", path.read_text(), re.M)
    assert seed is not None
    return source.group(3), source.group(2), seed.group(1)


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.txt")), ids=lambda p: p.name)
def test_the_fixture_scripts_still_write_their_files_byte_for_byte(path: Path) -> None:
    """Without sgt-puzzles: the IDs in a fixture, rendered again by its script, are that fixture."""
    command, version, seed = _fixture_header(path)
    ids = re.findall(r"^# tatham-id: (\S+)$", path.read_text(), re.M)
    params = command.split()[2].strip("'").split("#")[0]
    if path.name.startswith("loopy"):
        rendered = tatham_loopy.render(ids, command, version, tatham_loopy.parse_params(params), seed)
    else:
        rendered = tatham_bridges.render(ids, command, version, tatham_bridges.parse_params(params), seed)
    assert rendered == path.read_text()


def test_the_fixture_scripts_refuse_with_the_codecs_reasons() -> None:
    with pytest.raises(tatham_loopy.LoopyError, match="grid type t1"):
        tatham_loopy.decode("5x5t1:abc")
    with pytest.raises(tatham_bridges.BridgesError, match="no-loops"):
        tatham_bridges.parse_params("7x7m2L")
    assert tatham_bridges.parse_params("7x7").difficulty_word == "easy"
    assert tatham_loopy.parse_params("7").difficulty == "easy"


@pytest.mark.parametrize("game_id", ["2x2t0:3b3", "1x1t0:a", "40x1t0:n", "3x2t0:f", "2t0:d"])
def test_loopy_ids_under_3x3_are_refused_as_loopy_refuses_them(host: Host, game_id: str) -> None:
    with pytest.raises(LevelError, match="Loopy needs a board of 3x3 or more"):
        interchange.decode(game_id, host.genre("slitherlink"), host)


@pytest.mark.parametrize("rows", [["3.", ".3"], ["2"], ["." * 40], ["...", "..."]])
def test_boards_under_3x3_cannot_be_written_as_loopy_ids(host: Host, rows: list[str]) -> None:
    (puzzle,) = puzzlekit.load("slitherlink", "\n".join(rows) + "\n", host=host)
    with pytest.raises(CannotWrite, match="Loopy needs a board of 3x3 or more"):
        interchange.encode(puzzle, "tatham", host)
    assert interchange.encode(puzzle, "url", host).startswith("https://puzz.link/p?slither/")
