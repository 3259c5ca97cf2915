"""The built wheel works for a new user (issue 21, item 19): it is built from this tree,
installed with the ``web`` extra into a clean virtual environment outside the tree, and
every command runs from a folder that is not the checkout, so nothing is read from the
tree by accident (the example files, the play page's static files, the plugins).

About a minute (building, and installing the dependencies from the package index), so it
is marked ``wheel`` and left out of the default run; run it with::

    pytest -m wheel tests/test_wheel.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.wheel

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``bin`` folder of a fresh venv holding the wheel built from this tree."""
    base = tmp_path_factory.mktemp("wheel")
    assert ROOT not in base.parents
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", str(ROOT), "-w", str(base / "dist")],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = (base / "dist").glob("puzzlekit_engine-*.whl")
    subprocess.run([sys.executable, "-m", "venv", str(base / "venv")], check=True, timeout=300)
    bin_dir = base / "venv" / "bin"
    pip = subprocess.run(
        [str(bin_dir / "pip"), "install", "-q", f"{wheel}[web]"], capture_output=True, text=True, timeout=900
    )
    assert pip.returncode == 0, pip.stderr[-2000:]
    return bin_dir


def _run(bin_dir: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(bin_dir / "puzzlekit"), *args], cwd=cwd, capture_output=True, text=True, timeout=300)


def test_the_package_comes_from_the_venv_not_the_tree(installed: Path, tmp_path: Path) -> None:
    where = subprocess.run(
        [str(installed / "python"), "-c", "import puzzlekit, puzzlekit_slitherlink; print(puzzlekit.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert where.returncode == 0, where.stderr
    assert str(ROOT) not in where.stdout and "site-packages" in where.stdout


def test_every_command_runs_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    run = lambda *args: _run(installed, tmp_path, *args)  # noqa: E731
    assert run("--version").stdout.startswith("puzzlekit, version ")
    assert "Commands:" in run("--help").stdout
    genres = run("genres")
    assert genres.returncode == 0 and all(g in genres.stdout for g in ("slitherlink", "akari", "sudoku", "shikaku"))
    assert run("formats").returncode == 0
    copied = run("examples", "--copy", ".")
    assert copied.returncode == 0 and (tmp_path / "slitherlink" / "first.txt").is_file(), copied.stderr
    first, attempt = "slitherlink/first.txt", "slitherlink/first.attempt.txt"
    steps = [
        (["solve", "slitherlink", first], 0),
        (["solve", "hashi", "hashiwokakero/harbour.txt"], 0),
        (["check", "slitherlink", first, "--state", attempt], 6),
        (["grade", "slitherlink", first], 0),
        (["hint", "slitherlink", first, "--state", attempt], 0),
        (["convert", "slitherlink", first, "--to", "url"], 0),
        (["render", "slitherlink", first, "-o", "board.svg"], 0),
        (["generate", "akari", "--size", "5x5", "--seed", "1"], 0),
        (["analyze", "slitherlink", first], 0),
        (["daily", "nurikabe", "--date", "2026-12-01"], 0),
        (["solve", "https://puzz.link/p?slither/5/5/cbcbcddad"], 0),
        (["play", "--help"], 0),
        (["serve", "--help"], 0),
        (["selftest", "--help"], 0),
    ]
    for args, code in steps:
        done = run(*args)
        assert done.returncode == code, (args, done.stderr[-500:])
        assert "Traceback" not in done.stderr
    assert (tmp_path / "board.svg").read_text().startswith("<?xml")
    assert "pip install '.[web]'" in run("play", "--help").stdout


def test_the_server_serves_the_page_and_the_api_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [str(installed / "puzzlekit"), "serve", "--port", "0"], cwd=tmp_path, stderr=subprocess.PIPE, text=True
    )
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()
        assert line.startswith("puzzlekit: serving on http://127.0.0.1:"), line
        url = line.split("serving on ", 1)[1].split(" ", 1)[0]
        deadline = time.monotonic() + 30
        while True:
            try:
                page = urllib.request.urlopen(url, timeout=10).read().decode()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        assert "/static/play.js" in page
        assert urllib.request.urlopen(url + "static/play.js", timeout=10).status == 200
        genres = json.loads(urllib.request.urlopen(url + "api/genres", timeout=10).read())
        assert {g["name"] for g in genres} >= {"slitherlink", "hashiwokakero", "akari"}
    finally:
        proc.terminate()
        proc.wait(30)
