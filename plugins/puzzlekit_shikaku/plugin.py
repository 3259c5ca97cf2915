"""Registers Shikaku and its puzz.link and pzprjs formats through the ``puzzlekit`` entry point."""

from puzzlekit import genre_hooks
from puzzlekit_shikaku.formats import FORMATS
from puzzlekit_shikaku.genre import Shikaku

puzzlekit_register_genres, puzzlekit_register_formats = genre_hooks(Shikaku, FORMATS)
