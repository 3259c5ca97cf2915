"""Turn Bridges boards from Simon Tatham's Portable Puzzle Collection into puzzlekit levels.

Bridges is Hashiwokakero.  Debian's ``sgt-puzzles`` package ships it as
``/usr/games/sgt-bridges``, which prints game IDs when asked to generate::

    $ sgt-bridges --generate 1 '7x7i30e10m2d0#seed'
    7x7m2:2c2a2g4c4a6a3c2i2d34d2a

A game ID is ``PARAMS:DESCRIPTION``.  PARAMS in an ID is ``WxHmN`` (W columns,
H rows, at most N bridges between two islands; puzzlekit reads only ``m2``, and
refuses ``L``, Bridges' "no loops" variant).  The description lists the squares
row by row: a digit ``1``-``8`` is an island with that many bridges, a letter
``a``-``z`` is a run of 1-26 water squares.  :func:`decode` turns an ID into
clue-grid rows and refuses anything else with a message saying why.

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

DEFAULT_BRIDGES = "/usr/games/sgt-bridges"
DIFFICULTIES = {0: "easy", 1: "medium", 2: "hard"}
MAX_BRIDGES = 2  # per pair of islands: the only value puzzlekit's Hashiwokakero reads
MAX_CLUE = 4 * MAX_BRIDGES  # four directions

# Bridges' defaults (its first preset) for what a parameter string leaves out.
DEFAULT_ISLANDS = 30
DEFAULT_EXPANSION = 10

# The order is Bridges' own (decode_params in bridges.c): size, i, e, m, L, d.
_PARAMS = re.compile(
    r"(?P<w>\d+)(?:x(?P<h>\d+))?(?:i(?P<i>\d+))?(?:e(?P<e>\d+))?(?:m(?P<m>\d+))?(?P<L>L)?(?:d(?P<d>\d+))?"
)


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
    """Parse ``WxH[iN][eN][m2][dN]`` as Bridges itself does, but strictly.

    Refuses what puzzlekit cannot read (``m`` other than 2, the no-loops flag
    ``L``) and what Bridges cannot generate (a side under 3, percentages out of
    range, a difficulty other than 0-2: sgt-bridges never returns on those).
    """
    match = _PARAMS.fullmatch(params)
    if match is None:
        raise BridgesError(
            f"cannot read Bridges parameters {params!r}: expected WIDTHxHEIGHT, then optionally "
            "iISLANDS, eEXPANSION, mMAXBRIDGES and dDIFFICULTY in that order, e.g. '10x10i30e10m2d1'"
        )
    cols = int(match["w"])
    rows = int(match["h"]) if match["h"] is not None else cols
    islands = int(match["i"]) if match["i"] is not None else DEFAULT_ISLANDS
    expansion = int(match["e"]) if match["e"] is not None else DEFAULT_EXPANSION
    max_bridges = int(match["m"]) if match["m"] is not None else MAX_BRIDGES
    difficulty = int(match["d"]) if match["d"] is not None else 0
    if max_bridges != MAX_BRIDGES:
        raise BridgesError(
            f"Bridges parameters {params!r} allow up to {max_bridges} bridges between two islands; "
            f"puzzlekit's Hashiwokakero allows exactly {MAX_BRIDGES} (m{MAX_BRIDGES})"
        )
    if match["L"] is not None:
        raise BridgesError(
            f"Bridges parameters {params!r} ask for the no-loops variant (L), which puzzlekit's "
            "Hashiwokakero does not implement"
        )
    if difficulty not in DIFFICULTIES:
        known = ", ".join(f"{k} {v}" for k, v in DIFFICULTIES.items())
        raise BridgesError(f"unknown Bridges difficulty d{difficulty} in {params!r} (known: {known})")
    if cols < 3 or rows < 3:
        raise BridgesError(
            f"Bridges parameters {params!r} give a {cols}x{rows} board; Bridges needs 3x3 or more"
        )
    if not 1 <= islands <= 30:
        raise BridgesError(f"island percentage i{islands} in {params!r} is outside Bridges' 1-30")
    if not 0 <= expansion <= 100:
        raise BridgesError(f"expansion percentage e{expansion} in {params!r} is outside Bridges' 0-100")
    return Params(cols, rows, islands, expansion, max_bridges, difficulty)


def _clue(params: str, pos: int, ch: str) -> str:
    """The square for description character ``ch`` (not a run letter) at ``pos``: an island ``1``-``8``."""
    if "1" <= ch <= str(MAX_CLUE):
        return ch
    if ch == "9" or "A" <= ch <= "G":
        clue = 9 if ch == "9" else ord(ch) - ord("A") + 10
        raise BridgesError(
            f"island clue {clue} ({ch!r}) at position {pos} of the description of {params}: with "
            f"at most {MAX_BRIDGES} bridges each way an island has at most {MAX_CLUE}"
        )
    raise BridgesError(
        f"unexpected character {ch!r} at position {pos} of the description of {params}: "
        f"expected an island clue 1-{MAX_CLUE} or a water run letter a-z"
    )


def decode(game_id: str) -> tuple[int, int, list[str]]:
    """``(cols, rows, rows as strings)`` of a Bridges game ID, in puzzlekit's clue-grid form.

    Each row string has ``cols`` characters, ``1``-``8`` an island and ``.``
    water.  Raises :class:`BridgesError` on a random-seed ID, parameters other
    than ``m2`` (or with ``L``), a description of the wrong length, a character
    it does not know, fewer than two islands, or two islands that touch (Bridges
    refuses those last two itself; puzzlekit would read touching islands as a
    pair that Bridges never lets you join).
    """
    params, desc = tatham_common.split_id(GAME, game_id)
    p = parse_params(params)
    cells = tatham_common.expand_runs(desc, partial(_clue, params))
    if len(cells) != p.cols * p.rows:
        raise BridgesError(
            f"the description of {params} holds {len(cells)} squares but a {p.cols}x{p.rows} board "
            f"has {p.cols * p.rows}"
        )
    rows = tatham_common.grid_rows(cells, p.cols, p.rows)
    islands = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."]
    if len(islands) < 2:
        raise BridgesError(
            f"the description of {params} has {len(islands)} island(s); Bridges needs two or more"
        )
    for r, c in islands:
        for nr, nc in ((r, c + 1), (r + 1, c)):
            if nr < p.rows and nc < p.cols and rows[nr][nc] != ".":
                raise BridgesError(
                    f"the description of {params} has touching islands at r{r + 1}c{c + 1} and "
                    f"r{nr + 1}c{nc + 1}, which Bridges refuses (it can draw no bridge between them)"
                )
    return p.cols, p.rows, rows


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
        description="Generate Bridges boards with sgt-bridges and print them as puzzlekit "
        "Hashiwokakero levels.",
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
