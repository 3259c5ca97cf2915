"""Files of other programs that puzzlekit recognises but does not read, so they are
refused saying what they are instead of being misread as level text ("found 5").

* **pzprjs's XML export** (the pencilbox XML it writes: ``<?xml ...?>`` then
  ``<puzzle type="slitherlink">``);
* **Kanpen / pencilbox text files**: the rows and the columns, each alone on a line, then
  the grid with its cells separated by spaces (``3`` / ``3`` / ``0 . . `` ...).  They name
  no genre and their answer blocks differ from genre to genre.

pzprjs opens both and saves them as a pzprv3 file or a puzz.link URL, which puzzlekit reads.
"""

from __future__ import annotations

import re

from puzzlekit.errors import LevelError, an
from puzzlekit.formats.sniff import SNIFF

_XML = re.compile(r"\A\s*(?:<\?xml[^>]*>\s*)?<puzzle\b(?:[^>]*?\btype=\"([^\"]*)\")?", re.IGNORECASE)
_KANPEN = re.compile(r"\A\s*(\d{1,4})[ \t]*\r?\n[ \t]*(\d{1,4})[ \t]*\r?\n([^\n]*)")
_ADVICE = "open it in pzprjs (puzz.link) and save it as a pzprv3 file or copy its URL, which puzzlekit reads"


def refuse(text: str, name: str) -> None:
    """Raise a LevelError naming the program when ``text`` is one of these files (it
    starts like one: only the sniffed prefix is looked at)."""
    text = text[:SNIFF]
    xml = _XML.match(text)
    if xml:
        kind = f" of {an(repr(xml.group(1)))} puzzle" if xml.group(1) else ""
        what = f"this is an XML file{kind} (pzprjs's pencilbox export)"
        raise LevelError(name, 1, 1, f"{what}, which puzzlekit does not read; {_ADVICE}")
    kanpen = _KANPEN.match(text)
    if kanpen and len(kanpen.group(3).split()) == int(kanpen.group(2)) > 1 and " " in kanpen.group(3).strip():
        raise LevelError(
            name,
            1,
            1,
            f"this looks like a Kanpen / pencilbox file ({kanpen.group(1)} rows, {kanpen.group(2)} columns, "
            f"no genre named), which puzzlekit does not read; {_ADVICE}",
        )
