"""Registers Slitherlink through the ``puzzlekit`` entry point, like any third-party genre."""

from __future__ import annotations

from puzzlekit import Registry, hookimpl
from puzzlekit_slitherlink.formats import FORMATS
from puzzlekit_slitherlink.genre import Slitherlink


@hookimpl
def puzzlekit_register_genres(registry: Registry) -> None:
    registry.add(Slitherlink())


@hookimpl
def puzzlekit_register_formats(registry: Registry) -> None:
    """puzz.link URLs, Loopy game IDs and pzprjs files (see docs/formats.md)."""
    for fmt in FORMATS:
        registry.add_format(fmt())
