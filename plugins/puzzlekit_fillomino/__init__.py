"""Fillomino for puzzlekit, built on the grid toolkit and the public API only."""

from puzzlekit_fillomino.genre import Fillomino

__all__ = ["Fillomino"]
