"""Kakuro for puzzlekit, built on the grid toolkit and the public API only."""

from puzzlekit_kakuro.genre import Kakuro

__all__ = ["Kakuro"]
