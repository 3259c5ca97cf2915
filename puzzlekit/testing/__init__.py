"""The shared test harness for genres: ``PuzzleConformance`` for pytest, ``check_puzzle``
without it, and ``puzzlekit selftest GENRE`` on the command line; ``assert_golden`` for
golden files (pictures)."""

from puzzlekit.testing.checks import Example, Failed, Outcome, Skipped, check_puzzle, describe_outcomes
from puzzlekit.testing.golden import assert_golden

__all__ = [
    "Example",
    "Failed",
    "Outcome",
    "PuzzleConformance",
    "Skipped",
    "assert_golden",
    "check_puzzle",
    "describe_outcomes",
]


def __getattr__(name: str) -> object:
    # PuzzleConformance needs pytest; import it only when asked, so check_puzzle works without.
    if name == "PuzzleConformance":
        from puzzlekit.testing.conformance import PuzzleConformance

        return PuzzleConformance
    raise AttributeError(name)
