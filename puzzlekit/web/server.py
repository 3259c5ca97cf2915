"""Running the app with uvicorn on a socket of our own, so port 0 ("any free port")
still tells the caller where it listens (the browser needs the real URL).

The server answers only to the names it is reached by (see ``puzzlekit.web.guard``) and
bounds how long a client may take: ``limits.header_timeout`` to send a request's line
and headers (:class:`TimedProtocol`, on uvicorn's h11 protocol), ``limits.body_timeout``
for its body (``puzzlekit.web.bounds.BodyLimit``) and ``limits.idle_timeout`` between
requests on a kept-alive connection (uvicorn's keep-alive timeout).
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from puzzlekit.errors import MissingExtra
from puzzlekit.host import Host
from puzzlekit.web.guard import LOCAL_NAMES
from puzzlekit.web.limits import Limits

if TYPE_CHECKING:
    import asyncio

INSTALL = "pip install '.[web]' in a checkout, or a built wheel with [web] (see docs/play.md)"
LOOPBACK = "127.0.0.1"
WILDCARDS = ("0.0.0.0", "::", "")


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
    """The URL a browser on this machine opens: the bound address, or the loopback one
    for a socket bound to every interface."""
    host, port = sock.getsockname()[:2]
    if host in WILDCARDS:
        host = "::1" if ":" in host else LOOPBACK
    return _url(host, port, path)


def _url(host: str, port: int, path: str = "/") -> str:
    return f"http://[{host}]:{port}{path}" if ":" in host else f"http://{host}:{port}{path}"


def is_loopback(address: str) -> bool:
    """Does ``address`` (a bound address) reach this machine only?"""
    if address in ("localhost",):
        return True
    try:
        return ipaddress.ip_address(address.split("%")[0]).is_loopback
    except ValueError:
        return False


def network_urls(sock: socket.socket, path: str = "/") -> list[str]:
    """The URLs other machines reach a socket by: its address, or for a wildcard bind this
    machine's own addresses (the one it routes out by, then its name's); empty for loopback."""
    host, port = sock.getsockname()[:2]
    if is_loopback(host):
        return []
    if host not in WILDCARDS:
        return [_url(host, port, path)]
    return [_url(address, port, path) for address in machine_addresses()] or [_url(socket.gethostname(), port, path)]


def machine_addresses() -> list[str]:
    """This machine's non-loopback IPv4 addresses, best first; never raises."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: picks the outgoing interface, sends nothing
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    return [a for a in dict.fromkeys(found) if not is_loopback(a) and a != "0.0.0.0"]


def allowed_hosts(sock: socket.socket, extra: tuple[str, ...] = ()) -> list[str]:
    """The names the server answers to (the Host header): the loopback names, the bound
    address and, for a wildcard bind, this machine's names and addresses; plus ``extra``."""
    host = sock.getsockname()[0]
    names = [*LOCAL_NAMES, host, *extra]
    if host in WILDCARDS:
        names += [socket.gethostname(), socket.getfqdn(), *machine_addresses()]
    return [n for n in dict.fromkeys(names) if n]


def protocol(limits: Limits) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol, closing a connection that has not sent a whole request's
    line and headers within ``limits.header_timeout`` seconds (408 when it sent some)."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class TimedProtocol(H11Protocol):
        header_timeout = limits.header_timeout

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._header_timer: asyncio.TimerHandle | None = None
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE:
                self._disarm()  # the request's headers are in: the body has its own timeout

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()  # the next request's headers get their own time

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._disarm()
            self._header_timer = self.loop.call_later(self.header_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _too_slow(self) -> None:
            self._header_timer = None
            if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
                return
            if self.conn.their_state is h11.IDLE and self.conn.trailing_data[0]:  # part of a request came
                self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
            self.transport.close()

    return TimedProtocol


def server_for(
    sock: socket.socket, puzzles: Host | None = None, limits: Limits | None = None, extra_hosts: tuple[str, ...] = ()
) -> Any:
    """The uvicorn server of the app for ``sock``, with the Host check and the timeouts."""
    problem = web_problem()
    if problem:
        raise MissingExtra(problem)
    import uvicorn

    from puzzlekit.web.app import create_app

    limits = limits or Limits()
    app = create_app(puzzles, limits, hosts=allowed_hosts(sock, extra_hosts))
    config = uvicorn.Config(
        app,
        log_level="warning",
        lifespan="off",
        http=protocol(limits),
        timeout_keep_alive=max(1, round(limits.idle_timeout)),
    )
    return uvicorn.Server(config)


def run(
    sock: socket.socket,
    puzzles: Host | None = None,
    limits: Limits | None = None,
    on_ready: Callable[[], None] | None = None,
    extra_hosts: tuple[str, ...] = (),
) -> None:
    """Serve until interrupted; ``on_ready`` runs once the server accepts connections."""
    server = server_for(sock, puzzles, limits, extra_hosts)
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
