"""Slitherlink in other people's formats: puzz.link URLs, Loopy game IDs, pzprjs files.

Each codec is a ``puzzlekit.Format``, registered by the genre's plugin through the
``puzzlekit_register_formats`` hook, as a third-party genre would register its own.
"""

from puzzlekit_slitherlink.formats.janko import SlitherlinkJanko
from puzzlekit_slitherlink.formats.penpa import SlitherlinkPenpa
from puzzlekit_slitherlink.formats.puzzlink import SlitherlinkUrl
from puzzlekit_slitherlink.formats.pzpr import SlitherlinkPzpr
from puzzlekit_slitherlink.formats.tatham import LoopyId

FORMATS = (SlitherlinkUrl, LoopyId, SlitherlinkPzpr, SlitherlinkPenpa, SlitherlinkJanko)

__all__ = ["FORMATS", "LoopyId", "SlitherlinkJanko", "SlitherlinkPenpa", "SlitherlinkPzpr", "SlitherlinkUrl"]
