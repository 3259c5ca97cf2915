"""Local worker processes that a Ctrl-C or a dead worker cannot hang.

``concurrent.futures.ProcessPoolExecutor`` was the old engine.  A Ctrl-C reaches every
process of the terminal's process group, so its workers were interrupted mid-item
while the parent, inside the pool's ``with`` block, went on waiting at shutdown for the
items already submitted (the first Ctrl-C looked ignored; issue 13 saw a second one
leave the parent and both workers waiting forever), and a worker killed by the system
broke the whole pool without saying which item it held.
Here each worker ignores SIGINT (the parent alone decides), runs one item at a time
sent over its own pipe, and the parent watches every worker's sentinel: it knows which
item a dead worker held, and on an interrupt it kills the workers itself.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any

from puzzlekit.batching.events import Done, Event, Failed, Progress, run_item
from puzzlekit.errors import PuzzlekitError

PROGRESS_EVERY = 0.2
"""Seconds between progress messages a worker sends for its item."""
PARENT_CHECK = 1.0
"""Seconds an idle worker waits before checking that its parent is still there."""


@dataclass
class _Worker:
    process: Any  # multiprocessing.Process (typed loosely: contexts return their own class)
    conn: Connection
    item: int | None = None
    started: float = field(default=0.0)


def _context() -> Any:
    """fork where there is one (a worker is ready in milliseconds), else spawn."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _serve(conn: Connection, func: Callable[[Any], Any], inherited: list[Connection], parent: int) -> None:
    """A worker's life: items in, outcomes out, until told to stop, the pipe closes, or
    the parent is gone (a SIGKILLed parent must not leave workers behind)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for other in inherited:  # the parent's ends of every pipe, copied by fork
        other.close()
    try:
        while True:
            if not conn.poll(PARENT_CHECK):
                if os.getppid() != parent:
                    return
                continue
            message = conn.recv()
            if message is None:
                return
            index, arg = message
            conn.send(run_item(func, index, arg, _Reporter(conn, index)))
    except (EOFError, OSError):
        return  # the parent went away


class _Reporter:
    """Sends the running item's progress to the parent, at most every ``PROGRESS_EVERY``."""

    def __init__(self, conn: Connection, index: int) -> None:
        self.conn, self.index, self.last = conn, index, 0.0

    def __call__(self, info: dict[str, int]) -> None:
        now = time.monotonic()
        if now - self.last >= PROGRESS_EVERY:
            self.last = now
            self.conn.send(Progress(self.index, dict(info)))


class LocalPool:
    """Up to ``jobs`` worker processes, started only when there is an item for them."""

    def __init__(self, func: Callable[[Any], Any], jobs: int) -> None:
        self.func = func
        self.jobs = max(1, jobs)
        self.workers: list[_Worker] = []
        self.queue: list[tuple[int, Any]] = []
        self._ctx = _context()

    @property
    def capacity(self) -> int:
        return self.jobs

    def submit(self, index: int, arg: Any) -> None:
        self.queue.append((index, arg))
        self._dispatch()

    def _dispatch(self) -> None:
        """Queued items to idle workers, starting workers (up to ``jobs``) as needed."""
        fresh_failures = 0
        while self.queue:
            worker = next((w for w in self.workers if w.item is None and w.process.is_alive()), None)
            fresh = worker is None
            if worker is None:
                if len(self.workers) >= self.jobs:
                    return
                worker = self._start()
            if self._send(worker, *self.queue[0]):
                self.queue.pop(0)
                continue
            self._forget(worker)  # it died idle: nothing of its own is lost
            fresh_failures += fresh
            if fresh_failures >= 3:
                raise PuzzlekitError("local worker processes die as soon as they start; try --jobs 1")

    def _start(self) -> _Worker:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()  # a forked child must not write the parent's buffers again
        parent, child = self._ctx.Pipe()
        inherited = [parent, *(w.conn for w in self.workers)]
        if self._ctx.get_start_method() != "fork":
            inherited = []  # a spawned child inherits no connections
        process = self._ctx.Process(target=_serve, args=(child, self.func, inherited, os.getpid()), daemon=True)
        process.start()
        child.close()
        worker = _Worker(process, parent)
        self.workers.append(worker)
        return worker

    def _send(self, worker: _Worker, index: int, arg: Any) -> bool:
        """Give ``worker`` the item; False when the worker is gone."""
        try:
            worker.conn.send((index, arg))
        except OSError:
            return False
        worker.item = index
        worker.started = time.monotonic()
        return True

    def poll(self, timeout: float) -> list[Event]:
        """Whatever happened within ``timeout`` seconds: finished items, progress, deaths."""
        if not any(w.item is not None for w in self.workers):
            return []
        watched: dict[Any, _Worker] = {}
        for w in self.workers:
            watched[w.process.sentinel] = w  # idle ones too: a dead worker is noticed at once
            if w.item is not None:
                watched[w.conn] = w
        events: list[Event] = []
        for ready in wait(list(watched), timeout):
            worker = watched[ready]
            if worker not in self.workers:
                continue
            if ready is worker.conn:
                try:
                    events += self._drain(worker)
                    continue
                except (EOFError, OSError):
                    pass  # the pipe broke: the worker is dying; its sentinel says how
            events += self._buried(worker)
        self._dispatch()
        return events

    def _drain(self, worker: _Worker) -> list[Event]:
        """The messages waiting in a worker's pipe, up to its item's outcome."""
        events: list[Event] = []
        while worker.item is not None and worker.conn.poll():
            message = worker.conn.recv()
            events.append(message)
            if isinstance(message, Done | Failed):
                worker.item = None
        return events

    def _buried(self, worker: _Worker) -> list[Event]:
        """A worker that died: what it sent first, then its item reported failed (the
        worker is replaced when there is work for it)."""
        events: list[Event] = []
        with contextlib.suppress(EOFError, OSError):
            events += self._drain(worker)  # an outcome sent just before dying still counts
        self._forget(worker)
        if worker.item is not None:
            how = _how(worker.process.exitcode)
            events.append(Failed(worker.item, f"its worker process died ({how})", died=True))
        return events

    def _forget(self, worker: _Worker) -> None:
        worker.process.join(5)
        self.workers.remove(worker)
        worker.conn.close()

    def finished_now(self) -> list[Event]:
        """Outcomes sitting in the pipes, read without waiting (a stopping run keeps them)."""
        events: list[Event] = []
        for worker in self.workers:
            with contextlib.suppress(EOFError, OSError):
                events += self._drain(worker)
        return [e for e in events if isinstance(e, Done | Failed)]

    def close(self, kill: bool = False) -> None:
        """Stop every worker: politely when the run is over, at once when it was stopped."""
        for worker in self.workers:
            if kill:
                _kill(worker.process)
            else:
                with contextlib.suppress(OSError):
                    worker.conn.send(None)
        deadline = time.monotonic() + (1.0 if kill else 5.0)
        for worker in self.workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
            if worker.process.is_alive():
                _kill(worker.process)
                worker.process.join(1)
            worker.conn.close()
        self.workers = []
        self.queue = []


def _kill(process: Any) -> None:
    try:
        if process.pid is not None:
            os.kill(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _how(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        try:
            return f"killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"killed by signal {-exitcode}"
    return f"exit code {exitcode}"
