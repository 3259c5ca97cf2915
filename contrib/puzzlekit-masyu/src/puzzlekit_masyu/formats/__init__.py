"""Masyu in other people's formats: Penpa+ URLs.

Each codec is a ``puzzlekit.Format``, registered by the plugin through the
``puzzlekit_register_formats`` hook, as any third-party genre registers its own.
"""

from puzzlekit_masyu.formats.penpa import MasyuPenpa

FORMATS = (MasyuPenpa,)

__all__ = ["FORMATS", "MasyuPenpa"]
