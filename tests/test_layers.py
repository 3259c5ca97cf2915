"""One way down through the library (issue 22): no import circle at run time, and no import
from a lower floor up to a higher one, with the floors declared once in
``tools/import_graph.py`` and drawn in docs/DESIGN.md."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import import_graph  # noqa: E402  (tools/import_graph.py)

FOUND = import_graph.arrows()


def _shown(arrows: list[import_graph.Arrow]) -> str:
    return "\n".join(f"{a.source} line {a.line} imports {a.target} ({a.kind})" for a in arrows)


def test_every_module_is_on_a_floor() -> None:
    unplaced = sorted(m for m in import_graph.modules() if import_graph.layer_of(m) < 0)
    assert not unplaced, f"add these to LAYERS in tools/import_graph.py: {unplaced}"


def test_no_import_circle_at_run_time() -> None:
    """Imports inside functions count: deferring one does not make a circle go away."""
    circles = import_graph.circles(import_graph.graph(FOUND, "runtime"))
    assert circles == [], f"run-time import circles: {circles}"


@pytest.mark.parametrize("reading", ["runtime", "all"])
def test_no_arrow_from_a_lower_floor_up(reading: str) -> None:
    """With ``all``, imports under ``if TYPE_CHECKING:`` count too: a type that a lower floor
    names belongs on that floor (as ``GenerateRequest`` went to the genre contract)."""
    up = import_graph.upward(FOUND, reading)
    assert not up, "imports that point up a floor (see docs/DESIGN.md, Layers):\n" + _shown(up)


def test_the_check_sees_a_circle_and_an_arrow_up(tmp_path: Path) -> None:
    """The checks above can fail: a deferred import closing a circle, and a formats module
    importing the API, are both caught in a made-up package."""
    package = tmp_path / "puzzlekit"
    (package / "formats").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "formats" / "__init__.py").write_text("")
    (package / "api.py").write_text("from puzzlekit.formats import janko\n")
    (package / "formats" / "janko.py").write_text("def f():\n    from puzzlekit import api\n")
    found = import_graph.arrows(import_graph.modules(tmp_path))
    assert import_graph.circles(import_graph.graph(found, "runtime")) == [["puzzlekit.api", "puzzlekit.formats.janko"]]
    assert import_graph.circles(import_graph.graph(found, "top")) == []
    assert [(a.source, a.target, a.kind) for a in import_graph.upward(found, "runtime")] == [
        ("puzzlekit.formats.janko", "puzzlekit.api", "deferred")
    ]


def test_docs_draw_the_floors_as_declared() -> None:
    """docs/DESIGN.md's "Layers" section has one line per floor, lowest first, naming it."""
    text = (ROOT / "docs" / "DESIGN.md").read_text(encoding="utf-8")
    section = text.split("## Layers", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("| `")]
    assert [line.split("`")[1] for line in lines] == [name for name, _, _ in reversed(import_graph.LAYERS)]


@pytest.mark.parametrize(
    ("old", "new", "name"),
    [
        ("puzzlekit.api", "puzzlekit.puzzle", "Puzzle"),
        ("puzzlekit.api", "puzzlekit.puzzle", "rung_name"),
        ("puzzlekit.api", "puzzlekit.host", "default_host"),
        ("puzzlekit.api", "puzzlekit.host", "get_genre"),
        ("puzzlekit", "puzzlekit.puzzle", "Puzzle"),
        ("puzzlekit", "puzzlekit.host", "default_host"),
        ("puzzlekit.generation", "puzzlekit.genre", "GenerateRequest"),
        ("puzzlekit.generation", "puzzlekit.genre", "DEFAULT_BUDGET"),
        ("puzzlekit.engines.sat", "puzzlekit.engines.encoding", "SatEncoding"),
        ("puzzlekit.engines.sat", "puzzlekit.engines.encoding", "Clause"),
        ("puzzlekit.engines.sat", "puzzlekit.engines.encoding", "exactly"),
        ("puzzlekit.engines.sat", "puzzlekit.engines.encoding", "exactly_one"),
        ("puzzlekit.engines.sat", "puzzlekit.engines.encoding", "loop_cuts"),
        ("puzzlekit.engines.sat", "puzzlekit.engines.encoding", "value_table"),
    ],
)
def test_a_moved_name_is_still_where_it_was(old: str, new: str, name: str) -> None:
    assert getattr(importlib.import_module(old), name) is getattr(importlib.import_module(new), name)
