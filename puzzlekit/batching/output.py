"""Where finished items go: standard output, or a file written item by item that a
stopped run can resume.

``--output FILE`` writes each item the moment it (and every item before it) is done,
and keeps a journal beside it, ``FILE.resume``: after each whole item, one line with
the file's length, the item's exit code and a key (a generator's duplicate check).  A
run stopped anywhere (Ctrl-C, SIGKILL, a dead machine after the page cache reached the
disk) leaves a file whose journalled prefix is whole: ``--resume`` cuts the file back to
the last journalled length (an item written but not journalled is redone, never
repeated), skips the items the journal counts, and appends the rest.  A finished run
removes its journal.  The journal's first line fingerprints the command, so a resume
with other options is refused rather than mixed in.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from puzzlekit.errors import PuzzlekitError, UsageError

JOURNAL_SUFFIX = ".resume"
HEADER = "puzzlekit-resume 1"


@dataclass(frozen=True)
class Record:
    """What the journal keeps of one finished item."""

    code: int
    key: str


def journal_path(path: str | Path) -> Path:
    return Path(f"{path}{JOURNAL_SUFFIX}")


@contextmanager
def whole() -> Iterator[None]:
    """Hold a Ctrl-C until the block is done, so an item is written whole or not at all."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[Any] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(frame))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught and callable(previous):
            previous(signal.SIGINT, caught[0])


class ItemWriter:
    """Finished items, in order, each written whole: to ``sink`` (standard output) when
    ``path`` is None, else to the file and its journal."""

    def __init__(
        self,
        path: str | None,
        *,
        resume: bool = False,
        fingerprint: str = "",
        sink: Callable[[str], None] | None = None,
    ) -> None:
        self.path = path
        self.records: list[Record] = []
        """Items already in the file when a run resumes (their codes and keys)."""
        self.sink = sink or _stdout
        self._written = 0
        self._file: IO[bytes] | None = None
        self._journal: IO[str] | None = None
        if path is None:
            if resume:
                raise UsageError("--resume continues an --output FILE; give -o FILE")
            return
        self._open(Path(path), resume, fingerprint)

    @property
    def done(self) -> int:
        """How many items are out: those a resumed file held, then those written since
        (only counted: a million items keep no million records)."""
        return len(self.records) + self._written

    def _open(self, path: Path, resume: bool, fingerprint: str) -> None:
        if path.is_dir():
            raise PuzzlekitError(f"{path}: is a directory; give -o a file name")
        if path.exists() and not path.is_file():  # /dev/null, a named pipe: nothing to resume
            if resume:
                raise UsageError(f"{path}: is not a regular file, so there is nothing to resume")
            self._file = open(path, "wb")  # noqa: SIM115 (kept open for the run)
            return
        journal = journal_path(path)
        header = f"{HEADER} {fingerprint}\n"
        if resume and path.exists():
            if not journal.exists():
                raise PuzzlekitError(
                    f"{path}: nothing to resume: it has no journal {journal.name} beside it "
                    "(a finished run removes it; a file not written with --output never had one)"
                )
            length = self._restore(path, journal, header)
            self._file = open(path, "r+b")  # noqa: SIM115 (kept open for the run)
            self._file.truncate(length)
            self._file.seek(length)
            self._journal = open(journal, "a", encoding="utf-8")  # noqa: SIM115
            return
        self._file = open(path, "wb")  # noqa: SIM115
        self._journal = open(journal, "w", encoding="utf-8")  # noqa: SIM115
        self._journal.write(header)
        self._journal.flush()

    def _restore(self, path: Path, journal: Path, header: str) -> int:
        """The records of a stopped run and the file length they end at."""
        text = journal.read_text(encoding="utf-8")
        lines = text.split("\n")
        if lines[0] + "\n" != header:
            raise PuzzlekitError(
                f"{path}: was written by another command or other options (its journal {journal.name} "
                "does not match); run it again without --resume to start over"
            )
        length = 0
        for line in lines[1:-1]:  # the last piece has no newline: unfinished, ignored
            fields = line.split(" ")
            try:
                end, code = int(fields[0]), int(fields[1])
            except (IndexError, ValueError):
                raise PuzzlekitError(f"{journal}: line {len(self.records) + 2} is damaged; cannot resume") from None
            self.records.append(Record(code, fields[2] if len(fields) > 2 else ""))
            length = end
        if path.stat().st_size < length:
            raise PuzzlekitError(f"{path}: is shorter than its journal says; it was changed since, cannot resume")
        return length

    def write(self, text: str, code: int = 0, key: str = "") -> None:
        """One finished item, whole, then its journal line."""
        with whole():
            if self._file is None:
                self.sink(text)
                self._written += 1
                return
            self._file.write(text.encode("utf-8"))
            self._file.flush()
            if self._journal is not None:  # (a device has none)
                self._journal.write(f"{self._file.tell()} {code} {key}".rstrip(" ") + "\n")
                self._journal.flush()
            self._written += 1

    def close(self, finished: bool) -> None:
        """Close the file; a finished run removes its journal, a stopped one keeps it."""
        if self._file is not None:
            self._file.close()
            self._file = None
        if self._journal is not None:
            self._journal.close()
            self._journal = None
            if finished and self.path is not None:
                journal_path(self.path).unlink(missing_ok=True)


def _stdout(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def fingerprint(command: str, params: dict[str, Any], ignore: tuple[str, ...]) -> str:
    """A short digest of what defines a run's output (not how it is run)."""
    import hashlib
    import json

    kept = {k: v for k, v in sorted(params.items()) if k not in ignore}
    blob = json.dumps([command, kept], sort_keys=True, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


