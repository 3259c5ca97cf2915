"""``puzzlekit serve``: the play page and the JSON API for many players."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from puzzlekit.cli.common import Seconds, get_host, reports_errors
from puzzlekit.cli.exitcodes import say
from puzzlekit.cli.validate import Count
from puzzlekit.errors import MissingExtra
from puzzlekit.web.limits import Limits
from puzzlekit.web.server import LOOPBACK, WILDCARDS, listen, network_urls, run, url_of, web_problem

if TYPE_CHECKING:
    import socket

DEFAULTS = Limits()


@click.command(name="serve")
@click.option("--host", "bind", default=LOOPBACK, show_default=True, help="Address to listen on (0.0.0.0: every one).")
@click.option("--port", type=Count(0, 65535), default=8000, show_default=True, help="0: any free port.")
@click.option(
    "--max-body", type=Count(min=1024), default=DEFAULTS.max_body, show_default=True, help="Bytes per request."
)
@click.option("--max-cells", type=Count(min=4), default=DEFAULTS.max_cells, show_default=True, help="Cells per board.")
@click.option(
    "--budget", type=Seconds(), default=DEFAULTS.budget, show_default=True, help="Solver seconds per request."
)
@click.option("--solves", type=Count(min=1), default=DEFAULTS.solves, show_default=True, help="Solves running at once.")
@click.option(
    "--allow-host",
    "allow",
    multiple=True,
    metavar="NAME",
    help="Another name the server answers to (the Host header), such as the DNS name of a proxy in front.",
)
@click.pass_context
@reports_errors
def serve_command(
    ctx: click.Context,
    bind: str,
    port: int,
    max_body: int,
    max_cells: int,
    budget: float,
    solves: int,
    allow: tuple[str, ...],
) -> None:
    """Serve the play page and the JSON API under /api/ (schema: /api/openapi.json).

    Listens on 127.0.0.1 unless --host says otherwise (another address is reachable
    from other machines: a warning says so).  It answers only to the names it is
    reached by: localhost, the bound address (for 0.0.0.0, this machine's names and
    addresses) and each --allow-host.  Every request is bounded: body size, board
    size, solver seconds, how many solves run at once (a request that finds them all
    busy gets 429) and how long a slow client may take.  Needs the optional extra
    web, as for play (from a checkout: pip install '.[web]'; a wheel: see docs/play.md):

    \b
        pip install '.[web]'
    """
    if problem := web_problem():
        raise MissingExtra(problem)
    host = get_host(ctx)
    limits = Limits(max_body=max_body, max_cells=max_cells, budget=budget or DEFAULTS.budget, solves=solves)
    sock = listen(bind, port)

    def ready() -> None:
        announce(sock, "serving on")

    run(sock, host, limits, on_ready=ready, extra_hosts=allow)


def announce(sock: socket.socket, doing: str, path: str = "/") -> str:
    """Say on stderr where the server listens (the URL for this machine) and, for an
    address other machines reach, warn with the URLs they use; the local URL."""
    url = url_of(sock, path)
    click.echo(f"puzzlekit: {doing} {url} (Ctrl+C stops)", err=True)
    others = network_urls(sock, path)
    if others:
        bound = sock.getsockname()[0]
        where = "every interface" if bound in WILDCARDS else bound
        say(
            "warning",
            f"listening on {where}, reachable from other machines at {', '.join(others)}: anyone who can "
            "reach this machine can use it (--host 127.0.0.1 keeps it to this one)",
        )
    return url
