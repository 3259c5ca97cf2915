"""puzzlekit: logic puzzles with a solver inside.

Import what a user or plugin author needs from here::

    import puzzlekit
    result = puzzlekit.solve("slitherlink", text)
    result.status, result.solutions, result.stats, result.steps
"""

from puzzlekit._version import __version__
from puzzlekit.analysis import Analysis, analyze
from puzzlekit.api import (
    CheckResult,
    Puzzle,
    Solution,
    SolveResult,
    Stats,
    Step,
    check,
    check_all,
    default_host,
    load,
    solve,
    solve_all,
)
from puzzlekit.core import Model, Propagator, Rule, Rung, Status
from puzzlekit.errors import LevelError, PluginError, PuzzlekitError, UnknownGenre, UsageError
from puzzlekit.formats.level import Block
from puzzlekit.generation import Generated, GenerationError
from puzzlekit.generation import make as generate
from puzzlekit.genre import Genre, Place, Violation, bundled_examples
from puzzlekit.grading import Grade, grade
from puzzlekit.hints import Hint, hint
from puzzlekit.hookspecs import hookimpl
from puzzlekit.host import Host, make_host
from puzzlekit.registry import CommandRegistry, Format, Registry

__all__ = [
    "Analysis",
    "Block",
    "CheckResult",
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
    "bundled_examples",
    "check",
    "check_all",
    "default_host",
    "generate",
    "grade",
    "hint",
    "hookimpl",
    "load",
    "make_host",
    "solve",
    "solve_all",
]
