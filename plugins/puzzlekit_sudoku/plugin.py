"""Registers Sudoku and its puzz.link and pzprjs formats through the ``puzzlekit`` entry point."""

from __future__ import annotations

from puzzlekit import Registry, hookimpl
from puzzlekit_sudoku.formats import FORMATS
from puzzlekit_sudoku.genre import Sudoku


@hookimpl
def puzzlekit_register_genres(registry: Registry) -> None:
    registry.add(Sudoku())


@hookimpl
def puzzlekit_register_formats(registry: Registry) -> None:
    for fmt in FORMATS:
        registry.add_format(fmt())
