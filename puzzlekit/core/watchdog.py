"""A last-resort stop for work that never looks at its deadline.

Deadlines in puzzlekit are cooperative: engines, model builders (``clock.tick``) and
generators (``generation.out_of_time``) look at the clock between steps.  A genre's own
loop that forgets to (a backtracking fill, a shape enumerator) would run past
``--timeout`` for ever, and "nothing hangs" would rest on every plugin author's care.
So the owner of a budget may also arm a watchdog: a real-time alarm ``GRACE`` seconds
past the deadline that raises ``Timeout`` wherever the work is.  Cooperative code stops
first and never sees it; the alarm only catches work that did not look.

Signals reach only the main thread of a process, so the watchdog is armed only there
(the CLI, a batch worker, the web server's forked child), only where ``setitimer`` exists
(not on Windows), and never over a timer or ``SIGALRM`` handler someone else set.
Elsewhere it does nothing and the cooperative deadline is all there is.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from puzzlekit.core.clock import Timeout

GRACE = 2.0
"""Seconds past the deadline before the alarm fires: time for cooperative work to stop
(and clean up) on its own."""


def _can_arm() -> bool:
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        return False
    if signal.getitimer(signal.ITIMER_REAL)[0] > 0:
        return False  # a timer of someone else's is running: leave it alone
    return signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, None)


def _fire(signum: int, frame: FrameType | None) -> None:
    raise Timeout


@contextmanager
def watchdog(deadline: float | None) -> Iterator[None]:
    """Inside the block, work still running ``GRACE`` seconds past ``deadline`` (a
    ``time.perf_counter()`` value) is stopped by ``Timeout``.  None: no watchdog."""
    if deadline is None or not _can_arm():
        yield
        return
    signal.signal(signal.SIGALRM, _fire)
    signal.setitimer(signal.ITIMER_REAL, max(deadline - time.perf_counter(), 0.0) + GRACE)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0.0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
