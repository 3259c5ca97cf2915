"""The deadline of the call in progress, for the work done before an engine runs.

Building a model, wiring an engine and writing clauses are linear in the board, but a
200x200 board has hundreds of thousands of propagators: seconds of work that no engine
deadline sees.  The caller that owns the budget sets the deadline here (``until``);
the loops that build look at it through ``tick``, which reads the clock only every
``TICKS`` calls, so a check costs a counter step.  Past the deadline, ``tick`` raises
``Timeout``, the same exception the engine raises mid-propagation, and the owner turns
it into "undecided" (or "ran out of time" when generating).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

TICKS = 512
"""Calls of ``tick`` between two looks at the clock (a look costs ~60 ns, a tick ~40 ns;
on a 200x200 Slitherlink, 512 propagators take about 2 ms to build)."""


class Timeout(Exception):
    """The deadline passed mid-work.  Not a contradiction: the owner of the budget turns it
    into the status "undecided"."""


_deadline: ContextVar[float | None] = ContextVar("puzzlekit_deadline", default=None)
_ticks = TICKS


def deadline() -> float | None:
    """The ``time.perf_counter()`` value past which the call in progress stops; None: none."""
    return _deadline.get()


@contextmanager
def until(when: float | None) -> Iterator[None]:
    """Work inside the block stops at ``when`` (or at an earlier deadline already set
    around it: an inner call never extends its caller's budget).  None adds no deadline."""
    outer = _deadline.get()
    if when is None or (outer is not None and outer <= when):
        yield
        return
    token = _deadline.set(when)
    try:
        yield
    finally:
        _deadline.reset(token)


def check() -> None:
    """Raise ``Timeout`` if the deadline has passed."""
    when = _deadline.get()
    if when is not None and time.perf_counter() > when:
        raise Timeout


def tick() -> None:
    """A step of some long build: every ``TICKS`` steps, ``check``."""
    global _ticks
    _ticks -= 1
    if _ticks <= 0:
        _ticks = TICKS
        check()
