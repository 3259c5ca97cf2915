"""Registers Numberlink and its formats through the ``puzzlekit`` entry point."""

from puzzlekit import genre_hooks
from puzzlekit_numberlink.formats import FORMATS
from puzzlekit_numberlink.genre import Numberlink

puzzlekit_register_genres, puzzlekit_register_formats = genre_hooks(Numberlink, FORMATS)
