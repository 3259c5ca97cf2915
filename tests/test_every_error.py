"""Every error in a file is reported (up to ``LevelErrors.MAX_REPORTED``), one rule for
every genre and every reader: bad cells within one board, bad metadata lines beside
them, every bad line of a list of URLs or game IDs, every bad value of a pzprjs file,
every bad token and block of a janko file."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import puzzlekit
from puzzlekit.cli.main import main
from puzzlekit.errors import LevelError, LevelErrors


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


BOARDS = {
    # genre: a board with two bad cells, at (row 1, col 2) and (row 3, col 2) of the board
    "slitherlink": "3Z.\n...\n.Z.\n",
    "hashi": "2Z2\n...\n2Z.\n",
    "sudoku": "1Z..\n....\n.Z..\n....\n",
    "shikaku": "2 Z .\n. . .\n. Z 2\n",
    "akari": "#Z.\n...\n.Z.\n",
    "nurikabe": "1Z.\n...\n.Z.\n",
    "masyu": "WZ.\n...\n.ZB\n",
}
META = "# expect: maybe\n# flags: bogus\n"
"""Two bad metadata lines (lines 1 and 2); the board then starts on line 3."""


def errors_of(genre: str, text: str) -> list[tuple[int, int]]:
    with pytest.raises(LevelError) as info:
        puzzlekit.load(genre, text)
    found = info.value.errors if isinstance(info.value, LevelErrors) else [info.value]
    return [(e.line, e.col) for e in found]


@pytest.mark.parametrize("genre", sorted(BOARDS))
def test_every_bad_cell_of_one_board_is_reported(genre: str) -> None:
    col = 3 if genre == "shikaku" else 2
    assert errors_of(genre, BOARDS[genre]) == [(1, col), (3, col)]


@pytest.mark.parametrize("genre", sorted(BOARDS))
def test_bad_metadata_lines_are_reported_with_the_bad_cells(genre: str) -> None:
    col = 3 if genre == "shikaku" else 2
    assert errors_of(genre, META + BOARDS[genre]) == [(1, 1), (2, 1), (3, col), (5, col)]


@pytest.mark.parametrize("genre", sorted(BOARDS))
def test_every_bad_block_of_a_file_is_reported_on_the_command_line(genre: str) -> None:
    text = META + BOARDS[genre] + "\n" + BOARDS[genre]
    result = run("solve", genre, "-", stdin=text)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[-1] == "puzzlekit: error: <stdin>: 6 errors"
    second = 2 + BOARDS[genre].count("\n") + 2  # the second board's first line
    assert [int(line.split(":")[3]) for line in lines[:-1]] == [1, 2, 3, 5, second, second + 2]


def test_a_drawn_masyu_state_reports_every_bad_character() -> None:
    assert errors_of("masyu", "W-.\n| Z\nZ .\n") == [(2, 3), (3, 1)]


SLITHER_IDS = "5x5t0:b0b0c1a211a1c3b1a3\n# a comment\n5x5t0:b0b0c1a211a1c3b1a9\n\n5x5t0:b0b0c1a2!1a1c3b1a3\n"
SLITHER_URLS = (
    "https://puzz.link/p?slither/5/5/haag6216bgd6d\n"
    "https://puzz.link/p?slither/5/5/haag62\n"
    "https://puzz.link/p?slither/5/5/haag6216bgd6d\n"
    "https://puzz.link/p?slither/5/5/haag6216bgd6dggg\n"
)
HASHI_URLS = (
    "https://puzz.link/p?hashi/3/3/2g2i1g1\nhttps://puzz.link/p?hashi/3/3/zz\nhttps://puzz.link/p?hashi/3/3/2\n"
)


@pytest.mark.parametrize(
    ("genre", "text", "lines"),
    [("slitherlink", SLITHER_IDS, [3, 5]), ("slitherlink", SLITHER_URLS, [2, 4]), ("hashi", HASHI_URLS, [2, 3])],
)
@pytest.mark.parametrize("command", ["solve", "hint", "render", "convert"])
def test_every_bad_line_of_a_list_of_urls_or_ids_is_reported_by_its_line(
    tmp_path: Path, genre: str, text: str, lines: list[int], command: str
) -> None:
    path = tmp_path / "list.txt"
    path.write_text(text, encoding="utf-8")
    extra = {"render": ["-o", str(tmp_path / "x.svg")], "convert": ["--to", "ascii"]}.get(command, [])
    result = run(command, genre, str(path), *extra)
    assert result.exit_code == 1, result.output
    out = result.stderr.splitlines()
    assert out[-1] == f"puzzlekit: error: {path}: {len(lines)} errors"
    assert [int(line.split(":")[3]) for line in out[:-1]] == lines


def test_the_api_reports_every_bad_line_of_a_list_of_ids() -> None:
    assert errors_of("slitherlink", SLITHER_IDS) == [(3, 24), (5, 15)]
    assert errors_of("slitherlink", "\n\n" + SLITHER_IDS) == [(5, 24), (7, 15)]  # lines counted in the file


def test_a_list_of_good_ids_reads_as_its_puzzles() -> None:
    good = "5x5t0:b0b0c1a211a1c3b1a3\n\n5x5t0:b0b0c1a211a1c3b1a3\n"
    assert len(puzzlekit.load("slitherlink", good)) == 2


def test_a_list_of_penpa_urls_reports_each_bad_line() -> None:
    from puzzlekit import interchange

    url = interchange.encode(puzzlekit.load("masyu", "W.B\n...\n.W.\n")[0], "penpa")
    text = f"{url}\n{url[:-8]}\n{url}\n{url[:-8]}\n"
    assert [line for line, _ in errors_of("masyu", text)] == [2, 4]


def test_every_bad_value_of_a_pzprjs_file_is_reported() -> None:
    slither = "pzprv3\nslither\n3\n3\n3 7 . \n. . . \n. x . \n"
    assert errors_of("slitherlink", slither) == [(5, 3), (7, 3)]
    hashi = "pzprv3\nhashikake\n3\n3\n2 9 2 \n. . . \n1 x 1 \n"
    assert errors_of("hashi", hashi) == [(5, 3), (7, 3)]
    akari = "pzprv3\nlightup\n3\n3\n- z . \n. . . \n. z . \n"
    assert errors_of("akari", akari) == [(5, 3), (7, 3)]
    sudoku = "pzprv3\nsudoku\n4\n1 9 . . \n. . . . \n. x . . \n. . . . \n"
    assert errors_of("sudoku", sudoku) == [(4, 3), (6, 3)]
    shikaku = "pzprv3\nshikaku\n3\n3\n2 z . \n. . . \n. z 2 \n"
    assert errors_of("shikaku", shikaku) == [(5, 3), (7, 3)]


JANKO = """begin
puzzle slitherlink
size 3
problem
3 x -
- - -
- y 2
end

begin
puzzle slitherlink
size 2
problem
z -
- -
end
"""


def test_every_bad_token_and_block_of_a_janko_file_is_reported() -> None:
    assert errors_of("slitherlink", JANKO) == [(5, 3), (7, 3), (14, 1)]
