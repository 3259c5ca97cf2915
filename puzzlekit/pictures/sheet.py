"""Printable sheets: boards laid out on A4 pages, puzzles first, solutions at the back.

Each page is an SVG document in millimetres; every board is nested as its own
``<svg>`` (keeping its viewBox), so any genre's picture drops in unchanged.
Boards are scaled to fit their slot but never past a printable cell size, so
a tiny board does not fill half a page.  Pages are plain SVG, testable
without cairo; ``pages_to_pdf`` makes the PDF.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass

from puzzlekit.pictures import theme
from puzzlekit.pictures.svg import SVG_NS, num, serialize, unqualify

PAGE_WIDTH, PAGE_HEIGHT = 210.0, 297.0  # A4 portrait, mm
MARGIN = 15.0
HEADER = 14.0
FOOTER = 10.0
GAP = 8.0
CAPTION = 7.0
MAX_SCALE = 0.3
"""Millimetres per SVG unit at most: a 40-unit cell prints 12 mm wide."""
LAYOUTS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), 9: (3, 3)}
"""Boards per page -> (columns, rows)."""


@dataclass(frozen=True)
class Entry:
    """One board on a sheet: its SVG document and the words printed under it."""

    svg: str
    caption: str


def sheet_pages(
    puzzles: Sequence[Entry], solutions: Sequence[Entry] = (), *, title: str = "", per_page: int = 4
) -> list[str]:
    """SVG documents, one per A4 page: the puzzles, then the solutions from a fresh page."""
    if per_page not in LAYOUTS:
        raise ValueError(f"per_page is one of {sorted(LAYOUTS)}, not {per_page}")
    sections = [("Puzzles", list(puzzles)), ("Solutions", list(solutions))]
    plan = [(name, entries[i : i + per_page]) for name, entries in sections for i in range(0, len(entries), per_page)]
    return [
        _page(title, name, chunk, per_page, number, len(plan)) for number, (name, chunk) in enumerate(plan, start=1)
    ]


def _page(title: str, section: str, entries: list[Entry], per_page: int, number: int, total: int) -> str:
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "version": "1.1",
            "width": f"{num(PAGE_WIDTH)}mm",
            "height": f"{num(PAGE_HEIGHT)}mm",
            "viewBox": f"0 0 {num(PAGE_WIDTH)} {num(PAGE_HEIGHT)}",
            "class": "puzzlekit sheet",
        },
    )
    ET.SubElement(
        root, "rect", {"x": "0", "y": "0", "width": num(PAGE_WIDTH), "height": num(PAGE_HEIGHT), "fill": theme.PAPER}
    )
    heading = f"{title} · {section}" if title else section
    _text(root, MARGIN, MARGIN + 6, heading, 6.0, anchor="start", weight="bold")
    _text(root, PAGE_WIDTH / 2, PAGE_HEIGHT - MARGIN + 4, f"page {number} of {total}", 3.5)
    cols, rows = LAYOUTS[per_page]
    top = MARGIN + HEADER
    slot_w = (PAGE_WIDTH - 2 * MARGIN - GAP * (cols - 1)) / cols
    slot_h = (PAGE_HEIGHT - top - MARGIN - FOOTER - GAP * (rows - 1)) / rows
    for i, entry in enumerate(entries):
        r, c = divmod(i, cols)
        _place(root, entry, MARGIN + c * (slot_w + GAP), top + r * (slot_h + GAP), slot_w, slot_h)
    return serialize(root)


def _place(page: ET.Element, entry: Entry, x: float, y: float, w: float, h: float) -> None:
    """Nest the board in its slot, scaled to fit above its caption: centred across,
    at the top of the slot so the boards of a row line up."""
    board = unqualify(ET.fromstring(entry.svg))
    board.attrib.pop("xmlns", None)
    bw, bh = _size(board)
    scale = min(w / bw, (h - CAPTION) / bh, MAX_SCALE)
    width, height = bw * scale, bh * scale
    top = y
    board.set("x", num(x + (w - width) / 2))
    board.set("y", num(top))
    board.set("width", num(width))
    board.set("height", num(height))
    page.append(board)
    _text(page, x + w / 2, top + height + CAPTION - 2.2, entry.caption, 4.0)


def _size(board: ET.Element) -> tuple[float, float]:
    """A board's size in its own units: the viewBox, else width and height."""
    box = board.get("viewBox")
    if box:
        _, _, w, h = (float(v) for v in box.replace(",", " ").split())
        return w, h
    return float(board.get("width", "100")), float(board.get("height", "100"))


def _text(
    parent: ET.Element, x: float, y: float, text: str, size: float, *, anchor: str = "middle", weight: str = "normal"
) -> None:
    node = ET.SubElement(
        parent,
        "text",
        {
            "x": num(x),
            "y": num(y),
            "fill": theme.INK,
            "font-family": theme.FONT,
            "font-size": num(size),
            "font-weight": weight,
            "text-anchor": anchor,
            "class": "caption",
        },
    )
    node.text = text
