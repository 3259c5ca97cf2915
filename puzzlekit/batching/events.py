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


@dataclass(frozen=True)
class Progress:
    index: int
    info: dict[str, int] = field(default_factory=dict)


Event = Done | Failed | Progress


def run_item(func: Callable[[Any], Any], index: int, arg: Any, report: Reporter | None = None) -> Done | Failed:
    """``func(arg)`` as an event; the project's own errors become their one-line message."""
    token = reporter.set(report)
    try:
        return Done(index, func(arg))
    except PuzzlekitError as err:
        return Failed(index, str(err))
    except Exception as err:  # a bug in a task: still one line, naming the item
        return Failed(index, f"{type(err).__name__}: {err}")
    finally:
        reporter.reset(token)


def tell(info: dict[str, int]) -> None:
    """Say how far the running item is (a no-op when nobody is watching)."""
    report = reporter.get()
    if report is not None:
        report(info)
