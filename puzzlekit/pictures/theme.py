"""One look for every genre: colours, proportions and terminal styles, by role.

Genres ask for a *tone* (how a mark is emphasised) rather than a colour, so
every board, built-in or third-party, shows a broken rule in the same red and
a hinted move in the same green, in an SVG and on a terminal alike.
"""

from __future__ import annotations

from typing import Literal

Tone = Literal["normal", "wrong", "unfinished", "hint"]
"""How a mark is emphasised: plain, a broken rule, a rule still short of marks, a hinted move."""


INK = "#222222"
"""Clues, dots, island outlines."""
LINE = "#1d3f72"
"""Loop lines and bridges: dark blue, so the answer stands apart from the clues."""
FAINT = "#9a9a9a"
"""Crosses and other marks that say "nothing here"."""
GRID = "#d0d0d0"
"""Guides that only help the eye (cell borders, water)."""
PAPER = "#ffffff"

STROKE: dict[Tone, str] = {"normal": LINE, "wrong": "#d62828", "unfinished": "#e08a00", "hint": "#0b8a5a"}
"""Stroke colour of a line, bridge or outline in each tone."""
TEXT: dict[Tone, str] = {"normal": INK, "wrong": "#d62828", "unfinished": "#b86e00", "hint": "#0b8a5a"}
"""Text colour of a clue in each tone."""
SHADE: dict[Tone, str] = {"normal": PAPER, "wrong": "#fde0e0", "unfinished": "#fff0d2", "hint": "#dcf3e8"}
"""Background of a highlighted cell or island in each tone."""

SHADED: dict[Tone, str] = {"normal": "#3b3b3b", "wrong": "#a11d1d", "unfinished": "#9a6200", "hint": "#0b6e48"}
"""Fill of a shaded (or black) cell in each tone: dark, so clues on it are written in paper."""
LIT: dict[Tone, str] = {"normal": "#fff1a8", "wrong": "#fde0e0", "unfinished": "#fff0d2", "hint": "#dcf3e8"}
"""Fill of a lit cell (Akari's light) in each tone."""
BULB = "#f0b400"
"""A light bulb, or any "something stands here" disc in warm colour."""
DOTTED = FAINT
"""The small dot that marks a cell "certainly not shaded"."""
BORDER_WIDTH = 0.06
"""The board's outline and region walls, as a share of the unit."""

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"

# Proportions of the board's unit (the distance between neighbouring dots or cells).
LINE_WIDTH = 0.11
DOT_RADIUS = 0.065
CROSS_SIZE = 0.11
CROSS_WIDTH = 0.045
CLUE_SIZE = 0.56
SPLIT_SIZE = 0.3
"""The two clues of a cell cut by a diagonal (``CellSvg.split``): up to two digits each."""
HALO_RADIUS = 0.24
HALO_WIDTH = 0.06

TERMINAL: dict[str, str] = {
    "plain": "",
    "dot": "dim",
    "cross": "dim",
    "water": "dim",
    "grid": "dim",
    "clue": "bold cyan",
    "island": "bold cyan",
    "line": "bold",
    "bridge": "bold",
    "pearl": "bold",
    "shaded": "",
    "black": "reverse bold",
    "lit": "yellow",
    "bulb": "bold yellow",
    "dotted": "dim",
    "wall": "bold",
    "wrong": "bold red",
    "unfinished": "bold yellow",
    "hint": "bold green",
}
"""rich styles by role; the tones ``wrong``, ``unfinished`` and ``hint`` win over a mark's own role."""
