"""puzzlekit writes byte for byte what pzprjs writes, tested against pzprjs's own output.

``tests/fixtures/pzprjs/recorded.json`` holds seeded random boards of both genres made
cell by cell in pzprjs and written by it (``tools/pzprjs_record.js``): its URL (after the
host), its file, for some Slitherlink boards random lines and crosses, for some
Hashiwokakero boards random bridges, and the Kanpen and XML files pzprjs also writes.  Each board's
rows are written here with puzzlekit's encoders and compared with what pzprjs wrote, and
pzprjs's output is read back to the same rows (and marks: lines and crosses, bridges)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import puzzlekit
from puzzlekit import interchange
from puzzlekit.errors import LevelError
from puzzlekit.formats import puzzlink
from puzzlekit.formats.level import read_blocks
from puzzlekit.host import Host

RECORDED = Path(__file__).parent / "fixtures" / "pzprjs" / "recorded.json"
BOARDS: list[dict[str, Any]] = json.loads(RECORDED.read_text())["boards"]


def _level(board: dict[str, Any]) -> str:
    meta = "# flags: full\n" if board["flags"] else ""
    return meta + "\n".join(board["rows"]) + "\n"


def test_the_recording_covers_both_genres_marks_and_the_trailing_slash() -> None:
    assert len(BOARDS) > 100
    assert {b["genre"] for b in BOARDS} == {"slitherlink", "hashiwokakero"}
    assert any(b["marks"] for b in BOARDS) and any(b["flags"] for b in BOARDS)
    assert any(b["url"].endswith("./") for b in BOARDS)
    bridged = [b for b in BOARDS if b["marks"] and b["genre"] == "hashiwokakero"]
    assert any(line.split().count("2") for b in bridged for line in b["file"].split("\n")[4 + len(b["rows"]) :])


@pytest.mark.parametrize("board", [b for b in BOARDS if not b["marks"]], ids=lambda b: b["url"][:40])
def test_puzzlekit_writes_the_url_and_file_pzprjs_wrote(host: Host, board: dict[str, Any]) -> None:
    (puzzle,) = puzzlekit.load(board["genre"], _level(board), host=host)
    assert interchange.encode(puzzle, "url", host) == puzzlink.CANONICAL + board["url"]
    assert interchange.encode(puzzle, "pzpr", host) == board["file"]


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b["url"][:40])
def test_what_pzprjs_wrote_reads_back_to_the_board(host: Host, board: dict[str, Any]) -> None:
    genre = host.genre(board["genre"])
    for source in ("http://pzv.jp/p.html?" + board["url"], board["file"]):
        text = interchange.decode(source, genre, host)
        assert text is not None
        if board["marks"] and source == board["file"]:
            continue  # a lattice, checked with its marks below
        block = read_blocks(text)[0]
        assert block.rows == board["rows"]
        assert block.flags() == ({"full"} if board["flags"] else set())


@pytest.mark.parametrize("board", [b for b in BOARDS if b["marks"]], ids=lambda b: b["url"][:40])
def test_a_file_with_lines_and_crosses_reads_and_writes_back_byte_for_byte(host: Host, board: dict[str, Any]) -> None:
    text = interchange.decode(board["file"], host.genre(board["genre"]), host)
    assert text is not None
    (puzzle,) = puzzlekit.load(board["genre"], text, host=host)
    state = interchange.marks(puzzle)
    assert interchange.encode(puzzle, "pzpr", host, state) == board["file"]


@pytest.mark.parametrize("board", [b for b in BOARDS if len(b["rows"][0]) > 1], ids=lambda b: b["url"][:40])
def test_kanpen_and_xml_files_pzprjs_writes_are_refused_saying_what_they_are(host: Host, board: dict[str, Any]) -> None:
    """Not misread as level text ("found 5"): named, with where to turn them into a pzprv3 file."""
    genre = host.genre(board["genre"])
    for kind, words in (("kanpen", "Kanpen / pencilbox file"), ("xml", "XML file")):
        with pytest.raises(LevelError, match=words):
            interchange.decode(board[kind], genre, host, "board.txt")
        with pytest.raises(LevelError, match=words):
            interchange.infer_genre(board[kind], host, "board.txt")
