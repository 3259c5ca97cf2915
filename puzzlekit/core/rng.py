"""A random number generator whose every output this project controls.

Generated puzzles must be the same on every machine and every Python version
for the same seed: Python's ``random`` module promises neither (its methods
have changed between versions) and ``hash()`` of a string changes per process.
So the seed string goes through SHA-256 into SplitMix64, and every draw
(``below``, ``choice``, ``shuffle``, ``chance``) is defined here, in integer
arithmetic.  Any string is a seed, so a date makes a daily puzzle.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
MASK64 = (1 << 64) - 1


class Rng:
    """SplitMix64 seeded from any string; deterministic everywhere."""

    __slots__ = ("_state",)

    def __init__(self, seed: str) -> None:
        digest = hashlib.sha256(seed.encode("utf-8")).digest()
        self._state = int.from_bytes(digest[:8], "little")

    def next64(self) -> int:
        """The next 64 random bits."""
        self._state = (self._state + 0x9E3779B97F4A7C15) & MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def between(self, low: int, high: int) -> int:
        """A uniform integer in ``low .. high`` inclusive."""
        return low + self.below(high - low + 1)

    def chance(self, numerator: int, denominator: int) -> bool:
        """True with probability numerator/denominator, exactly."""
        return self.below(denominator) < numerator

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place: ``below(i + 1)`` for each ``i`` from the top, written
        out (the same draws; a generator shuffles tens of thousands of short lists, and the
        two calls per draw were most of the time)."""
        state = self._state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = (1 << 64) - ((1 << 64) % n)
            while True:
                state = (state + 0x9E3779B97F4A7C15) & MASK64
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self._state = state

    def fork(self, label: str) -> Rng:
        """An independent generator for a sub-task (puzzle number 7 of a batch, say)."""
        return Rng(f"{self.next64():016x}/{label}")
