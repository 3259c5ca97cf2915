"""Small work functions for the batch tests (importable by worker processes)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from puzzlekit.errors import PuzzlekitError


def square(x: int) -> int:
    return x * x


def shuffled_square(x: int) -> int:
    """Finishes out of order: later items are often faster."""
    time.sleep(((x * 7) % 5) * 0.01)
    return x * x


def pid(_: int) -> int:
    return os.getpid()


def dies_at_three(x: int) -> int:
    if x == 3:
        os.kill(os.getpid(), signal.SIGKILL)
    return x


def fails_at_two(x: int) -> int:
    if x == 2:
        raise PuzzlekitError("two is not allowed")
    return x


def gated(arg: tuple[int, str]) -> str:
    """Item 1 waits (up to 20 s) for a file the consumer writes after item 0 came out."""
    x, gate = arg
    if x != 1:
        return "free"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if Path(gate).exists():
            return "released"
        time.sleep(0.01)
    return "timed out"


def number_item(how: tuple[str, int, int, bool, tuple[int, ...], str], x: int) -> object:
    """The work of ``batch_command``: ``x`` squared, logged (to ``log``) when done; item
    ``slow`` waits for the gate file, item ``die`` kills its own process while the gate
    is shut (``once``: opening it as it dies), items in ``fail`` are bad input."""
    from puzzlekit.cli.batchrun import Emit

    gate, slow, die, once, fail, log = how
    shut = not Path(gate).exists()
    if x == die and shut:
        if once:  # opens the gate as it goes: the next try lives
            Path(gate).write_text("open")
        os.kill(os.getpid(), signal.SIGKILL)
    if x in fail:
        raise PuzzlekitError(f"{x} is not allowed")
    deadline = time.monotonic() + 60
    while x == slow and not Path(gate).exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    if log:
        with open(log, "a") as f:
            f.write(f"{x}\n")
    return Emit(f"{x} squared is {x * x}\n")
