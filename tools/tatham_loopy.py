"""Turn Loopy boards from Simon Tatham's Portable Puzzle Collection into puzzlekit levels.

Loopy is Slitherlink.  Debian's ``sgt-puzzles`` package ships it as
``/usr/games/sgt-loopy``, which prints game IDs when asked to generate::

    $ sgt-loopy --generate 1 '5x5t0dh#seed'
    5x5t0:3c332b231e2333b2a

A game ID is ``PARAMS:DESCRIPTION``; puzzlekit's Loopy codec
(``puzzlekit_slitherlink.formats.tatham``, the one ``puzzlekit solve`` uses on a game
ID) reads it, and refuses anything that is not a square-grid board, saying why.

Command line (needs sgt-loopy; prints level blocks on stdout)::

    python tools/tatham_loopy.py COUNT PARAMS SEED [--loopy PATH]
    python tools/tatham_loopy.py 30 30x30t0dh puzzlekit-30 > tests/fixtures/tatham/loopy-30x30-hard.txt

PARAMS are sgt-loopy's generation parameters, e.g. ``10x10t0dh``: size
WIDTHxHEIGHT (columns x rows), ``t0`` the square grid (the default when left
out), ``dX`` the difficulty (``e`` easy, ``n`` normal, ``t`` tricky, ``h``
hard; easy when left out, as in Loopy).  The same COUNT, PARAMS and SEED give
the same boards from the same Loopy version.

What this script shares with ``tools/tatham_bridges.py`` (running the program,
the level file) is in ``tools/tatham_common.py``.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass

import tatham_common  # tools/ is on sys.path when run as python tools/NAME.py
from puzzlekit_slitherlink.formats import tatham as loopy_ids

from puzzlekit.errors import LevelError

DEFAULT_LOOPY = "/usr/games/sgt-loopy"
DEFAULT_DIFFICULTY = "easy"  # what Loopy generates when PARAMS leave the difficulty out
SQUARE = loopy_ids.SQUARE


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
    """Parse ``WxH[tT][dX]`` (a bare ``W`` means W x W) with the codec, strictly."""
    try:
        p = loopy_ids.parse_params(params, params)
    except LevelError as err:
        raise tatham_common.refused(GAME, err) from None
    return Params(p.cols, p.rows, p.grid_type, p.difficulty or DEFAULT_DIFFICULTY)


def decode(game_id: str) -> tuple[int, int, list[str]]:
    """``(cols, rows, rows as strings)`` of a square-grid Loopy game ID, in puzzlekit's clue-grid form.

    Each row string has ``cols`` characters, ``0``-``3`` a clue and ``.`` a blank.
    Raises :class:`LoopyError` with the codec's reason on anything else.
    """
    try:
        board = loopy_ids.decode_id(game_id)
    except LevelError as err:
        raise tatham_common.refused(GAME, err) from None
    return board.params.cols, board.params.rows, board.rows


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
    parser.add_argument("params", metavar="PARAMS", help="Loopy parameters WIDTHxHEIGHT[t0][dX], e.g. 15x10t0dt")
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
