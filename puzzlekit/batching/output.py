"""Where finished items go: standard output, or a file written item by item that a
stopped run can resume.

``--output FILE`` writes each item the moment it (and every item before it) is done,
and keeps a journal beside it, ``FILE.resume``: before each item, one line with the
file's length once the item is in, the item's exit code and a key (a generator's
duplicate check); a failed item that the run went past gets a line too (``!`` and its
message), so a resumed run neither retries nor forgets it.  A run stopped anywhere
(Ctrl-C, SIGKILL, a dead machine after the page cache reached the disk) leaves a file
whose journalled prefix is whole but for the last item: ``--resume`` cuts an item
journalled but not all written back off (it is redone, never repeated), skips the
items the journal counts, takes back the results that finished out of order
(``stash``), and appends the rest.  A file longer than its journal says holds text the
run did not write (added since it stopped): that is refused, not cut away.  A
finished run removes its journal and its stash, leaving nothing but its file; a file
without a journal is never a stopped run (a run makes the journal before the file), so
``--resume`` on it is a no-op.  The journal's first line
fingerprints the command, so a resume of a stopped run with other options is refused
rather than mixed in.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from puzzlekit.batching.stash import Stash, stash_path
from puzzlekit.errors import PuzzlekitError, UsageError
from puzzlekit.paths import refuse_read_only

JOURNAL_SUFFIX = ".resume"
HEADER = "puzzlekit-resume 1"
FAILED = "!"
"""The key of a failed item's journal line (keys are hex digests, so never this)."""


@dataclass(frozen=True)
class Record:
    """What the journal keeps of one item: a finished one, or a failed one the run
    went past (``failed`` is its message)."""

    code: int
    key: str
    failed: str | None = None


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
        """Items already accounted for when a run resumes (their codes, keys, failures)."""
        self.finished = False
        """Set when ``--resume`` meets a file whose run had finished: there is nothing to do."""
        self.stash: Stash | None = None
        """Where results that finished out of order wait (None: standard output, a device)."""
        self.sink = sink or _stdout
        self._written = 0
        self._failures: list[tuple[int, str]] = []
        """Failed items not journalled yet: only an item written after them journals them,
        so a run that stops at a failure retries it when resumed."""
        self._failed = 0
        self._file: IO[bytes] | None = None
        self._journal: IO[str] | None = None
        self._header = f"{HEADER} {fingerprint}\n"
        if path is None:
            if resume:
                raise UsageError("--resume continues an --output FILE; give -o FILE")
            return
        self._open(Path(path), resume)

    @property
    def done(self) -> int:
        """How many items are accounted for: those a resumed file held, then those written
        (or failed and journalled) since (only counted: a million items keep no million
        records)."""
        return len(self.records) + self._written

    @property
    def failed(self) -> int:
        """Failed items of the whole run so far, journalled or not."""
        return self._failed

    def _open(self, path: Path, resume: bool) -> None:
        if path.is_dir():
            raise PuzzlekitError(f"{path}: is a directory; give -o a file name")
        if not path.parent.is_dir():  # said of FILE, before its journal beside it is opened
            raise OSError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))
        if path.exists() and not path.is_file():  # /dev/null, a named pipe: nothing to resume
            if resume:
                raise UsageError(f"{path}: is not a regular file, so there is nothing to resume")
            self._file = open(path, "wb")  # noqa: SIM115 (kept open for the run)
            return
        refuse_read_only(path, path.stat().st_mode if path.exists() else None)
        journal = journal_path(path)
        self.stash = Stash(stash_path(path))
        if resume and path.exists() and (journal.exists() or path.stat().st_size):
            if not journal.exists():  # a finished run (or a file not written with --output)
                self.finished = True
                return
            length = self._restore(path, journal)
            self._file = open(path, "r+b")  # noqa: SIM115 (kept open for the run)
            self._file.truncate(length)
            self._file.seek(length)
            self._journal = open(journal, "a", encoding="utf-8")  # noqa: SIM115
            return
        self.stash.clear()
        # The journal first: a file without one is never taken for a finished run.
        self._journal = open(journal, "w", encoding="utf-8")  # noqa: SIM115
        self._journal.write(self._header)
        self._journal.flush()
        self._file = open(path, "wb")  # noqa: SIM115

    def _restore(self, path: Path, journal: Path) -> int:
        """The records of a stopped run and the file length they end at."""
        text = journal.read_text(encoding="utf-8")
        lines = text.split("\n")
        if lines[0] + "\n" != self._header:
            raise UsageError(
                f"{path}: was written by another command or other options (its journal {journal.name} "
                "does not match); give the same ones, or run again without --resume to start over"
            )
        ends: list[int] = []
        for line in lines[1:-1]:  # the last piece has no newline: unfinished, ignored
            fields = line.split(" ", 3)
            try:
                end, code = int(fields[0]), int(fields[1])
            except (IndexError, ValueError):
                raise PuzzlekitError(f"{journal}: line {len(self.records) + 2} is damaged; cannot resume") from None
            key = fields[2] if len(fields) > 2 else ""
            failed = (fields[3] if len(fields) > 3 else "") if key == FAILED else None
            self.records.append(Record(code, "" if failed is not None else key, failed))
            ends.append(end)
        size = path.stat().st_size
        length = ends[-1] if ends else 0
        cut = size < length and bool(self.records) and self.records[-1].failed is None
        if cut:  # journalled, then stopped while being written: redone, with the failures journalled with it
            self.records.pop()
            ends.pop()
            while self.records and self.records[-1].failed is not None:
                self.records.pop()
                ends.pop()
            length = ends[-1] if ends else 0
        if size < length:
            raise PuzzlekitError(f"{path}: is shorter than its journal says; it was changed since, cannot resume")
        if size > length and not cut:
            raise PuzzlekitError(
                f"{path}: has {size - length:,} byte(s) after what the stopped run wrote (added since it stopped?); "
                "move them elsewhere and --resume again, or run again without --resume to start over"
            )
        self._failed = sum(1 for r in self.records if r.failed is not None)
        return length

    def write(self, text: str, code: int = 0, key: str = "") -> None:
        """One finished item, whole, then its journal line (after those of the failed
        items before it)."""
        with whole():
            if self._file is None:
                self.sink(text)
                self._written += 1
                self._failures = []  # (standard output has no journal to put them in)
                return
            self._journal_failures()
            data = text.encode("utf-8")
            if self._journal is not None:  # (a device has none) the line first: see _restore
                self._journal.write(f"{self._file.tell() + len(data)} {code} {key}".rstrip(" ") + "\n")
                self._journal.flush()
            try:
                self._file.write(data)
                self._file.flush()
            except OSError as err:  # a full disk or device says so without the file's name
                raise OSError(err.errno, err.strerror, self.path) from None
            self._written += 1

    def fail(self, message: str, code: int = 1) -> None:
        """A failed item the run goes past: nothing in the output, and a line in the
        journal once an item after it is written (a finished run needs none)."""
        self._failures.append((code, " ".join(message.split())))
        self._failed += 1

    def _journal_failures(self) -> None:
        if not self._failures:
            return
        if self._journal is not None and self._file is not None:
            end = self._file.tell()
            for code, message in self._failures:
                self._journal.write(f"{end} {code} {FAILED} {message}\n")
            self._journal.flush()
        self._written += len(self._failures)
        self._failures = []

    def close(self, finished: bool) -> None:
        """Close the file; a finished run removes its journal and its stash, a stopped one
        keeps both."""
        if finished and self._file is not None:
            self._failures = []  # the journal goes: nobody needs their lines
        if self._file is not None:
            stream, self._file = self._file, None
            try:
                stream.close()
            except OSError as err:  # what a failed write left in the buffer failed again
                if self._journal is not None:
                    self._journal.close()  # kept, so the run can resume
                    self._journal = None
                raise OSError(err.errno, err.strerror, self.path) from None
        if self._journal is not None:
            self._journal.close()
            self._journal = None
            if finished and self.path is not None:
                journal_path(self.path).unlink(missing_ok=True)
        if finished and self.stash is not None:
            self.stash.clear()


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
