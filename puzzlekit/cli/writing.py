"""Writing ``-o FILE``: atomically, so a reader (or a crash) never sees half a file.

The data goes to a temporary file beside the target, which then replaces it in one
rename: an existing file is replaced (as a compiler's ``-o`` does; docs/cli.md says
so), unless it is read-only, and a write that fails leaves the old file as it was.  A
target that is not a regular file (``/dev/null``, a named pipe) is written in place,
never replaced.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from puzzlekit.errors import PuzzlekitError
from puzzlekit.paths import refuse_read_only


def write_output(target: str | Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``target``, replacing it atomically."""
    path = Path(target)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise PuzzlekitError(f"{path}: is a directory; give -o a file name")
    refuse_read_only(path, mode)
    if mode is not None and not stat.S_ISREG(mode):
        try:
            with path.open("wb") as stream:  # a device or a pipe: there is nothing to replace
                stream.write(payload)
        except OSError as err:  # a full device says "no space left" without its name
            raise _about(err, path) from None
        return
    import tempfile  # only when writing a file: off the start-up path

    try:
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    except OSError as err:  # no such folder, no right to write there: say so of the file asked for
        raise _about(err, path) from None
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(payload)
        os.chmod(temporary, stat.S_IMODE(mode) if mode is not None else 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException as err:
        os.unlink(temporary)
        if isinstance(err, OSError) and err.filename in (None, temporary):
            raise _about(err, path) from None
        raise


def _about(err: OSError, path: Path) -> OSError:
    """The same error, naming ``path``: the user never asked for the temporary file."""
    return OSError(err.errno, err.strerror, str(path))


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current
