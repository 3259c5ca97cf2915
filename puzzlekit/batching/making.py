"""Generating as a batch: item i made from the seed stamped on it, anywhere.

Item i of ``--seed S`` is made from the item seed ``S#i`` alone (``generation.item_seed``),
so it is the same puzzle in this process, on a local worker or on a cluster machine,
and ``--seed 'S#i'`` makes it again by itself.  A batch holds no two equal puzzles: the
rare item that repeats an earlier one is made again, in order, from the seed
``S#i~1`` (then ``~2``...), which is stamped on it and reproduces it alone too.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from puzzlekit.batching.events import Failed, tell
from puzzlekit.batching.executor import BatchError, ordered
from puzzlekit.formats.level import read_blocks
from puzzlekit.generation import Generated, GenerateRequest, GenerationError, item_seed, make_one, progress_hook
from puzzlekit.genre import Genre

MAX_REMAKES = 20
"""Remakes of one item that keeps repeating earlier ones before giving up."""


@dataclass(frozen=True)
class MakeJob:
    """Everything one puzzle needs, small enough to send to another machine."""

    genre: Genre
    request: GenerateRequest
    seed: str
    """The item's own seed (``S#i``), the one stamped on it."""
    index: int
    timeout: float | None
    keep_instance: bool = False
    """Keep the genre's object (in this process; instances need not pickle)."""


class _Counter:
    """Turns the generator's events into the running item's progress."""

    def __init__(self) -> None:
        self.attempts = 0
        self.removed = 0

    def __call__(self, event: str, n: int) -> None:
        if event == "attempt":
            self.attempts += n
            self.removed = 0
        elif event == "removed":
            self.removed += n
        tell({"attempt": self.attempts, "removed": self.removed})


def make_item(job: MakeJob) -> Generated:
    """One puzzle from its item seed (``timeout`` seconds from now)."""
    deadline = None if not job.timeout else time.perf_counter() + job.timeout
    token = progress_hook.set(_Counter())
    try:
        made = make_one(job.genre, job.request, job.seed, 0, deadline, frozenset())
    finally:
        progress_hook.reset(token)
    return replace(made, index=job.index, instance=made.instance if job.keep_instance else None)


def jobs_for(
    genre: Genre,
    request: GenerateRequest,
    seed: str,
    count: int,
    timeout: float | None,
    *,
    start: int = 0,
    keep_instance: bool = False,
) -> Iterator[MakeJob]:
    """The jobs of items ``start .. count-1`` of the batch seeded ``seed``."""
    for index in range(start, count):
        yield MakeJob(genre, request, item_seed(seed, index), index, timeout, keep_instance)


def body_key(text: str) -> str:
    """A puzzle's identity for the duplicate check: its rows as the level reader reads
    them, not its metadata (a row may start with ``#`` in some genres)."""
    rows = "\n\n".join("\n".join(block.rows) for block in read_blocks(text))
    return hashlib.sha256(rows.encode("utf-8")).hexdigest()[:20]


class Unrepeated:
    """The duplicate check of one batch, applied in order (so it is the same however
    the items were made)."""

    def __init__(self, keys: Iterable[str] = ()) -> None:
        self.seen = set(keys)

    def check(self, made: Generated, job: MakeJob) -> Generated:
        for n in range(1, MAX_REMAKES + 1):
            key = body_key(made.text)
            if key not in self.seen:
                self.seen.add(key)
                return made
            made = make_item(replace(job, seed=f"{job.seed}~{n}"))
        raise GenerationError(f"puzzle {job.index + 1} repeated earlier puzzles {MAX_REMAKES} times; ask for fewer")


def generated(
    genre: Genre,
    request: GenerateRequest,
    seed: str,
    count: int,
    timeout: float | None,
    *,
    jobs: int = 1,
    cluster: Any = None,
) -> Iterator[Generated]:
    """Puzzles ``0 .. count-1`` in order as they are made (see ``generation.generate``)."""
    inline = cluster is None and jobs == 1
    todo = jobs_for(genre, request, seed, count, timeout, keep_instance=inline)
    unrepeated = Unrepeated()
    for outcome in ordered(make_item, todo, jobs=jobs, cluster=cluster):
        if isinstance(outcome, Failed):
            if outcome.error is not None:
                raise outcome.error
            if outcome.died:
                raise BatchError(outcome.index, outcome.message, died=True)
            raise GenerationError(outcome.message)
        job = MakeJob(genre, request, item_seed(seed, outcome.index), outcome.index, timeout, inline)
        yield unrepeated.check(outcome.value, job)
