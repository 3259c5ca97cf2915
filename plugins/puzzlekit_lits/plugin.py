"""Registers LITS and its formats through the ``puzzlekit`` entry point."""

from puzzlekit import genre_hooks
from puzzlekit_lits.formats import FORMATS
from puzzlekit_lits.genre import Lits

puzzlekit_register_genres, puzzlekit_register_formats = genre_hooks(Lits, FORMATS)
