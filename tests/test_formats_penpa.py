"""Penpa+ URLs, tested against Penpa+ itself.

``tests/fixtures/penpa/recorded.json`` (``tools/penpa_fixtures.py``) holds seeded random
boards of Slitherlink, Hashiwokakero and Masyu with, for each, the edit URL Penpa made
when it imported the board, the URL puzzlekit wrote, and what Penpa held after opening
puzzlekit's URL.  Here: Penpa's URLs read back to the boards; puzzlekit writes Penpa's
text line for line; Penpa read puzzlekit's URLs as the boards; bad URLs are refused in
one line."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path
from typing import Any

import pytest

import puzzlekit
from puzzlekit import interchange
from puzzlekit.errors import LevelError, PuzzlekitError
from puzzlekit.formats import penpa
from puzzlekit.formats.level import read_blocks
from puzzlekit.host import Host

RECORDED = Path(__file__).parent / "fixtures" / "penpa" / "recorded.json"
BOARDS: list[dict[str, Any]] = json.loads(RECORDED.read_text())["boards"]
HOME = "https://swaroopg92.github.io/penpa-edit/"


def _id(board: dict[str, Any]) -> str:
    return f"{board['genre']}-{len(board['rows'][0])}x{len(board['rows'])}"


def _puzzle(host: Host, board: dict[str, Any], meta: bool = True) -> puzzlekit.Puzzle:
    head = "".join(f"# {k}: {v}\n" for k, v in board.get("meta", {}).items()) if meta else ""
    (puzzle,) = puzzlekit.load(board["genre"], head + "\n".join(board["rows"]) + "\n", host=host)
    return puzzle


def test_the_recording_covers_three_genres_and_penpa_took_every_board() -> None:
    assert {b["genre"] for b in BOARDS} == {"slitherlink", "hashiwokakero", "masyu"}
    assert any(b["penpa_read"]["title"] == "zig, zag" for b in BOARDS)
    assert all(b["penpa_made"] and b["penpa_read"] for b in BOARDS)


@pytest.mark.parametrize("board", BOARDS, ids=_id)
def test_a_board_penpa_made_reads_back_and_its_genre_is_inferred(host: Host, board: dict[str, Any]) -> None:
    url = HOME + board["penpa_made"]["penpa"]
    assert interchange.infer_genre(url, host).name == board["genre"]
    text = interchange.decode(url, host.genre(board["genre"]), host)
    assert text is not None
    assert read_blocks(text)[0].rows == board["rows"]


@pytest.mark.parametrize("board", BOARDS, ids=_id)
def test_puzzlekit_writes_penpas_text_line_for_line(host: Host, board: dict[str, Any]) -> None:
    theirs, _ = penpa.unpack(HOME + board["penpa_made"]["penpa"])
    header = theirs[0].split(",")
    assert header[17] == board["penpa_made"]["puzzlink"]  # Penpa keeps the URL it imported as the source
    header[17] = ""
    theirs[0] = ",".join(header)
    ours, _ = penpa.unpack(interchange.encode(_puzzle(host, board, meta=False), "penpa", host))
    assert ours == theirs


@pytest.mark.parametrize("board", BOARDS, ids=_id)
def test_penpa_read_puzzlekits_url_as_the_board(host: Host, board: dict[str, Any]) -> None:
    seen = board["penpa_read"]
    rows = board["rows"]
    assert (seen["nx"], seen["ny"], seen["space"]) == (len(rows[0]), len(rows), [0, 0, 0, 0])
    wide = len(rows[0]) + 4
    cells = {str(wide * (r + 2) + c + 2): ch for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."}
    if board["genre"] == "masyu":
        assert {k: (v[0], v[1]) for k, v in seen["symbol"].items()} == {
            k: ({"W": 1, "B": 2}[ch], "circle_L") for k, ch in cells.items()
        }
    else:
        assert {k: str(v[0]).replace(" ", "?") for k, v in seen["number"].items()} == cells
    meta = board.get("meta", {})
    assert (seen["title"], seen["author"]) == (meta.get("title", ""), meta.get("author", ""))
    # what puzzlekit writes today is still what Penpa was shown
    again = interchange.encode(_puzzle(host, board), "penpa", host)
    assert penpa.unpack(again)[0] == penpa.unpack(board["ours"])[0]


def test_the_packed_background_settings_are_penpas_defaults() -> None:
    raw = zlib.decompress(base64.b64decode(penpa._BACKGROUND_PACKED), -15).decode()
    assert raw == penpa._BACKGROUND


def test_solve_mode_links_titles_and_authors_are_read(host: Host) -> None:
    (puzzle,) = puzzlekit.load("slitherlink", "# title: Ring, the first\n# author: Ada\n3.2\n...\n2.3\n", host=host)
    url = interchange.encode(puzzle, "penpa", host)
    for spelling in (url, url.replace("#m=edit&", "?m=solve&"), url.replace(HOME, "https://example.org/penpa/")):
        text = interchange.decode(spelling, host.genre("slitherlink"), host)
        assert text is not None
        block = read_blocks(text)[0]
        assert block.rows == ["3.2", "...", "2.3"]
        assert (block.meta["title"], block.meta["author"]) == ("Ring, the first", "Ada")


def _url_of(text: str) -> str:
    return HOME + "#m=edit&p=" + penpa.pack_text(text)


def _board_text(host: Host, genre: str, rows: list[str]) -> list[str]:
    (puzzle,) = puzzlekit.load(genre, "\n".join(rows) + "\n", host=host)
    lines, _ = penpa.unpack(interchange.encode(puzzle, "penpa", host))
    return lines


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda lines: lines.__setitem__(0, lines[0].replace("square", "hex", 1)), "'hex' grid"),
        (lambda lines: lines.__setitem__(3, lines[3].replace('"surface":{}', '"surface":{"30":1}')), "shaded cells"),
        (lambda lines: lines.__setitem__(3, lines[3].replace('"number":{', '"number":{"120":[1,1,"1"],')), "off the"),
        (lambda lines: lines.__setitem__(3, lines[3].replace('"number":{', '"number":{"31":[4,1,"1"],')), "clues 0-3"),
        (lambda lines: lines.__setitem__(5, "[30,1,1,5,1,1,5,1]"), "not a rectangle"),
        (lambda lines: lines.__setitem__(3, "{nope"), "not JSON"),
    ],
)
def test_what_slitherlink_cannot_hold_is_refused_in_one_line(host: Host, change: Any, words: str) -> None:
    lines = _board_text(host, "slitherlink", ["3.2", "...", "2.3"])
    change(lines)
    with pytest.raises(LevelError, match=words) as err:
        interchange.decode(_url_of("\n".join(lines)), host.genre("slitherlink"), host)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    ("url", "words"),
    [
        (HOME + "#m=edit&p=!!!!", "not base64"),
        (HOME + "#m=edit&p=" + base64.b64encode(b"not deflated").decode(), "does not inflate"),
        (HOME + "#m=edit&p=" + penpa.pack_text("10,10,38\n"), "old Penpa URL"),
    ],
)
def test_damaged_urls_are_refused_in_one_line(host: Host, url: str, words: str) -> None:
    with pytest.raises(LevelError, match=words):
        interchange.decode(url, host.genre("slitherlink"), host)


def test_a_penpa_url_without_a_genre_tag_needs_the_genre_named(host: Host) -> None:
    lines = _board_text(host, "slitherlink", ["3.2", "...", "2.3"])
    lines[17] = "[]"
    url = _url_of("\n".join(lines))
    with pytest.raises(PuzzlekitError, match="name the genre"):
        interchange.infer_genre(url, host)
    assert interchange.decode(url, host.genre("slitherlink"), host) is not None


def test_the_full_variant_cannot_be_written_to_penpa(host: Host) -> None:
    (puzzle,) = puzzlekit.load("slitherlink", "# flags: full\n3.2\n...\n2.3\n", host=host)
    with pytest.raises(PuzzlekitError, match="no variant where the loop passes every dot"):
        interchange.encode(puzzle, "penpa", host)


@pytest.mark.parametrize(
    "text",
    ['{"number":{"1":[2,1,"1"]},"line":{}}', "zig zag z9 zZ zO null", "zzz", '"__a" "qa" "pu_q" z', "x" * 50],
)
def test_unpacking_undoes_packing_as_penpas_replacements_in_reverse_do(text: str) -> None:
    packed = text
    for plain, short in penpa.SUBSTITUTIONS:
        packed = packed.replace(plain, short)
    penpas = packed
    for plain, short in reversed(penpa.SUBSTITUTIONS):
        penpas = penpas.replace(short, plain)
    assert penpa.expand(packed) == penpas == text
