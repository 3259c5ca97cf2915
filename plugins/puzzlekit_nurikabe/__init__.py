"""Nurikabe for puzzlekit, built on the grid toolkit and the public API only."""

from puzzlekit_nurikabe.genre import Nurikabe

__all__ = ["Nurikabe"]
