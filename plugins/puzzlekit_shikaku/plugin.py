"""Registers Shikaku and its puzz.link and pzprjs formats through the ``puzzlekit`` entry point."""

from __future__ import annotations

from puzzlekit import Registry, hookimpl
from puzzlekit_shikaku.formats import FORMATS
from puzzlekit_shikaku.genre import Shikaku


@hookimpl
def puzzlekit_register_genres(registry: Registry) -> None:
    registry.add(Shikaku())


@hookimpl
def puzzlekit_register_formats(registry: Registry) -> None:
    for fmt in FORMATS:
        registry.add_format(fmt())
