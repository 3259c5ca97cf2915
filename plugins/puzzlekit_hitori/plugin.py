"""Registers Hitori and its formats through the ``puzzlekit`` entry point."""

from puzzlekit import genre_hooks
from puzzlekit_hitori.formats import FORMATS
from puzzlekit_hitori.genre import Hitori

puzzlekit_register_genres, puzzlekit_register_formats = genre_hooks(Hitori, FORMATS)
