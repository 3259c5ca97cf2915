"""Masyu in other people's formats: Penpa+ URLs and janko.at text.

Each codec is a ``puzzlekit.Format``, registered by the plugin through the
``puzzlekit_register_formats`` hook, as any third-party genre registers its own.
"""

from puzzlekit_masyu.formats.janko import MasyuJanko
from puzzlekit_masyu.formats.penpa import MasyuPenpa

FORMATS = (MasyuPenpa, MasyuJanko)

__all__ = ["FORMATS", "MasyuJanko", "MasyuPenpa"]
