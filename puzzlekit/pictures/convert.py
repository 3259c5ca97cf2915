"""SVG to PNG and PDF, through the optional ``pictures`` extra (cairosvg).

cairosvg needs the system cairo library (Debian's ``libcairo2``), so both the
package and the library may be missing; either way the caller gets one
``MissingExtra`` error saying what to install, never an ImportError or an
OSError from deep inside cffi.  Modules are imported through importlib, so
the rest of puzzlekit type-checks and imports without the extra.

A multi-page PDF is drawn onto one cairo PDF surface: each page's SVG is
rendered by cairosvg onto that shared surface, then the page is shown.  No
PDF merging library is needed, and the pages keep cairo's vector output.
"""

from __future__ import annotations

import importlib
import io
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import Any

from puzzlekit.errors import MissingExtra, PuzzlekitError

INSTALL = "pip install 'puzzlekit-engine[pictures]' (it needs the system cairo library: Debian's libcairo2)"


def _cairosvg() -> ModuleType:
    try:
        return importlib.import_module("cairosvg")
    except ImportError as err:
        raise MissingExtra(f"PNG and PDF output need cairosvg, which is not installed ({err}); {INSTALL}") from None
    except OSError as err:  # cairocffi found no cairo library
        raise MissingExtra(
            f"PNG and PDF output need the cairo library, which was not found ({err}); {INSTALL}"
        ) from None


def pictures_problem() -> str | None:
    """None when PNG and PDF output work here, else why not (for skipping tests, say)."""
    try:
        _cairosvg()
    except MissingExtra as err:
        return str(err)
    return None


class ConversionFailed(PuzzlekitError):
    """cairosvg could not turn a drawing into PNG or PDF (its error, in one line)."""


@contextmanager
def _converting(kind: str) -> Iterator[None]:
    """cairosvg's own exceptions (a ParseError, a ValueError from a closed stream) as one error line."""
    try:
        yield
    except (PuzzlekitError, MemoryError):
        raise
    except Exception as err:  # cairosvg and cairocffi raise many kinds (CairoError, ParseError, ValueError)
        raise ConversionFailed(f"the {kind} converter (cairosvg) could not draw this picture: {err}") from None


MAX_PIXELS = 100_000_000
"""Pixels a PNG may have (400 MB of memory while drawing): a 200x200 board at
``--scale 4`` would be a billion, enough to exhaust a machine's memory."""

_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([0-9.]+)"[^>]*?\bheight="([0-9.]+)"')


def svg_to_png(svg: str, scale: float = 2.0) -> bytes:
    """A PNG of the picture, ``scale`` device pixels per SVG unit, on its white paper."""
    size = _SIZE.search(svg)
    if size is not None:
        width, height = (round(float(n) * scale) for n in size.groups())
        if width * height > MAX_PIXELS:
            raise ConversionFailed(
                f"a PNG of {width}x{height} pixels is too large (at most {MAX_PIXELS:,} pixels): "
                "give a smaller --scale, or write SVG or PDF"
            )
    cairosvg = _cairosvg()
    with _converting("PNG"):
        data: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    return data


def svg_to_pdf(svg: str) -> bytes:
    """A one-page PDF of the picture, as vectors."""
    cairosvg = _cairosvg()
    with _converting("PDF"):
        data: bytes = cairosvg.svg2pdf(bytestring=svg.encode("utf-8"))
    return data


def pages_to_pdf(pages: Sequence[str]) -> bytes:
    """One PDF with a page per SVG document, each page sized to its document."""
    _cairosvg()  # the clear error when the extra or cairo is missing
    surface_module = importlib.import_module("cairosvg.surface")
    parser = importlib.import_module("cairosvg.parser")
    cairocffi = importlib.import_module("cairocffi")
    out = io.BytesIO()
    shared = cairocffi.PDFSurface(out, 1, 1)

    def onto_shared(self: Any, width: float, height: float) -> tuple[Any, float, float]:
        """cairosvg's hook for making its surface: draw onto the shared document instead."""
        shared.set_size(width, height)
        return shared, width, height

    page_surface = type("PageSurface", (surface_module.PDFSurface,), {"_create_surface": onto_shared})
    with _converting("PDF"):
        try:
            for page in pages:
                tree = parser.Tree(bytestring=page.encode("utf-8"))
                page_surface(tree, None, 96)
                shared.show_page()
        finally:
            shared.finish()  # while ``out`` is open: a surface finished later writes to a closed file
    return out.getvalue()
