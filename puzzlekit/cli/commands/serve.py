"""``puzzlekit serve``: the play page and the JSON API for many players."""

from __future__ import annotations

import click

from puzzlekit.cli.common import Seconds, get_host, reports_errors
from puzzlekit.cli.validate import Count
from puzzlekit.errors import MissingExtra
from puzzlekit.web.limits import Limits
from puzzlekit.web.server import LOOPBACK, listen, run, url_of, web_problem

DEFAULTS = Limits()


@click.command(name="serve")
@click.option("--host", "bind", default=LOOPBACK, show_default=True, help="Address to listen on (0.0.0.0: every one).")
@click.option("--port", type=Count(0, 65535), default=8000, show_default=True, help="0: any free port.")
@click.option(
    "--max-body", type=Count(min=1024), default=DEFAULTS.max_body, show_default=True, help="Bytes per request."
)
@click.option(
    "--max-cells", type=Count(min=4), default=DEFAULTS.max_cells, show_default=True, help="Cells per board."
)
@click.option(
    "--budget", type=Seconds(), default=DEFAULTS.budget, show_default=True, help="Solver seconds per request."
)
@click.option(
    "--solves", type=Count(min=1), default=DEFAULTS.solves, show_default=True, help="Solves running at once."
)
@click.pass_context
@reports_errors
def serve_command(
    ctx: click.Context, bind: str, port: int, max_body: int, max_cells: int, budget: float, solves: int
) -> None:
    """Serve the play page and the JSON API under /api/ (schema: /api/openapi.json).

    Listens on 127.0.0.1 unless --host says otherwise.  Every request is bounded:
    body size, board size, solver seconds, and how many solves run at once (a
    request that finds them all busy gets 429).  Needs the optional extra:

    \b
        pip install 'puzzlekit-engine[web]'
    """
    if problem := web_problem():
        raise MissingExtra(problem)
    host = get_host(ctx)
    limits = Limits(max_body=max_body, max_cells=max_cells, budget=budget or DEFAULTS.budget, solves=solves)
    sock = listen(bind, port)
    url = url_of(sock)
    run(sock, host, limits, on_ready=lambda: click.echo(f"puzzlekit: serving on {url} (Ctrl+C stops)", err=True))
