"""Every puzz.link URL of the shared corpus decodes to the board its neutral block
shows (or is refused with a clear reason), re-encodes to the canonical URL, and that
decodes to the same board again.  Skipped when ../shared/corpus is absent."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import corpus
import pytest

import puzzlekit
from puzzlekit import interchange
from puzzlekit.errors import LevelError
from puzzlekit.formats.level import read_blocks
from puzzlekit.host import Host

pytestmark = pytest.mark.corpus

# Refused on purpose, with the words the refusal must use.
REFUSED = {
    # A codec stress test, not a puzzle: islands of 16, 256 and 4352.
    "https://puzz.link/p?hashikake/5/5/1234g1-10+100=100g.h.i.l.": "island 16",
    # The board is full two characters before the body ends; pzprjs ignores them, puzzlekit
    # refuses an over-long body rather than guess (two URLs run together look the same).
    "https://puzz.link/p?slither/10/10/dgj2l2i3i11c0c22c2ci1g3h2h1g0ci2c23c1c02ci1i3i2l2jgd": "over-long",
}


@dataclass
class Case:
    genre: str
    url: str
    rows: list[str] | None
    flags: str | None


def _urls(name: str) -> list[str]:
    path = corpus.COMMUNITY / name
    return [line.strip() for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]


def _cases() -> list[Case]:
    if not corpus.available():
        return []
    cases = []
    for genre, urls, entries in (
        ("slitherlink", "slither.txt", corpus.puzzlink_slither()),
        ("hashiwokakero", "hashikake.txt", corpus.puzzlink_hashi()),
    ):
        boards = {e.meta["url"]: e for e in entries}
        for url in _urls(urls):
            entry = boards.get(url)
            cases.append(Case(genre, url, entry.rows if entry else None, entry.meta.get("flags") if entry else None))
    return cases


def _rows(text: str) -> list[str]:
    (block,) = read_blocks(text)
    return block.rows


def _flags(text: str) -> str | None:
    return read_blocks(text)[0].meta.get("flags")


@pytest.mark.parametrize("case", corpus.cases(_cases), ids=lambda c: c.url.split("?", 1)[-1][:40])
def test_corpus_url_round_trips_through_the_canonical_form(case: Case, host: Host) -> None:
    genre = host.genre(case.genre)
    if case.url in REFUSED:
        with pytest.raises(LevelError, match=REFUSED[case.url]):
            interchange.decode(case.url, genre, host)
        return
    assert case.rows is not None, "every URL the corpus converted has a board"
    text = interchange.decode(case.url, genre, host)
    assert text is not None
    assert _rows(text) == case.rows
    assert _flags(text) == case.flags
    (puzzle,) = puzzlekit.load(genre, text, host=host)
    canonical = interchange.encode(puzzle, "url", host)
    prefix = "https://puzz.link/p?slither/" if case.genre == "slitherlink" else "https://puzz.link/p?hashi/"
    assert canonical.startswith(prefix)
    again = interchange.decode(canonical, genre, host)
    assert again is not None
    assert _rows(again) == case.rows
    assert _flags(again) == case.flags


def _janko(genre: str) -> list[corpus.Entry]:
    """Every fourth board: all of them (2,086) pass too, but take a few seconds."""
    if not corpus.available():
        return []
    return (corpus.janko_slither() if genre == "slitherlink" else corpus.janko_hashi())[::4]


@pytest.mark.parametrize("genre", ["slitherlink", "hashiwokakero"])
def test_janko_urls_decode_to_their_grids_and_re_encode_byte_for_byte(genre: str, host: Host) -> None:
    g = host.genre(genre)
    entries = _janko(genre)
    assert len(entries) > 200
    for entry in entries:
        url = entry.meta["url"].split()[0]  # "... (generated)"
        text = interchange.decode(url, g, host)
        assert text is not None and _rows(text) == entry.rows, url
        (puzzle,) = puzzlekit.load(g, text, host=host)
        assert interchange.encode(puzzle, "url", host) == url


def test_the_corpus_files_are_where_the_reader_looks() -> None:
    assert Path(corpus.COMMUNITY / "slither.txt").is_file()
