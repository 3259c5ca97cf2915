"""Registers Heyawake and its formats through the ``puzzlekit`` entry point."""

from puzzlekit import genre_hooks
from puzzlekit_heyawake.formats import FORMATS
from puzzlekit_heyawake.genre import Heyawake

puzzlekit_register_genres, puzzlekit_register_formats = genre_hooks(Heyawake, FORMATS)
