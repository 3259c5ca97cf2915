"""Items that finished out of order, kept on disk until their turn in the output.

The output file only ever holds whole items in input order, so an item that finishes
while an earlier one is still running waits in memory.  A stop (Ctrl-C, SIGKILL, a
lost machine) would lose that finished work, and ``--resume`` would make it again; so
each such item is also written here, one file per item in a folder beside the output
(``FILE.resume.d/INDEX``), written whole under a temporary name and renamed (a reader
never sees half an item).  ``--resume`` takes these results back instead of redoing
them; an item leaves the folder once it is in the output, and a finished run removes
the folder.

The results are pickled (what a worker sent back), and read back by an unpickler that
makes nothing but the project's own result classes, so a planted file can run no code.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import os
import pickle
import shutil
from pathlib import Path
from typing import Any

SUFFIX = ".resume.d"
_TEMPORARY = ".tmp"
_SAFE_BUILTINS = frozenset({"set", "frozenset", "complex", "bytes", "bytearray"})


def stash_path(path: str | Path) -> Path:
    return Path(f"{path}{SUFFIX}")


class Stash:
    """One run's out-of-order results, by their index in the whole run."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.kept: set[int] = set()
        """Indexes with a file in the folder (so dropping the others costs nothing)."""

    def put(self, index: int, value: Any) -> bool:
        """Keep ``value`` as item ``index``'s result; False when it cannot be kept (it
        does not pickle, the disk is full): the item is then redone on resume, as before."""
        if index in self.kept:
            return True
        try:
            blob = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
            self.folder.mkdir(exist_ok=True)
            temporary = self.folder / f"{index}{_TEMPORARY}"
            temporary.write_bytes(blob)
            os.replace(temporary, self.folder / str(index))
        except (OSError, pickle.PicklingError, TypeError, AttributeError):
            return False
        self.kept.add(index)
        return True

    def keep(self, index: int, value: Any) -> None:
        """``put``, for a caller with nothing to do when it cannot."""
        self.put(index, value)

    def drop(self, index: int) -> None:
        """Item ``index`` is in the output now."""
        if index in self.kept:
            self.kept.discard(index)
            with contextlib.suppress(OSError):
                (self.folder / str(index)).unlink()

    def load(self, start: int) -> dict[int, Any]:
        """The results kept for items ``start`` on; files for items before it (already in
        the output), half-written ones and ones that do not read back are removed."""
        found: dict[int, Any] = {}
        try:
            names = sorted(os.listdir(self.folder))
        except OSError:
            return found
        for name in names:
            path = self.folder / name
            index = int(name) if name.isdigit() else -1
            value = _read(path) if index >= start else _UNREADABLE
            if value is _UNREADABLE:
                with contextlib.suppress(OSError):
                    path.unlink()
                continue
            found[index] = value
            self.kept.add(index)
        return found

    def clear(self) -> None:
        """The run is finished (or starts afresh): no results are waiting."""
        self.kept = set()
        shutil.rmtree(self.folder, ignore_errors=True)


_UNREADABLE = object()


def _read(path: Path) -> Any:
    try:
        with path.open("rb") as f:
            return _ResultUnpickler(f).load()
    except Exception:  # damaged, planted or from another version: redo the item
        return _UNREADABLE


class _ResultUnpickler(pickle.Unpickler):
    """Makes only the project's dataclasses and enums (an ``Emit``, a ``Generated``) and
    a few plain builtins: never a function, so unpickling runs no code of the file's."""

    def find_class(self, module: str, name: str) -> Any:
        if module == "builtins" and name in _SAFE_BUILTINS:
            return super().find_class(module, name)
        if module == "puzzlekit" or module.startswith("puzzlekit."):
            found = super().find_class(module, name)
            if isinstance(found, type) and (dataclasses.is_dataclass(found) or issubclass(found, enum.Enum)):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not a result of puzzlekit's")
