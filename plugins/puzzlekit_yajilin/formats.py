"""Yajilin as pzprjs files (``pzprv3``: the clues as ``direction,number`` with 1 up, 2
down, 3 left, 4 right, then the player's shading and lines) and puzz.link URLs (pzprjs's
ArrowNumber16: a direction digit and a hex number per clue, letters skipping cells)."""

from __future__ import annotations

from puzzlekit.formats import lines, pzprfile
from puzzlekit.formats.codec import level_text
from puzzlekit.grid import RectGrid, write_grid
from puzzlekit.grid.paths import write_drawn

PIDS = ("yajilin", "yajirin")
DIRECTIONS = {"1": "^", "2": "v", "3": "<", "4": ">"}


def read_pzpr(source: str) -> str:
    """Level text (drawn with the player's marks when the file has them) from a pzprv3 file."""
    f = pzprfile.open_genre(source, PIDS, "Yajilin")
    grid = RectGrid(f.rows, f.cols)
    tokens = []
    for row in f.block(f.rows, f.cols, "the clues"):
        for v in row:
            d, _, n = v.text.partition(",")
            if v.text == ".":
                tokens.append(".")
            elif d in DIRECTIONS and n.isdigit() and len(n) < 4:
                tokens.append(n + DIRECTIONS[d])
            else:
                why = "a clue without arrow" if d == "0" else "a clue without number" if n == "-2" else "not a clue"
                raise f.error(v, f"expected '.' or direction,number (1 up, 2 down, 3 left, 4 right): {why}")
    if f.at_end():
        return level_text(write_grid(grid, tokens, separated=True))
    shade = [v.text for row in f.block(f.rows, f.cols, "the shading") for v in row]
    dom = lines.read_lines(f, grid)
    marks = [t if t != "." else {"#": "#", "+": "o"}.get(s, ".") for t, s in zip(tokens, shade)]
    return level_text(write_drawn(grid, marks, dom))


CODES = {arrow: d for d, arrow in DIRECTIONS.items()}


def read_url_body(cols: int, rows: int, body: str) -> str:
    """Level text from an ArrowNumber16 body (``5/5/m32j10``'s ``m32j10``); ValueError
    names the character that is wrong."""
    tokens: list[str] = []
    i = 0
    while i < len(body) and len(tokens) < cols * rows:
        ch = body[i]
        if "a" <= ch <= "z":
            tokens += ["."] * (ord(ch) - ord("a") + 1)
            i += 1
            continue
        if ch == "-":  # a direction and three hex digits
            d, width, start = body[i + 1 : i + 2], 3, i + 2
        elif ch in "01234":  # a direction and one hex digit
            d, width, start = ch, 1, i + 1
        elif ch in "56789":  # a direction + 5 and two hex digits
            d, width, start = str(int(ch) - 5), 2, i + 1
        else:
            raise ValueError(f"character {i + 1} of the body, {ch!r}: not a clue or a run of blank cells")
        number = body[start : start + width]
        if d not in DIRECTIONS or not number or any(c not in "0123456789abcdef" for c in number):
            why = "a clue without number" if number[:1] == "." else "a clue without arrow" if d == "0" else "a bad clue"
            raise ValueError(f"character {i + 1} of the body, {ch!r}: {why}; expected a direction 1-4 and a number")
        tokens.append(f"{int(number, 16)}{DIRECTIONS[d]}")
        i = start + width
    if len(tokens) < cols * rows:
        raise ValueError(f"the body ends after {len(tokens)} of the board's {cols * rows} cells")
    return level_text(write_grid(RectGrid(rows, cols), tokens[: cols * rows], separated=True))


def url_body(tokens: list[str]) -> str:
    """The ArrowNumber16 body of a board's tokens (``.`` or a number and an arrow)."""
    out, blanks = "", 0
    for t in [*tokens, ""]:
        if t == ".":
            blanks += 1
            if blanks < 26:
                continue
        while blanks:
            out, blanks = out + chr(ord("a") + min(blanks, 26) - 1), blanks - min(blanks, 26)
        if t:
            d, n = CODES[t[-1]], int(t[:-1])
            out += f"{d}{n:x}" if n < 16 else f"{int(d) + 5}{n:02x}" if n < 256 else f"-{d}{n:03x}"
    return out


FORMATS: tuple[type, ...] = ()
