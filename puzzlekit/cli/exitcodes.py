"""Exit codes, documented in ``puzzlekit --help`` and docs/cli.md."""

from __future__ import annotations

from puzzlekit.core.search import Status

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_NONE = 3
EXIT_MULTIPLE = 4
EXIT_UNDECIDED = 5
EXIT_REJECTED = 6
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what shells report for a closed pipe
EXIT_INTERRUPTED = 130  # 128 + SIGINT: stopped by Ctrl-C, finished items kept

_BY_STATUS = {
    Status.UNIQUE: EXIT_OK,
    Status.NONE: EXIT_NONE,
    Status.MULTIPLE: EXIT_MULTIPLE,
    Status.UNDECIDED: EXIT_UNDECIDED,
}


def status_exit_code(status: Status) -> int:
    return _BY_STATUS[status]
