"""Asking whether a SOURCE names a file, without ever raising.

A SOURCE may be a path or text (a URL, a game ID): a 20x20 Loopy ID is 300 characters
and a puz.link URL of a big board several thousand, longer than a file name may be, so
``Path(source).exists()`` would raise "file name too long" (or ValueError for a NUL).
These say "no such path" instead, so such a SOURCE is read as the text it is.
"""

from __future__ import annotations

import errno
import stat
from pathlib import Path


def exists(source: str | Path) -> bool:
    """Is there a file, folder or device at ``source``?  False when it cannot be a path."""
    try:
        return Path(source).exists()
    except (OSError, ValueError):
        return False


def is_dir(source: str | Path) -> bool:
    """Is ``source`` an existing folder?  False when it cannot be a path."""
    try:
        return Path(source).is_dir()
    except (OSError, ValueError):
        return False


def is_file(source: str | Path) -> bool:
    """Is ``source`` an existing regular file?  False when it cannot be a path."""
    try:
        return Path(source).is_file()
    except (OSError, ValueError):
        return False


def refuse_read_only(target: str | Path, mode: int | None) -> None:
    """PermissionError for an existing regular file its owner may not write (``chmod
    a-w``): ``-o`` replaces a file by renaming a new one over it, which the file's own
    permissions do not stop, so a file made read-only to keep it is checked here."""
    if mode is not None and stat.S_ISREG(mode) and not mode & stat.S_IWUSR:
        why = "read-only; make it writable (chmod u+w) or remove it to replace it"
        raise PermissionError(errno.EACCES, why, str(target))
