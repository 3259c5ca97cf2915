"""Enforcing the limits (``puzzlekit.web.limits``) inside the ASGI app.

All work runs in worker threads, in slots: solves (with the budget passed to the solver
as its timeout, so a slow puzzle ends itself) in ``limits.solves`` of them, reading and
checking a puzzle in ``limits.reads`` others.  A request that finds every slot of its
kind taken waits a moment and then gets 429, never a queue that grows without end.
Boards are kept between moves in a cache bounded by the memory they hold.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, TypeVar

import anyio.to_thread
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from puzzlekit.web.jobs import run_stoppable
from puzzlekit.web.limits import Limits
from puzzlekit.web.play import Board, Busy

T = TypeVar("T")


class Slots:
    """At most ``count`` calls at once, each in a worker thread (or a child process that
    can be stopped); 429 after ``wait`` seconds without a free slot."""

    def __init__(self, count: int, wait: float, busy_words: str, budget: float = 10.0) -> None:
        self.count = count
        self.wait = wait
        self.busy_words = busy_words
        self.budget = budget
        self._sem: asyncio.Semaphore | None = None
        self.busy = 0
        """Slots taken now."""

    async def run(self, func: Callable[[], T]) -> T:
        await self._take()
        try:
            return await anyio.to_thread.run_sync(func)
        finally:
            self._release()

    async def run_stoppable(self, func: Callable[[], Any], gone: Callable[[], Awaitable[bool]]) -> Any:
        """``func`` in a child process that is killed when ``gone()`` says the client left
        (``puzzlekit.web.jobs``): a cancelled generation frees its slot at once."""
        await self._take()
        try:
            return await run_stoppable(func, gone, self.budget)
        finally:
            self._release()

    async def _take(self) -> None:
        if self._sem is None:  # made inside the running loop
            self._sem = asyncio.Semaphore(self.count)
        try:
            await asyncio.wait_for(self._sem.acquire(), timeout=self.wait)
        except TimeoutError:
            raise Busy(f"{self.busy_words} ({self.count} at once); try again in a moment") from None
        self.busy += 1

    def _release(self) -> None:
        assert self._sem is not None
        self.busy -= 1
        self._sem.release()


class SolveSlots(Slots):
    """At most ``limits.solves`` solver calls at once."""

    def __init__(self, limits: Limits) -> None:
        super().__init__(limits.solves, limits.wait, "every solver is busy", limits.budget)
        self.limits = limits


class ReadSlots(Slots):
    """At most ``limits.reads`` requests reading, checking or drawing a puzzle at once."""

    def __init__(self, limits: Limits) -> None:
        super().__init__(limits.reads, limits.wait, "the server is busy reading other puzzles", limits.budget)


BYTES_PER_VARIABLE = 2048
"""What a board kept in :class:`BoardCache` holds per variable, about: its model (domains,
propagators, their indexes) and places, measured at 1.7-2.5 KiB on 50x50 boards of every
genre (a 50x50 Slitherlink, 5,100 variables, holds 9.5 MB)."""


def board_bytes(board: Board) -> int:
    """The memory a board holds, estimated from its variables and its text."""
    return (
        BYTES_PER_VARIABLE * len(board.blank)
        + 2 * len(board.puzzle.block.source)
        + 4 * sum(len(row) for row in board.puzzle.block.rows)
    )


class BoardCache:
    """Boards by key, least recently used dropped first once they hold more than
    ``max_bytes`` (estimated by :func:`board_bytes`).  Only boards the server plays go in:
    one over the cells cap is refused before it is built.  Thread-safe."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._boards: OrderedDict[Hashable, tuple[Board, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], Board]) -> Board:
        with self._lock:
            kept = self._boards.get(key)
            if kept is not None:
                self._boards.move_to_end(key)
                return kept[0]
        board = make()  # outside the lock: two players may build one board at once, no harm
        size = board_bytes(board)
        with self._lock:
            if key not in self._boards and size <= self.max_bytes:
                self._boards[key] = (board, size)
                self.bytes += size
                while self.bytes > self.max_bytes:
                    _, (_, dropped) = self._boards.popitem(last=False)
                    self.bytes -= dropped
        return board

    def __len__(self) -> int:
        return len(self._boards)


class BodyLimit:
    """ASGI middleware: refuse a request body over ``max_bytes`` with 413 before the app
    reads it (declared by Content-Length or streamed, alike), and one that has not all
    arrived ``timeout`` seconds after the headers with 408 (a slow client holds no
    worker: the body is read here, on the event loop, before any work starts)."""

    def __init__(self, app: ASGIApp, max_bytes: int, timeout: float | None = None) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_bytes):
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        loop = asyncio.get_running_loop()
        deadline = None if self.timeout is None else loop.time() + self.timeout
        while more:
            try:
                left = None if deadline is None else max(0.0, deadline - loop.time())
                message = await asyncio.wait_for(receive(), timeout=left)
            except TimeoutError:
                await self._slow(send)
                return
            if message["type"] == "http.disconnect":
                return
            body = message.get("body", b"")
            size += len(body)
            if size > self.max_bytes:
                await self._refuse(send)
                return
            chunks.append(body)
            more = message.get("more_body", False)
        replay: list[Message] = [{"type": "http.request", "body": b"".join(chunks), "more_body": False}]

        async def replayed() -> Message:
            return replay.pop() if replay else await receive()

        await self.app(scope, replayed, send)

    async def _refuse(self, send: Send) -> None:
        await _error(send, 413, f"the request body is over {self.max_bytes} bytes")

    async def _slow(self, send: Send) -> None:
        await _error(send, 408, f"the request body did not arrive within {self.timeout:g} s", close=True)


async def _error(send: Send, status: int, message: str, close: bool = False) -> None:
    """A JSON error answer sent from a middleware; ``close`` ends the connection after it."""
    body = json.dumps({"error": message}).encode()
    headers: list[Any] = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
