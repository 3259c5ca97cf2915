"""Registers Star Battle and its formats through the ``puzzlekit`` entry point."""

from puzzlekit import genre_hooks
from puzzlekit_starbattle.formats import FORMATS
from puzzlekit_starbattle.genre import StarBattle

puzzlekit_register_genres, puzzlekit_register_formats = genre_hooks(StarBattle, FORMATS)
