"""Turn Loopy boards from Simon Tatham's Portable Puzzle Collection into puzzlekit levels.

Loopy is Slitherlink.  Debian's ``sgt-puzzles`` package ships it as
``/usr/games/sgt-loopy``, which prints game IDs when asked to generate::

    $ sgt-loopy --generate 1 '5x5t0dh#seed'
    5x5t0:3c332b231e2333b2a

A game ID is ``PARAMS:DESCRIPTION``.  PARAMS is ``WxHtT`` (W columns, H rows,
grid type T; type 0 is the square grid, the only one puzzlekit reads; the
difficulty ``dX`` is not part of an ID).  For the square grid the description
lists the cells row by row: a digit is a clue, a letter ``a``-``z`` is a run of
1-26 blank cells.  :func:`decode` turns an ID into clue-grid rows and refuses
anything else with a message saying why.

Command line (needs sgt-loopy; prints level blocks on stdout)::

    python tools/tatham_loopy.py COUNT PARAMS SEED [--loopy PATH]
    python tools/tatham_loopy.py 30 30x30t0dh puzzlekit-30 > tests/fixtures/tatham/loopy-30x30-hard.txt

PARAMS are sgt-loopy's generation parameters, e.g. ``10x10t0dh``: size
WIDTHxHEIGHT (columns x rows), ``t0`` the square grid (the default when left
out), ``dX`` the difficulty (``e`` easy, ``n`` normal, ``t`` tricky, ``h``
hard; easy when left out, as in Loopy).  The same COUNT, PARAMS and SEED give
the same boards from the same Loopy version.

What this script shares with ``tools/tatham_bridges.py`` (running the program,
splitting a game ID, expanding runs, the level file) is in
``tools/tatham_common.py``.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

import tatham_common  # tools/ is on sys.path when run as python tools/NAME.py

DEFAULT_LOOPY = "/usr/games/sgt-loopy"
DIFFICULTIES = {"e": "easy", "n": "normal", "t": "tricky", "h": "hard"}
SQUARE = 0

_PARAMS = re.compile(r"(?P<w>\d+)(?:x(?P<h>\d+))?(?:t(?P<t>\d+))?(?:d(?P<d>.))?")


class LoopyError(tatham_common.TathamError):
    """A game ID or parameter string this script does not understand."""


GAME = tatham_common.Game(
    name="Loopy",
    program="sgt-loopy",
    genre="Slitherlink",
    script="tools/tatham_loopy.py",
    notes="tests/fixtures/tatham/README.md",
    error=LoopyError,
)


@dataclass(frozen=True)
class Params:
    """Loopy parameters: size, grid type and difficulty word."""

    cols: int
    rows: int
    grid_type: int
    difficulty: str


def parse_params(params: str) -> Params:
    """Parse ``WxH[tT][dX]`` (a bare ``W`` means W x W), as Loopy itself does, but strictly."""
    match = _PARAMS.fullmatch(params)
    if match is None:
        raise LoopyError(
            f"cannot read Loopy parameters {params!r}: expected WIDTHxHEIGHT, then optionally "
            "tTYPE and dDIFFICULTY, e.g. '10x10t0dh'"
        )
    cols = int(match["w"])
    rows = int(match["h"]) if match["h"] is not None else cols
    grid_type = int(match["t"]) if match["t"] is not None else SQUARE
    letter = match["d"] if match["d"] is not None else "e"
    if letter not in DIFFICULTIES:
        known = ", ".join(f"{k} {v}" for k, v in DIFFICULTIES.items())
        raise LoopyError(f"unknown Loopy difficulty letter {letter!r} in {params!r} (known: {known})")
    if cols < 1 or rows < 1:
        raise LoopyError(f"Loopy parameters {params!r} give an empty board ({cols}x{rows})")
    return Params(cols, rows, grid_type, DIFFICULTIES[letter])


def decode(game_id: str) -> tuple[int, int, list[str]]:
    """``(cols, rows, rows as strings)`` of a square-grid Loopy game ID, in puzzlekit's clue-grid form.

    Each row string has ``cols`` characters, ``0``-``3`` a clue and ``.`` a blank.
    Raises :class:`LoopyError` on a random-seed ID, a non-square grid type, a
    description of the wrong length or a character it does not know.
    """
    params, desc = tatham_common.split_id(GAME, game_id)
    p = parse_params(params)
    if p.grid_type != SQUARE:
        raise LoopyError(
            f"game ID {params}:... uses Loopy grid type t{p.grid_type}; only the square grid (t0) "
            "is Slitherlink as puzzlekit reads it"
        )
    cells = tatham_common.expand_runs(desc, partial(_clue, params))
    if len(cells) != p.cols * p.rows:
        raise LoopyError(
            f"the description of {params} holds {len(cells)} cells but a {p.cols}x{p.rows} board "
            f"has {p.cols * p.rows}"
        )
    return p.cols, p.rows, tatham_common.grid_rows(cells, p.cols, p.rows)


def _clue(params: str, pos: int, ch: str) -> str:
    """The cell for description character ``ch`` (not a run letter) at ``pos``: a clue ``0``-``3``."""
    if "0" <= ch <= "3":
        return ch
    if "4" <= ch <= "9":
        raise LoopyError(
            f"clue {ch} at position {pos} of the description of {params}: a square cell "
            "has four sides and puzzlekit reads clues 0-3"
        )
    raise LoopyError(
        f"unexpected character {ch!r} at position {pos} of the description of {params}: "
        "expected a clue digit or a run letter a-z"
    )


def render(ids: Sequence[str], command: str, version: str | None, params: Params, seed: str) -> str:
    """The whole level file: a comment header, then one block per game ID."""
    return tatham_common.render(
        GAME,
        ids,
        decode,
        command=command,
        version=version,
        seed=seed,
        cols=params.cols,
        rows=params.rows,
        difficulty=params.difficulty,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Generate Loopy boards with sgt-loopy and print them as puzzlekit Slitherlink levels.",
        epilog="example: python tools/tatham_loopy.py 30 30x30t0dh puzzlekit-30",
    )
    parser.add_argument("count", type=int, metavar="COUNT", help="number of boards")
    parser.add_argument(
        "params", metavar="PARAMS", help="Loopy parameters WIDTHxHEIGHT[t0][dX], e.g. 15x10t0dt"
    )
    parser.add_argument("seed", metavar="SEED", help="random seed string, e.g. puzzlekit-30")
    parser.add_argument(
        "--loopy",
        default=shutil.which("sgt-loopy") or DEFAULT_LOOPY,
        help=f"the sgt-loopy program (default: on PATH, else {DEFAULT_LOOPY})",
    )
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("COUNT must be at least 1")
    try:
        params = parse_params(args.params)
        if params.grid_type != SQUARE:
            raise LoopyError(f"grid type t{params.grid_type} is not the square grid (t0)")
        ids = tatham_common.generate(GAME, args.loopy, args.count, args.params, args.seed)
        tatham_common.check_sizes(GAME, ids, decode, params.cols, params.rows)
        command = tatham_common.generate_command(args.count, args.params, args.seed)
        sys.stdout.write(render(ids, command, tatham_common.program_version(args.loopy), params, args.seed))
    except (LoopyError, OSError) as exc:
        print(f"tatham_loopy: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
