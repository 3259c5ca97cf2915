"""Registers Kurodoko and its formats through the ``puzzlekit`` entry point."""

from puzzlekit import genre_hooks
from puzzlekit_kurodoko.formats import FORMATS
from puzzlekit_kurodoko.genre import Kurodoko

puzzlekit_register_genres, puzzlekit_register_formats = genre_hooks(Kurodoko, FORMATS)
