"""One ordered, streaming map over items, in this process, on local processes or on a
Dask cluster: the same outcomes in the same order whichever runs them.

Outcomes come back in input order as soon as they can: a late item holds back only
what comes after it.  At most ``window`` items are in flight or held back at once, so
a million items never sit in memory together.  Whatever ends the run early (an
interrupt, the caller stopping after a failed item), the workers are stopped before
the iterator returns.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import replace
from typing import Any, Protocol

from puzzlekit.batching.events import Done, Event, Failed, Progress, run_item
from puzzlekit.errors import PuzzlekitError, UsageError

MAX_JOBS = 1024
"""More local processes than this is a typo, not a plan."""

ProgressCallback = Callable[[int, dict[str, int]], None]


class Pool(Protocol):
    @property
    def capacity(self) -> int: ...

    def submit(self, index: int, arg: Any) -> None: ...

    def poll(self, timeout: float) -> list[Event]: ...

    def close(self, kill: bool = False) -> None: ...


def every_core() -> int:
    """The cores this process may use (``--jobs 0``)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def resolve_jobs(jobs: int) -> int:
    """``jobs`` as a number of processes: 0 means every core."""
    if type(jobs) is not int or not 0 <= jobs <= MAX_JOBS:
        raise UsageError(f"jobs is 0 (every core) to {MAX_JOBS} processes, not {jobs!r}")
    return every_core() if jobs == 0 else jobs


class InlinePool:
    """This process: each item runs when its outcome is wanted."""

    capacity = 1

    def __init__(self, func: Callable[[Any], Any], on_progress: ProgressCallback | None) -> None:
        self.func = func
        self.on_progress = on_progress
        self.queue: list[tuple[int, Any]] = []

    def submit(self, index: int, arg: Any) -> None:
        self.queue.append((index, arg))

    def poll(self, timeout: float) -> list[Event]:
        if not self.queue:
            return []
        index, arg = self.queue.pop(0)
        report = None
        if self.on_progress is not None:
            on_progress = self.on_progress

            def report(info: dict[str, int]) -> None:
                on_progress(index, info)

        return [run_item(self.func, index, arg, report, here=True)]

    def close(self, kill: bool = False) -> None:
        self.queue = []


def make_pool(
    func: Callable[[Any], Any], jobs: int, cluster: Any, on_progress: ProgressCallback | None
) -> InlinePool | Pool:
    if cluster is not None:
        from puzzlekit.batching.cluster import DaskPool

        return DaskPool(func, cluster, watched=on_progress is not None)
    processes = resolve_jobs(jobs)
    if processes <= 1:
        return InlinePool(func, on_progress)
    from puzzlekit.batching.pool import LocalPool

    return LocalPool(func, processes)


def ordered(
    func: Callable[[Any], Any],
    items: Iterable[Any],
    *,
    jobs: int = 1,
    cluster: Any = None,
    window: int | None = None,
    on_progress: ProgressCallback | None = None,
) -> Generator[Done | Failed, None, None]:
    """``func`` over ``items`` as ``Done``/``Failed`` outcomes, in input order, streamed.

    ``jobs``: processes on this machine (1: this process; 0: every core).  ``cluster``:
    a Dask scheduler address (``tcp://host:8786``), a ``distributed.Client`` or a cluster
    object; it wins over ``jobs``.  ``func`` and the items must pickle when they run
    elsewhere.  An error raised while reading ``items`` is raised once every item before
    it has come out.
    """
    pool = make_pool(func, jobs, cluster, on_progress)
    return _ordered(pool, iter(items), window, on_progress)


def _ordered(
    pool: InlinePool | Pool, source: Iterator[Any], window: int | None, on_progress: ProgressCallback | None
) -> Generator[Done | Failed, None, None]:
    clean = False
    try:
        size = window or getattr(pool, "window", None) or max(4 * pool.capacity, 8)
        held: dict[int, Done | Failed] = {}
        inflight: dict[int, Any] = {}
        submitted = next_out = 0
        exhausted = False
        broken: PuzzlekitError | None = None
        while True:
            while not exhausted and submitted - next_out < size:
                try:
                    arg = next(source)
                except StopIteration:
                    exhausted = True
                    break
                except PuzzlekitError as err:  # a bad file among the sources, say
                    exhausted, broken = True, err
                    break
                pool.submit(submitted, arg)
                inflight[submitted] = arg
                submitted += 1
            while next_out in held:
                inflight.pop(next_out, None)
                yield held.pop(next_out)
                next_out += 1
            if exhausted and next_out == submitted:
                break
            if next_out in held:
                continue
            for event in pool.poll(0.25):
                if isinstance(event, Progress):
                    if on_progress is not None:
                        on_progress(event.index, event.info)
                elif isinstance(event, Failed):
                    held[event.index] = replace(event, item=inflight.get(event.index))
                else:
                    held[event.index] = event
        clean = True
        if broken is not None:
            raise broken
    finally:
        pool.close(kill=not clean)


class BatchError(PuzzlekitError):
    """An item of a batch failed; every item before it was handed out."""

    def __init__(self, index: int, message: str, died: bool = False) -> None:
        self.index = index
        self.message = message
        self.died = died
        super().__init__(f"item {index}: {message}")


def batch(
    func: Callable[[Any], Any],
    items: Iterable[Any],
    *,
    jobs: int = 1,
    cluster: Any = None,
    window: int | None = None,
) -> Iterator[Any]:
    """``func(item)`` for every item, yielded in input order as they finish.

    The library's batch engine: ``jobs`` local processes (0: every core) or a Dask
    ``cluster`` (an address, a Client or a cluster object).  A failed item raises
    ``BatchError`` (with ``.index``; in this process, the item's own exception) after every
    result before it was yielded, and stops
    the workers; so does leaving the loop early.
    """
    for outcome in ordered(func, items, jobs=jobs, cluster=cluster, window=window):
        if isinstance(outcome, Failed):
            if outcome.error is not None:
                raise outcome.error
            raise BatchError(outcome.index, outcome.message, outcome.died)
        yield outcome.value
