"""Play in the browser: the ASGI app behind ``puzzlekit play`` and ``puzzlekit serve``.

Needs the optional extra ``web`` (FastAPI and uvicorn): ``pip install '.[web]'`` in a checkout,
or a built wheel with ``[web]`` (docs/play.md).
``create_app`` builds the app; ``puzzlekit.web.play`` holds what it does without a
web framework.  See docs/play.md for the page, the JSON API and the DOM contract.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi import FastAPI

    from puzzlekit.host import Host
    from puzzlekit.web.limits import Limits


def create_app(host: Host | None = None, limits: Limits | None = None, hosts: Sequence[str] | None = None) -> FastAPI:
    """The app (imported lazily, so ``puzzlekit.web`` loads without the extra)."""
    from puzzlekit.web.app import create_app as make

    return make(host, limits, hosts)
