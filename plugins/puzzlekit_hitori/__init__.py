"""Hitori for puzzlekit, built on the grid toolkit and the public API only."""

from puzzlekit_hitori.genre import Hitori

__all__ = ["Hitori"]
