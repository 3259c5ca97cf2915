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


class DuplicateName(PluginError):
    """Two plugins claim one genre, format or command name: the host cannot choose."""


class UsageError(PuzzlekitError):
    """Arguments that cannot work together (a state without a puzzle, say)."""


class CannotDraw(PuzzlekitError):
    """A genre that does not implement drawing (``Genre.draw_svg``) was asked for a picture."""


class MissingExtra(PuzzlekitError):
    """A feature needs an optional extra (``pip install 'puzzlekit-engine[pictures]'``) that is absent."""


class BudgetSpent(PuzzlekitError):
    """The time or node budget ran out before an answer could be given (a hint needs
    the solution first); the CLI exits 5, undecided, as solve does."""
