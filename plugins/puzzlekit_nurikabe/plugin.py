"""Registers Nurikabe and its formats through the ``puzzlekit`` entry point."""

from __future__ import annotations

from puzzlekit import Registry, hookimpl
from puzzlekit_nurikabe.formats import FORMATS
from puzzlekit_nurikabe.genre import Nurikabe


@hookimpl
def puzzlekit_register_genres(registry: Registry) -> None:
    registry.add(Nurikabe())


@hookimpl
def puzzlekit_register_formats(registry: Registry) -> None:
    for fmt in FORMATS:
        registry.add_format(fmt())
