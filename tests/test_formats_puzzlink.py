"""puzz.link URLs: host spellings, puzzle ids, the two body encodings, and every
refusal located at its character.  Known encodings come from pzprjs's and cspuz's own
tests (quoted in the corpus files' comments)."""

from __future__ import annotations

import pytest

import puzzlekit
from puzzlekit import interchange
from puzzlekit.errors import LevelError
from puzzlekit.formats import puzzlink, pzpr
from puzzlekit.formats.level import read_blocks
from puzzlekit.host import Host

PZPRJS_SLITHER = "https://puzz.link/p?slither/5/5/cbcbcddad"  # robx/pzprjs test/script/slither.js
SLITHER_ROWS = ["2..1.", ".2..1", "..2..", "3..3.", ".0..3"]
PZPRJS_HASHI = "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3"  # robx/pzprjs test/script/hashikake.js
HASHI_ROWS = ["4.2..", ".3..2", "3....", ".3.1.", "3.4.3"]
CSPUZ_HASHI = "https://puzz.link/p?hashi/6/6/3g1g2.g.g2h.g2g.h.g4g3h4g.g2g.h2"  # cspuz_core hashi.rs
CSPUZ_HASHI_ROWS = ["3.1.2?", ".?.2..", "?.2.?.", ".?.4.3", "..4.?.", "2.?..2"]


def rows(text: str | None) -> list[str]:
    assert text is not None
    return read_blocks(text)[0].rows


def decode(host: Host, genre: str, source: str) -> str | None:
    return interchange.decode(source, host.genre(genre), host)


def url_of(host: Host, genre: str, rows_: list[str], meta: str = "") -> str:
    (puzzle,) = puzzlekit.load(genre, meta + "\n".join(rows_) + "\n", host=host)
    return interchange.encode(puzzle, "url", host)


@pytest.mark.parametrize(
    "spelling",
    [
        PZPRJS_SLITHER,
        "http://puzz.link/p?slither/5/5/cbcbcddad",
        "http://pzv.jp/p.html?slither/5/5/cbcbcddad",
        "https://pzv.jp/p.html?slitherlink/5/5/cbcbcddad",
        "https://pzprxs.vercel.app/p?slither/5/5/cbcbcddad",
        "puzz.link/p?slither/5/5/cbcbcddad",
        "  https://puzz.link/p?slither/5/5/cbcbcddad/  ",
    ],
)
def test_every_host_spelling_and_puzzle_id_reads_the_same_board(host: Host, spelling: str) -> None:
    assert rows(decode(host, "slitherlink", spelling)) == SLITHER_ROWS


def test_the_pzprjs_examples_decode_and_re_encode_exactly(host: Host) -> None:
    assert rows(decode(host, "slitherlink", PZPRJS_SLITHER)) == SLITHER_ROWS
    assert url_of(host, "slitherlink", SLITHER_ROWS) == PZPRJS_SLITHER
    assert rows(decode(host, "hashiwokakero", PZPRJS_HASHI)) == HASHI_ROWS
    # pzprjs reads 'hashikake' but writes its URL id, 'hashi'.
    assert url_of(host, "hashiwokakero", HASHI_ROWS) == PZPRJS_HASHI.replace("?hashikake/", "?hashi/")


def test_a_hashi_body_ending_in_a_dot_gets_the_trailing_slash_pzprjs_writes(host: Host) -> None:
    url = url_of(host, "hashiwokakero", ["3.2..", ".....", ".....", ".....", "....?"])
    assert url == "https://puzz.link/p?hashi/5/5/3g2zg./"  # recorded from pzprjs
    assert rows(decode(host, "hashiwokakero", url)) == ["3.2..", ".....", ".....", ".....", "....?"]
    assert rows(decode(host, "hashiwokakero", url[:-1])) == rows(decode(host, "hashiwokakero", url))


def test_a_hashi_board_without_islands_is_refused_saying_why(host: Host) -> None:
    for source in ("https://puzz.link/p?hashi/5/5/zk", "pzprv3/hashikake/1/3/. . . /0 0 /"):
        with pytest.raises(LevelError, match=r"no islands \(pzprjs writes an empty editor board"):
            decode(host, "hashiwokakero", source)


def test_cspuz_examples_decode_and_write_the_form_pzprjs_writes(host: Host) -> None:
    # cspuz's test URL ends in '1' (a clue); pzprjs itself writes a final clue as 'b' (clue 1
    # and two blanks past the end), the "pzv form" the corpus comment quotes.
    assert rows(decode(host, "slitherlink", "https://puzz.link/p?slither/4/4/dgdh2c71")) == [
        "3...",
        "3...",
        ".22.",
        ".2.1",
    ]
    assert url_of(host, "slitherlink", ["3...", "3...", ".22.", ".2.1"]) == "https://puzz.link/p?slither/4/4/dgdh2c7b"
    assert rows(decode(host, "hashiwokakero", CSPUZ_HASHI)) == CSPUZ_HASHI_ROWS
    assert url_of(host, "hashiwokakero", CSPUZ_HASHI_ROWS) == CSPUZ_HASHI


def test_the_full_variant_flag_is_read_and_written(host: Host) -> None:
    text = decode(host, "slitherlink", "https://pzprxs.vercel.app/p?slither/f/3/3/gdk")
    assert text is not None
    assert read_blocks(text)[0].flags() == {"full"}
    assert rows(text) == [".3.", "...", "..."]
    assert url_of(host, "slitherlink", rows(text), "# flags: full\n") == "https://puzz.link/p?slither/f/3/3/gdk"


def test_a_question_mark_clue_is_read_as_no_clue_in_slitherlink_and_an_unnumbered_island_in_hashi(
    host: Host,
) -> None:
    assert rows(decode(host, "slitherlink", "https://puzz.link/p?slither/3/1/.g1")) == ["..1"]
    assert rows(decode(host, "hashiwokakero", "https://puzz.link/p?hashikake/3/1/.g1")) == ["?.1"]


def test_wide_number16_values_are_read_so_they_can_be_refused_by_name() -> None:
    clues = pzpr.decode_number16("src", "1-10+100=100%001", 0, 5)
    assert [c.value for c in clues] == [1, 16, 256, 4352, 8193]
    assert pzpr.encode_number16([c.value for c in clues]) == "1-10+100=100%001"


def test_number36_has_a_character_per_cell_as_pzprjs_hitori_writes_it() -> None:
    clues = pzpr.decode_number36("src", "z.-10@%", 0, 5)
    assert [(c.cell, c.value, c.pos) for c in clues] == [(0, 35, 0), (2, 36, 2), (3, -2, 5), (4, -2, 6)]
    assert pzpr.encode_number36([35, pzpr.BLANK, 36, pzpr.UNKNOWN, 1295]) == "z.-10@-zz"
    with pytest.raises(puzzlekit.UsageError, match="up to 1295"):
        pzpr.encode_number36([1296])
    with pytest.raises(LevelError, match="over-long"):
        pzpr.decode_number36("src", "123", 0, 2)


def test_runs_longer_than_twenty_blanks_split_as_pzprjs_splits_them() -> None:
    values = [pzpr.BLANK] * 45 + [2]
    assert pzpr.encode_number16(values) == "zzk2"
    assert pzpr.encode_4cell(values) == "zzkc"
    assert [(c.cell, c.value) for c in pzpr.decode_4cell("src", "zzkc", 0, 46)] == [(45, 2)]


@pytest.mark.parametrize(
    ("genre", "url", "col", "words"),
    [
        ("slitherlink", "https://puzz.link/p?slither/5/5/cbcbc", 38, "cut short"),
        ("slitherlink", "https://puzz.link/p?slither/5/5/cbcbcddadab", 42, "over-long"),
        ("slitherlink", "https://puzz.link/p?slither/5/5/cbXbcddad", 35, "unexpected character 'X'"),
        ("slitherlink", "https://puzz.link/p?slither/10000/5/a", 29, "limited to 200x200"),
        ("slitherlink", "https://puzz.link/p?slither/0/5/a", 29, "at least one column"),
        ("slitherlink", "https://puzz.link/p?slither/5/5/ezb", 33, "clue 4 at r1c1"),
        ("slitherlink", "https://puzz.link/p?slither/5/5", 32, "body with the clues is missing"),
        ("slitherlink", "https://puzz.link/p?slither/5/x/a", 31, "number of rows"),
        ("slitherlink", "https://puzz.link/p?slither/v/5/5/a", 29, "variant flag"),
        ("slitherlink", "https://puzz.link/p?tapa/5/5/a", 21, "'tapa' puzzle, not Slitherlink"),
        ("slitherlink", "https://puzz.link/p?slither/99999999999/5/a", 29, "digits"),
        ("hashiwokakero", "https://puzz.link/p?hashikake/3/1/1-1", 36, "takes 2 hex digits"),
        ("hashiwokakero", "https://puzz.link/p?hashikake/3/1/1-1x", 38, "found 'x'"),
        ("hashiwokakero", "https://puzz.link/p?hashikake/3/1/190", 36, "island 9 at r1c2"),
        ("hashiwokakero", "https://puzz.link/p?hashikake/3/1/i", 35, "no islands"),
        ("hashiwokakero", "https://puzz.link/p?hashikake/f/3/1/1g1", 31, "no variant flags"),
    ],
)
def test_bad_urls_are_refused_at_the_offending_character(
    host: Host, genre: str, url: str, col: int, words: str
) -> None:
    with pytest.raises(LevelError, match=words) as caught:
        decode(host, genre, url)
    assert caught.value.line == 1
    assert caught.value.col == col


def test_a_url_of_the_other_genre_is_refused_naming_its_genre(host: Host) -> None:
    with pytest.raises(puzzlekit.UsageError, match="this is a hashiwokakero puzzle, not slitherlink"):
        decode(host, "slitherlink", PZPRJS_HASHI)


def test_long_urls_are_named_by_their_start_in_errors(host: Host) -> None:
    url = "https://puzz.link/p?slither/20/20/" + "g" * 150 + "Q"
    with pytest.raises(LevelError) as caught:
        decode(host, "slitherlink", url)
    assert str(caught.value).startswith(url[:60] + "…:1:185:")


def test_urls_are_recognised_only_by_their_shape() -> None:
    assert puzzlink.looks_like("https://example.org/p?slither/5/5/a")
    assert puzzlink.looks_like("puzz.link/p?slither/5/5/a")
    assert not puzzlink.looks_like("example.org/p?slither/5/5/a")  # a relative path, without a scheme
    assert not puzzlink.looks_like("levels/slither.txt")
    assert puzzlink.pid_of("https://puzz.link/p?Slither/5/5/a") == "slither"
    assert puzzlink.pid_of("levels/slither.txt") is None
