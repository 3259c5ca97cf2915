"""``puzzlekit check``: judge a player's attempt and list every violation with its place."""

from __future__ import annotations

import sys

import click

from puzzlekit.api import check_all
from puzzlekit.cli import output
from puzzlekit.cli.common import is_terminal, reports_errors
from puzzlekit.cli.exitcodes import EXIT_REJECTED, say
from puzzlekit.cli.sources import genre_and_source, load_source, read_state
from puzzlekit.errors import PuzzlekitError


@click.command(name="check")
@genre_and_source
@click.option(
    "--state",
    "state_path",
    metavar="FILE",
    help="The player's marks (a file or -); pairs with SOURCE's puzzles by order.",
)
@click.option("--json", "json_", is_flag=True, help="JSON Lines: one object per puzzle.")
@click.option("--plain", is_flag=True, help="Plain text even on a terminal (no board, no colour).")
@click.pass_context
@reports_errors
def check_command(
    ctx: click.Context, genre: str, source: str | None, state_path: str | None, json_: bool, plain: bool
) -> None:
    """Check a player's attempt against the rules and list every violation with its place.

    Without --state, SOURCE itself must carry the marks (a Slitherlink lattice, a
    pzprjs file with an answer, say).  GENRE may be left out when SOURCE names it
    (a URL, a pzprjs file).  On a terminal the attempt is drawn with every violation in colour.
    Exit code 0 when every attempt is solved, 6 when one is wrong or unfinished.
    """
    g, text, name = load_source(ctx, genre, source)
    state_text, state_name = read_state(ctx, g, state_path, source or genre)
    results = check_all(g, text, state_text, source=name, state_source=state_name)
    if not results:
        raise PuzzlekitError(f"{name}: no puzzle found")
    if state_text is None and any(r.puzzle.bare for r in results):
        say("note", f"{name} holds a bare puzzle with no marks; give the attempt with --state FILE")
    pretty = not plain and not json_ and is_terminal(sys.stdout)
    for result in results:
        if pretty:
            from puzzlekit.cli import terminal  # rich, only on a terminal

            terminal.show(terminal.check_view(result), output.check_plain(result))
        else:
            click.echo(output.check_json(result) if json_ else output.check_plain(result))
    sys.exit(0 if all(r.status == "solved" for r in results) else EXIT_REJECTED)
