"""Masyu in other people's formats: puzz.link URLs, Penpa+ URLs and janko.at text.

Each codec is a ``puzzlekit.Format``, registered by the plugin through the
``puzzlekit_register_formats`` hook, as any third-party genre registers its own.
"""

from puzzlekit_masyu.formats.janko import MasyuJanko
from puzzlekit_masyu.formats.penpa import MasyuPenpa
from puzzlekit_masyu.formats.puzzlink import MasyuUrl

FORMATS = (MasyuUrl, MasyuPenpa, MasyuJanko)

__all__ = ["FORMATS", "MasyuJanko", "MasyuPenpa", "MasyuUrl"]
