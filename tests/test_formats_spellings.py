"""Sources as people paste them (issue 21, items 12 and 13): IDs and URLs longer than a
file name may be, URL spellings pzprjs reads, pzprjs's empty boards, Penpa+ from a local
copy, and what puzzlekit writes for Penpa+ and puzz.link."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

import puzzlekit
from puzzlekit import interchange
from puzzlekit.cli.main import main
from puzzlekit.formats.codec import CannotWrite
from puzzlekit.host import Host

FIXTURES = Path(__file__).resolve().parent / "fixtures"
CANONICAL = "https://puzz.link/p?slither/5/5/cbcbcddad"


def _board(side: int, seed: int) -> str:
    """A clue grid of Slitherlink clues, side x side (not necessarily unique)."""
    rng = random.Random(seed)
    return "".join("".join(rng.choice("0123....") for _ in range(side)) + "\n" for _ in range(side))


def _run(host: Host, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), obj=host)
    return result.exit_code, result.output


def test_a_game_id_longer_than_a_file_name_is_read_as_an_id(host: Host) -> None:
    (puzzle,) = puzzlekit.load("slitherlink", _board(20, 1), host=host)
    game_id = interchange.encode(puzzle, "tatham", host)
    assert len(game_id) > 256
    for args in (["convert", "slitherlink", game_id, "--to", "url"], ["convert", game_id, "--to", "url"]):
        code, out = _run(host, *args)
        assert code == 0, out
        assert out.startswith("https://puzz.link/p?slither/20/20/")
    code, out = _run(host, "grade", "slitherlink", game_id, "--timeout", "1")
    assert "file name too long" not in out and code in (0, 1, 3, 4, 5), out


def test_a_url_of_several_thousand_characters_is_read_as_a_url(host: Host) -> None:
    (puzzle,) = puzzlekit.load("slitherlink", _board(150, 2), host=host)
    url = interchange.encode(puzzle, "url", host)
    assert len(url) > 4100
    code, out = _run(host, "convert", url, "--to", "ascii")
    assert code == 0, out[-300:]
    assert out.split("\n")[1] == puzzle.genre.write(puzzle.instance)[0]


@pytest.mark.parametrize(
    "url",
    [
        "puzz.link/p?slither/5/5/cbcbcddad",
        "https://puzz.link/p?type=editor&slither/5/5/cbcbcddad",
        "https://puzz.link/p?slither_edit/5/5/cbcbcddad",
        "https://puzz.link/p?slither_play/5/5/cbcbcddad",
        "https://puzz.link/p?slither/5/5/cbcbcddad#top",
        "https://puzz.link/p?type=player&lang=en&slither_play/5/5/cbcbcddad#x",
    ],
)
def test_url_spellings_pzprjs_reads_are_the_same_board(host: Host, url: str) -> None:
    for args in (["convert", url, "--to", "url"], ["convert", "slitherlink", url, "--to", "url"]):
        code, out = _run(host, *args)
        assert (code, out.strip()) == (0, CANONICAL), out


def test_a_pzprjs_file_inside_a_url_reads_as_the_file(host: Host) -> None:
    """pzprjs's own test URL (test/pzpr/parser_test.js): a Nurikabe file with shading."""
    url = "https://puzz.link/p?type=editor&pzprv3/nurikabe/3/3/%23%20%23%20.%20/1%20%23%203%20/%23%20%23%20.%20//"
    (puzzle,) = puzzlekit.load("nurikabe", url, host=host)
    assert puzzle.genre.write(puzzle.instance) == ["...", "1.3", "..."]
    state = puzzle.own_marks()
    assert puzzle.genre.write(puzzle.instance, state) == ["##.", "1#3", "##."]
    assert interchange.claimed_genres(url, host) == ["nurikabe"]


@pytest.mark.parametrize("source", ["pzprv3/slither/5/5", "pzprv3\nslither\n5\n5\n", "pzprv3/slither/5/5/"])
def test_pzprjs_empty_board_files_are_empty_boards(host: Host, source: str) -> None:
    (puzzle,) = puzzlekit.load("slitherlink", source, host=host)
    assert puzzle.genre.write(puzzle.instance) == ["....."] * 5


def test_penpa_from_a_local_copy_reads_as_from_the_site(host: Host) -> None:
    board = json.loads((FIXTURES / "penpa" / "recorded.json").read_text(encoding="utf-8"))["boards"][0]
    url = board["ours"]
    local = "file:///home/me/penpa-edit/docs/index.html#" + url.split("#", 1)[1]
    bare = "swaroopg92.github.io/penpa-edit/#" + url.split("#", 1)[1]
    (original,) = puzzlekit.load(board["genre"], url, host=host)
    want = [original.genre.write(original.instance)]
    for source in (local, bare):
        (p,) = puzzlekit.load(board["genre"], source, host=host)
        assert [p.genre.write(p.instance)] == want
        assert interchange.claimed_genres(source, host) == [board["genre"]]


def test_penpa_urls_over_100_rows_or_columns_are_refused_saying_why(host: Host, tmp_path: Path) -> None:
    (wide,) = puzzlekit.load("slitherlink", "0" * 101 + "\n", host=host)
    with pytest.raises(CannotWrite, match=r"Penpa\+ opens boards of at most 100x100; this one is 101x1"):
        interchange.encode(wide, "penpa", host)
    (fits,) = puzzlekit.load("slitherlink", ("0" * 100 + "\n") * 2, host=host)
    assert interchange.encode(fits, "penpa", host).startswith("https://swaroopg92.github.io/penpa-edit/#m=edit&p=")
    path = tmp_path / "wide.txt"
    path.write_text("0" * 101 + "\n")
    code, out = _run(host, "convert", "slitherlink", str(path), "--to", "penpa")
    assert code == 1 and "at most 100x100" in out
