"""Enforcing the limits (``puzzlekit.web.limits``) inside the ASGI app.

Solves run in worker threads with the budget passed to the solver as its timeout,
so a slow puzzle ends itself; a request that finds every solve slot taken waits a
moment and then gets 429, never a queue that grows without end.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import anyio.to_thread
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from puzzlekit.web.jobs import run_stoppable
from puzzlekit.web.limits import Limits
from puzzlekit.web.play import Busy

T = TypeVar("T")


class SolveSlots:
    """At most ``limits.solves`` solver calls at once, each in a worker thread."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
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
            return await run_stoppable(func, gone, self.limits.budget)
        finally:
            self._release()

    async def _take(self) -> None:
        if self._sem is None:  # made inside the running loop
            self._sem = asyncio.Semaphore(self.limits.solves)
        try:
            await asyncio.wait_for(self._sem.acquire(), timeout=self.limits.wait)
        except TimeoutError:
            raise Busy(f"every solver is busy ({self.limits.solves} at once); try again in a moment") from None
        self.busy += 1

    def _release(self) -> None:
        assert self._sem is not None
        self.busy -= 1
        self._sem.release()


async def in_thread(func: Callable[[], T]) -> T:
    """Cheap work (a check, a drawing) off the event loop, without taking a solve slot."""
    return await anyio.to_thread.run_sync(func)


class BodyLimit:
    """ASGI middleware: refuse a request body over ``max_bytes`` with 413 before the app
    reads it (declared by Content-Length or streamed, alike)."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

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
        while more:
            message = await receive()
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
        body = json.dumps({"error": f"the request body is over {self.max_bytes} bytes"}).encode()
        headers: list[Any] = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})
