"""The Python API reads what the command line reads: URLs, game IDs, pzprjs files,
a Path, bytes, as well as level text."""

from __future__ import annotations

from pathlib import Path

import pytest

import puzzlekit
from puzzlekit.core.search import Status
from puzzlekit.errors import PuzzlekitError, UsageError

ROOT = Path(__file__).resolve().parents[1]
FIRST = ROOT / "plugins" / "puzzlekit_slitherlink" / "examples" / "first.txt"


@pytest.mark.parametrize(
    ("genre", "source"),
    [
        ("slitherlink", "https://puzz.link/p?slither/5/5/cbcbcddad"),
        ("slitherlink", "5x5t0dh:3c332b231e2333b2a"),
        ("hashi", "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3"),
        ("slitherlink", FIRST),
        ("slitherlink", FIRST.read_bytes()),
        ("slitherlink", b"31\n..\n"),
    ],
)
def test_solve_reads_what_the_cli_reads(genre: str, source: object) -> None:
    assert puzzlekit.solve(genre, source).status == Status.UNIQUE  # type: ignore[arg-type]


def test_a_pzprjs_file_and_a_path_state_read_too(tmp_path: Path) -> None:
    from puzzlekit import interchange

    (puzzle,) = puzzlekit.load("slitherlink", FIRST)
    pzpr = tmp_path / "first.pzpr"
    pzpr.write_text(interchange.encode(puzzle, "pzpr"))
    assert puzzlekit.solve("slitherlink", pzpr).status == Status.UNIQUE
    assert puzzlekit.solve("slitherlink", pzpr.read_text()).status == Status.UNIQUE
    attempt = ROOT / "plugins" / "puzzlekit_slitherlink" / "examples" / "first.attempt.txt"
    assert puzzlekit.check("slitherlink", FIRST, attempt).status == "incomplete"
    (p,) = puzzlekit.load("slitherlink", FIRST)
    assert p.source == str(FIRST) and p.block.first_line == 5


def test_what_the_api_cannot_read_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="not int"):
        puzzlekit.solve("slitherlink", 42)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="no such file"):
        puzzlekit.solve("slitherlink", tmp_path / "missing.txt")
    with pytest.raises(PuzzlekitError, match="not UTF-8"):
        puzzlekit.solve("slitherlink", b"\xff\n")
    with pytest.raises(UsageError, match="this is a hashiwokakero puzzle, not slitherlink"):
        puzzlekit.solve("slitherlink", "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3")
