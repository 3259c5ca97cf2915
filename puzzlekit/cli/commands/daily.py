"""``puzzlekit daily``: today's puzzle (the date is the seed), for the terminal and for print."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from puzzlekit.cli.common import complete_genre, is_terminal, reports_errors, resolve_genre, usage_error
from puzzlekit.cli.writing import write_output
from puzzlekit.errors import MissingExtra

PRINTS = (".svg", ".png", ".pdf")


@click.command(name="daily")
@click.argument("genre", shell_complete=complete_genre)
@click.option("--date", help="YYYY-MM-DD [default: today, on this machine's clock].")
@click.option("--json", "json_", is_flag=True, help="One JSON object: genre, date and the level text.")
@click.option("--plain", is_flag=True, help="The level text even on a terminal (no board drawing).")
@click.option("-o", "--output", "out", metavar="FILE", help="Also draw the board to print: .svg, .png or .pdf.")
@click.pass_context
@reports_errors
def daily_command(ctx: click.Context, genre: str, date: str | None, json_: bool, plain: bool, out: str | None) -> None:
    """Today's puzzle of GENRE: the same board for everyone on the same date.

    Piped (or with --plain) it prints the level text, which the other commands read:

    \b
        puzzlekit daily slitherlink -o today.pdf                                    (to print)
        puzzlekit daily slitherlink | puzzlekit solve slitherlink -
        puzzlekit play slitherlink --date 2026-12-01                                (in the browser)
    """
    from puzzlekit.api import load_one
    from puzzlekit.pictures import draw, pictures_problem, svg_to_pdf, svg_to_png
    from puzzlekit.web.daily import daily_text, parse_date

    g = resolve_genre(ctx, genre)
    target = Path(out) if out else None
    if target is not None and target.suffix.lower() not in PRINTS:
        usage_error(ctx, f"-o {out}: the picture is .svg, .png or .pdf")
    if target is not None and target.suffix.lower() != ".svg" and (problem := pictures_problem()):
        raise MissingExtra(problem)
    day = parse_date(date)
    text = daily_text(g, day)
    if target is not None:
        svg = draw(load_one(g, text))
        kind = target.suffix.lower()
        write_output(target, svg if kind == ".svg" else svg_to_png(svg) if kind == ".png" else svg_to_pdf(svg))
    if json_:
        from puzzlekit.report import DailyReport  # pydantic, only for --json

        click.echo(DailyReport(genre=g.name, date=day.isoformat(), puzzle=text).model_dump_json())
    elif not plain and is_terminal(sys.stdout):
        from puzzlekit.cli import terminal  # rich, only on a terminal

        puzzle = load_one(g, text)
        console = terminal.console()
        console.print(f"{g.name} of {day.isoformat()} ({puzzle.size})")
        dom = g.build(puzzle.instance).domains
        console.print(g.draw_terminal(puzzle.instance, dom))
        console.print(f"play it: puzzlekit play {g.name} --date {day.isoformat()}")
    else:
        click.echo(text, nl=False)
