"""Registers Yajilin (no formats registered yet) through the ``puzzlekit`` entry point."""

from puzzlekit import genre_hooks
from puzzlekit_yajilin.genre import Yajilin

puzzlekit_register_genres, puzzlekit_register_formats = genre_hooks(Yajilin, ())
