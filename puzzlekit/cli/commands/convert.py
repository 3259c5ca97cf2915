"""``puzzlekit convert``: write the puzzles of SOURCE in another format, to share them."""

from __future__ import annotations

import itertools
import sys
from functools import partial

import click

from puzzlekit import interchange
from puzzlekit.batching.sources import PuzzleItem
from puzzlekit.cli.batchrun import Emit, batch_options, describe_item, in_this_process, run_batch, separated
from puzzlekit.cli.common import get_host, reports_errors, usage_error
from puzzlekit.cli.sources import genre_and_sources, load_sources
from puzzlekit.cli.validate import Count
from puzzlekit.host import Host


@click.command(name="convert")
@genre_and_sources
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
    help="Write to FILE instead of stdout, each puzzle as it is done (resumable with --resume).",
)
@click.option("--puzzle", "index", type=Count(min=1), help="Only this puzzle of SOURCE (1 is the first).")
@batch_options(output=False)
@click.pass_context
@reports_errors
def convert_command(
    ctx: click.Context,
    genre: str,
    sources: tuple[str, ...],
    kind: str,
    out: str,
    index: int | None,
    jobs: int,
    cluster: str | None,
    resume: bool,
) -> None:
    """Write the puzzles of SOURCE as level text, a puzz.link URL, a Tatham game ID or a
    pzprjs file.

    Several SOURCEs may follow: files, folders, globs, -, URLs, files of URLs or IDs.

    GENRE may be left out when SOURCE names it (a URL, a pzprjs file).  A player's
    marks in SOURCE (a lattice, a bridge map) go into a pzprjs file as its answer.
    URLs and IDs come one per line; a pzprjs file holds one puzzle, so pick it with
    --puzzle when SOURCE holds several.
    """
    found = load_sources(ctx, genre, sources)
    g, host = found.genre, get_host(ctx)
    own = kind == interchange.ASCII or kind in host.loaded.writers(g.name)  # no other plugin loaded for it
    kinds = [kind] if own else interchange.kinds(g, host)
    if kind not in kinds:
        raise click.BadParameter(f"{g.name} can be written as {', '.join(kinds)}, not {kind!r}", param_hint="--to")
    items = found.items()
    total = found.checked()
    if index is not None:
        if index > total:
            usage_error(ctx, f"--puzzle {index}: {found.name} holds {total} puzzle(s)")
        items, total = itertools.islice(items, index - 1, index), 1
    work = partial(convert_item, kind, host if in_this_process(ctx) else None)
    if kind != interchange.ASCII and total > 1:
        first = work(next(found.items()))
        if "\n" in first.text.rstrip("\n"):  # one file of this kind is one puzzle
            usage_error(ctx, f"{found.name} holds {total} puzzles; choose one with --puzzle N")
    present = separated if kind == interchange.ASCII else None
    code = run_batch(ctx, work, items, label="converting", total=total, present=present, describe=describe_item)
    sys.exit(code)


def convert_item(kind: str, host: Host | None, item: PuzzleItem) -> Emit:
    """One puzzle written as ``kind`` (with the marks it carries), wherever it runs."""
    p = item.puzzle()
    written = interchange.encode(p, kind, host, interchange.marks(p))
    if kind != interchange.ASCII and not written.endswith("\n"):
        written += "\n"
    return Emit(written)
