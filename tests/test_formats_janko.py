"""janko.at's text (begin ... end blocks): read for Slitherlink and Hashiwokakero, with
the genre from the ``puzzle`` line, every board of a file, and bad blocks refused at
their line and column.  The corpus's janko boards (when present) read back through it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import puzzlekit
from puzzlekit import interchange
from puzzlekit.errors import LevelError
from puzzlekit.formats.level import read_blocks
from puzzlekit.host import Host

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import corpus

SLITHER = """begin
puzzle slitherlink
author A. Setter
source https://example.org/slither/1
info a small one
unit 32
size 3
problem
3 - 2
- - -
2 - 3
solution
- - -
end

begin
puzzle slitherlink
rows 2
cols 4
problem
3 - - -
- - - 3
end
"""

HASHI = """# a comment before the block
begin
puzzle hashi
size 3
problem
2 - 2
- - -
1 - 1
moves
1 2 3
end
"""


def janko_text(kind: str, rows: list[str]) -> str:
    """A janko block for a grid in puzzlekit's level form ('.' is janko's '-')."""
    problem = "\n".join(" ".join("-" if ch == "." else ch for ch in row) for row in rows)
    return f"begin\npuzzle {kind}\nrows {len(rows)}\ncols {len(rows[0])}\nproblem\n{problem}\nend\n"


def test_a_slitherlink_file_reads_every_block_with_its_genre_and_metadata(host: Host) -> None:
    assert interchange.infer_genre(SLITHER, host).name == "slitherlink"
    text = interchange.decode(SLITHER, host.genre("slitherlink"), host, "book.txt")
    assert text is not None
    first, second = read_blocks(text)
    assert first.rows == ["3.2", "...", "2.3"]
    assert (first.meta["author"], first.meta["source"]) == ("A. Setter", "https://example.org/slither/1")
    assert second.rows == ["3...", "...3"]
    assert len(puzzlekit.load("slitherlink", text, host=host)) == 2


def test_a_hashi_block_reads_and_its_genre_is_inferred(host: Host) -> None:
    assert interchange.infer_genre(HASHI, host).name == "hashiwokakero"
    text = interchange.decode(HASHI, host.genre("hashiwokakero"), host, "hashi.txt")
    assert text is not None
    assert read_blocks(text)[0].rows == ["2.2", "...", "1.1"]
    (puzzle,) = puzzlekit.load("hashiwokakero", text, host=host)
    assert puzzlekit.solve("hashiwokakero", puzzle, host=host).status.value == "unique"


@pytest.mark.parametrize(
    ("genre", "text", "where", "words"),
    [
        ("slitherlink", SLITHER.replace("2 - 3", "2 - 4"), (11, 5), "clue 0-3"),
        ("slitherlink", SLITHER.replace("size 3", "size 4"), (8, 1), "3 rows; the block says 4"),
        ("slitherlink", SLITHER.replace("- - -\n2", "- -\n2", 1), (10, 1), "2 cells; the block says 3"),
        ("slitherlink", SLITHER.rsplit("end", 1)[0], (16, 1), "no 'end'"),
        ("slitherlink", SLITHER.replace("puzzle slitherlink", "puzzle nurikabe", 1), (1, 1), "'nurikabe' puzzle"),
        ("hashiwokakero", HASHI.replace("1 - 1", "1 - 9"), (8, 5), "island 1-8"),
        ("hashiwokakero", HASHI.replace("size 3\nproblem\n2 - 2\n- - -\n1 - 1\n", ""), (2, 1), "no 'problem'"),
    ],
)
def test_bad_blocks_are_refused_at_their_line_and_column(
    host: Host, genre: str, text: str, where: tuple[int, int], words: str
) -> None:
    with pytest.raises(LevelError, match=words) as err:
        interchange.decode(text, host.genre(genre), host, "book.txt")
    assert (err.value.source, err.value.line, err.value.col) == ("book.txt", *where)


def test_a_janko_block_of_another_genre_is_refused_naming_it(host: Host) -> None:
    with pytest.raises(puzzlekit.PuzzlekitError, match="hashiwokakero puzzle, not slitherlink"):
        interchange.decode(HASHI, host.genre("slitherlink"), host, "hashi.txt")


@pytest.mark.corpus
@pytest.mark.parametrize("genre", ["slitherlink", "hashiwokakero"])
def test_the_corpus_janko_boards_read_back_through_janko_text(host: Host, genre: str) -> None:
    if not corpus.available():
        pytest.skip(f"the shared corpus is absent ({corpus.COMMUNITY})")
    entries = (corpus.janko_slither() if genre == "slitherlink" else corpus.janko_hashi())[::25]
    kind = "slitherlink" if genre == "slitherlink" else "hashi"
    text = "\n".join(janko_text(kind, entry.rows) for entry in entries)
    decoded = interchange.decode(text, host.genre(genre), host, "corpus.txt")
    assert decoded is not None
    assert [b.rows for b in read_blocks(decoded)] == [e.rows for e in entries]


def test_a_masyu_block_reads_with_white_and_black_pearls(host: Host) -> None:
    text = "begin\npuzzle masyu\nsize 4\nproblem\nb - w -\n- - - -\n- W - -\n- - - B\nend\n"
    assert interchange.infer_genre(text, host).name == "masyu"
    decoded = interchange.decode(text, host.genre("masyu"), host, "masyu.txt")
    assert decoded is not None
    assert read_blocks(decoded)[0].rows == ["B.W.", "....", ".W..", "...B"]
    with pytest.raises(LevelError, match="expected 'w' or '1' \\(white\\)") as err:
        interchange.decode(text.replace("- W", "- x"), host.genre("masyu"), host, "masyu.txt")
    assert (err.value.line, err.value.col) == (7, 3)


@pytest.mark.parametrize(("genre", "size"), [("slitherlink", (5, 5)), ("hashiwokakero", (6, 6)), ("masyu", (6, 6))])
def test_generated_boards_round_trip_through_janko_text(host: Host, genre: str, size: tuple[int, int]) -> None:
    """Boards made by puzzlekit's own generator, written as janko text (``convert --to
    janko``) and read back: the same boards, the genre inferred from the ``puzzle`` line."""
    from puzzlekit.generation import GenerateRequest, generate

    g = host.genre(genre)
    made = [m.text for m in generate(g, GenerateRequest(*size, "easy"), "janko", count=2, timeout=60)]
    for text in made:
        (puzzle,) = puzzlekit.load(g, text, host=host)
        written = interchange.encode(puzzle, "janko", host)
        assert written.startswith("begin\npuzzle ") and written.endswith("\nend\n")
        assert interchange.infer_genre(written, host).name == genre
        decoded = interchange.decode(written, g, host, "made.txt")
        assert decoded is not None
        assert read_blocks(decoded)[0].rows == g.write(puzzle.instance)
        assert read_blocks(decoded)[0].meta.get("author") == puzzle.meta.get("author")


def test_a_board_janko_cannot_hold_is_refused_in_one_line(host: Host) -> None:
    (puzzle,) = puzzlekit.load("hashiwokakero", "2?2\n...\n2.2\n", host=host)
    with pytest.raises(puzzlekit.PuzzlekitError, match="janko text has no token for '\\?' \\(r1c2"):
        interchange.encode(puzzle, "janko", host)


def test_janko_blocks_with_keys_puzzlekit_does_not_know_read(host: Host) -> None:
    """The keys janko.at's own pages carry (``solver``, ``info``, ``unit``, ``patternx``)
    and a multi-line ``moves`` list are skipped, as in a page's ``application/x-janko`` data."""
    text = (
        "begin\npuzzle slitherlink\nauthor Otto Janko\nsolver Otto Janko\nsource https://www.janko.at/Raetsel/\n"
        "info 1-2-3\nunit 30\npatternx 2\nsize 3\nproblem\n3 - 2\n- - -\n2 - 3\nsolution\n- - -\n- - -\n- - -\n"
        "moves\nZ2;ba,2;aa,4;\ncb,4;db,2;\nend\n"
    )
    decoded = interchange.decode(text, host.genre("slitherlink"), host, "page.txt")
    assert decoded is not None
    assert read_blocks(decoded)[0].rows == ["3.2", "...", "2.3"]
