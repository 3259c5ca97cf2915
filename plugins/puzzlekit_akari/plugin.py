"""Registers Akari and its formats through the ``puzzlekit`` entry point."""

from puzzlekit import genre_hooks
from puzzlekit_akari.formats import FORMATS
from puzzlekit_akari.genre import Akari

puzzlekit_register_genres, puzzlekit_register_formats = genre_hooks(Akari, FORMATS)
