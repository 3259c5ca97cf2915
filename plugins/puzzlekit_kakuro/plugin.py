"""Registers Kakuro and its formats through the ``puzzlekit`` entry point."""

from puzzlekit import genre_hooks
from puzzlekit_kakuro.formats import FORMATS
from puzzlekit_kakuro.genre import Kakuro

puzzlekit_register_genres, puzzlekit_register_formats = genre_hooks(Kakuro, FORMATS)
