"""The public API list in docs/plugins/publishing.md is true, and genres keep to it.

Every name the list gives imports from its module, and every ``puzzlekit`` import in
``contrib/`` and in the built-in genres under ``plugins/`` (each written like a
third-party plugin) names a listed module and only names listed for it.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "plugins" / "publishing.md"
ENTRY = re.compile(r"^- `(puzzlekit[\w.]*)`: (.*)$")


def public_api() -> dict[str, set[str]]:
    text = GUIDE.read_text(encoding="utf-8")
    section = text.split("## The public API", 1)[1]
    api: dict[str, set[str]] = {}
    for line in section.splitlines():
        match = ENTRY.match(line)
        if match:
            api[match.group(1)] = set(re.findall(r"`([\w.]+)`", match.group(2)))
    return api


def genre_sources() -> list[Path]:
    files = sorted((ROOT / "plugins").glob("puzzlekit_*/**/*.py"))
    files += sorted((ROOT / "contrib").glob("*/src/**/*.py"))
    return files


def test_the_guide_lists_the_public_modules() -> None:
    api = public_api()
    for module in ("puzzlekit", "puzzlekit.core", "puzzlekit.grid", "puzzlekit.pictures", "puzzlekit.testing"):
        assert module in api
    assert {"puzzlekit.generation", "puzzlekit.core.rng", "puzzlekit.engines.sat"} <= set(api)
    assert "out_of_time" in api["puzzlekit.generation"]


@pytest.mark.parametrize("module", ["puzzlekit", "puzzlekit.core", "puzzlekit.grid", "puzzlekit.pictures"])
def test_the_list_holds_every_name_a_package_exports(module: str) -> None:
    """What these packages put in ``__all__`` is public by their own say: the list keeps up."""
    missing = set(importlib.import_module(module).__all__) - public_api()[module]
    assert not missing, f"docs/plugins/publishing.md does not list {sorted(missing)} for {module}"


@pytest.mark.parametrize("module", sorted(public_api()))
def test_every_listed_name_imports(module: str) -> None:
    imported = importlib.import_module(module)
    for name in sorted(public_api()[module]):
        if not hasattr(imported, name):
            importlib.import_module(f"{module}.{name}")  # a submodule listed by name


def _imports(path: Path) -> list[tuple[int, str, list[str]]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: list[tuple[int, str, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "puzzlekit" or node.module.startswith("puzzlekit."):
                found.append((node.lineno, node.module, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "puzzlekit" or alias.name.startswith("puzzlekit."):
                    found.append((node.lineno, alias.name, []))
    return found


def test_genres_import_only_the_public_api() -> None:
    api = public_api()
    wrong: list[str] = []
    sources = genre_sources()
    assert any("puzzlekit_masyu" in str(p) for p in sources) and any("puzzlekit_slitherlink" in str(p) for p in sources)
    for path in sources:
        for line, module, names in _imports(path):
            where = f"{path.relative_to(ROOT)}:{line}"
            if module not in api:
                wrong.append(f"{where}: imports {module}, not a public module")
                continue
            for name in names:
                if name not in api[module]:
                    wrong.append(f"{where}: imports {name} from {module}, which does not list it")
    assert not wrong, "\n".join(wrong)
