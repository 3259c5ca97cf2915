"""Shared fixtures: the default host, helpers to build Slitherlink states."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))  # the corpus reader
sys.path.insert(0, str(Path(__file__).resolve().parent))  # brute-force helpers

import corpus  # noqa: E402

from puzzlekit.host import Host, make_host  # noqa: E402


@pytest.fixture(scope="session")
def host() -> Host:
    return make_host()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    skip = pytest.mark.skip(reason=corpus.ABSENT)
    for item in items:
        if "corpus" in item.keywords and not corpus.available():
            item.add_marker(skip)


# -- the browser tests' server and Chromium (one of each for the whole session) -------------

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium() -> str | None:
    import os
    import shutil

    for candidate in (os.environ.get("PUZZLEKIT_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


@contextmanager
def serving(server: Any, sock: Any) -> Iterator[tuple[str, int]]:
    """A uvicorn ``server`` on ``sock`` in a thread while the block runs: (host, port)."""
    import threading

    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        threading.Event().wait(0.02)
    try:
        yield sock.getsockname()[:2]
    finally:
        server.should_exit = True
        thread.join(5)


@pytest.fixture(scope="session")
def server(host: Host) -> Iterator[str]:
    """The web app on a free loopback port, in a thread (uvicorn), for the whole session."""
    pytest.importorskip("fastapi", reason="the web extra is not installed (pip install 'puzzlekit-engine[web]')")
    import uvicorn

    from puzzlekit.web.app import create_app
    from puzzlekit.web.server import listen, url_of

    sock = listen("127.0.0.1", 0)
    config = uvicorn.Config(create_app(host), log_level="warning", lifespan="off")
    with serving(uvicorn.Server(config), sock):
        yield url_of(sock).rstrip("/")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright; skipped, with the reason, when either is missing."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (the test extra has it)")
    executable = chromium()
    if executable is None:
        pytest.skip("no Chromium found (/usr/bin/chromium; on Debian: apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield b
        b.close()


DESKTOP = {"viewport": {"width": 1100, "height": 800}}
PHONE = {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}


def _page(browser: Any, options: dict[str, Any]) -> Iterator[Any]:
    context = browser.new_context(**options)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda err: errors.append(str(err)))
    # The app's own Content-Security-Policy (puzzlekit.web.guard) holds in every browser
    # test: what Chromium refused to load or run under it is a console message.
    pg.on("console", lambda msg: errors.append(msg.text) if "Content Security Policy" in msg.text else None)
    yield pg
    context.close()
    assert not errors, errors


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A desktop page (1100x800), failing the test on any script error."""
    yield from _page(browser, DESKTOP)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A phone's page: 375x667, touch, failing the test on any script error."""
    yield from _page(browser, PHONE)
