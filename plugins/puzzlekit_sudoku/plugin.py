"""Registers Sudoku and its puzz.link and pzprjs formats through the ``puzzlekit`` entry point."""

from puzzlekit import genre_hooks
from puzzlekit_sudoku.formats import FORMATS
from puzzlekit_sudoku.genre import Sudoku

puzzlekit_register_genres, puzzlekit_register_formats = genre_hooks(Sudoku, FORMATS)
