"""Exit codes, documented in ``puzzlekit --help`` and docs/cli.md, and the one helper
(:func:`fail`) every command ends an error with, so a mistake gets the same code and
the same shape of line whichever command meets it."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, NoReturn

import click

from puzzlekit.errors import BudgetSpent, PuzzlekitError, UnknownGenre, UsageError
from puzzlekit.errors import escaped as escaped  # re-exported: what say() writes

if TYPE_CHECKING:
    from puzzlekit.core.search import Status

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_NONE = 3
EXIT_MULTIPLE = 4
EXIT_UNDECIDED = 5
EXIT_REJECTED = 6
EXIT_INTERRUPTED = 130  # 128 + SIGINT
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what shells report for a closed pipe

EXIT_CODES = {
    EXIT_OK: "success",
    EXIT_ERROR: "error: bad input, an unreadable file, a broken plugin",
    EXIT_USAGE: "usage: an unknown option, genre or file, options that do not go together",
    EXIT_NONE: "no solution",
    EXIT_MULTIPLE: "several solutions",
    EXIT_UNDECIDED: "undecided: the node budget or the time ran out",
    EXIT_REJECTED: "rejected: a wrong or unfinished attempt",
    EXIT_INTERRUPTED: "interrupted",
    EXIT_BROKEN_PIPE: "the reader of standard output went away",
}
"""Every code a command can exit with; the CLI fuzz test holds the commands to it."""

_BY_STATUS = {"unique": EXIT_OK, "none": EXIT_NONE, "multiple": EXIT_MULTIPLE, "undecided": EXIT_UNDECIDED}
"""By the status's value (Status is a str enum), so this module imports no solver."""


def status_exit_code(status: Status) -> int:
    return _BY_STATUS[status.value]


def error_exit_code(err: PuzzlekitError) -> int:
    """Naming something that is not there (a genre, a file) or asking for options that
    cannot work together is a usage mistake (2); a budget spent before an answer is
    undecided (5); everything else the project raises is 1."""
    if isinstance(err, BudgetSpent):
        return EXIT_UNDECIDED
    return EXIT_USAGE if isinstance(err, (UsageError, UnknownGenre)) else EXIT_ERROR


def say(kind: str, message: str) -> None:
    """One line on stderr: ``puzzlekit: KIND: message``, escaped."""
    click.echo(f"puzzlekit: {kind}: {escaped(message)}", err=True)


def fail(message: str, code: int = EXIT_ERROR) -> NoReturn:
    """End the command with one error line and ``code``."""
    say("error", message)
    sys.exit(code)
