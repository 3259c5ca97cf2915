"""Numberlink for puzzlekit, built on the grid toolkit's paths and the public API only."""

from puzzlekit_numberlink.genre import Numberlink

__all__ = ["Numberlink"]
