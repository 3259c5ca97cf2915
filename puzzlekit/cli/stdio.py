"""Standard streams a command can rely on: present, and able to write any file name.

Imported by the command group before any command runs, so it stays tiny.
"""

from __future__ import annotations

import errno
import io
import os
import sys


class ClosedOutput(io.TextIOBase):
    """Standard output of a process started without one (``puzzlekit solve ... >&-``):
    writing to it is an error, as it is for ``cat``, not output quietly thrown away."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if not text:
            return 0
        raise OSError(errno.EBADF, "closed, so the output cannot be written", "standard output")

    def isatty(self) -> bool:
        return False


class WholeWrites(io.RawIOBase):
    """Standard output's descriptor, written whole: CPython's own buffered writer drops
    what a partial write leaves over (a pipe whose reader goes away mid-write takes
    64 KiB, then the rest vanishes without an error), so ``| head`` on a big output
    exited 0.  This writes until all is out or the write fails (a reader gone is then a
    BrokenPipeError, exit 141)."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self.fd = fd

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def isatty(self) -> bool:
        return os.isatty(self.fd)

    def write(self, data: bytes | bytearray | memoryview) -> int:  # type: ignore[override]
        view = memoryview(data).cast("B")
        done = 0
        while done < len(view):
            done += os.write(self.fd, view[done:])
        return done


def _whole_stdout() -> None:
    """Put standard output on :class:`WholeWrites` when it is the process's own file
    descriptor (not a test's capture), buffered or not (``PYTHONUNBUFFERED``), keeping
    its encoding and line buffering."""
    out = sys.stdout
    if not isinstance(out, io.TextIOWrapper):
        return
    unbuffered = isinstance(out.buffer, io.FileIO)
    if not unbuffered and not isinstance(getattr(out.buffer, "raw", None), io.FileIO):
        return
    out.flush()
    raw = WholeWrites(out.fileno())
    sys.stdout = io.TextIOWrapper(
        raw if unbuffered else io.BufferedWriter(raw),
        encoding=out.encoding,
        errors=out.errors,
        line_buffering=out.line_buffering,
        write_through=unbuffered,
    )


def attach_missing_streams() -> None:
    """Give a standard stream that is missing (None when the process started without
    it) the null device, so reading input or asking ``isatty()`` never raises; standard
    output is :class:`ClosedOutput`, whose writes fail (the null device still takes its
    descriptor, so no file opened later becomes descriptor 1)."""
    for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):
        stream = getattr(sys, name)
        if stream is None or getattr(stream, "closed", False):
            null = open(os.devnull, mode, encoding="utf-8")  # noqa: SIM115 - lives as long as the process
            setattr(sys, name, ClosedOutput() if name == "stdout" else null)
    _whole_stdout()
    # A file name that is not UTF-8 goes back out as the bytes it was, as ls and cat do,
    # instead of a UnicodeEncodeError (the strict default under some locales).
    if isinstance(sys.stdout, io.TextIOWrapper) and sys.stdout.errors == "strict":
        sys.stdout.reconfigure(errors="surrogateescape")


def finish_output() -> None:
    """Flush standard output now, before the exit code is set: output still buffered at
    exit used to fail unseen when the reader had gone (``| head``), and the command
    exited 0 or 5; now a reader gone is 141, as for other shell tools, and another write
    error (a full disk) is 1 with one line."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # the exit's own flush is quiet
        sys.exit(141)
    except OSError as err:
        if not isinstance(sys.stdout, ClosedOutput):
            sys.stderr.write(f"puzzlekit: error: standard output: {(err.strerror or str(err)).lower()}\n")
            sys.exit(1)


def is_terminal(stream: object) -> bool:
    """``stream.isatty()``, False for a missing or closed stream."""
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False
