"""``puzzlekit play``: start the web app on this machine and open the browser on a puzzle."""

from __future__ import annotations

from urllib.parse import urlencode

import click

from puzzlekit.cli.commands.serve import announce
from puzzlekit.cli.common import complete_genre, get_host, reports_errors, usage_error
from puzzlekit.cli.sources import load_source, puzzles_in
from puzzlekit.cli.validate import Count
from puzzlekit.errors import MissingExtra
from puzzlekit.web.server import LOOPBACK, listen, open_browser, run, url_of, web_problem


@click.command(name="play")
@click.argument("genre", metavar="[GENRE]", required=False, shell_complete=complete_genre)
@click.argument("source", metavar="[SOURCE]", required=False)
@click.option("--puzzle", "index", type=Count(min=1), help="Which puzzle of SOURCE (1 is the first).")
@click.option("--date", help="Today's puzzle for this date (YYYY-MM-DD) instead of the browser's today.")
@click.option("--port", type=Count(0, 65535), default=0, show_default=True, help="0: any free port.")
@click.option("--host", "bind", default=LOOPBACK, show_default=True, help="Address to listen on.")
@click.option("--no-browser", is_flag=True, help="Print the address instead of opening a browser.")
@click.pass_context
@reports_errors
def play_command(
    ctx: click.Context,
    genre: str | None,
    source: str | None,
    index: int | None,
    date: str | None,
    port: int,
    bind: str,
    no_browser: bool,
) -> None:
    """Play in the browser: a puzzle from SOURCE, or choose a new one or today's puzzle.

    \b
    puzzlekit play                                  today's puzzle; new ones by size and difficulty
    puzzlekit play hashi                            today's Bridges puzzle
    puzzlekit play slitherlink level.txt            a puzzle from a file (--puzzle N for the Nth)
    puzzlekit play 'https://puzz.link/p?slither/5/5/cbcbcddad'

    Today's puzzle is the same for everyone on a date (the browser's own, or --date).
    The app listens on 127.0.0.1 unless --host says otherwise.  Needs the optional
    extra web (FastAPI and uvicorn), installed with puzzlekit:

    \b
        pip install '.[web]'                        from a checkout (the repository's folder)
        pip install 'dist/puzzlekit_engine-0.1.0-py3-none-any.whl[web]'   from a built wheel
        pip install 'puzzlekit-engine[web]'         from a package index that has it

    A wheel is built in a checkout with: pip wheel --no-deps . -w dist (docs/play.md).
    """
    if problem := web_problem():
        raise MissingExtra(problem)
    from puzzlekit.web import play
    from puzzlekit.web.daily import parse_date
    from puzzlekit.web.limits import Limits

    host = get_host(ctx)
    query: dict[str, str] = {}
    if genre is not None and source is None and host.is_genre(genre):
        query["genre"] = play.genre_of(genre, host).name
    elif genre is not None:
        g, text, name = load_source(ctx, genre, source)
        puzzles = puzzles_in(g, text, name)
        if index is not None and index > len(puzzles):
            usage_error(ctx, f"--puzzle {index}: {name} holds {len(puzzles)} puzzle(s)")
        board = play.open_board(play.genre_of(g.name, host), puzzles[(index or 1) - 1].text(), Limits().max_cells, name)
        query = {"genre": board.genre.name, "p": play.link_source(board, host)}
    if date is not None:
        if "p" in query:
            usage_error(ctx, "--date chooses today's puzzle; it does not go with SOURCE")
        query["daily"] = parse_date(date).isoformat()
    sock = listen(bind, port)
    url = url_of(sock, "/" + (f"?{urlencode(query)}" if query else ""))

    def ready() -> None:
        announce(sock, "playing at", url.removeprefix(url_of(sock).rstrip("/")))
        if not no_browser:
            open_browser(url)

    run(sock, host, on_ready=ready)
