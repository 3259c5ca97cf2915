"""pzprjs's arrow-and-number clues (Yajilin, Yajikazu, ...), as level tokens: a number
and an arrow, ``2<`` (``^`` up, ``v`` down, ``<`` left, ``>`` right), ``.`` no clue.

- ``read_arrow_body(cols, rows, body)`` / ``arrow_body(tokens)``: pzprjs's ArrowNumber16
  URL body (a direction digit 1-4 and one hex digit; 5-9 and two; ``-``, a direction and
  three; a letter ``a``-``z`` one to 26 cells without a clue);
- ``read_arrow_cells(f, what)``: a pzprv3 block of ``direction,number`` values.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit.formats.pzprfile import PzprFile

DIRECTIONS = {"1": "^", "2": "v", "3": "<", "4": ">"}
CODES = {arrow: d for d, arrow in DIRECTIONS.items()}


def read_arrow_cells(f: PzprFile, what: str) -> list[str]:
    """A block of ``.`` or ``direction,number`` cells as tokens; a clue without arrow
    (``0,n``) or without number is refused in words, at its place."""
    tokens = []
    for row in f.block(f.rows, f.cols, what):
        for v in row:
            d, _, n = v.text.partition(",")
            if v.text == ".":
                tokens.append(".")
            elif d in DIRECTIONS and n.isdigit() and len(n) < 4:
                tokens.append(n + DIRECTIONS[d])
            else:
                why = "a clue without arrow" if d == "0" else "a clue without number" if n == "-2" else "not a clue"
                raise f.error(v, f"expected '.' or direction,number (1 up, 2 down, 3 left, 4 right): {why}")
    return tokens


def read_arrow_body(cols: int, rows: int, body: str) -> list[str]:
    """Cell tokens (``.``, or a number and an arrow ``^ v < >``) from an ArrowNumber16
    body (``5/5/m32j10``'s ``m32j10``); ValueError names the character that is wrong."""
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
    return tokens[: cols * rows]


def arrow_body(tokens: Sequence[str]) -> str:
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
