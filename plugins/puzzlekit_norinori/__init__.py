"""Norinori for puzzlekit, built on the grid toolkit and the public API only."""

from puzzlekit_norinori.genre import Norinori

__all__ = ["Norinori"]
