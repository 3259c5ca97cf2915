"""Slitherlink (loopy) for puzzlekit: a built-in genre, loaded through its entry point."""

from puzzlekit_slitherlink.genre import Slitherlink

__all__ = ["Slitherlink"]
