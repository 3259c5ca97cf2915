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
import signal
import threading
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from contextlib import contextmanager
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

    def finished_now(self) -> list[Event]:
        """Outcomes already back but not yet polled (a stopping run keeps them), without
        waiting and without starting anything new."""
        ...


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

    def finished_now(self) -> list[Event]:
        return []


def make_pool(
    func: Callable[[Any], Any], jobs: int, cluster: Any, on_progress: ProgressCallback | None
) -> InlinePool | Pool:
    if cluster is not None:
        from puzzlekit.batching.cluster import DaskPool  # Dask, an optional extra: only for a cluster

        return DaskPool(func, cluster, watched=on_progress is not None)
    processes = resolve_jobs(jobs)
    if processes <= 1:
        return InlinePool(func, on_progress)
    from puzzlekit.batching.pool import LocalPool  # concurrent.futures: off the start-up path

    return LocalPool(func, processes)


def ordered(
    func: Callable[[Any], Any],
    items: Iterable[Any],
    *,
    jobs: int = 1,
    cluster: Any = None,
    window: int | None = None,
    on_progress: ProgressCallback | None = None,
    ready: Mapping[int, Any] | None = None,
    on_held: Callable[[Done], None] | None = None,
) -> Generator[Done | Failed, None, None]:
    """``func`` over ``items`` as ``Done``/``Failed`` outcomes, in input order, streamed.

    ``jobs``: processes on this machine (1: this process; 0: every core).  ``cluster``:
    a Dask scheduler address (``tcp://host:8786``), a ``distributed.Client`` or a cluster
    object; it wins over ``jobs``.  ``func`` and the items must pickle when they run
    elsewhere.  An error raised while reading ``items`` is raised once every item before
    it has come out.

    ``ready``: results already known, by index (a resumed run's), which are not run
    again.  ``on_held``: called once for each result that finished while an earlier item
    is still running, and for those back when the run is stopped early, so the caller
    can keep them safe until their turn.
    """
    pool = make_pool(func, jobs, cluster, on_progress)
    return _ordered(pool, iter(items), window, on_progress, ready or {}, on_held)


def _ordered(
    pool: InlinePool | Pool,
    source: Iterator[Any],
    window: int | None,
    on_progress: ProgressCallback | None,
    ready: Mapping[int, Any],
    on_held: Callable[[Done], None] | None,
) -> Generator[Done | Failed, None, None]:
    clean = False
    held: dict[int, Done | Failed] = {}
    kept: set[int] = set()
    next_out = 0
    try:
        size = window or getattr(pool, "window", None) or max(4 * pool.capacity, 8)
        inflight: dict[int, Any] = {}
        submitted = 0
        arrived: list[int] = []
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
                if submitted in ready:  # finished before the run was stopped: not again
                    held[submitted] = Done(submitted, ready[submitted])
                    kept.add(submitted)
                else:
                    pool.submit(submitted, arg)
                    inflight[submitted] = arg
                submitted += 1
            while next_out in held:
                inflight.pop(next_out, None)
                kept.discard(next_out)
                yield held.pop(next_out)
                next_out += 1
            if on_held is not None and arrived:
                _keep([held[i] for i in arrived if i in held], kept, on_held)
            arrived = []
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
                    arrived.append(event.index)
        clean = True
        if broken is not None:
            raise broken
    finally:
        if clean:
            pool.close()
        else:
            with _no_second_interrupt():
                _stop(pool, held, kept, next_out, on_held)


def _keep(outcomes: Iterable[Done | Failed], kept: set[int], on_held: Callable[[Done], None]) -> None:
    for outcome in list(outcomes):
        if isinstance(outcome, Done) and outcome.index not in kept:
            kept.add(outcome.index)
            on_held(outcome)


def _stop(
    pool: InlinePool | Pool,
    held: dict[int, Done | Failed],
    kept: set[int],
    next_out: int,
    on_held: Callable[[Done], None] | None,
) -> None:
    """A run stopped early: keep what finished (held back, or back but not yet polled),
    then stop the workers at once."""
    try:
        if on_held is not None:
            back = [e for e in pool.finished_now() if isinstance(e, Done) and e.index >= next_out]
            _keep([*held.values(), *back], kept, on_held)
    finally:
        pool.close(kill=True)


@contextmanager
def _no_second_interrupt() -> Iterator[None]:
    """While a stopped run keeps its results and stops its workers, a second Ctrl-C
    must not cut that short (issue 13: it left the workers running)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)


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
