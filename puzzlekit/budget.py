"""One overall time budget for a whole call (parsing, building the model, searching,
explaining), so a command's ``--timeout`` bounds everything it does, not only one search."""

from __future__ import annotations

import time
from dataclasses import dataclass

MIN_SLICE = 0.001
"""The least time handed to a search: 0 would mean "no deadline" to count_solutions."""


@dataclass(frozen=True)
class Budget:
    deadline: float | None
    """``time.perf_counter()`` past which work stops; None: no deadline."""

    @classmethod
    def of(cls, timeout: float | None) -> Budget:
        """A budget of ``timeout`` seconds from now (None or 0: no deadline)."""
        return cls(None if not timeout else time.perf_counter() + timeout)

    def remaining(self) -> float | None:
        """Seconds left for the next search (at least :data:`MIN_SLICE`), None without a deadline."""
        if self.deadline is None:
            return None
        return max(MIN_SLICE, self.deadline - time.perf_counter())

    def spent(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline
