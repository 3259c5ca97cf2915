"""A progress bar on standard error, for people watching a terminal, and nobody else.

It is drawn only when stderr is a terminal, never on stdout: piped or redirected
output stays byte for byte what it is without a terminal.  It shows the count, the
rate and the time left, and what the item being worked on is doing (a generator's
attempts and clues removed), so one long puzzle shows life too.  When stdout is the
same terminal, finished items are printed above the bar instead of through it.
"""

from __future__ import annotations

import os
import sys
from typing import Any


def wanted() -> bool:
    """Only a person at a terminal sees a bar: stderr must be one."""
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def same_terminal() -> bool:
    """Are stdout and stderr the one terminal (so output would cross the bar)?"""
    try:
        if not (sys.stdout.isatty() and sys.stderr.isatty()):
            return False
        return os.fstat(sys.stdout.fileno()).st_rdev == os.fstat(sys.stderr.fileno()).st_rdev
    except (AttributeError, ValueError, OSError):
        return False


def rate(speed: float | None) -> str:
    """Items per second, or seconds per item when they are slow."""
    if not speed:
        return "-/s"
    return f"{speed:.1f}/s" if speed >= 1 else f"{1 / speed:.1f} s each"


def _progress() -> Any:
    """rich's Progress with our columns (rich is imported only when a bar is drawn)."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class RateColumn(ProgressColumn):
        def render(self, task: Task) -> Text:
            return Text(rate(task.finished_speed or task.speed), style="progress.data.speed")

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        TextColumn("{task.fields[now]}", style="dim"),
        console=Console(stderr=True),
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
    )


def describe(index: int, info: dict[str, int]) -> str:
    """What the running item says of itself, in words."""
    words = []
    if "attempt" in info:
        words.append(f"attempt {info['attempt']}")
    if "removed" in info:
        words.append(f"{info['removed']} clues removed")
    words += [f"{k} {v}" for k, v in info.items() if k not in ("attempt", "removed")]
    return f"#{index + 1}: " + ", ".join(words) if words else ""


class Bar:
    """The bar of one run; a no-op unless ``enabled`` (default: stderr is a terminal)."""

    def __init__(self, label: str, total: int | None, *, done: int = 0, enabled: bool | None = None) -> None:
        self.enabled = wanted() if enabled is None else enabled
        self.label = label
        self.total = total
        self.done = done
        self._progress: Any = None
        self._task: Any = None

    def __enter__(self) -> Bar:
        if self.enabled:
            self._progress = _progress()
            self._progress.start()
            self._task = self._progress.add_task(self.label, total=self.total, completed=self.done, now="")
        return self

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None

    def advance(self) -> None:
        if self._progress is not None:
            self._progress.update(self._task, advance=1, now="")

    def item(self, index: int, info: dict[str, int]) -> None:
        if self._progress is not None:
            self._progress.update(self._task, now=describe(index, info))

    def note(self, line: str) -> None:
        """A line for stderr (a warning) that does not cross the bar."""
        if self._progress is not None:
            self._progress.console.print(line, markup=False, highlight=False, soft_wrap=True)
        else:
            print(line, file=sys.stderr, flush=True)

    def printer(self) -> Any:
        """The console to print finished items on when stdout is this same terminal, else None."""
        if self._progress is not None and same_terminal():
            return self._progress.console
        return None
