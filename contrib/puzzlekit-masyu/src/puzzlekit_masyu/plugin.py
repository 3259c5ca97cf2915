"""Registers Masyu through the ``puzzlekit`` entry point."""

from __future__ import annotations

from puzzlekit import Registry, hookimpl
from puzzlekit_masyu.genre import Masyu


@hookimpl
def puzzlekit_register_genres(registry: Registry) -> None:
    registry.add(Masyu())
