"""Registers Nurikabe and its formats through the ``puzzlekit`` entry point."""

from puzzlekit import genre_hooks
from puzzlekit_nurikabe.formats import FORMATS
from puzzlekit_nurikabe.genre import Nurikabe

puzzlekit_register_genres, puzzlekit_register_formats = genre_hooks(Nurikabe, FORMATS)
