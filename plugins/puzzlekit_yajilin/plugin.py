"""Registers Yajilin and its formats through the ``puzzlekit`` entry point."""

from puzzlekit import genre_hooks
from puzzlekit_yajilin.formats import FORMATS
from puzzlekit_yajilin.genre import Yajilin

puzzlekit_register_genres, puzzlekit_register_formats = genre_hooks(Yajilin, FORMATS)
