"""A small SVG builder that genres share, so every board is made the same way.

Elements carry presentation attributes (so the file looks right in any viewer,
cairosvg included) and a ``class`` naming what they are (``segment``,
``island``, ``clue``...), so tests can count them and a stylesheet can
restyle them.  Output is deterministic: attributes in the order given,
numbers rounded to two decimals, which keeps golden files stable.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from puzzlekit.core.model import FALSE, TRUE
from puzzlekit.pictures import theme
from puzzlekit.pictures.theme import Tone

SVG_NS = "http://www.w3.org/2000/svg"

Point = tuple[float, float]
Attr = str | float | int


def unqualify(root: ET.Element) -> ET.Element:
    """Strip the SVG namespace from a parsed tree's tags, so it nests in a built one."""
    prefix = f"{{{SVG_NS}}}"
    for node in root.iter():
        if isinstance(node.tag, str) and node.tag.startswith(prefix):
            node.tag = node.tag[len(prefix) :]
    return root


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 cannot hold, even escaped (a control character or a byte that was
not UTF-8 in a ``# title:``): drawn as U+FFFD so the document stays well-formed."""


_INDENT: ContextVar[bool] = ContextVar("puzzlekit_svg_indent", default=True)


@contextmanager
def unindented() -> Iterator[None]:
    """Documents made inside come out on one line: the same picture, written sooner (the
    web app redraws the board on every move; files and golden tests keep the indented form)."""
    token = _INDENT.set(False)
    try:
        yield
    finally:
        _INDENT.reset(token)


def serialize(root: ET.Element) -> str:
    """An SVG element tree as a standalone document: XML declaration, the SVG namespace on the root."""
    root.set("xmlns", SVG_NS)  # already first on roots this module built
    if _INDENT.get():
        ET.indent(root, space=" ")
        body = ET.tostring(root, encoding="unicode")
    else:
        body = _compact(root)
    body = _NOT_XML.sub("\ufffd", body)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'


def _compact(root: ET.Element) -> str:
    """The tree on one line, written directly (this module's trees carry no namespaced
    tags, so ElementTree's namespace pass is not needed); the same markup otherwise."""
    if any(isinstance(node.tag, str) and node.tag.startswith("{") for node in root.iter()):
        return ET.tostring(root, encoding="unicode")
    out: list[str] = []
    _write(root, out)
    return "".join(out)


def _write(node: ET.Element, out: list[str]) -> None:
    out.append(f"<{node.tag}")
    for key, value in node.attrib.items():
        out.append(f' {key}="{_escape(value, True)}"')
    if len(node) or node.text:
        out.append(">")
        if node.text:
            out.append(_escape(node.text, False))
        for child in node:
            _write(child, out)
        out.append(f"</{node.tag}>")
    else:
        out.append(" />")
    if node.tail:
        out.append(_escape(node.tail, False))


def _escape(text: str, attribute: bool) -> str:
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    if attribute and ('"' in text or "\n" in text):
        text = text.replace('"', "&quot;").replace("\n", "&#10;")
    return text


def num(x: float) -> str:
    """A coordinate as short, stable text: ``12``, ``12.5``, ``0.07``."""
    if x == x and -1e15 < x < 1e15:  # a whole number (most coordinates) is written as one
        whole = int(x)
        if whole == x:
            return str(whole)
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class Svg:
    """One picture: a fixed size in user units, layers drawn in the order they are first used.

    ``unit`` is the board's grid step; the drawing helpers size strokes, dots
    and text as fractions of it (see ``puzzlekit.pictures.theme``), so boards
    of every genre share one look at any scale.
    """

    LAYERS = ("background", "shade", "cells", "guides", "walls", "marks", "lines", "halos", "pieces", "labels")
    """Drawing order: later layers are painted over earlier ones."""

    def __init__(self, width: float, height: float, unit: float, *, title: str | None = None, kind: str = "") -> None:
        self.width = width
        self.height = height
        self.unit = unit
        self.root = ET.Element(
            "svg",
            {
                "xmlns": SVG_NS,
                "version": "1.1",
                "width": num(width),
                "height": num(height),
                "viewBox": f"0 0 {num(width)} {num(height)}",
            },
        )
        if kind:
            self.root.set("class", f"puzzlekit {kind}")
        if title:
            ET.SubElement(self.root, "title").text = title
        self._layers: dict[str, ET.Element] = {}
        self.element("rect", "background", "paper", x=0, y=0, width=width, height=height, fill=theme.PAPER)

    # -- raw elements ------------------------------------------------------------

    def layer(self, name: str) -> ET.Element:
        """The ``<g>`` of a layer; every layer exists once, in ``LAYERS`` order."""
        if not self._layers:
            for layer in self.LAYERS:
                self._layers[layer] = ET.SubElement(self.root, "g", {"class": layer})
        return self._layers[name]

    def element(self, tag: str, layer: str, cls: str, **attrs: Attr) -> ET.Element:
        """An element with ``class=cls`` in ``layer``; ``stroke_width`` is written ``stroke-width``."""
        values = {"class": cls}
        for key, value in attrs.items():
            values[key.replace("_", "-")] = num(value) if isinstance(value, float | int) else value
        return ET.SubElement(self.layer(layer), tag, values)

    # -- the shared marks ----------------------------------------------------------

    def segment(
        self, points: Sequence[Point], *, cls: str = "segment", tone: Tone = "normal", width: float = 1.0
    ) -> None:
        """A line of the answer (a loop segment, a bridge) as one ``<path>``, round-ended."""
        d = " ".join(f"{'M' if i == 0 else 'L'}{num(x)} {num(y)}" for i, (x, y) in enumerate(points))
        self.element(
            "path",
            "lines",
            _toned(cls, tone),
            d=d,
            fill="none",
            stroke=theme.STROKE[tone],
            stroke_width=theme.LINE_WIDTH * self.unit * width,
            stroke_linecap="round",
            stroke_linejoin="round",
        )

    def bar(self, a: Point, b: Point, *, cls: str, tone: Tone = "normal", width: float = 1.0) -> None:
        """A straight ``<line>`` from ``a`` to ``b`` (one bridge of a pair, say), butt-ended."""
        self.element(
            "line",
            "lines",
            _toned(cls, tone),
            x1=a[0],
            y1=a[1],
            x2=b[0],
            y2=b[1],
            stroke=theme.STROKE[tone],
            stroke_width=theme.LINE_WIDTH * self.unit * width,
        )

    def cross(self, x: float, y: float, *, tone: Tone = "normal") -> None:
        """A small ``×``: "no line here"."""
        s = theme.CROSS_SIZE * self.unit
        colour = theme.FAINT if tone == "normal" else theme.STROKE[tone]
        self.element(
            "path",
            "marks",
            _toned("cross", tone),
            d=f"M{num(x - s)} {num(y - s)} L{num(x + s)} {num(y + s)} "
            f"M{num(x - s)} {num(y + s)} L{num(x + s)} {num(y - s)}",
            stroke=colour,
            stroke_width=theme.CROSS_WIDTH * self.unit,
            stroke_linecap="round",
        )

    def dot(
        self, x: float, y: float, *, cls: str = "dot", radius: float = theme.DOT_RADIUS, colour: str = theme.INK
    ) -> None:
        self.element("circle", "guides", cls, cx=x, cy=y, r=radius * self.unit, fill=colour)

    def disc(
        self,
        x: float,
        y: float,
        radius: float,
        *,
        cls: str,
        fill: str = theme.PAPER,
        stroke: str = theme.INK,
        tone: Tone = "normal",
        width: float = 0.5,
    ) -> None:
        """A filled circle with an outline (an island, a pearl); a tone recolours its outline."""
        self.element(
            "circle",
            "pieces",
            _toned(cls, tone),
            cx=x,
            cy=y,
            r=radius * self.unit,
            fill=fill if tone == "normal" or fill != theme.PAPER else theme.SHADE[tone],
            stroke=stroke if tone == "normal" else theme.STROKE[tone],
            stroke_width=theme.LINE_WIDTH * self.unit * width * (1.6 if tone != "normal" else 1.0),
        )

    def label(
        self,
        x: float,
        y: float,
        text: str,
        *,
        cls: str = "clue",
        tone: Tone = "normal",
        size: float = theme.CLUE_SIZE,
        colour: str | None = None,
    ) -> None:
        """Text centred on (x, y); the baseline is placed by hand since not every renderer
        honours ``dominant-baseline``."""
        px = size * self.unit
        node = self.element(
            "text",
            "labels",
            _toned(cls, tone),
            x=x,
            y=y + 0.36 * px,
            fill=colour if colour is not None and tone == "normal" else theme.TEXT[tone],
            font_family=theme.FONT,
            font_size=px,
            font_weight="bold" if tone != "normal" else "normal",
            text_anchor="middle",
        )
        node.text = text

    def shade(self, x: float, y: float, w: float, h: float, *, tone: Tone, cls: str = "shade") -> None:
        """A tinted rectangle behind a cell that breaks a rule (or is hinted)."""
        self.element("rect", "shade", _toned(cls, tone), x=x, y=y, width=w, height=h, fill=theme.SHADE[tone])

    def fill(self, x: float, y: float, w: float, h: float, *, colour: str, cls: str, crisp: bool = False) -> None:
        """A filled rectangle: a shaded, black or lit cell (``cells`` layer, under the guides).
        ``crisp``: edges on whole pixels, so that touching rectangles scaled by the page
        leave no pale seam of paper between them (black cells read as one area)."""
        rect = self.element("rect", "cells", cls, x=x, y=y, width=w, height=h, fill=colour)
        if crisp:
            rect.set("shape-rendering", "crispEdges")

    def wall(self, a: Point, b: Point, *, tone: Tone = "normal", cls: str = "wall") -> None:
        """A thick border line (the board's outline, a region's wall), square-ended."""
        colour = theme.INK if tone == "normal" else theme.STROKE[tone]
        self.element(
            "line",
            "walls",
            _toned(cls, tone),
            x1=a[0],
            y1=a[1],
            x2=b[0],
            y2=b[1],
            stroke=colour,
            stroke_width=theme.BORDER_WIDTH * self.unit,
            stroke_linecap="square",
        )

    def halo(self, x: float, y: float, *, tone: Tone, radius: float = theme.HALO_RADIUS) -> None:
        """A ring around a point that breaks a rule (a branching dot, a crossing)."""
        self.element(
            "circle",
            "halos",
            _toned("halo", tone),
            cx=x,
            cy=y,
            r=radius * self.unit,
            fill="none",
            stroke=theme.STROKE[tone],
            stroke_width=theme.HALO_WIDTH * self.unit,
        )

    def pointer(self, a: Point, b: Point, *, tone: Tone = "hint") -> None:
        """A dashed guide along an edge that is still open but emphasised (the hinted move)."""
        dash = num(0.1 * self.unit)
        self.element(
            "path",
            "marks",
            _toned("open", tone),
            d=f"M{num(a[0])} {num(a[1])} L{num(b[0])} {num(b[1])}",
            stroke=theme.STROKE[tone],
            stroke_width=0.04 * self.unit,
            stroke_dasharray=f"{dash} {dash}",
        )

    def loop_edge(self, a: Point, b: Point, value: int | None, *, tone: Tone, crosses: bool) -> None:
        """A line-or-not edge from ``a`` to ``b`` (``value`` a boolean domain, None for a bare
        board): a line, a cross when ``crosses`` (or hinted), or a pointer when only hinted.
        The SVG twin of ``TextGrid.edge``."""
        if value == TRUE:
            self.segment([a, b], tone=tone)
        elif value == FALSE and (crosses or tone == "hint"):
            self.cross((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, tone=tone)
        elif tone == "hint":
            self.pointer(a, b)

    def guide(self, a: Point, b: Point, *, cls: str = "grid") -> None:
        """A thin line that only helps the eye (a cell border)."""
        self.element(
            "line", "guides", cls, x1=a[0], y1=a[1], x2=b[0], y2=b[1], stroke=theme.GRID, stroke_width=0.025 * self.unit
        )

    # -- output ------------------------------------------------------------------

    def to_string(self) -> str:
        """The document, indented, with an XML declaration; empty layers are left out."""
        for name, g in list(self._layers.items()):
            if len(g) == 0:
                self.root.remove(g)
                del self._layers[name]
        return serialize(self.root)


def _toned(cls: str, tone: Tone) -> str:
    """``class`` text: the mark's own class, plus the tone when it is emphasised."""
    return cls if tone == "normal" else f"{cls} {tone}"
