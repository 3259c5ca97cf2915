"""The types of every numeric option, in one place.

click's ``FloatRange`` lets NaN and infinity through (every comparison with NaN is
false) and its ``IntRange`` has no upper end, so ``--jobs 99999999999999999999`` reaches
code that cannot take it.  Every number a command takes is one of these types, and a
test walks every command's options to hold them to it.  Commands that plugins register
(``puzzlekit_register_commands``) are held to it by :func:`validated`, which the command
group runs on every command it hands out: a bare ``int`` or ``float`` option becomes a
:class:`Count` or :class:`Number` (0 to :data:`MAX_INT`; a plugin that takes negative
numbers says so with ``click.IntRange``/``click.FloatRange``, whose ends are kept).
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

    def __init__(
        self, min: float | None = None, max: float | None = None, min_open: bool = False, max_open: bool = False
    ) -> None:
        super().__init__(min=min, max=max, min_open=min_open, max_open=max_open)

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

    def __init__(self, min: int = 0, max: int = MAX_INT, min_open: bool = False, max_open: bool = False) -> None:
        super().__init__(min=min, max=max, min_open=min_open, max_open=max_open)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, str) and len(value.strip()) > 30:
            self.fail(f"{value[:30]!r}... is too long for a number", param, ctx)
        return int(super().convert(value, param, ctx))


NUMERIC_TYPES = (Number, Count)
"""What the option walk accepts for an option that takes a number."""


def validated_type(kind: click.ParamType[Any]) -> click.ParamType[Any]:
    """``kind`` as one of :data:`NUMERIC_TYPES` when it takes a number (a range keeps its
    ends; an open end becomes :data:`MAX_INT` or its negative); anything else as it is."""
    if isinstance(kind, NUMERIC_TYPES):
        return kind
    if isinstance(kind, click.Tuple):
        kind.types = [validated_type(t) for t in kind.types]
        return kind
    if isinstance(kind, click.types._NumberRangeBase):
        low = -MAX_INT if kind.min is None else kind.min
        high = MAX_INT if kind.max is None else kind.max
        if isinstance(kind, click.IntRange):
            return Count(int(low), int(high), kind.min_open, kind.max_open)
        return Number(low, high, kind.min_open, kind.max_open)
    if isinstance(kind, click.types.IntParamType):
        return Count()
    if isinstance(kind, click.types.FloatParamType):
        return Number(0, MAX_INT)
    return kind


def validated(command: click.Command) -> click.Command:
    """``command`` (and a group's subcommands) with every numeric parameter's type made
    one of :data:`NUMERIC_TYPES`, so NaN, infinity, huge and (unless its range allows
    them) negative numbers are refused in one line: the one place for plugin commands."""
    for param in command.params:
        param.type = validated_type(param.type)
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            validated(sub)
    return command
