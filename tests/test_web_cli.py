"""``puzzlekit daily``, ``play`` and ``serve`` on the command line (the server itself is
tested through the app: test_web_api.py, test_web_browser.py)."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlekit.cli.main import main
from puzzlekit.host import Host


def test_daily_is_the_same_board_for_the_same_date(host: Host) -> None:
    first = CliRunner().invoke(main, ["daily", "slitherlink", "--date", "2026-12-01"], obj=host)
    again = CliRunner().invoke(main, ["daily", "loopy", "--date", "2026-12-01", "--json"], obj=host)
    other = CliRunner().invoke(main, ["daily", "slitherlink", "--date", "2026-12-02"], obj=host)
    assert first.exit_code == 0 and again.exit_code == 0, first.output + again.output
    assert json.loads(again.output)["puzzle"] == first.output
    assert "# seed: daily-2026-12-01" in first.output and other.output != first.output


def test_daily_output_reads_back_as_a_puzzle(host: Host) -> None:
    text = CliRunner().invoke(main, ["daily", "hashi", "--date", "2026-12-01"], obj=host).output
    solved = CliRunner().invoke(main, ["solve", "hashi", "-"], input=text, obj=host)
    assert solved.exit_code == 0, solved.output


def test_the_daily_sudoku_is_a_real_9x9_sudoku(host: Host) -> None:
    text = CliRunner().invoke(main, ["daily", "sudoku", "--date", "2026-12-01"], obj=host).output
    rows = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert len(rows) == 9 and all(len(row) == 9 for row in rows), text  # 3x3 boxes, not 7x1


def test_daily_refuses_a_bad_date_in_one_line(host: Host) -> None:
    result = CliRunner().invoke(main, ["daily", "slitherlink", "--date", "someday"], obj=host)
    assert result.exit_code == 2 and "YYYY-MM-DD" in result.output and "Traceback" not in result.output  # usage


def test_play_refuses_bad_input_before_starting(host: Host, tmp_path: object) -> None:
    bad = CliRunner().invoke(main, ["play", "slitherlink", "no-such-file.txt", "--no-browser"], obj=host)
    assert bad.exit_code == 2 and "no such file" in bad.output
    nonsense = CliRunner().invoke(main, ["play", "slitherlink", "-", "--no-browser"], input="3x\n", obj=host)
    assert nonsense.exit_code == 1 and "expected a clue" in nonsense.output


def test_play_and_serve_are_listed_with_help(host: Host) -> None:
    for command in ("play", "serve", "daily"):
        result = CliRunner().invoke(main, [command, "--help"], obj=host)
        assert result.exit_code == 0 and "Usage" in result.output
    assert "127.0.0.1" in CliRunner().invoke(main, ["serve", "--help"], obj=host).output


def _started(args: list[str]) -> tuple[subprocess.Popen[str], str]:
    """A puzzlekit server in its own process, and the address it says it listens on."""
    proc = subprocess.Popen(
        [str(Path(sys.executable).with_name("puzzlekit")), *args],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stderr is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if match := re.search(r"(http://\S+)", line):
            return proc, match.group(1)
        if proc.poll() is not None:
            break
    proc.kill()
    raise AssertionError(f"the server did not start: {proc.stderr.read()}")


@pytest.mark.skipif(importlib.util.find_spec("uvicorn") is None, reason="the web extra is not installed")
def test_serve_listens_on_loopback_and_answers(tmp_path: Path) -> None:
    proc, url = _started(["serve", "--port", "0", "--solves", "1"])
    try:
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url.rstrip("/") + "/api/genres", timeout=10) as answer:
            names = [g["name"] for g in json.load(answer)]
        assert "slitherlink" in names
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.mark.skipif(importlib.util.find_spec("uvicorn") is None, reason="the web extra is not installed")
def test_play_opens_on_the_puzzle_it_was_given(tmp_path: Path) -> None:
    level = Path(__file__).resolve().parents[1] / "plugins/puzzlekit_hashi/examples/harbour.txt"
    proc, url = _started(["play", "hashi", str(level), "--no-browser"])
    try:
        assert url.startswith("http://127.0.0.1:") and "genre=hashiwokakero" in url and "p=" in url
        with urllib.request.urlopen(url, timeout=10) as answer:
            assert "data-status" in answer.read().decode()
    finally:
        proc.terminate()
        proc.wait(10)


def test_daily_draws_the_board_to_print(host: Host, tmp_path: Path) -> None:
    out = tmp_path / "today.svg"
    result = CliRunner().invoke(main, ["daily", "slitherlink", "--date", "2026-12-01", "-o", str(out)], obj=host)
    assert result.exit_code == 0 and out.read_text().startswith("<?xml") and 'class="clue"' in out.read_text()
    bad = CliRunner().invoke(main, ["daily", "slitherlink", "-o", str(tmp_path / "today.gif")], obj=host)
    assert bad.exit_code == 2 and ".svg, .png or .pdf" in bad.output


def test_without_the_web_extra_play_and_serve_say_how_to_get_it() -> None:
    for command in ("play", "serve"):
        code = (
            "import sys; sys.modules['fastapi'] = None; sys.modules['uvicorn'] = None; "
            f"from puzzlekit.cli.main import main; main(['{command}', '--no-browser'] if '{command}' == 'play' "
            f"else ['{command}'])"
        )
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert result.returncode == 1, result.stderr
        assert "pip install '.[web]' in a checkout, or a built wheel" in result.stderr
        assert "Traceback" not in result.stderr
    daily = subprocess.run(
        [sys.executable, "-c", "import sys; sys.modules['fastapi'] = None; from puzzlekit.cli.main import main; "
         "main(['daily', 'slitherlink', '--date', '2026-12-01'])"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert daily.returncode == 0 and "daily-2026-12-01" in daily.stdout


_WITHOUT_WEB = """
import sys
from importlib.abc import MetaPathFinder

class NoWebExtra(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("fastapi", "starlette", "uvicorn"):
            raise ModuleNotFoundError(f"No module named {name!r}")
        return None

sys.meta_path.insert(0, NoWebExtra())
from puzzlekit.cli.main import main
sys.argv = ["puzzlekit", *sys.argv[1:]]
main()
"""


@pytest.mark.parametrize("args", [["play", "--no-browser"], ["serve"], ["play", "--help"]])
def test_play_and_serve_without_the_web_extra_say_how_to_install_it(args: list[str]) -> None:
    """A new user's ``pip install -e .`` has no web extra: the command says so, no traceback."""
    done = subprocess.run([sys.executable, "-c", _WITHOUT_WEB, *args], capture_output=True, text=True, timeout=60)
    assert "Traceback" not in done.stderr, done.stderr
    if args[-1] == "--help":
        assert done.returncode == 0 and "Usage" in done.stdout
    else:
        assert done.returncode == 1 and "not installed" in done.stderr and "[web]" in done.stderr, done.stderr
