"""LITS for puzzlekit, built on the grid toolkit and the public API only."""

from puzzlekit_lits.genre import Lits

__all__ = ["Lits"]
