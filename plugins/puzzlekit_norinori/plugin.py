"""Registers Norinori and its formats through the ``puzzlekit`` entry point."""

from puzzlekit import genre_hooks
from puzzlekit_norinori.formats import FORMATS
from puzzlekit_norinori.genre import Norinori

puzzlekit_register_genres, puzzlekit_register_formats = genre_hooks(Norinori, FORMATS)
