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
@click.option("--copy", "folder", metavar="DIR", help="Copy the files (puzzles, solutions, attempts) into DIR/GENRE/.")
@click.option("--force", is_flag=True, help="With --copy: replace files in DIR/GENRE/ that differ.")
@click.pass_context
@reports_errors
def examples_command(ctx: click.Context, genre: str | None, folder: str | None, force: bool) -> None:
    """List the example puzzles every installed genre (or GENRE) ships, or copy them with --copy DIR.

    Copy them here (--copy .) to try the commands on: each genre's files go into a
    folder of their own, named after the genre, so two genres' same-named files
    never meet:

    \b
        puzzlekit examples --copy .
        puzzlekit solve slitherlink slitherlink/first.txt

    A file with other content is never replaced (nothing is copied then) unless --force.
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
    copies = [(path, target / g.name / path.name) for g, path in files]
    for _, to in copies:
        if to.parent.exists() and not to.parent.is_dir():
            raise PuzzlekitError(f"{to.parent}: exists and is not a folder; the {to.parent.name} examples go there")
    clashes = [to for path, to in copies if to.exists() and (to.is_dir() or to.read_bytes() != path.read_bytes())]
    if clashes and not force:
        raise PuzzlekitError(f"{clashes[0]}: exists with other content; nothing was copied (--force replaces it)")
    for path, to in copies:
        to.parent.mkdir(exist_ok=True)
        write_output(to, path.read_bytes())
        click.echo(str(to))


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
