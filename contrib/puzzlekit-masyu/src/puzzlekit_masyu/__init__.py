"""Masyu for puzzlekit: a third-party genre plugin using only puzzlekit's public API."""

from puzzlekit_masyu.genre import Masyu

__all__ = ["Masyu"]
