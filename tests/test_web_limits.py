"""A server that stays fair and safe (issue 21, items 3, 5 and 16): board sizes refused
from the header before any work, a board cache bounded by memory, all parsing in the
slots and the budget; header, body and idle timeouts against real slow sockets; the
Host check, the security headers and the warning for an address other machines reach."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
import tracemalloc
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed (pip install 'puzzlekit-engine[web]')")

from fastapi.testclient import TestClient

import puzzlekit
from puzzlekit.host import Host
from puzzlekit.web import play
from puzzlekit.web.app import create_app
from puzzlekit.web.bounds import BoardCache, board_bytes
from puzzlekit.web.guard import CSP, host_name
from puzzlekit.web.limits import Limits
from puzzlekit.web.server import allowed_hosts, is_loopback, listen, network_urls, server_for, url_of

# A 2 KB URL claiming a 200x200 Akari (one black cell, the rest blank): it took 8 CPU
# seconds and 333 MB to refuse, and every refused board stayed in the cache.
HUGE_URL = "https://puzz.link/p?lightup/200/200/.y" + "z" * 1999
CLI = [sys.executable, "-c", "from puzzlekit.cli.main import main; main()"]


@pytest.fixture
def client(host: Host) -> TestClient:
    return TestClient(create_app(host))


# -- item 3: size first, a bounded cache, parsing in the slots and the budget ------------


def test_a_url_claiming_a_huge_board_is_refused_at_its_size_at_once(host: Host) -> None:
    app = create_app(host)
    client = TestClient(app)
    tracemalloc.start()
    start = time.process_time()
    for _ in range(3):
        r = client.post("/api/load", json={"source": HUGE_URL})
        assert r.status_code == 413, r.text
        assert "claims 200x200" in r.json()["error"] and "at most 2,500 cells" in r.json()["error"]
    spent = time.process_time() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert spent < 1.0, f"{spent:.2f} CPU seconds for three refusals"
    assert peak < 30 * 2**20, f"{peak / 2**20:.0f} MB at the peak"
    assert len(app.state.boards) == 0


@pytest.mark.parametrize(
    ("genre", "source"),
    [
        ("akari", "https://puzz.link/p?lightup/200/200/.y" + "z" * 1999),
        ("slitherlink", "https://puzz.link/p?slither/60/60/" + "zzk" * 60),
        ("slitherlink", "pzprv3/slither/60/60/"),
        ("slitherlink", "60x60t0:" + "z" * 138 + "l"),
        ("slitherlink", "begin\npuzzle slitherlink\nrows 60\ncols 60\nproblem\n" + "- " * 60 + "\nend\n"),
    ],
)
def test_every_kind_of_source_is_refused_at_its_claimed_size(host: Host, genre: str, source: str) -> None:
    r = TestClient(create_app(host)).post("/api/load", json={"genre": genre, "source": source})
    assert r.status_code == 413, r.text
    assert "boards here are at most 2,500 cells" in r.json()["error"]


def test_level_text_over_the_cap_is_refused_before_its_model_is_built(host: Host) -> None:
    app = create_app(host)
    client = TestClient(app)
    start = time.process_time()
    over = "." * 60 + "\n"  # 60x60 = 3600 cells: parsed (cheap), never built
    r = client.post("/api/load", json={"genre": "akari", "source": over * 60})
    assert r.status_code == 413 and "60x60" in r.json()["error"]
    far_over = "." * 200 + "\n"  # 40,000 characters: refused before it is parsed
    r = client.post("/api/load", json={"genre": "akari", "source": far_over * 200})
    assert r.status_code == 413 and "more than a board of 2500 cells takes" in r.json()["error"]
    assert time.process_time() - start < 1.0
    assert len(app.state.boards) == 0


def test_the_board_cache_is_bounded_by_the_memory_it_holds(host: Host) -> None:
    genre = host.genre("akari")
    texts = [f"{'.' * 19}{i}\n{'.' * 20}\n" for i in range(5)]
    boards = [play.open_board(genre, t, 2500) for t in texts]
    one = board_bytes(boards[0])
    cache = BoardCache(3 * one + one // 2)
    for i, b in enumerate(boards):
        assert cache.get(i, lambda b=b: b) is b
        assert cache.bytes <= cache.max_bytes
    assert len(cache) == 3  # the two least recently used went
    made: list[int] = []
    cache.get(4, lambda: made.append(1) or boards[4])
    assert not made  # kept: not built again
    cache.get(0, lambda: made.append(1) or boards[0])
    assert made == [1]  # dropped earlier: built again
    assert BoardCache(one - 1).get("big", lambda: boards[0]) is boards[0]  # too big to keep, still answered


def test_a_50x50_board_is_estimated_at_megabytes(host: Host) -> None:
    text = ("." * 50 + "\n") * 50
    board = play.open_board(host.genre("slitherlink"), text, 2500)
    assert 5 * 2**20 < board_bytes(board) < 30 * 2**20


def test_reading_a_puzzle_waits_for_a_read_slot(host: Host, monkeypatch: pytest.MonkeyPatch) -> None:
    """Loads, checks and drawings run in the read slots: with the one slot taken, 429."""
    entered, release = threading.Event(), threading.Event()
    real = play.level_text

    def slow(source: str, genre: str | None, *rest: Any) -> Any:
        if source.startswith("slow"):
            entered.set()
            release.wait(10)
        return real(source.removeprefix("slow"), genre, *rest)

    monkeypatch.setattr(play, "level_text", slow)
    answers: list[int] = []
    with TestClient(create_app(host, Limits(reads=1, wait=0.1))) as client:  # one event loop, as a server has
        body = {"genre": "akari", "source": "slow..\n"}
        first = threading.Thread(target=lambda: answers.append(client.post("/api/load", json=body).status_code))
        first.start()
        assert entered.wait(10)
        for path, request in (
            ("/api/load", {"genre": "akari", "source": "..\n"}),
            ("/api/check", {"genre": "akari", "puzzle": "..\n"}),
            ("/api/render", {"genre": "akari", "puzzle": "..\n"}),
        ):
            r = client.post(path, json=request)
            assert r.status_code == 429 and "busy reading" in r.json()["error"], (path, r.text)
        release.set()
        first.join(10)
    assert answers == [200]


def test_reading_a_board_is_bounded_by_the_budget(host: Host) -> None:
    client = TestClient(create_app(host, Limits(budget=1e-9)))
    r = client.post("/api/load", json={"genre": "akari", "source": ".." * 10 + "\n"})
    assert r.status_code == 413 and "reading this board took more than" in r.json()["error"]


# -- a real server on a real socket --------------------------------------------------------

QUICK = Limits(header_timeout=0.6, body_timeout=0.6, idle_timeout=1.0)


@pytest.fixture(scope="module")
def served(request: pytest.FixtureRequest) -> Iterator[tuple[str, int]]:
    from conftest import serving

    sock = listen("127.0.0.1", 0)
    with serving(server_for(sock, puzzlekit.default_host(), QUICK), sock) as address:
        yield address


def _connect(served: tuple[str, int]) -> socket.socket:
    return socket.create_connection(served, timeout=10)


def _closed_after(conn: socket.socket) -> tuple[float, bytes]:
    """Seconds until the server closes ``conn``, and what it sent before."""
    start = time.monotonic()
    got = b""
    while True:
        data = conn.recv(65536)
        if not data:
            return time.monotonic() - start, got
        got += data


def _get(served: tuple[str, int], path: str = "/api/genres", host: str | None = None) -> tuple[int, dict[str, str]]:
    conn = _connect(served)
    name = host if host is not None else f"127.0.0.1:{served[1]}"
    conn.sendall(f"GET {path} HTTP/1.1\r\nHost: {name}\r\nConnection: close\r\n\r\n".encode())
    _, raw = _closed_after(conn)
    head = raw.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in head[1:])
    return int(head[0].split()[1]), {k.lower(): v for k, v in headers.items()}


def test_a_connection_that_sends_nothing_is_closed_after_the_header_timeout(served: tuple[str, int]) -> None:
    seconds, got = _closed_after(_connect(served))
    assert 0.4 < seconds < 5 and got == b""


def test_a_slow_header_gets_408_and_is_closed(served: tuple[str, int]) -> None:
    conn = _connect(served)
    conn.sendall(b"GET /api/genres HTTP/1.1\r\nHost: local")
    seconds, got = _closed_after(conn)
    assert 0.4 < seconds < 5 and got.startswith(b"HTTP/1.1 408")


def test_a_trickled_header_does_not_reset_the_clock(served: tuple[str, int]) -> None:
    conn = _connect(served)
    start = time.monotonic()
    try:
        for ch in b"GET /api/genres HTTP/1.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":
            conn.sendall(bytes([ch]))
            time.sleep(0.05)
    except OSError:
        pass  # closed mid-trickle: what should happen
    _closed_after(conn)
    assert time.monotonic() - start < 5


def test_a_slow_body_gets_408_and_is_closed(served: tuple[str, int]) -> None:
    conn = _connect(served)
    head = f"POST /api/load HTTP/1.1\r\nHost: 127.0.0.1:{served[1]}\r\ncontent-type: application/json\r\n"
    conn.sendall(head.encode() + b'content-length: 100\r\n\r\n{"sou')
    seconds, got = _closed_after(conn)
    assert 0.4 < seconds < 5 and got.startswith(b"HTTP/1.1 408"), got[:100]
    assert b"did not arrive within 0.6 s" in got


def test_an_idle_kept_alive_connection_is_closed(served: tuple[str, int]) -> None:
    conn = _connect(served)
    conn.sendall(f"GET /api/genres HTTP/1.1\r\nHost: 127.0.0.1:{served[1]}\r\n\r\n".encode())
    got = b""
    while b"\r\n\r\n" not in got:
        got += conn.recv(65536)
    assert got.startswith(b"HTTP/1.1 200")
    seconds, _ = _closed_after(conn)
    assert 0.5 < seconds < 5


def test_many_slow_clients_do_not_stop_a_quick_one(served: tuple[str, int]) -> None:
    slow = [_connect(served) for _ in range(50)]
    for conn in slow:
        conn.sendall(b"GET / HTTP/1.1\r\n")
    start = time.monotonic()
    status, _ = _get(served)
    assert status == 200 and time.monotonic() - start < 3
    for conn in slow:
        assert _closed_after(conn)[1].startswith(b"HTTP/1.1 408")
    assert time.monotonic() - start < 6


# -- item 16: the Host header, the headers, the warning ------------------------------------


def test_a_foreign_host_header_is_refused(served: tuple[str, int]) -> None:
    """DNS rebinding: a page at evil.example resolving to 127.0.0.1 sends its own name."""
    status, headers = _get(served, host=f"evil.example:{served[1]}")
    assert status == 400 and headers["content-security-policy"] == CSP
    for name in (f"localhost:{served[1]}", f"127.0.0.1:{served[1]}", "localhost", f"[::1]:{served[1]}"):
        assert _get(served, host=name)[0] == 200, name


@pytest.mark.parametrize("path", ["/", "/static/play.js", "/api/genres", "/api/openapi.json", "/nowhere"])
def test_every_answer_carries_the_security_headers(served: tuple[str, int], path: str) -> None:
    _, headers = _get(served, path)
    assert headers["content-security-policy"] == CSP
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"


def test_errors_from_the_limits_carry_the_headers_too(host: Host) -> None:
    client = TestClient(create_app(host, Limits(max_body=1024)))
    r = client.post("/api/load", json={"genre": "akari", "source": "." * 5000})
    assert r.status_code == 413 and r.headers["x-frame-options"] == "DENY"


def test_the_csp_allows_nothing_inline_and_no_other_site() -> None:
    directives = dict(part.strip().split(" ", 1) for part in CSP.split(";"))
    assert directives["default-src"] == "'none'" and directives["frame-ancestors"] == "'none'"
    assert all("unsafe" not in value and "*" not in value and "http" not in value for value in directives.values())


def test_host_names_are_read_without_their_port() -> None:
    assert host_name("LocalHost:8000") == "localhost"
    assert host_name("[::1]:8000") == "::1" and host_name("::1") == "::1"
    assert host_name("example.org") == "example.org"


def test_the_names_a_server_answers_to() -> None:
    with listen("127.0.0.1", 0) as sock:
        names = allowed_hosts(sock, ("puzzles.example.org",))
        assert {"localhost", "127.0.0.1", "::1", "puzzles.example.org"} <= set(names)
        assert network_urls(sock) == [] and url_of(sock).startswith("http://127.0.0.1:")
    with listen("0.0.0.0", 0) as sock:
        assert socket.gethostname() in allowed_hosts(sock)
        assert url_of(sock).startswith("http://127.0.0.1:")
        assert all(not url.startswith("http://127.") for url in network_urls(sock))
    assert is_loopback("127.0.0.1") and is_loopback("::1") and not is_loopback("0.0.0.0")


def test_serve_on_every_interface_warns_and_prints_the_real_address() -> None:
    proc = subprocess.Popen(
        [*CLI, "serve", "--host", "0.0.0.0", "--port", "0"],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        lines = [proc.stderr.readline() for _ in range(2)] if proc.stderr else []
    finally:
        proc.terminate()
        proc.wait(10)
    assert lines[0].startswith("puzzlekit: serving on http://127.0.0.1:"), lines
    assert lines[1].startswith("puzzlekit: warning: listening on every interface, reachable from other machines at")
    assert "--host 127.0.0.1" in lines[1]


def test_serve_on_loopback_does_not_warn() -> None:
    proc = subprocess.Popen([*CLI, "serve", "--port", "0"], stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stderr.readline() if proc.stderr else ""
        time.sleep(0.3)
    finally:
        proc.terminate()
        _, rest = proc.communicate(timeout=10)
    assert first.startswith("puzzlekit: serving on http://127.0.0.1:") and "warning" not in rest


def test_the_play_page_runs_under_the_csp_in_chromium(served: tuple[str, int], browser: Any) -> None:
    """The page's scripts, styles and drawings load with the CSP on, from a server that
    checks the Host (a violation is a console message in Chromium; conftest's page
    fixture fails every browser test on one too)."""
    violations: list[str] = []
    context = browser.new_context()
    page = context.new_page()
    page.on("console", lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None)
    page.goto(f"http://localhost:{served[1]}/?genre=slitherlink&p=3.%0A..%0A")
    page.wait_for_selector("[data-place]")
    page.click('[data-place="0"]')
    page.wait_for_function("() => document.getElementById('board').dataset.drawn")
    context.close()
    assert not violations, violations
