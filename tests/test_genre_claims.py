"""Which genre a source is, and what is said when it is none (issue 21, items 7 and 14):
level text of a named genre is never taken for a game ID, a game ID of a game puzzlekit
does not read is not called a Loopy or Bridges one, a file of a genre not installed is
named, caps are the genre's own and said so, janko.at collections over 1 MiB are read."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from click.testing import CliRunner

import puzzlekit
from puzzlekit import interchange
from puzzlekit.cli.main import main
from puzzlekit.errors import LevelError, UsageError, an
from puzzlekit.formats.codec import MAX_SOURCE, read_capped
from puzzlekit.host import Host

# Game IDs Tatham's own programs printed (sgt-lightup, sgt-solo, sgt-rect, sgt-pearl --generate).
FOREIGN_IDS = {
    "akari": "7x7:a0i1a1a2a3e4aBeBa1aBaBi2a",
    "sudoku": "3x3:b3b4b9c8_1c3b5_3_9e7_2a5c1_1b7a8b2_9c3a4_7e7_1_8b2c8_5c6b9b5b",
    "shikaku": "7x7:b6a4c4e2c2a3d4a4_3_4a2d3c2_2_2b2c",
    "masyu": "8x8:bBaWbBlWBaBWhWbBbWiWdWcBbBb",
}


def _run(host: Host, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), obj=host)
    return result.exit_code, result.output


def test_akari_text_that_starts_like_a_random_seed_id_is_akari(host: Host) -> None:
    """``0#`` is the start of a Tatham random-seed ID's shape; with a newline after it, it is level text."""
    text = "0#\n..\n"
    assert puzzlekit.solve("akari", text, host=host).status.value == "unique"
    (puzzle,) = puzzlekit.load("akari", text, host=host)
    assert puzzle.size == "2x2"
    assert puzzlekit.grade("akari", text).tier == 1  # the lit corner forces the lamp: numbers and lighting
    assert puzzlekit.check("akari", text, host=host).status == "incomplete"
    assert puzzlekit.hint("akari", text).kind == "deduction"


@pytest.mark.parametrize(("cols", "rows", "alphabet"), [(2, 2, ".#01234"), (3, 2, ".#01"), (2, 3, ".#01")])
def test_no_small_akari_board_is_claimed_by_another_genre(host: Host, cols: int, rows: int, alphabet: str) -> None:
    """14% of the Akari boards up to 2x3 were refused as "a hashiwokakero or slitherlink puzzle"."""
    for cells in itertools.product(alphabet, repeat=cols * rows):
        text = "".join("".join(cells[r * cols : (r + 1) * cols]) + "\n" for r in range(rows))
        try:
            puzzlekit.load("akari", text, host=host)
        except LevelError:
            pass  # a bad number for its neighbours is the genre's own refusal
        except UsageError as err:
            pytest.fail(f"{text!r}: {err}")


def test_a_game_id_is_one_line(host: Host) -> None:
    assert interchange.claimed_genres("5x5t0dh:3c332b231e2333b2a", host) == ["slitherlink"]
    assert interchange.claimed_genres("5x5t0dh:3c332b231e2333b2a\n..\n", host) == []


@pytest.mark.parametrize("genre", sorted(FOREIGN_IDS))
def test_another_games_id_with_its_genre_named_is_said_to_need_a_game_id_reader(host: Host, genre: str) -> None:
    code, out = _run(host, "solve", genre, FOREIGN_IDS[genre])
    assert code == 2, out
    assert "hashiwokakero or slitherlink puzzle" not in out
    having = "fillomino, hashiwokakero, hitori, kurodoko, slitherlink"
    assert f"{genre} has no tatham format (installed genres that have one: {having})" in out


@pytest.mark.parametrize("genre", sorted(FOREIGN_IDS))
def test_another_games_id_alone_says_what_each_reader_found(host: Host, genre: str) -> None:
    code, out = _run(host, "solve", FOREIGN_IDS[genre])
    assert code == 2, out
    assert "could be hashiwokakero or slitherlink" not in out and "no such file" not in out
    assert "it is shaped like a tatham source, but no installed genre reads it (fillomino: " in out
    assert "; slitherlink: " in out


def test_loopy_and_bridges_ids_are_still_claimed_and_named(host: Host) -> None:
    assert interchange.claimed_genres("5x5t0dh:3c332b231e2333b2a", host) == ["slitherlink"]
    assert interchange.claimed_genres("5x5t0dh:3c332b231e2333b2", host) == []  # cut short: not a Loopy ID
    assert interchange.claimed_genres("7x7m2:3a5c1m1d1h2b3a2b3e3", host) == ["hashiwokakero"]
    code, out = _run(host, "solve", "10x10t0#1234")
    assert code == 1 and "random-seed Loopy ID" in out


@pytest.mark.parametrize(
    "source",
    [
        "pzprv3/tapa/3/3/",
        "https://puzz.link/p?tapa/3/3/abc",
        "begin\npuzzle tapa\nsize 3\nproblem\n- - -\n- - -\n- - -\nend\n",
    ],
)
def test_a_source_of_a_genre_not_installed_is_named(host: Host, source: str, tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_text(source)
    for arg in (source, str(path)) if "\n" not in source else (str(path),):
        code, out = _run(host, "solve", arg)
        assert code == 2, out
        assert "it holds a 'tapa' puzzle, which no installed genre reads" in out
        assert "does not name one" not in out


def test_articles_read_right(host: Host) -> None:
    assert an("akari") == "an akari" and an("slitherlink") == "a slitherlink" and an("'iso'") == "an 'iso'"
    code, out = _run(host, "solve", "hashi", "https://puzz.link/p?akari/3/3/.g")
    assert code == 2 and "this is an akari puzzle, not hashiwokakero" in out, out


@pytest.mark.parametrize(
    ("genre", "source", "cap"),
    [
        ("akari", "https://puzz.link/p?akari/300/300/g", 200),
        ("nurikabe", "pzprv3/nurikabe/300/300/", 200),
        ("shikaku", "https://puzz.link/p?shikaku/61/61/g", 60),
    ],
)
def test_a_decoder_refuses_at_the_genres_own_cap(host: Host, genre: str, source: str, cap: int) -> None:
    with pytest.raises(LevelError) as caught:
        puzzlekit.load(genre, source, host=host)
    assert f"limited to {cap}x{cap}" in str(caught.value) or f"1-{cap} on a side" in str(caught.value)


def test_the_docs_state_each_genres_cap() -> None:
    text = (Path(__file__).resolve().parents[1] / "docs" / "formats.md").read_text(encoding="utf-8")
    assert "200 for Slitherlink, Hashiwokakero, Masyu, Akari and Nurikabe" in text and "60 for Shikaku" in text


def _collection(blocks: int, pad: int) -> str:
    moves = "".join("moves " + "x" * 100 + "\n" for _ in range(pad))
    return "".join(
        f"begin\npuzzle slitherlink\nauthor A{i}\nrows 3\ncols 3\nproblem\n3 - -\n- - {i % 4}\n- - -\n"
        f"solution\n{moves}end\n"
        for i in range(blocks)
    )


def test_a_janko_collection_over_1_mib_is_read_block_by_block(host: Host, tmp_path: Path) -> None:
    path = tmp_path / "collection.txt"
    path.write_text(_collection(20, 700))
    assert path.stat().st_size > 1.4 * MAX_SOURCE
    code, out = _run(host, "convert", str(path), "--to", "url")
    assert code == 0, out[-300:]
    assert len(out.split()) == 20
    assert len(puzzlekit.load("slitherlink", path, host=host)) == 20


def test_one_janko_block_over_1_mib_is_refused_at_it(host: Host, tmp_path: Path) -> None:
    path = tmp_path / "one.txt"
    path.write_text(_collection(1, 2) + _collection(1, 11000))
    code, out = _run(host, "convert", str(path), "--to", "url")
    assert code == 1 and f"{path}:14:1: this janko block is over 1,048,576 characters long" in out


def test_anything_else_over_1_mib_is_still_one_error_line(tmp_path: Path) -> None:
    import io

    with pytest.raises(Exception, match="more than 1,048,576 bytes"):
        read_capped(io.BytesIO(b"\0" * (MAX_SOURCE + 10)), "zeros")
    with pytest.raises(Exception, match="more than 1,048,576 bytes"):
        read_capped(io.BytesIO(b"..0..\n" * (MAX_SOURCE // 5)), "level.txt")
