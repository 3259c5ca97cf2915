"""URLs, game IDs and pzprjs files on the command line: solve and check them, with or
without the genre, convert in every direction, and refuse bad ones in one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import puzzlekit
from puzzlekit.cli.main import main

SLITHER_URL = "https://puzz.link/p?slither/5/5/cbcbcddad"
HASHI_URL = "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3"
LOOPY_ID = "5x5t0:3c332b231e2333b2a"
BRIDGES_ID = "7x7m2:4e4g4c4a5a3a2j1b1b1a4b3b"
LEVEL = "# title: first\n..0..\n0...1\n.211.\n1...3\n..1.3\n"
HARBOUR = "4.2..\n.3..2\n3....\n.3.1.\n3.4.3\n"


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def level(tmp_path: Path, text: str, name: str = "level.txt") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize(
    "args",
    [
        ["slitherlink", SLITHER_URL],
        [SLITHER_URL],
        ["hashiwokakero", HASHI_URL],
        [HASHI_URL],
        ["slitherlink", LOOPY_ID],
        [LOOPY_ID],  # 't0' is Loopy's alone
        [BRIDGES_ID],  # 'm2' is Bridges' alone
    ],
)
def test_solve_reads_urls_and_game_ids_with_or_without_the_genre(args: list[str]) -> None:
    result = run("solve", *args, "--plain")
    assert result.exit_code == 0, result.output
    assert "# status: unique" in result.output


def test_a_url_in_a_file_or_on_stdin_is_read_too(tmp_path: Path) -> None:
    assert run("solve", "slitherlink", level(tmp_path, SLITHER_URL + "\n")).exit_code == 0
    assert run("solve", level(tmp_path, "\n" + HASHI_URL + "\n")).exit_code == 0
    assert run("solve", "-", stdin=SLITHER_URL).exit_code == 0


def test_convert_a_level_file_to_every_kind(tmp_path: Path) -> None:
    path = level(tmp_path, LEVEL)
    assert (
        run("convert", "slitherlink", path, "--to", "url").output == "https://puzz.link/p?slither/5/5/haag6216bgd6d\n"
    )
    assert run("convert", "slitherlink", path, "--to", "tatham").output == "5x5t0:b0b0c1a211a1c3b1a3\n"
    pzpr = run("convert", "slitherlink", path, "--to", "pzpr").output
    assert pzpr.startswith("pzprv3.1\nslither\n5\n5\n. . 0 . . \n")
    assert run("convert", "slitherlink", path, "--to", "ascii").output == LEVEL


@pytest.mark.parametrize("kind", ["url", "tatham", "pzpr", "ascii"])
def test_every_kind_reads_back_as_the_same_board(tmp_path: Path, kind: str) -> None:
    written = run("convert", "hashiwokakero", level(tmp_path, HARBOUR), "--to", kind)
    assert written.exit_code == 0, written.output
    back = run("convert", "hashiwokakero", level(tmp_path, written.output, "written.txt"))
    assert back.exit_code == 0, back.output
    assert back.output.endswith(HARBOUR)


def test_convert_a_url_to_level_text_without_naming_the_genre() -> None:
    result = run("convert", HASHI_URL, "--to", "ascii")
    assert result.exit_code == 0
    assert result.output == f"# url: {HASHI_URL}\n{HARBOUR}"


def test_convert_writes_to_a_file_with_o(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    assert run("convert", SLITHER_URL, "--to", "tatham", "-o", str(out)).exit_code == 0
    assert out.read_text() == "5x5t0:2b1b2b1b2b3b3b0b3\n"


def test_a_solution_converts_to_a_pzprjs_answer_that_check_accepts(tmp_path: Path) -> None:
    solved = run("solve", HASHI_URL, "--plain").output
    answer = run("convert", "hashiwokakero", level(tmp_path, solved), "--to", "pzpr")
    assert answer.exit_code == 0
    assert "2 2 0 0 \n" in answer.output
    path = level(tmp_path, answer.output, "answer.pzpr")
    checked = run("check", path, "--plain")  # the genre comes from the file's 'hashikake' line
    assert checked.exit_code == 0, checked.output
    assert "solved" in checked.output
    assert run("check", "hashi", HASHI_URL, "--state", path, "--plain").exit_code == 0


def test_several_puzzles_convert_to_one_url_per_line_but_one_pzprjs_file_needs_a_choice(tmp_path: Path) -> None:
    path = level(tmp_path, "3.\n..\n\n.1\n2.\n")
    assert run("convert", "slitherlink", path, "--to", "url").output.splitlines() == [
        "https://puzz.link/p?slither/2/2/dg",
        "https://puzz.link/p?slither/2/2/g1c",
    ]
    refused = run("convert", "slitherlink", path, "--to", "pzpr")
    assert refused.exit_code == 2
    assert "holds 2 puzzles; choose one with --puzzle N" in refused.stderr
    picked = run("convert", "slitherlink", path, "--to", "pzpr", "--puzzle", "2")
    assert picked.exit_code == 0
    assert ". 1 \n2 . \n" in picked.output


def test_a_source_of_another_genre_is_a_usage_error() -> None:
    result = run("solve", "slitherlink", HASHI_URL)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert "this is a hashiwokakero puzzle, not slitherlink" in result.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["solve", "slitherlink", "https://puzz.link/p?slither/5/5/cbcbc"], "cut short"),
        (["solve", "slitherlink", "https://puzz.link/p?slither/5/5/cbcbcddadcbcb"], "over-long"),
        (["solve", "slitherlink", "https://puzz.link/p?slither/0/5/a"], "at least one column"),
        (["solve", "slitherlink", "https://puzz.link/p?slither/10000/5/a"], "limited to 200x200"),
        (["solve", "hashi", "https://puzz.link/p?hashikake/5/5/1234g1-10+100=100g.h.i.l."], "island 16"),
        (["solve", "slitherlink", "https://example.org/puzzles/42"], "no installed format reads this URL"),
        (["solve", "slitherlink", "5x5t0dh#seed"], "random-seed"),
        (["convert", "hashi", "https://puzz.link/p?hashikake/5/5/.g2i3h23k3g1g3g4g3", "--to", "tatham"], "no number"),
        (["convert", "slitherlink", "https://puzz.link/p?slither/f/3/3/gdk", "--to", "tatham"], "Loopy has no variant"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_code_1(args: list[str], words: str) -> None:
    result = run(*args)
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("puzzlekit: error: ")
    assert words in result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["solve", "7x7:abc"], "shaped like a tatham source, but no installed genre reads it (fillomino: "),
        (["solve", "https://puzz.link/p?tapa/5/5/a"], "it holds a 'tapa' puzzle, which no installed genre reads"),
        (["convert", "slitherlink", SLITHER_URL, "--to", "png"], "ascii, janko, penpa, pzpr, tatham, url"),
        (["solve", "slitherlink"], "Missing argument 'SOURCE'"),
    ],
)
def test_usage_mistakes_name_what_is_missing(args: list[str], words: str) -> None:
    result = run(*args)
    assert result.exit_code in (1, 2)
    assert words in result.stderr


def test_level_text_does_not_say_its_genre(tmp_path: Path) -> None:
    result = run("solve", level(tmp_path, LEVEL))
    assert result.exit_code == 2
    assert "cannot tell the genre" in result.stderr


def test_the_formats_command_lists_every_kind() -> None:
    result = run("formats")
    assert result.exit_code == 0
    for kind in ("ascii", "url", "tatham", "pzpr"):
        assert kind in result.output
    assert "slitherlink-puzzlink" in result.output


def test_convert_has_help() -> None:
    result = run("convert", "--help")
    assert result.exit_code == 0
    assert "[GENRE] SOURCE" in result.output
    assert puzzlekit.__version__
