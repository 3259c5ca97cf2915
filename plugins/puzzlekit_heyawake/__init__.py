"""Heyawake for puzzlekit, built on the grid toolkit and the public API only."""

from puzzlekit_heyawake.genre import Heyawake

__all__ = ["Heyawake"]
