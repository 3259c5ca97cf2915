"""Akari (Light Up) for puzzlekit, built on the grid toolkit and the public API only."""

from puzzlekit_akari.genre import Akari

__all__ = ["Akari"]
