"""``puzzlekit formats``: the formats puzzles can be read from and written to, per genre."""

from __future__ import annotations

import click

from puzzlekit.cli.common import get_host, reports_errors
from puzzlekit.cli.output import table


@click.command(name="formats")
@click.pass_context
@reports_errors
def formats_command(ctx: click.Context) -> None:
    """List the registered formats: the genre, the kind to pass to convert --to, whether
    it writes as well as reads, and what it is."""
    host = get_host(ctx)
    rows = [("GENRE", "KIND", "FORMAT", "WRITES", "WHAT")]
    for entry in host.genres():
        rows.append((entry.genre.name, "ascii", "level text", "yes", "puzzlekit's own level format"))
        for fmt in host.formats(entry.genre.name):
            rows.append(
                (entry.genre.name, fmt.kind_name, fmt.name, "yes" if fmt.can_write else "no", fmt.summary or "")
            )
    for line in table(rows):
        click.echo(line)
