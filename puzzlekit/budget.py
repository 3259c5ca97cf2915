"""One overall time budget for a whole call (parsing, building the model, searching,
explaining), so a command's ``--timeout`` bounds everything it does, not only one search.

Building a model and encoding it as clauses look at the budget's deadline as they go
(``puzzlekit.core.clock``): a 200x200 board takes seconds to build, and ``build`` says
None instead of finishing past the deadline."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from puzzlekit.core import clock

if TYPE_CHECKING:
    from puzzlekit.core.model import Model
    from puzzlekit.genre import Genre

T = TypeVar("T")

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

    @contextmanager
    def active(self) -> Iterator[None]:
        """Model building and clause writing inside the block stop at the deadline
        (``clock.Timeout``)."""
        with clock.until(self.deadline):
            yield

    def within(self, work: Callable[[], T]) -> T | None:
        """``work()``, or None when the deadline passed before it finished."""
        if self.spent():
            return None
        try:
            with self.active():
                return work()
        except clock.Timeout:
            return None

    def build(self, genre: Genre, instance: Any) -> Model | None:
        """The genre's model of ``instance`` to search (``Genre.solving_model``: ``accept`` has
        the last word on every leaf), or None when the budget ran out while building it."""
        return self.within(lambda: genre.solving_model(instance))
