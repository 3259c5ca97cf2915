"""Registers Hashiwokakero through the ``puzzlekit`` entry point, like any third-party genre."""

from __future__ import annotations

from puzzlekit import Registry, hookimpl
from puzzlekit_hashi.formats import FORMATS
from puzzlekit_hashi.genre import Hashiwokakero


@hookimpl
def puzzlekit_register_genres(registry: Registry) -> None:
    registry.add(Hashiwokakero())


@hookimpl
def puzzlekit_register_formats(registry: Registry) -> None:
    """puzz.link URLs, Bridges game IDs and pzprjs files (see docs/formats.md)."""
    for fmt in FORMATS:
        registry.add_format(fmt())
