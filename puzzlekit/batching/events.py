"""What a batch backend reports about an item: done, failed, or how far along it is.

Every backend (this process, local workers, a Dask cluster) runs an item through
``run_item``, so an item's error means the same everywhere: a one-line message, never a
traceback from another machine.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from puzzlekit.errors import PuzzlekitError

Reporter = Callable[[dict[str, int]], None]

reporter: ContextVar[Reporter | None] = ContextVar("puzzlekit_batch_reporter", default=None)
"""Where the running item says how far along it is (``{"attempt": 3, "removed": 40}``);
None when nobody is watching (a cluster worker)."""


@dataclass(frozen=True)
class Done:
    index: int
    value: Any


@dataclass(frozen=True)
class Failed:
    index: int
    message: str
    died: bool = False
    """True when the process running the item died (killed, out of memory)."""
    error: BaseException | None = field(default=None, compare=False)
    """The exception itself, when the item ran in this process (it need not pickle)."""
    item: Any = field(default=None, compare=False)
    """The item that failed (set by the executor, which still holds it)."""


@dataclass(frozen=True)
class Progress:
    index: int
    info: dict[str, int] = field(default_factory=dict)


Event = Done | Failed | Progress


def run_item(
    func: Callable[[Any], Any], index: int, arg: Any, report: Reporter | None = None, here: bool = False
) -> Done | Failed:
    """``func(arg)`` as an event; the project's own errors become their one-line message
    (``here``: keep the exception too, for a caller in this process to raise)."""
    token = reporter.set(report)
    try:
        return Done(index, func(arg))
    except PuzzlekitError as err:
        return Failed(index, str(err), error=err if here else None)
    except Exception as err:  # a bug in a task: still one line, naming the item
        return Failed(index, f"{type(err).__name__}: {err}", error=err if here else None)
    finally:
        reporter.reset(token)


def tell(info: dict[str, int]) -> None:
    """Say how far the running item is (a no-op when nobody is watching)."""
    report = reporter.get()
    if report is not None:
        report(info)
