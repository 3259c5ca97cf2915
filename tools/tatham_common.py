"""What the scripts that turn Simon Tatham's game IDs into puzzlekit levels have in common.

``tools/tatham_loopy.py`` (Loopy, Slitherlink) and ``tools/tatham_bridges.py``
(Bridges, Hashiwokakero) both run a program of Debian's ``sgt-puzzles``
package with ``--generate``, decode the game IDs it prints and write them out
as a puzzlekit level file.  Decoding is the package's own: each genre has a
Tatham codec (``puzzlekit_slitherlink.formats.tatham``,
``puzzlekit_hashi.formats.tatham``), the same that reads a game ID given to
``puzzlekit solve``, so the fixtures and the command line cannot disagree.
Each script keeps what is its own game's: the generation parameters and the
checks on a board.  This module holds the rest:

* :func:`program_version` and :func:`generate` run the program;
* :func:`refused` turns a codec's LevelError into the script's own error;
* :func:`check_sizes`, :func:`generate_command`, :func:`level_block` and
  :func:`render` make the level file.

A :class:`Game` names the game and the script in messages and in the file
header; every refusal is raised as the script's own :class:`TathamError`
subclass (``Game.error``).  The scripts run as ``python tools/NAME.py`` from the
repository root, which puts ``tools/`` on ``sys.path`` so that ``import
tatham_common`` finds this file.
"""

from __future__ import annotations

import re
import shlex
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from puzzlekit.errors import LevelError

Decoder = Callable[[str], tuple[int, int, list[str]]]
"""A script's ``decode``: a game ID to ``(cols, rows, rows as strings)``."""


class TathamError(ValueError):
    """A game ID, parameter string or program output a script does not understand."""


@dataclass(frozen=True)
class Game:
    """One game of the collection, as a script names it in messages and in the file header."""

    name: str
    """The game's name in the collection, e.g. ``Loopy``."""
    program: str
    """Debian's name for its program, e.g. ``sgt-loopy``."""
    genre: str
    """The puzzle's usual name, e.g. ``Slitherlink``."""
    script: str
    """The script that converts it, from the repository root, e.g. ``tools/tatham_loopy.py``."""
    notes: str
    """The notes on its fixtures, from the repository root."""
    error: type[TathamError]
    """What the script raises when it refuses something."""


def program_version(program: str) -> str | None:
    """The version an sgt-puzzles program reports (e.g. ``20230122.806ae71``), or None."""
    try:
        done = subprocess.run([program, "--version"], capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    match = re.search(r"Version (\S+)", done.stdout)
    return match.group(1) if match else None


def generate(game: Game, program: str, count: int, params: str, seed: str) -> list[str]:
    """``count`` game IDs from ``program --generate COUNT PARAMS#SEED``.

    Raises ``game.error`` if the program fails or prints a different number of
    IDs, and :class:`OSError` if it cannot be run.
    """
    argument = f"{params}#{seed}"
    done = subprocess.run([program, "--generate", str(count), argument], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise game.error(f"{program} --generate {count} {argument!r} failed: {done.stderr.strip()}")
    ids = [line.strip() for line in done.stdout.splitlines() if line.strip()]
    if len(ids) != count:
        raise game.error(f"{program} printed {len(ids)} game IDs, expected {count}")
    return ids


def generate_command(count: int, params: str, seed: str) -> str:
    """The ``--generate`` arguments as a shell would take them, for the ``# source:`` lines."""
    return f"--generate {count} {shlex.quote(f'{params}#{seed}')}"


def refused(game: Game, err: LevelError) -> TathamError:
    """A codec's refusal as the script's own error, keeping the codec's words."""
    return game.error(err.message)


def check_sizes(game: Game, ids: Sequence[str], decode: Decoder, cols: int, rows: int) -> None:
    """Decode every ID; raise ``game.error`` at the first whose board is not ``cols`` x ``rows``."""
    for game_id in ids:
        got_cols, got_rows, _ = decode(game_id)
        if (got_cols, got_rows) != (cols, rows):
            given = game_id.split(":")[0]
            raise game.error(f"asked for {cols}x{rows} but {game.name} gave {given}")


def level_block(game_id: str, rows: Sequence[str], source: str, seed: str, difficulty: str) -> str:
    """One level block: metadata lines, then the clue grid ``rows``."""
    meta = [
        f"# source: {source}",
        f"# seed: {seed}",
        f"# difficulty: {difficulty}",
        f"# tatham-id: {game_id}",
        "# expect: unique",
    ]
    return "\n".join([*meta, *rows]) + "\n"


def render(
    game: Game,
    ids: Sequence[str],
    decode: Decoder,
    *,
    command: str,
    version: str | None,
    seed: str,
    cols: int,
    rows: int,
    difficulty: str,
    details: Sequence[str] = (),
) -> str:
    """The whole level file: a comment header, then one block per game ID.

    ``command`` is what :func:`generate_command` gives, ``version`` what
    :func:`program_version` gives, ``difficulty`` the word for the parameters'
    difficulty, and ``details`` any further facts for the header's second line,
    between the difficulty and the program.
    """
    name = game.program if version is None else f"{game.program} {version}"
    source = f"{name} {command}"
    facts = ", ".join([f"{cols} columns x {rows} rows", f"difficulty {difficulty}", *details])
    header = (
        f"# {game.genre} boards from {game.name}, Simon Tatham's Portable Puzzle Collection (MIT licence),\n"
        f"# {facts}, generated by {name}.\n"
        f"# Regenerate with {game.script} (see {game.notes}).\n"
    )
    blocks = [level_block(i, decode(i)[2], source, seed, difficulty) for i in ids]
    return "\n".join([header, *blocks])
