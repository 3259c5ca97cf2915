"""``puzzlekit check``: judge a player's attempt and list every violation with its place."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import replace
from functools import partial

import click

from puzzlekit.api import judge_within
from puzzlekit.batching.sources import PuzzleItem
from puzzlekit.cli import output
from puzzlekit.cli.batchrun import Emit, batch_options, run_batch
from puzzlekit.cli.common import Seconds, is_terminal, reports_errors
from puzzlekit.cli.exitcodes import EXIT_REJECTED, EXIT_UNDECIDED, escaped
from puzzlekit.cli.sources import genre_and_sources, load_sources, read_state
from puzzlekit.core.search import DEFAULT_TIMEOUT
from puzzlekit.errors import BudgetSpent, UsageError
from puzzlekit.formats.level import Block, read_blocks


@click.command(name="check")
@genre_and_sources
@click.option(
    "--state",
    "state_path",
    metavar="FILE",
    help="The player's marks (a file or -); pairs with SOURCE's puzzles by order.",
)
@click.option(
    "--timeout",
    type=Seconds(),
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds per attempt (0: no deadline); past it, exit 5.",
)
@click.option("--json", "json_", is_flag=True, help="JSON Lines: one object per puzzle.")
@click.option("--plain", is_flag=True, help="Plain text even on a terminal (no board, no colour).")
@batch_options()
@click.pass_context
@reports_errors
def check_command(
    ctx: click.Context,
    genre: str,
    sources: tuple[str, ...],
    state_path: str | None,
    timeout: float,
    json_: bool,
    plain: bool,
    jobs: int,
    cluster: str | None,
    out: str | None,
    resume: bool,
) -> None:
    """Check a player's attempt against the rules and list every violation with its place.

    Several SOURCEs may follow: files, folders, globs, -, URLs, files of URLs or IDs.

    Without --state, SOURCE itself must carry the marks (a Slitherlink lattice, a
    pzprjs file with an answer, say).  GENRE may be left out when SOURCE names it
    (a URL, a pzprjs file).  On a terminal the attempt is drawn with every violation in colour.
    Exit code 0 when every attempt is solved, 6 when one is wrong or unfinished.
    """
    found = load_sources(ctx, genre, sources)
    raw = "-" if "-" in sources or (not sources and genre == "-") else found.specs[0]
    state_text, state_name = read_state(ctx, found.genre, state_path, raw)
    items: Iterable[tuple[PuzzleItem, Block | None]]
    total = found.checked()
    if state_text is None:
        items = ((item, None) for item in found.items())
    else:
        puzzles = list(found.items())
        states = read_blocks(state_text, state_name)
        if len(states) != len(puzzles):
            raise UsageError(
                f"{found.name} holds {len(puzzles)} puzzle(s) but {state_name} holds {len(states)} state(s); "
                "they pair by order"
            )
        items = list(zip(puzzles, states))
    pretty = not plain and not json_ and out in (None, "-") and is_terminal(sys.stdout)
    work = partial(check_item, "json" if json_ else "pretty" if pretty else "plain", timeout or None)
    said: set[str] = set()

    def present(index: int, emit: Emit) -> Emit:
        """Each note once (a book of bare puzzles needs saying once per file)."""
        fresh = tuple(note for note in emit.notes if note not in said)
        said.update(fresh)
        return replace(emit, notes=fresh)

    code = run_batch(
        ctx, work, items, label="checking", total=total, present=present, describe=lambda index, pair: pair[0].where
    )
    sys.exit(code)


def check_item(view: str, timeout: float | None, pair: tuple[PuzzleItem, Block | None]) -> Emit:
    """One attempt judged, wherever it runs: against --state, else SOURCE's own marks."""
    item, state = pair
    p = item.puzzle()
    try:
        result = judge_within(p, p.genre.parse_state(p.instance, state) if state is not None else None, timeout)
    except BudgetSpent as err:  # undecided: exit 5, and the batch goes on
        return Emit("", EXIT_UNDECIDED, notes=(f"puzzlekit: error: {escaped(str(err))}",))
    code = 0 if result.status == "solved" else EXIT_REJECTED
    notes: tuple[str, ...] = ()
    if state is None and p.bare:
        bare = f"{escaped(p.source)} holds a bare puzzle with no marks; give the attempt with --state FILE"
        notes = (f"puzzlekit: note: {bare}",)
    if view == "pretty":
        from puzzlekit.cli import terminal  # rich, only on a terminal

        return Emit(terminal.check_view(result), code, notes=notes, plain=output.check_plain(result))
    text = (output.check_json(result) if view == "json" else output.check_plain(result)) + "\n"
    return Emit(text, code, notes=notes)
