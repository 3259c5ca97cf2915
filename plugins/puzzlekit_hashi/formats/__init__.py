"""Hashiwokakero in other people's formats: puzz.link URLs, Bridges game IDs, pzprjs files.

Each codec is a ``puzzlekit.Format``, registered by the genre's plugin through the
``puzzlekit_register_formats`` hook, as a third-party genre would register its own.
"""

from puzzlekit_hashi.formats.janko import HashiJanko
from puzzlekit_hashi.formats.penpa import HashiPenpa
from puzzlekit_hashi.formats.puzzlink import HashiUrl
from puzzlekit_hashi.formats.pzpr import HashiPzpr
from puzzlekit_hashi.formats.tatham import BridgesId

FORMATS = (HashiUrl, BridgesId, HashiPzpr, HashiPenpa, HashiJanko)

__all__ = ["FORMATS", "BridgesId", "HashiJanko", "HashiPenpa", "HashiPzpr", "HashiUrl"]
