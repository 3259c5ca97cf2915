"""What the app sends and accepts so a page on another site cannot use it.

* **Host check.**  A server on 127.0.0.1 is still reachable from a hostile page by DNS
  rebinding (``evil.example`` resolving to 127.0.0.1): the browser then sends
  ``Host: evil.example``.  Given the names the server answers to (``hosts``: the
  loopback names, the bound address and, for a wildcard bind, this machine's names),
  any other Host header gets 400.  ``create_app(hosts=None)`` checks nothing, for an app
  mounted inside another server that checks hosts itself.
* **Headers.**  Every answer carries a Content-Security-Policy (:data:`CSP`: the page's
  own scripts, styles, images and API, nothing inline, no framing), ``X-Frame-Options:
  DENY``, ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # names only: the CLI imports this module before it asks whether the web extra is there
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
"""What the play page may load: its own ``/static`` scripts and styles and the API, images
from itself or ``data:`` URLs (the favicon); no inline script or style, no other site,
no plugin, no framing.  The SVG drawings are inline markup with presentation attributes
only (no ``style``), which this allows."""

HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]

LOCAL_NAMES = ("localhost", "127.0.0.1", "::1", "localhost.localdomain")
"""Names a browser on this machine reaches a loopback server by."""


def host_name(header: str) -> str:
    """The name in a Host header, lower-cased, without its port (``[::1]:8000`` is ``::1``)."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1 : header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


class Guard:
    """ASGI middleware: refuse a request whose Host is not one of ``hosts`` (when given),
    and add :data:`HEADERS` to every answer."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str] | None = None) -> None:
        self.app = app
        self.hosts = None if hosts is None else {host_name(h) for h in hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.hosts is not None:
            given = dict(scope.get("headers") or []).get(b"host", b"").decode("latin-1")
            if host_name(given) not in self.hosts:
                await _refuse(send, given)
                return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
            await send(message)

        await self.app(scope, receive, with_headers)


async def _refuse(send: Send, given: str) -> None:
    shown = given[:60].encode("ascii", "backslashreplace").decode("ascii")
    message = f"this server does not answer to the host {shown!r} (the Host header); use the address it prints"
    body = json.dumps({"error": message}).encode()
    headers: list[Any] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *HEADERS,
    ]
    await send({"type": "http.response.start", "status": 400, "headers": headers})
    await send({"type": "http.response.body", "body": body})
