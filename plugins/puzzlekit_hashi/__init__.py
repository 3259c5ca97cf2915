"""Hashiwokakero (Bridges) for puzzlekit: a built-in genre, loaded through its entry point."""

from puzzlekit_hashi.genre import Hashiwokakero

__all__ = ["Hashiwokakero"]
