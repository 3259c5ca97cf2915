"""Running the app with uvicorn on a socket of our own, so port 0 ("any free port")
still tells the caller where it listens (the browser needs the real URL)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from puzzlekit.errors import MissingExtra
from puzzlekit.host import Host
from puzzlekit.web.limits import Limits

if TYPE_CHECKING:
    import socket

INSTALL = "pip install 'puzzlekit-engine[web]'"
LOOPBACK = "127.0.0.1"


def web_problem() -> str | None:
    """Why the app cannot run here (the ``web`` extra is missing), or None."""
    try:
        import fastapi  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as err:
        return f"playing in the browser needs FastAPI and uvicorn, which are not installed ({err}); {INSTALL}"
    return None


def listen(host: str, port: int) -> socket.socket:
    """A bound, listening socket; OSError (port taken, say) for the caller to report."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def url_of(sock: socket.socket, path: str = "/") -> str:
    host, port = sock.getsockname()[:2]
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}{path}"


def run(
    sock: socket.socket,
    puzzles: Host | None = None,
    limits: Limits | None = None,
    on_ready: Callable[[], None] | None = None,
) -> None:
    """Serve until interrupted; ``on_ready`` runs once the server accepts connections."""
    problem = web_problem()
    if problem:
        raise MissingExtra(problem)
    import uvicorn

    from puzzlekit.web.app import create_app

    config = uvicorn.Config(create_app(puzzles, limits), log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    if on_ready is not None:

        def wait_then_call() -> None:
            while not server.started and not server.should_exit:
                threading.Event().wait(0.05)
            if server.started:
                on_ready()

        threading.Thread(target=wait_then_call, daemon=True).start()
    server.run(sockets=[sock])


def open_browser(url: str) -> None:
    import webbrowser

    webbrowser.open(url)
