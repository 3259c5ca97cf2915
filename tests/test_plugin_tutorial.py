"""The plugin tutorial's code runs: every ``file=...`` block of docs/plugins/tutorial.md
is written out as a package, and the genre it defines passes the shared harness."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

import puzzlekit
from puzzlekit.host import make_host
from puzzlekit.testing import check_puzzle, describe_outcomes

TUTORIAL = Path(__file__).resolve().parents[1] / "docs" / "plugins" / "tutorial.md"
BLOCK = re.compile(r"```\w+ file=(\S+)\n(.*?)```", re.S)


@pytest.fixture
def tally(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> object:
    files = BLOCK.findall(TUTORIAL.read_text())
    assert {name for name, _ in files} >= {"tally/__init__.py", "tally/plugin.py", "tests/test_tally.py"}
    for name, body in files:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body)
    monkeypatch.syspath_prepend(str(tmp_path))
    for module in ("tally", "tally.plugin"):
        sys.modules.pop(module, None)
    return importlib.import_module("tally.plugin")


def test_the_tutorial_genre_passes_the_harness(tally: object) -> None:
    host = make_host(entrypoints=False, plugins=[tally])
    outcomes = check_puzzle("tally", host=host, entry_point=False, bad_levels=["# sum: 1\n1x0\n", "1.0\n"])
    assert all(o.passed for o in outcomes), describe_outcomes(outcomes)
    skipped = [o for o in outcomes if o.skipped]
    allowed = ("hints need a unique puzzle", "tally has no SAT encoding", "tally has no places")
    assert all(any(why in o.message for why in allowed) for o in skipped), describe_outcomes(outcomes)


def test_the_tutorial_genre_solves_and_explains(tally: object) -> None:
    host = make_host(entrypoints=False, plugins=[tally])
    result = puzzlekit.solve("tally", "# sum: 3\n1..0\n", host=host)
    assert result.status == puzzlekit.Status.UNIQUE
    assert result.solutions[0].text == "1110"
    assert result.steps[0].text.endswith("the row needs exactly 3 ones")


def test_the_tutorial_test_module_uses_the_harness() -> None:
    files = dict(BLOCK.findall(TUTORIAL.read_text()))
    assert "class TestTally(PuzzleConformance):" in files["tests/test_tally.py"]
    assert '[project.entry-points.puzzlekit]\ntally = "tally.plugin"' in files["pyproject.toml"]


def test_the_tutorial_genre_passes_mypy_strict(tally: object, tmp_path: Path) -> None:
    """The tutorial's own pattern (``self.watches = tuple(...)``, passed on as ``reads``)
    type-checks under ``mypy --strict``, as a plugin author's CI would run it."""
    from mypy import api

    package = Path(str(sys.modules["tally"].__file__)).parent
    out, err, status = api.run(
        ["--strict", "--no-error-summary", "--cache-dir", str(tmp_path / ".mypy_cache"), str(package)]
    )
    assert status == 0, out + err
