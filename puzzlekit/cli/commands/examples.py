"""``puzzlekit examples``: the example puzzles each genre ships, listed or copied out,
so the commands in the README and the docs have real files to work on."""

from __future__ import annotations

from pathlib import Path

import click

from puzzlekit.cli.common import complete_genre, get_host, reports_errors, resolve_genre
from puzzlekit.cli.output import table
from puzzlekit.cli.writing import write_output
from puzzlekit.errors import PuzzlekitError
from puzzlekit.genre import ATTEMPT_SUFFIX, SOLUTION_SUFFIX, Genre


@click.command(name="examples")
@click.argument("genre", required=False, shell_complete=complete_genre)
@click.option("--copy", "folder", metavar="DIR", help="Copy the files (puzzles, solutions, attempts) into DIR.")
@click.option("--force", is_flag=True, help="With --copy: replace files in DIR that differ.")
@click.pass_context
@reports_errors
def examples_command(ctx: click.Context, genre: str | None, folder: str | None, force: bool) -> None:
    """List the example puzzles every installed genre (or GENRE) ships, or copy them with --copy DIR.

    Copy them here (--copy .) to try the commands on:

    \b
        puzzlekit examples --copy .
        puzzlekit solve slitherlink first.txt

    A file in DIR with other content is not replaced without --force.
    """
    genres = [resolve_genre(ctx, genre)] if genre else [e.genre for e in get_host(ctx).genres()]
    files = [(g, path) for g in genres for path in example_files(g)]
    if not files:
        raise PuzzlekitError(f"{'the ' + genres[0].name + ' genre ships' if genre else 'no genre ships'} no examples")
    if folder is None:
        rows = [("GENRE", "FILE", "PATH")] + [(g.name, path.name, str(path)) for g, path in files]
        for line in table(rows):
            click.echo(line)
        return
    target = Path(folder)
    if not target.is_dir():
        raise PuzzlekitError(f"{folder}: no such folder (--copy takes an existing folder)")
    clashes = [p for _, p in files if (target / p.name).exists() and (target / p.name).read_bytes() != p.read_bytes()]
    if clashes and not force:
        raise PuzzlekitError(f"{target / clashes[0].name}: exists with other content; give --force to replace it")
    for _, path in files:
        write_output(target / path.name, path.read_bytes())
        click.echo(str(target / path.name))


def example_files(genre: Genre) -> list[Path]:
    """A genre's example puzzles with their solution and attempt files beside them."""
    out = []
    for path in genre.example_paths():
        out.append(path)
        stem = path.name.removesuffix(".txt")
        for suffix in (SOLUTION_SUFFIX, ATTEMPT_SUFFIX):
            extra = path.with_name(stem + suffix)
            if extra.is_file():
                out.append(extra)
    return out
