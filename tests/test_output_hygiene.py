"""Output that cannot harm a terminal and that is not lost (issue 21, items 15 and 17):
escape sequences in file names and metadata are escaped in every output, ``--json``
escapes C1 controls; a closed standard output is an error, a reader gone mid-output is
141, a read-only ``-o`` file is kept."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import puzzlekit
from puzzlekit.cli.main import main
from puzzlekit.host import Host
from puzzlekit.report import Report

ROOT = Path(__file__).resolve().parents[1]
FIRST = ROOT / "plugins" / "puzzlekit_slitherlink" / "examples" / "first.txt"
CLI = [sys.executable, "-c", "from puzzlekit.cli.main import main; main()"]
HOSTILE = "\x1b]0;owned\x07 \x1b[2J \u009b31m \x7f"
"""An OSC window title, a clear screen, a one-byte C1 CSI and a DEL."""
BOARD = "..0..\n0...1\n.211.\n1...3\n..1.3\n"


def _unsafe(text: str) -> list[str]:
    """The characters of ``text`` a terminal would act on (all but newline and tab)."""
    return [hex(ord(c)) for c in text if (ord(c) < 0x20 and c not in "\n\t") or 0x7F <= ord(c) < 0xA0]


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    path = tmp_path / "ev\x1bil\u009b.txt"
    path.write_text(f"# title: {HOSTILE}\n# a comment {HOSTILE}\n{BOARD}", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "slitherlink", "{}", "--plain"],
        ["solve", "slitherlink", "{}", "--plain", "--steps"],
        ["solve", "slitherlink", "{}", "--json"],
        ["grade", "slitherlink", "{}"],
        ["grade", "slitherlink", "{}", "--json"],
        ["check", "slitherlink", "{}"],
        ["hint", "slitherlink", "{}"],
        ["convert", "slitherlink", "{}", "--to", "ascii"],
        ["analyze", "slitherlink", "{}"],
    ],
)
def test_no_escape_sequence_reaches_the_output(host: Host, hostile: Path, args: list[str]) -> None:
    result = CliRunner().invoke(main, [str(hostile) if a == "{}" else a for a in args], obj=host)
    assert result.exit_code in (0, 6), result.output
    assert not _unsafe(result.stdout), _unsafe(result.stdout)
    assert not _unsafe(result.stderr)
    if "--plain" in args or "ascii" in args:
        assert "\\x1b]0;owned\\x07" in result.stdout  # shown, escaped: the user sees what the file holds


def test_metadata_read_from_a_file_is_escaped_for_every_reader(hostile: Path) -> None:
    (puzzle,) = puzzlekit.load("slitherlink", hostile)
    assert puzzle.meta["title"] == "\\x1b]0;owned\\x07 \\x1b[2J \\x9b31m \\x7f"
    assert not _unsafe(puzzle.where) and "\\x1b" in puzzle.where
    assert not _unsafe(puzzle.text())


def test_json_lines_escape_the_c1_controls_json_leaves_raw() -> None:
    line = Report(genre="x\u0085y\u009b\u2028z\x7f").model_dump_json()
    assert not _unsafe(line) and "\u2028" not in line
    assert json.loads(line)["genre"] == "x\u0085y\u009b\u2028z\x7f"  # the same JSON


def _closed_stdout() -> None:
    os.close(1)


def test_a_closed_standard_output_is_an_error_not_output_thrown_away() -> None:
    for args in (["solve", "slitherlink", str(FIRST)], ["--version"], ["genres"]):
        run = subprocess.run([*CLI, *args], preexec_fn=_closed_stdout, stderr=subprocess.PIPE, text=True, timeout=60)
        assert run.returncode == 1, (args, run.stderr)
        assert run.stderr == "puzzlekit: error: standard output: closed, so the output cannot be written\n"


def test_a_closed_standard_output_does_not_matter_to_a_command_that_writes_a_file(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    run = subprocess.run(
        [*CLI, "render", "slitherlink", str(FIRST), "-o", str(out)], preexec_fn=_closed_stdout, timeout=60
    )
    assert run.returncode == 0 and out.read_text().startswith("<?xml")


@pytest.mark.parametrize("args", [["convert", "slitherlink", "{}", "--to", "pzpr"], ["render", "slitherlink", "{}"]])
def test_a_reader_that_goes_mid_output_gets_141(tmp_path: Path, args: list[str]) -> None:
    """A 100x100 board's output is larger than a pipe holds: CPython's buffered writer
    lost what a partial write left over, and the command exited 0."""
    board = tmp_path / "big.txt"
    board.write_text(("0123." * 20 + "\n") * 100)
    command = [*CLI, *(str(board) if a == "{}" else a for a in args)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.read(1000)
    proc.stdout.close()
    assert proc.wait(60) == 141 and len(first) == 1000
    assert proc.stderr.read() == b""


def test_all_output_reaches_a_reader_that_stays(tmp_path: Path) -> None:
    board = tmp_path / "big.txt"
    board.write_text(("0123." * 20 + "\n") * 100)
    run = subprocess.run([*CLI, "render", "slitherlink", str(board)], capture_output=True, timeout=60)
    assert run.returncode == 0 and run.stdout.rstrip().endswith(b"</svg>")


@pytest.mark.parametrize(
    "args",
    [["render", "slitherlink", str(FIRST), "-o", "{}"], ["generate", "slitherlink", "--size", "4x4", "-o", "{}"]],
)
def test_a_read_only_output_file_is_kept(host: Host, tmp_path: Path, args: list[str]) -> None:
    target = tmp_path / ("kept.svg" if args[0] == "render" else "kept.txt")
    target.write_text("mine\n")  # what a user made read-only to keep it
    target.chmod(stat.S_IRUSR | stat.S_IRGRP)
    result = CliRunner().invoke(main, [str(target) if a == "{}" else a for a in args], obj=host)
    assert result.exit_code == 1
    assert (
        result.stderr
        == f"puzzlekit: error: {target}: read-only; make it writable (chmod u+w) or remove it to replace it\n"
    )
    assert target.read_text() == "mine\n"
