"""Turn Bridges boards from Simon Tatham's Portable Puzzle Collection into puzzlekit levels.

Bridges is Hashiwokakero.  Debian's ``sgt-puzzles`` package ships it as
``/usr/games/sgt-bridges``, which prints game IDs when asked to generate::

    $ sgt-bridges --generate 1 '7x7i30e10m2d0#seed'
    7x7m2:2c2a2g4c4a6a3c2i2d34d2a

A game ID is ``PARAMS:DESCRIPTION``; puzzlekit's Bridges codec
(``puzzlekit_hashi.formats.tatham``, the one ``puzzlekit solve`` uses on a game ID)
reads it, and refuses what puzzlekit's Hashiwokakero cannot play (``m`` other than
2, the no-loops flag ``L``, islands of 9 or more) and what Bridges itself refuses
(fewer than two islands, islands side by side), saying why.

Command line (needs sgt-bridges; prints level blocks on stdout)::

    python tools/tatham_bridges.py COUNT PARAMS SEED [--bridges PATH]
    python tools/tatham_bridges.py 30 30x30i30e10m2d2 puzzlekit-30 \
        > tests/fixtures/tatham/bridges-30x30-hard.txt

PARAMS are sgt-bridges' generation parameters, in Bridges' own order:
``WxH`` the size (columns x rows; a bare ``W`` means W x W), then optionally
``iN`` the percentage of island squares (1-30), ``eN`` the expansion
percentage (0-100), ``mN`` the most bridges per pair (only 2), and ``dN`` the
difficulty (``0`` easy, ``1`` medium, ``2`` hard).  Left out, they take
Bridges' defaults ``i30e10m2d0``.  The same COUNT, PARAMS and SEED give the
same boards from the same Bridges version; the game IDs keep only ``WxHm2``.

What this script shares with ``tools/tatham_loopy.py`` (running the program,
the level file) is in ``tools/tatham_common.py``.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass

import tatham_common  # tools/ is on sys.path when run as python tools/NAME.py
from puzzlekit_hashi.formats import tatham as bridges_ids

from puzzlekit.errors import LevelError

DEFAULT_BRIDGES = "/usr/games/sgt-bridges"
DIFFICULTIES = bridges_ids.DIFFICULTIES

# Bridges' defaults (its first preset) for what a parameter string leaves out.
DEFAULT_ISLANDS = 30
DEFAULT_EXPANSION = 10
DEFAULT_DIFFICULTY = 0


class BridgesError(tatham_common.TathamError):
    """A game ID or parameter string this script does not understand."""


GAME = tatham_common.Game(
    name="Bridges",
    program="sgt-bridges",
    genre="Hashiwokakero",
    script="tools/tatham_bridges.py",
    notes="tests/fixtures/tatham/BRIDGES.md",
    error=BridgesError,
)


@dataclass(frozen=True)
class Params:
    """Bridges parameters: size, island and expansion percentages, bridges per pair, difficulty."""

    cols: int
    rows: int
    islands: int
    expansion: int
    max_bridges: int
    difficulty: int

    @property
    def difficulty_word(self) -> str:
        """``easy``, ``medium`` or ``hard``."""
        return DIFFICULTIES[self.difficulty]


def parse_params(params: str) -> Params:
    """Parse ``WxH[iN][eN][m2][dN]`` with the codec, strictly, and fill in Bridges' defaults.

    Refuses what puzzlekit cannot read (``m`` other than 2, the no-loops flag
    ``L``) and what Bridges cannot generate (a side under 3, percentages out of
    range, a difficulty other than 0-2: sgt-bridges never returns on those).
    """
    try:
        p = bridges_ids.parse_params(params, params)
    except LevelError as err:
        raise tatham_common.refused(GAME, err) from None
    return Params(
        p.cols,
        p.rows,
        DEFAULT_ISLANDS if p.islands is None else p.islands,
        DEFAULT_EXPANSION if p.expansion is None else p.expansion,
        p.max_bridges,
        DEFAULT_DIFFICULTY if p.difficulty is None else p.difficulty,
    )


def decode(game_id: str) -> tuple[int, int, list[str]]:
    """``(cols, rows, rows as strings)`` of a Bridges game ID, in puzzlekit's clue-grid form.

    Each row string has ``cols`` characters, ``1``-``8`` an island and ``.``
    water.  Raises :class:`BridgesError` with the codec's reason on anything else.
    """
    try:
        board = bridges_ids.decode_id(game_id)
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
        difficulty=params.difficulty_word,
        details=[f"at most {params.max_bridges} bridges per pair"],
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Generate Bridges boards with sgt-bridges and print them as puzzlekit Hashiwokakero levels.",
        epilog="example: python tools/tatham_bridges.py 30 30x30i30e10m2d2 puzzlekit-30",
    )
    parser.add_argument("count", type=int, metavar="COUNT", help="number of boards")
    parser.add_argument(
        "params",
        metavar="PARAMS",
        help="Bridges parameters WIDTHxHEIGHT[iN][eN][m2][dN], e.g. 10x10i30e10m2d1",
    )
    parser.add_argument("seed", metavar="SEED", help="random seed string, e.g. puzzlekit-30")
    parser.add_argument(
        "--bridges",
        default=shutil.which("sgt-bridges") or DEFAULT_BRIDGES,
        help=f"the sgt-bridges program (default: on PATH, else {DEFAULT_BRIDGES})",
    )
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("COUNT must be at least 1")
    try:
        params = parse_params(args.params)
        ids = tatham_common.generate(GAME, args.bridges, args.count, args.params, args.seed)
        tatham_common.check_sizes(GAME, ids, decode, params.cols, params.rows)
        command = tatham_common.generate_command(args.count, args.params, args.seed)
        sys.stdout.write(render(ids, command, tatham_common.program_version(args.bridges), params, args.seed))
    except (BridgesError, OSError) as exc:
        print(f"tatham_bridges: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
