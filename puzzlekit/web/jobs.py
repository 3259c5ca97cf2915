"""Long work (making a puzzle) in a child process of its own, so that it can be stopped.

A generator looks at its deadline between steps, but nothing can reach into a thread to
stop it early; a player who presses Cancel (or closes the page) should not leave the
server making a puzzle nobody will see, holding one of its few solve slots.  So each
generation runs in a forked child: the parent waits for the answer while watching the
request, and kills the child the moment the client goes away or the budget (plus a
grace) is spent.  Forking copies the loaded plugins and caches, so a child starts in
milliseconds; where ``fork`` does not exist (Windows) the work runs in a thread as
before and cannot be cancelled.

The child sends back plain data: the function's result, or an error's status and text.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Awaitable, Callable
from multiprocessing.connection import Connection
from typing import Any

import anyio.to_thread

from puzzlekit.errors import PuzzlekitError

GRACE = 2.0
"""Seconds past the budget before a child that has not answered is killed."""
POLL = 0.02
"""Seconds between two looks at the child and at the client."""
MAX_FD = 1 << 16
"""File descriptors at or above this are not closed in a child (none are open there)."""


class Cancelled(PuzzlekitError):
    """The client went away (pressed Cancel, closed the page) before the work was done."""

    status_code = 499


class Failed(PuzzlekitError):
    """The work raised an error in the child: its status code and message, carried over."""

    def __init__(self, message: str, status_code: int) -> None:
        super().__init__(message)
        self.status_code = status_code


def can_cancel() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


async def run_stoppable(work: Callable[[], Any], gone: Callable[[], Awaitable[bool]], timeout: float) -> Any:
    """``work()`` in a forked child; Cancelled when ``gone()`` says the client left, and a
    Failed error when the child raised or had to be killed after ``timeout`` + GRACE."""
    if not can_cancel():
        return await anyio.to_thread.run_sync(work)
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_child, args=(work, send), daemon=True)
    child.start()
    send.close()
    loop = asyncio.get_running_loop()
    ends = loop.time() + timeout + GRACE
    try:
        while not receive.poll():
            if not child.is_alive() and not receive.poll():
                raise Failed("the work ended without an answer (the server's worker died)", 500)
            if await gone():
                raise Cancelled("cancelled: the client went away")
            if loop.time() > ends:
                raise Failed(f"the work took more than its budget ({timeout:g} s) and was stopped", 503)
            await asyncio.sleep(POLL)
        kind, value, status = receive.recv()
    finally:
        receive.close()
        if child.is_alive():
            child.kill()
        await anyio.to_thread.run_sync(child.join)
    if kind == "error":
        raise Failed(value, status)
    return value


def _child(work: Callable[[], Any], send: Connection) -> None:
    """In the child: let go of every file the parent had open but the answer's pipe (its
    sockets and event loop: holding them, the child hides a client's going away from the
    parent), do the work, send the answer, and leave at once (no cleanup of the parent's
    state, which the child only borrowed)."""
    try:
        keep = send.fileno()
        os.closerange(3, keep)
        os.closerange(keep + 1, MAX_FD)
        try:
            answer: tuple[str, Any, int] = ("ok", work(), 200)
        except PuzzlekitError as err:
            answer = ("error", str(err), getattr(err, "status_code", 400))
        except Exception as err:
            answer = ("error", f"{type(err).__name__}: {err}", 500)
        send.send(answer)
        send.close()
    finally:
        os._exit(0)
