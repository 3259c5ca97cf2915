"""``puzzlekit formats``: the formats puzzles can be read from and written to, per genre."""

from __future__ import annotations

import click

from puzzlekit.cli.common import get_host, reports_errors
from puzzlekit.cli.output import table


@click.command(name="formats")
@click.option("--json", "json_", is_flag=True, help="JSON Lines: one object per genre and format.")
@click.pass_context
@reports_errors
def formats_command(ctx: click.Context, json_: bool) -> None:
    """List the registered formats: the genre, the kind to pass to convert --to, whether
    it writes as well as reads, and what it is."""
    host = get_host(ctx)
    rows = []
    for entry in host.genres():
        rows.append((entry.genre.name, "ascii", "level text", True, "puzzlekit's own level format"))
        for fmt in host.formats(entry.genre.name):
            rows.append((entry.genre.name, fmt.kind_name, fmt.name, fmt.can_write, fmt.summary or ""))
    if json_:
        from puzzlekit.report import FormatReport  # pydantic: only for --json

        for genre, kind, name, writes, summary in rows:
            report = FormatReport(genre=genre, kind=kind, format=name, writes=writes, summary=summary)
            click.echo(report.model_dump_json())
        return
    header = ("GENRE", "KIND", "FORMAT", "WRITES", "WHAT")
    for line in table([header, *((g, k, n, "yes" if w else "no", what) for g, k, n, w, what in rows)]):
        click.echo(line)
