"""The types of every numeric option, in one place.

click's ``FloatRange`` lets NaN and infinity through (every comparison with NaN is
false) and its ``IntRange`` has no upper end, so ``--jobs 99999999999999999999`` reaches
code that cannot take it.  Every number a command takes is one of these types, and a
test walks every command's options to hold them to it.
"""

from __future__ import annotations

import math
from typing import Any

import click

MAX_INT = 10**9
"""The largest count any option takes unless it says otherwise."""


class Number(click.FloatRange):
    """A finite number in ``[min, max]``: never NaN, never infinity."""

    name = "number"

    def __init__(self, min: float | None = None, max: float | None = None) -> None:
        super().__init__(min=min, max=max)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number", param, ctx)
        except OverflowError:
            self.fail(f"{value!r} is too large", param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return float(super().convert(number, param, ctx))


class Seconds(Number):
    """A ``--timeout``: zero or more seconds (0: no deadline), finite."""

    name = "seconds"

    def __init__(self, max: float = 10**7) -> None:
        super().__init__(min=0, max=max)


class Count(click.IntRange):
    """A whole number in ``[min, max]``, with an upper end so no huge value reaches a
    process pool or an allocation."""

    name = "integer"

    def __init__(self, min: int = 0, max: int = MAX_INT) -> None:
        super().__init__(min=min, max=max)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, str) and len(value.strip()) > 30:
            self.fail(f"{value[:30]!r}... is too long for a number", param, ctx)
        return int(super().convert(value, param, ctx))


NUMERIC_TYPES = (Number, Count)
"""What the option walk accepts for an option that takes a number."""
