"""``puzzlekit genres``: installed genres, where each comes from, its version."""

from __future__ import annotations

import click

from puzzlekit.cli import output
from puzzlekit.cli.common import get_host, reports_errors


@click.command(name="genres")
@click.option("--json", "json_", is_flag=True, help="One JSON object per genre.")
@click.pass_context
@reports_errors
def genres_command(ctx: click.Context, json_: bool) -> None:
    """List installed genres, the plugin each comes from, and its version."""
    host = get_host(ctx)
    click.echo(output.genres_json(host) if json_ else output.genres_plain(host))
