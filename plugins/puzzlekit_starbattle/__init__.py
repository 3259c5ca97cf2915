"""Star Battle for puzzlekit, built on the grid toolkit and the public API only."""

from puzzlekit_starbattle.genre import StarBattle

__all__ = ["StarBattle"]
