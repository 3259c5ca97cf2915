"""Standard streams a command can rely on: present, and able to write any file name.

Imported by the command group before any command runs, so it stays tiny.
"""

from __future__ import annotations

import io
import os
import sys


def attach_missing_streams() -> None:
    """Give a standard stream that is missing (None when the process started without
    it) the null device, so writing output or asking ``isatty()`` never raises."""
    for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):
        stream = getattr(sys, name)
        if stream is None or getattr(stream, "closed", False):
            setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))  # noqa: SIM115 - lives as long as the process
    # A file name that is not UTF-8 goes back out as the bytes it was, as ls and cat do,
    # instead of a UnicodeEncodeError (the strict default under some locales).
    if isinstance(sys.stdout, io.TextIOWrapper) and sys.stdout.errors == "strict":
        sys.stdout.reconfigure(errors="surrogateescape")


def is_terminal(stream: object) -> bool:
    """``stream.isatty()``, False for a missing or closed stream."""
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False
