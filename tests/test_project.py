"""Project hygiene that a test can hold: lint and types clean, published schemas current,
versions in step, every hook documented."""

from __future__ import annotations

import inspect
import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import puzzlekit
from puzzlekit import hookspecs
from puzzlekit.report import schemas

ROOT = Path(__file__).resolve().parents[1]


def test_published_json_schemas_are_current() -> None:
    for name, schema in schemas().items():
        published = json.loads((ROOT / "docs" / "schema" / name).read_text())
        assert published == schema, f"docs/schema/{name} is stale: regenerate it (see docs/cli.md)"


def test_package_version_matches_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["version"] == puzzlekit.__version__
    assert project["name"] == "puzzlekit-engine"


def hook_names() -> list[str]:
    return [name for name, _ in inspect.getmembers(hookspecs, inspect.isfunction) if name.startswith("puzzlekit_")]


def test_every_hook_is_documented_with_its_signature() -> None:
    docs = (ROOT / "docs" / "plugins" / "hooks.md").read_text()
    assert hook_names()
    for name in hook_names():
        params = ", ".join(inspect.signature(getattr(hookspecs, name)).parameters)
        assert re.search(rf"`{name}\({params}\)`", docs), f"docs/plugins/hooks.md lacks `{name}({params})`"


def test_every_hook_has_a_test() -> None:
    tests = (ROOT / "tests" / "test_host.py").read_text()
    for name in hook_names():
        assert f"def {name}(" in tests or f"{name}=" in tests, f"no test implements {name}"


def _tool(name: str) -> str:
    path = Path(sys.executable).parent / name
    found = str(path) if path.exists() else shutil.which(name)
    if not found:
        pytest.skip(f"{name} is not installed")
    return found


def test_ruff_is_clean() -> None:
    result = subprocess.run(
        [_tool("ruff"), "check", "puzzlekit", "plugins", "tests", "benchmarks", "tools", "contrib"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean() -> None:
    result = subprocess.run([_tool("mypy")], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_command_line_starts_without_the_heavy_imports() -> None:
    """pydantic (--json), rich (terminals), python-sat, cairosvg and the web framework load only when used."""
    heavy = ("pydantic", "rich", "pysat", "cairosvg", "fastapi", "starlette", "anyio", "uvicorn")
    code = f"import sys, puzzlekit.cli.main; print(' '.join(m for m in {heavy!r} if m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
