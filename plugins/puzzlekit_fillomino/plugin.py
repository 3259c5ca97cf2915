"""Registers Fillomino and its formats through the ``puzzlekit`` entry point."""

from puzzlekit import genre_hooks
from puzzlekit_fillomino.formats import FORMATS
from puzzlekit_fillomino.genre import Fillomino

puzzlekit_register_genres, puzzlekit_register_formats = genre_hooks(Fillomino, FORMATS)
