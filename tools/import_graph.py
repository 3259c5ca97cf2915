"""The import graph of ``puzzlekit/``: circles, and arrows from a lower layer up to a higher one.

    python tools/import_graph.py              # the table: three readings of the graph
    python tools/import_graph.py --arrows     # and every arrow that points up, with its line

Each module's imports are read from its source (``ast``, nothing is imported) and sorted by
when they run:

* ``top``: module level, run when the module is imported;
* ``deferred``: inside a function, run when it is first called (still a run-time arrow);
* ``typing``: under ``if TYPE_CHECKING:``, read by mypy only.

The three readings add them up: ``top``, ``runtime`` (top + deferred) and ``all`` (with the
typing ones).  A circle is a strongly connected set of two or more modules;
an arrow back up is an import of a module in a higher layer of
:data:`LAYERS`, the one place the layers are declared (docs/DESIGN.md draws them, and
tests/test_layers.py holds the package to them).
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

LAYERS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("core", ("errors", "_version", "paths", "core"), "the solver: variables, propagators, search; knows no genre"),
    ("text", ("formats.level", "formats.codec", "formats.sniff"), "level text: blocks, rows, metadata"),
    ("contract", ("genre", "engines", "budget"), "what a genre implements, the types it names, a call's time budget"),
    ("puzzle", ("puzzle",), "one parsed puzzle as data, and rung names"),
    ("plugins", ("hookspecs", "registry", "host"), "plugins, genres and formats by name; the default host"),
    ("toolkit", ("grid", "pictures"), "what genre authors build with: grids, units, drawings"),
    ("formats", ("formats",), "other people's formats: URLs, game IDs, pzprjs and janko files"),
    ("batching", ("batching",), "runs the work it is handed over many items, here or elsewhere"),
    (
        "work",
        ("interchange", "generation", "batching.sources", "engines.sat"),
        "reading any source, making puzzles, the SAT engine",
    ),
    ("api", ("api",), "the front door: load, solve, check"),
    ("services", ("analysis", "grading", "hints", "report", "testing"), "built on the front door"),
    ("apps", ("cli", "web"), "the command line and the web app"),
    ("package", ("",), "puzzlekit/__init__: every public name, imported on first use"),
)
"""The floors of the house, lowest first: a name, module prefixes under ``puzzlekit``
(the longest prefix wins: ``formats.level`` is text, the rest of ``formats`` is formats;
``""`` is the package's own ``__init__``) and one line on what the floor is for.  A module
may import its own floor and the floors below it, never one above."""

READINGS = ("top", "runtime", "all")
KINDS = {"top": ("top",), "runtime": ("top", "deferred"), "all": ("top", "deferred", "typing")}


@dataclass(frozen=True)
class Arrow:
    source: str
    target: str
    kind: str
    """``top``, ``deferred`` or ``typing``."""
    line: int
    implicit: bool = False
    """A parent package that Python runs first (``a.b`` for ``import a.b.c``): it counts for
    circles, not as an arrow the importing module chose."""


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of ``root``'s ``puzzlekit/`` by its dotted name."""
    return {module_name(p, root): p for p in sorted((root / "puzzlekit").rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, kind: str = "top") -> Iterator[tuple[ast.Import | ast.ImportFrom, str]]:
    """Every import statement under ``tree`` with when it runs."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, kind
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                yield from _imports(ast.Module(body=[child], type_ignores=[]), "typing")
            for child in node.orelse:
                yield from _imports(ast.Module(body=[child], type_ignores=[]), kind)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            yield from _imports(node, "typing" if kind == "typing" else "deferred")
        else:
            yield from _imports(node, kind)


def _targets(
    node: ast.Import | ast.ImportFrom, here: str, is_package: bool, known: set[str]
) -> Iterator[tuple[str, bool]]:
    """The puzzlekit modules one statement loads, each with whether it is implicit: the
    modules it names (or whose names it takes), and first the parent packages Python runs."""
    if isinstance(node, ast.Import):
        named = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            anchor = here.split(".") if is_package else here.split(".")[:-1]
            anchor = anchor[: len(anchor) - (node.level - 1)]
            base = ".".join([*anchor, base] if base else anchor)
        submodules = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in known]
        named = submodules if len(submodules) == len(node.names) else [base, *submodules]
    seen: set[str] = set()
    for name in named:
        parts = name.split(".")
        for end in range(1, len(parts) + 1):
            candidate = ".".join(parts[:end])
            if candidate in known and candidate not in seen:
                seen.add(candidate)
                yield candidate, end < len(parts)


def arrows(mods: dict[str, Path] | None = None) -> list[Arrow]:
    """Every import of one puzzlekit module by another (a module's own packages aside, which
    run before it anyway)."""
    mods = modules() if mods is None else mods
    known = set(mods)
    out: list[Arrow] = []
    for name, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node, kind in _imports(tree):
            for target, implicit in _targets(node, name, path.name == "__init__.py", known):
                if target != name and not name.startswith(target + "."):
                    out.append(Arrow(name, target, kind, node.lineno, implicit))
    return out


def graph(found: Iterable[Arrow], reading: str) -> dict[str, set[str]]:
    kinds = KINDS[reading]
    edges: dict[str, set[str]] = {}
    for a in found:
        if a.kind in kinds:
            edges.setdefault(a.source, set()).add(a.target)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected sets of two or more modules (Tarjan's algorithm), largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    nodes = sorted(set(edges) | {t for ts in edges.values() for t in ts})

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(nodes) + 100))
    for v in nodes:
        if v not in index:
            visit(v)
    return sorted(found, key=lambda g: (-len(g), g))


def layer_of(module: str) -> int:
    """The floor of ``puzzlekit.X``: the index in :data:`LAYERS` of X's longest prefix."""
    rest = module.removeprefix("puzzlekit").removeprefix(".")
    best, best_len = -1, -1
    for floor, (_, prefixes, _) in enumerate(LAYERS):
        for prefix in prefixes:
            matches = rest == prefix or rest.startswith(prefix + ".") if prefix else not rest
            if matches and len(prefix) > best_len:
                best, best_len = floor, len(prefix)
    return best


def upward(found: Iterable[Arrow], reading: str) -> list[Arrow]:
    """The arrows of ``reading`` from a lower floor to a higher one."""
    kinds = KINDS[reading]
    return [a for a in found if a.kind in kinds and not a.implicit and layer_of(a.target) > layer_of(a.source)]


def _short(module: str) -> str:
    return module.removeprefix("puzzlekit.") if module != "puzzlekit" else "puzzlekit"


def report(root: Path, show_arrows: bool) -> None:
    found = arrows(modules(root))
    unplaced = sorted({m for a in found for m in (a.source, a.target) if layer_of(m) < 0})
    print(f"{'reading':<8} {'circles':>7} {'modules in circles':>18} {'largest':>7} {'arrows up':>9}")
    for reading in READINGS:
        groups = circles(graph(found, reading))
        ups = {(a.source, a.target) for a in upward(found, reading)}
        largest = max((len(g) for g in groups), default=0)
        print(f"{reading:<8} {len(groups):>7} {sum(map(len, groups)):>18} {largest:>7} {len(ups):>9}")
    shown: set[tuple[str, ...]] = set()
    for reading in READINGS:
        for group in circles(graph(found, reading)):
            if tuple(group) not in shown:  # a circle of "top" is one of "runtime" and "all" too
                shown.add(tuple(group))
                print(f"{reading} circle of {len(group)}: {', '.join(_short(m) for m in group)}")
    if unplaced:
        print(f"in no layer: {', '.join(_short(m) for m in unplaced)}")
    if show_arrows:
        print("arrows up (module:line -> module, when it runs: floor -> floor):")
        for a in sorted(upward(found, "all"), key=lambda a: (a.source, a.line, a.target)):
            where = f"{_short(a.source)}:{a.line}"
            floors = f"{LAYERS[layer_of(a.source)][0]} -> {LAYERS[layer_of(a.target)][0]}"
            print(f"  {where:<28} -> {_short(a.target):<20} {a.kind:<8} {floors}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--arrows", action="store_true", help="list every arrow that points up")
    parser.add_argument("--root", type=Path, default=ROOT, help="a checkout to read (default: this one)")
    args = parser.parse_args(argv)
    report(args.root.resolve(), args.arrows)


if __name__ == "__main__":
    main()
