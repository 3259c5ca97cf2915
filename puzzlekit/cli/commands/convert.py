"""``puzzlekit convert``: write the puzzles of SOURCE in another format, to share them."""

from __future__ import annotations

import click

from puzzlekit import interchange
from puzzlekit.cli.common import get_host, reports_errors
from puzzlekit.cli.sources import choose, genre_and_source, load_source, puzzles_in
from puzzlekit.cli.validate import Count
from puzzlekit.cli.writing import write_output


@click.command(name="convert")
@genre_and_source
@click.option(
    "--to",
    "kind",
    metavar="KIND",
    default=interchange.ASCII,
    show_default=True,
    help="ascii (level text), or a kind a format of the genre writes: url, tatham, pzpr for the built-in genres.",
)
@click.option(
    "-o",
    "--output",
    "out",
    metavar="FILE",
    default="-",
    help="Write to FILE instead of stdout (replaced atomically if it exists).",
)
@click.option("--puzzle", "index", type=Count(min=1), help="Only this puzzle of SOURCE (1 is the first).")
@click.pass_context
@reports_errors
def convert_command(ctx: click.Context, genre: str, source: str | None, kind: str, out: str, index: int | None) -> None:
    """Write the puzzles of SOURCE as level text, a puzz.link URL, a Tatham game ID or a
    pzprjs file.

    GENRE may be left out when SOURCE names it (a URL, a pzprjs file).  A player's
    marks in SOURCE (a lattice, a bridge map) go into a pzprjs file as its answer.
    URLs and IDs come one per line; a pzprjs file holds one puzzle, so pick it with
    --puzzle when SOURCE holds several.
    """
    g, text, name = load_source(ctx, genre, source)
    kinds = interchange.kinds(g, get_host(ctx))
    if kind not in kinds:
        raise click.BadParameter(f"{g.name} can be written as {', '.join(kinds)}, not {kind!r}", param_hint="--to")
    puzzles = puzzles_in(g, text, name)
    if index is not None:
        puzzles = [puzzles[choose(ctx, puzzles, index, name, required=False)]]
    written = [interchange.encode(p, kind, get_host(ctx), interchange.marks(p)) for p in puzzles]
    if kind == interchange.ASCII:
        result = "\n".join(written)
    elif len(written) > 1 and any("\n" in w.rstrip("\n") for w in written):
        choose(ctx, puzzles, index, name, required=True)  # one file of this kind is one puzzle
    else:
        result = "".join(w if w.endswith("\n") else w + "\n" for w in written)
    if out == "-":
        click.echo(result, nl=False)
    else:
        write_output(out, result)
