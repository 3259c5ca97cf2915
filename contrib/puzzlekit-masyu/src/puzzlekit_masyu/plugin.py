"""Registers Masyu through the ``puzzlekit`` entry point."""

from __future__ import annotations

from puzzlekit import Registry, hookimpl
from puzzlekit_masyu.formats import FORMATS
from puzzlekit_masyu.genre import Masyu


@hookimpl
def puzzlekit_register_genres(registry: Registry) -> None:
    registry.add(Masyu())


@hookimpl
def puzzlekit_register_formats(registry: Registry) -> None:
    """puzz.link URLs, Penpa+ URLs and janko.at text (see docs/formats.md)."""
    for fmt in FORMATS:
        registry.add_format(fmt())
