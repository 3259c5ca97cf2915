"""Items on a Dask distributed cluster (the ``cluster`` extra).

A user with many machines starts ``dask scheduler`` and a ``dask worker`` on each, and
gives the scheduler's address: Dask does the placing, retries and bookkeeping, and this
module only submits items (a bounded window of them, so a million items never sit in
memory at once) and hands finished ones back as they arrive.
"""

from __future__ import annotations

import queue
import time
import uuid
from collections.abc import Callable
from typing import Any

from puzzlekit.batching.events import Done, Event, Failed, Progress, run_item
from puzzlekit.batching.pool import PROGRESS_EVERY
from puzzlekit.errors import MissingExtra, PuzzlekitError, UsageError

TASK_SECONDS = 0.2
"""How long one Dask task should take at least: tiny items (a 5x5 solve) travel in chunks
this long, so Dask's own cost per task (about a millisecond) is shared by many items."""
SCHEDULER_RATE = 500
"""Tasks a second the scheduler is asked to place at most: on a big cluster tasks grow
longer (one worker thread in 500 asks for a task each second)."""
MAX_CHUNK = 256

CONNECT_TIMEOUT = "10s"
"""How long to keep trying a scheduler that does not answer."""
RESULT_TIMEOUT = 20.0
"""Seconds to wait for a finished task's result: a result kept on a worker that died
before it was fetched is lost (Dask would make it again, or wait for ever), so the task
is sent again instead, once."""
NO_WORKERS_TIMEOUT = 60.0
"""Seconds a run waits for a scheduler that has no workers (none started, or all dead
and not coming back) before it stops, instead of waiting for ever."""

INSTALL = "the cluster extra is not installed: pip install 'puzzlekit-engine[cluster]' (dask[distributed])"


def connect(cluster: Any) -> tuple[Any, bool]:
    """A ``distributed.Client`` for an address, a cluster object or a client; and whether
    it is ours to close."""
    try:
        from distributed import Client
    except ImportError:
        raise MissingExtra(INSTALL) from None
    if isinstance(cluster, Client):
        return cluster, False
    if isinstance(cluster, str):
        _check_address(cluster)
    try:
        return Client(cluster, timeout=CONNECT_TIMEOUT, set_as_default=False), True  # type: ignore[no-untyped-call,unused-ignore]
    except Exception as err:  # unreachable, refused, or not an address at all ("?")
        where = cluster if isinstance(cluster, str) else getattr(cluster, "scheduler_address", cluster)
        raise PuzzlekitError(f"cannot reach the Dask scheduler at {where}: {err}") from None


def _check_address(address: str) -> None:
    """Refuse what is no scheduler address before a Client is made of it (a half-made
    Client waits 20 s to close)."""
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        _, location = parse_address(address)
        parse_host_port(location)
    except (ValueError, TypeError) as err:
        example = "such as tcp://host:8786"
        raise UsageError(f"--cluster {address!r} is not a Dask scheduler address {example} ({err})") from None


class DaskPool:
    """Items as Dask tasks; every outcome comes back through one queue."""

    def __init__(self, func: Callable[[Any], Any], cluster: Any, watched: bool = False) -> None:
        self.func = func
        self.client, self.own = connect(cluster)
        self.token = uuid.uuid4().hex[:12]
        self.progress: queue.SimpleQueue[Progress] = queue.SimpleQueue()
        self.topic: str | None = None
        if watched:  # items say how far along they are through Dask's event topics
            self.topic = f"puzzlekit-progress-{self.token}"
            self.client.subscribe_topic(self.topic, self._heard)
        self.futures: dict[str, tuple[list[tuple[int, Any]], Any]] = {}
        """Tasks out, by key: their items (index and argument) and their future."""
        self.finished: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.chunk = 1
        self.buffer: list[tuple[int, Any]] = []
        self.spent = 0.0
        self.count = 0
        self._looked = -1e9
        self._threads = 1
        self._staffed = time.monotonic()
        """When the scheduler was last seen with a worker."""
        self._sends = 0
        self._again: set[int] = set()
        """Items already sent again after their result was lost."""

    @property
    def window(self) -> int:
        """Items in flight or held back: enough that every worker thread has chunks queued."""
        return max(1024, 8 * self.capacity)

    @property
    def capacity(self) -> int:
        """The threads of every worker connected (looked up again every few seconds:
        workers come and go)."""
        now = time.monotonic()
        if now - self._looked >= 5:
            self._looked = now
            try:
                threads = sum(self.client.nthreads().values())
            except Exception:
                threads = self._threads  # (asked again in a few seconds)
            if threads:
                self._staffed = now
            self._threads = max(1, threads)
        return self._threads

    def _check_staffed(self) -> None:
        """Stop a run whose scheduler has had no worker for ``NO_WORKERS_TIMEOUT``."""
        if self.futures and time.monotonic() - self._staffed > NO_WORKERS_TIMEOUT:
            where = getattr(self.client, "scheduler", None)
            address = getattr(where, "address", "the scheduler")
            raise PuzzlekitError(
                f"the Dask scheduler at {address} has had no workers for {NO_WORKERS_TIMEOUT:g} s; "
                f"start some (dask worker {address}), then add --resume"
            )

    def submit(self, index: int, arg: Any) -> None:
        self.buffer.append((index, arg))
        if len(self.buffer) >= self.chunk:
            self._pump()

    def _pump(self) -> None:
        """Buffered items as tasks of ``chunk`` items, while fewer than two tasks per
        worker thread are out (the first few go alone, to learn what an item costs)."""
        while self.buffer and len(self.futures) < 2 * self.capacity + 2:
            chunk, self.buffer = self.buffer[: self.chunk], self.buffer[self.chunk :]
            self._send(chunk)

    def _send(self, chunk: list[tuple[int, Any]], suffix: str = "") -> None:
        key = f"puzzlekit-{self.token}-{chunk[0][0]}{suffix}"
        if key in self.futures or suffix:  # (a key is never used twice)
            self._sends += 1
            key = f"{key}-{self._sends}"
        future = self.client.submit(run_chunk, self.func, chunk, self.topic, key=key, pure=False)
        self.futures[key] = (chunk, future)
        future.add_done_callback(self.finished.put)

    def _learn(self, seconds: float, items: int) -> None:
        """Size the next chunks from what the items so far cost."""
        self.spent += seconds
        self.count += items
        mean = self.spent / max(1, self.count)
        target = max(TASK_SECONDS, self.capacity / SCHEDULER_RATE)
        self.chunk = max(1, min(MAX_CHUNK, int(target / mean) if mean > 0 else MAX_CHUNK))

    def _heard(self, event: tuple[float, Any]) -> None:
        """A worker's progress message (called on the client's own thread)."""
        message = event[1]
        if isinstance(message, dict) and isinstance(message.get("index"), int):
            self.progress.put(Progress(message["index"], dict(message.get("info") or {})))

    def poll(self, timeout: float) -> list[Event]:
        self._pump()  # the executor waits: a partial chunk must not wait with it
        self._check_staffed()
        events: list[Event] = []
        while True:
            try:
                events.append(self.progress.get_nowait())
            except queue.Empty:
                break
        try:
            future = self.finished.get(timeout=0 if events else timeout)
        except queue.Empty:
            return events
        while True:
            events.extend(self._outcome(future))
            try:
                future = self.finished.get_nowait()
            except queue.Empty:
                return events

    def _outcome(self, future: Any) -> list[Event]:
        entry = self.futures.pop(future.key, None)
        if entry is None:
            return []
        chunk = entry[0]
        indexes = [index for index, _ in chunk]
        try:
            if future.status == "finished":
                outcomes, seconds = future.result(timeout=RESULT_TIMEOUT)
                self._learn(seconds, len(outcomes))
                return list(outcomes)
            if future.status == "cancelled":
                return [Failed(i, "its task was cancelled on the cluster") for i in indexes]
            error = future.exception(timeout=RESULT_TIMEOUT)
        except Exception as err:  # the result was lost with its worker, or the connection broke
            error = err
        finally:
            future.release()
        if error is None or isinstance(error, TimeoutError):  # lost with a worker that died
            fresh = [one for one in chunk if one[0] not in self._again]
            self._again.update(index for index, _ in fresh)
            if fresh:
                self._send(fresh, "-again")
            lost = "its result was lost with a Dask worker that died, twice"
            return [Failed(i, lost, died=True) for i in indexes if i not in {j for j, _ in fresh}]
        if type(error).__name__ == "KilledWorker" and len(chunk) > 1:
            for one in chunk:  # which item of the chunk killed its workers? each alone, once
                self._send([one], "-alone")
            return []
        if type(error).__name__ == "KilledWorker":
            return [Failed(i, f"the Dask workers running it died ({error})", died=True) for i in indexes]
        return [Failed(i, f"the cluster could not run it: {type(error).__name__}: {error}") for i in indexes]

    def finished_now(self) -> list[Event]:
        """Tasks already finished but not yet polled, fetched for at most a second (a
        stopping run keeps them; it must stop promptly all the same)."""
        deadline = time.monotonic() + 1.0
        events: list[Event] = []
        while time.monotonic() < deadline:
            try:
                future = self.finished.get_nowait()
            except queue.Empty:
                break
            events.extend(e for e in self._outcome(future) if not isinstance(e, Progress))
        return events

    def close(self, kill: bool = False) -> None:
        self.buffer = []
        pending = [future for _, future in self.futures.values()]
        self.futures = {}
        try:
            if self.topic is not None:
                self.client.unsubscribe_topic(self.topic)
            if pending:
                self.client.cancel(pending, force=True)
        finally:
            if self.own:
                self.client.close(timeout=2 if kill else 10)


def run_chunk(
    func: Callable[[Any], Any], chunk: list[tuple[int, Any]], topic: str | None = None
) -> tuple[list[Done | Failed], float]:
    """One Dask task: several consecutive items, and the seconds they took together."""
    started = time.perf_counter()
    outcomes = [run_item(func, index, arg, _Announcer(topic, index) if topic else None) for index, arg in chunk]
    return outcomes, time.perf_counter() - started


class _Announcer:
    """Sends the running item's progress to the client as a Dask event, at most every
    ``PROGRESS_EVERY`` seconds."""

    def __init__(self, topic: str, index: int) -> None:
        self.topic, self.index, self.last = topic, index, 0.0

    def __call__(self, info: dict[str, int]) -> None:
        now = time.monotonic()
        if not self.topic or now - self.last < PROGRESS_EVERY:
            return
        self.last = now
        try:
            from distributed import get_worker

            get_worker().log_event(self.topic, {"index": self.index, "info": dict(info)})
        except Exception:  # progress is a nicety: never a reason for an item to fail
            self.topic = ""
