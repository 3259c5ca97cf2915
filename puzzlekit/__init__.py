"""puzzlekit: logic puzzles with a solver inside.

Import what a user or plugin author needs from here::

    import puzzlekit
    result = puzzlekit.solve("slitherlink", text)
    result.status, result.solutions, result.stats, result.steps

Names are imported when first used (PEP 562 ``__getattr__``), so ``import puzzlekit`` and
the command line's start-up stay cheap: ``puzzlekit --version`` loads no solver, no plugin
host and no process pool.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from puzzlekit._version import __version__

if TYPE_CHECKING:
    from puzzlekit.analysis import Analysis, analyze
    from puzzlekit.api import (
        CheckResult,
        Solution,
        SolveResult,
        Stats,
        Step,
        check,
        check_all,
        load,
        solve,
        solve_all,
    )
    from puzzlekit.batching import BatchError, batch
    from puzzlekit.core import Model, Propagator, Rule, Rung, Status
    from puzzlekit.errors import LevelError, PluginError, PuzzlekitError, UnknownGenre, UsageError
    from puzzlekit.formats.level import Block
    from puzzlekit.generation import Generated, GenerationError
    from puzzlekit.generation import make as generate
    from puzzlekit.generation import make_each as generate_each
    from puzzlekit.genre import ClueSpot, Genre, Place, Violation, bundled_examples
    from puzzlekit.grading import Grade, grade
    from puzzlekit.hints import Hint, hint
    from puzzlekit.hookspecs import genre_hooks, hookimpl
    from puzzlekit.host import Host, default_host, make_host
    from puzzlekit.puzzle import Puzzle
    from puzzlekit.registry import CommandRegistry, Format, Registry


_LAZY: dict[str, tuple[str, str]] = {
    "Analysis": ("puzzlekit.analysis", "Analysis"),
    "analyze": ("puzzlekit.analysis", "analyze"),
    "batch": ("puzzlekit.batching", "batch"),
    "BatchError": ("puzzlekit.batching", "BatchError"),
    "Block": ("puzzlekit.formats.level", "Block"),
    "bundled_examples": ("puzzlekit.genre", "bundled_examples"),
    "check": ("puzzlekit.api", "check"),
    "ClueSpot": ("puzzlekit.genre", "ClueSpot"),
    "check_all": ("puzzlekit.api", "check_all"),
    "CheckResult": ("puzzlekit.api", "CheckResult"),
    "CommandRegistry": ("puzzlekit.registry", "CommandRegistry"),
    "default_host": ("puzzlekit.host", "default_host"),
    "Format": ("puzzlekit.registry", "Format"),
    "generate": ("puzzlekit.generation", "make"),
    "generate_each": ("puzzlekit.generation", "make_each"),
    "Generated": ("puzzlekit.generation", "Generated"),
    "GenerationError": ("puzzlekit.generation", "GenerationError"),
    "Genre": ("puzzlekit.genre", "Genre"),
    "Grade": ("puzzlekit.grading", "Grade"),
    "grade": ("puzzlekit.grading", "grade"),
    "Hint": ("puzzlekit.hints", "Hint"),
    "hint": ("puzzlekit.hints", "hint"),
    "hookimpl": ("puzzlekit.hookspecs", "hookimpl"),
    "genre_hooks": ("puzzlekit.hookspecs", "genre_hooks"),
    "Host": ("puzzlekit.host", "Host"),
    "LevelError": ("puzzlekit.errors", "LevelError"),
    "load": ("puzzlekit.api", "load"),
    "make_host": ("puzzlekit.host", "make_host"),
    "Model": ("puzzlekit.core", "Model"),
    "PluginError": ("puzzlekit.errors", "PluginError"),
    "Place": ("puzzlekit.genre", "Place"),
    "Propagator": ("puzzlekit.core", "Propagator"),
    "Puzzle": ("puzzlekit.puzzle", "Puzzle"),
    "PuzzlekitError": ("puzzlekit.errors", "PuzzlekitError"),
    "Registry": ("puzzlekit.registry", "Registry"),
    "Rule": ("puzzlekit.core", "Rule"),
    "Rung": ("puzzlekit.core", "Rung"),
    "Solution": ("puzzlekit.api", "Solution"),
    "solve": ("puzzlekit.api", "solve"),
    "solve_all": ("puzzlekit.api", "solve_all"),
    "SolveResult": ("puzzlekit.api", "SolveResult"),
    "Stats": ("puzzlekit.api", "Stats"),
    "Status": ("puzzlekit.core", "Status"),
    "Step": ("puzzlekit.api", "Step"),
    "UnknownGenre": ("puzzlekit.errors", "UnknownGenre"),
    "UsageError": ("puzzlekit.errors", "UsageError"),
    "Violation": ("puzzlekit.genre", "Violation"),
}
"""Public name -> (module, name in it), imported on first use."""


def __getattr__(name: str) -> Any:
    try:
        module, attr = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'puzzlekit' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), attr)
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "Analysis",
    "BatchError",
    "Block",
    "CheckResult",
    "ClueSpot",
    "CommandRegistry",
    "Format",
    "Generated",
    "GenerationError",
    "Genre",
    "Grade",
    "Hint",
    "Host",
    "LevelError",
    "Model",
    "Place",
    "PluginError",
    "Propagator",
    "Puzzle",
    "PuzzlekitError",
    "Registry",
    "Rule",
    "Rung",
    "Solution",
    "SolveResult",
    "Stats",
    "Status",
    "Step",
    "UnknownGenre",
    "UsageError",
    "Violation",
    "__version__",
    "analyze",
    "batch",
    "bundled_examples",
    "check",
    "check_all",
    "default_host",
    "generate",
    "generate_each",
    "genre_hooks",
    "grade",
    "hint",
    "hookimpl",
    "load",
    "make_host",
    "solve",
    "solve_all",
]
