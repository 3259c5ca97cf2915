"""Kurodoko for puzzlekit, built on the grid toolkit and the public API only."""

from puzzlekit_kurodoko.genre import Kurodoko

__all__ = ["Kurodoko"]
