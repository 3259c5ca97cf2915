"""The project's own errors: every failure a user can cause is one of these."""

from __future__ import annotations


class PuzzlekitError(Exception):
    """Base of every error puzzlekit raises on purpose; the CLI prints it in one line."""


class LevelError(PuzzlekitError):
    """Bad level text, located as ``file:line:col: what was expected``."""

    def __init__(self, source: str, line: int, col: int, message: str) -> None:
        self.source = source
        self.line = line
        self.col = col
        self.message = message
        super().__init__(f"{source}:{line}:{col}: {message}")


class UnknownGenre(PuzzlekitError):
    """A genre name no installed plugin registered."""


class PluginError(PuzzlekitError):
    """A plugin that failed to load or registered something invalid."""


class UsageError(PuzzlekitError):
    """Arguments that cannot work together (a state without a puzzle, say)."""
