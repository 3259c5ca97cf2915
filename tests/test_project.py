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


def test_ruff_format_is_clean() -> None:
    """``ruff format --check .`` from the root, as a contributor runs it: the code is formatted."""
    result = subprocess.run([_tool("ruff"), "format", "--check", "."], cwd=ROOT, capture_output=True, text=True)
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


START_UP_HEAVY = (
    "puzzlekit.api",
    "puzzlekit.host",
    "puzzlekit.analysis",
    "puzzlekit.hints",
    "puzzlekit.generation",
    "puzzlekit.grading",
    "puzzlekit.interchange",
    "puzzlekit.core",
    "concurrent.futures",
    "importlib.metadata",
    "pluggy",
    "pydantic",
    "rich",
)


@pytest.mark.parametrize(
    "code",
    [
        "import puzzlekit",
        "import puzzlekit.cli.main",
        "from puzzlekit.cli.main import main; main(['--version'], standalone_mode=False)",
        "from puzzlekit.cli.main import main; main(['--help'], standalone_mode=False)",
    ],
)
def test_start_up_imports_no_solver_host_or_process_pool(code: str) -> None:
    """``import puzzlekit`` and ``puzzlekit --version`` stay cheap: what they would pull in
    eagerly is imported when a name or a command is first used (benchmarks/startup.py times
    it).  ``--help`` lists plugin commands, so it loads the plugins, but no solver API."""
    heavy = START_UP_HEAVY
    if "--help" in code:
        heavy = tuple(m for m in heavy if m not in ("puzzlekit.host", "puzzlekit.core", "importlib.metadata", "pluggy"))
    probe = f"{code}\nimport sys\nprint('heavy:', *(m for m in {heavy!r} if m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip().splitlines()[-1] == "heavy:"


def test_public_names_still_resolve_lazily() -> None:
    import puzzlekit

    for name in puzzlekit.__all__:
        assert getattr(puzzlekit, name) is not None, name
    assert set(puzzlekit.__all__) <= set(dir(puzzlekit))
    with pytest.raises(AttributeError, match="no attribute 'nonesuch'"):
        puzzlekit.nonesuch  # noqa: B018


def test_help_lists_each_built_in_command_with_its_own_short_help() -> None:
    """``--help`` shows the short help kept in BUILT_IN without importing the commands;
    it must say what each command's own docstring says."""
    import click

    from puzzlekit.cli.main import BUILT_IN, main

    ctx = click.Context(main)
    for name, (_, _, short) in BUILT_IN.items():
        command = main.get_command(ctx, name)
        assert command is not None and command.name == name
        assert short == command.get_short_help_str(limit=1000), f"update BUILT_IN[{name!r}] in puzzlekit/cli/main.py"


# -- what a new user's "pip install -e '.[test]' && pytest" runs (issue 21, item 18) -------


def test_the_test_extra_holds_what_the_suite_uses() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    test = " ".join(extras["test"])
    assert "puzzlekit-engine[pictures]" in test  # the PNG and PDF tests ran nowhere but in [dev]
    assert "httpx2" in test and not re.search(r'"httpx[<>=]', str(extras["test"]))


def test_the_test_client_raises_no_deprecation_warning() -> None:
    code = "import warnings; warnings.simplefilter('error'); import fastapi.testclient"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-500:]


def test_corpus_tests_skip_saying_why_when_the_corpus_is_absent(tmp_path: Path) -> None:
    files = ["tests/test_hashi_corpus.py", "tests/test_slitherlink_corpus.py", "tests/test_formats_corpus.py"]
    env = {**__import__("os").environ, "PUZZLEKIT_CORPUS": str(tmp_path)}
    result = subprocess.run(
        # -n 0: one process; with addopts' -n auto it would start a worker per core only to skip.
        [sys.executable, "-m", "pytest", "-q", "-rs", "-n", "0", "-p", "no:cacheprovider", *files],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-2000:]
    assert "got empty parameter set" not in result.stdout
    assert result.stdout.count("the shared corpus is absent") >= 5
    assert "set PUZZLEKIT_CORPUS" in result.stdout
