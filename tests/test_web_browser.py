"""The play page in real headless Chromium (Debian's, driven by Playwright): boards played
to "solved" by clicks and by keyboard alone, undo and redo, a wrong mark flagged live, a
hint's place highlighted, the attempt kept over a reload, one daily puzzle for everyone,
and Masyu, Akari, Nurikabe, Sudoku (digits typed, or clicked) and Shikaku through the same
contract.

One browser for the session and small boards keep it quick.  Skipped, with the reason,
when Playwright or a Chromium executable is missing (CI installs both: see .ci/run).
"""

from __future__ import annotations

import math
import os
import shutil
import threading
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed (pip install 'puzzlekit-engine[web]')")
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (the test extra has it)")

from fastapi.testclient import TestClient  # noqa: E402

from puzzlekit.host import Host  # noqa: E402
from puzzlekit.web.app import create_app  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FIRST = (ROOT / "plugins/puzzlekit_slitherlink/examples/first.txt").read_text()
HARBOUR = (ROOT / "plugins/puzzlekit_hashi/examples/harbour.txt").read_text()
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def chromium() -> str | None:
    for candidate in (os.environ.get("PUZZLEKIT_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


@pytest.fixture(scope="session")
def server(host: Host) -> Iterator[str]:
    import uvicorn

    from puzzlekit.web.server import listen, url_of

    sock = listen("127.0.0.1", 0)
    config = uvicorn.Config(create_app(host), log_level="warning", lifespan="off")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not srv.started:
        threading.Event().wait(0.02)
    yield url_of(sock).rstrip("/")
    srv.should_exit = True
    thread.join(5)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    executable = chromium()
    if executable is None:
        pytest.skip("no Chromium found (/usr/bin/chromium; on Debian: apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda err: errors.append(str(err)))
    # The app's Content-Security-Policy (puzzlekit.web.guard) holds for every test: Chromium
    # reports what it refused to load or run as a console message.
    pg.on("console", lambda msg: errors.append(msg.text) if "Content Security Policy" in msg.text else None)
    yield pg
    context.close()
    assert not errors, errors


@pytest.fixture(scope="module")
def api(host: Host) -> TestClient:
    return TestClient(create_app(host))


def solution(api: TestClient, genre: str, text: str) -> tuple[dict[str, Any], list[int]]:
    board = api.post("/api/load", json={"genre": genre, "source": text}).json()
    solved = api.post("/api/solve", json={"genre": genre, "puzzle": board["puzzle"]}).json()
    return board, solved["state"]


def clicks_needed(board: dict[str, Any], target: list[int]) -> dict[int, int]:
    """How many forward clicks take each place from unmarked to its solution mark; places
    whose solution is the "nothing" mark (no line, no bridge) are left unmarked."""
    out = {}
    for place in board["places"]:
        marks, want = place["marks"], target[place["var"]]
        n = marks.index(want)
        if n and not (n == len(marks) - 1 and want == 1):  # 1: the "no line"/"no bridge" domain
            out[place["var"]] = n
    return out


def open_board(page: Any, server: str, genre: str, text: str) -> None:
    page.goto(f"{server}/?{urlencode({'genre': genre, 'p': text})}")
    page.wait_for_selector("[data-place]")
    wait_settled(page)


def wait_settled(page: Any) -> None:
    """Until the last move's check has come back (the drawing shows every mark)."""
    page.wait_for_function("() => { const b = document.getElementById('board'); "
                           "return b.dataset.version && b.dataset.drawn === b.dataset.version; }")


def status(page: Any) -> str:
    value: str = page.get_attribute("[data-status]", "data-status")
    return value


def mark(page: Any, var: int) -> int:
    return int(page.get_attribute(f'[data-place="{var}"]', "data-mark"))


def test_exactly_one_status_element(page: Any, server: str) -> None:
    open_board(page, server, "slitherlink", FIRST)
    assert page.locator("[data-status]").count() == 1
    assert status(page) == "playing"


def test_slitherlink_to_solved_by_clicks(page: Any, server: str, api: TestClient) -> None:
    board, target = solution(api, "slitherlink", FIRST)
    open_board(page, server, "slitherlink", FIRST)
    for var, n in clicks_needed(board, target).items():
        for _ in range(n):
            page.click(f'[data-place="{var}"]')
    page.wait_for_selector('[data-status="solved"]', timeout=5000)
    assert page.is_visible("#solved")


def test_bridges_to_solved_by_clicks(page: Any, server: str, api: TestClient) -> None:
    board, target = solution(api, "hashi", HARBOUR)
    open_board(page, server, "hashi", HARBOUR)
    for var, n in clicks_needed(board, target).items():
        for _ in range(n):
            page.click(f'[data-place="{var}"]')
    page.wait_for_selector('[data-status="solved"]', timeout=5000)


def centres(page: Any) -> dict[int, tuple[float, float]]:
    found: dict[int, tuple[float, float]] = {}
    for var, points in page.eval_on_selector_all(
        "[data-place]", "nodes => nodes.map(n => [Number(n.dataset.place), n.getAttribute('points')])"
    ):
        pts = [tuple(map(float, p.split(","))) for p in points.split()]
        found[var] = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
    return found


Centres = dict[int, tuple[float, float]]
Line = tuple[str, float] | None


def step(at: Centres, order: list[int], start: int, dx: int, dy: int, line: float) -> int | None:
    """The page's arrow-key rule (play.js ``step``), to plan key presses."""
    fx, fy = at[start]
    for wide in (False, True):
        best, score = None, math.inf
        for v in order:
            x, y = at[v]
            along = (x - fx) * dx + (y - fy) * dy
            across = abs((x - fx) * dy - (y - fy) * dx)
            if along <= 0.5 or (not wide and across > along):
                continue
            off = abs(y - line if dx else x - line)
            s = along + 2 * across if wide else along + 0.5 * off
            if s < score - 1e-9:
                best, score = v, s
        if best is not None:
            return best
    return None


def keys_to(at: Centres, order: list[int], start: int, goal: int) -> list[str]:
    """The shortest arrow-key path between two places (a search over the page's rule,
    which remembers the row or column a run of moves along one axis keeps to)."""
    first: tuple[int, Line] = (start, None)
    came: dict[tuple[int, Line], tuple[tuple[int, Line], str] | None] = {first: None}
    todo = deque([first])
    end = None
    while todo:
        state = todo.popleft()
        here, line = state
        if here == goal:
            end = state
            break
        for key, (dx, dy) in ARROWS.items():
            axis = "h" if dx else "v"
            kept = line if line is not None and line[0] == axis else (axis, at[here][1] if dx else at[here][0])
            nxt = step(at, order, here, dx, dy, kept[1])
            if nxt is not None and (nxt, kept) not in came:
                came[nxt, kept] = (state, key)
                todo.append((nxt, kept))
    assert end is not None, f"place {goal} cannot be reached with the arrow keys from {start}"
    path: list[str] = []
    node = end
    while (prev := came[node]) is not None:
        node, key = prev
        path.append(key)
    return path[::-1]


def play_by_keyboard(page: Any, board: dict[str, Any], target: list[int]) -> None:
    for _ in range(30):  # Tab from the top of the page to the board
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.id") == "board":
            break
    else:
        pytest.fail("Tab never reached the board")
    at = centres(page)
    order = [p["var"] for p in board["places"]]
    here = int(page.get_attribute("#board", "data-focus"))
    for var, n in clicks_needed(board, target).items():
        for key in keys_to(at, order, here, var):
            page.keyboard.press(key)
        assert int(page.get_attribute("#board", "data-focus")) == var
        for _ in range(n):
            page.keyboard.press("Enter")
        here = var


def test_slitherlink_to_solved_by_keyboard_alone(page: Any, server: str, api: TestClient) -> None:
    board, target = solution(api, "slitherlink", FIRST)
    open_board(page, server, "slitherlink", FIRST)
    play_by_keyboard(page, board, target)
    page.wait_for_selector('[data-status="solved"]', timeout=5000)


def test_bridges_to_solved_by_keyboard_alone(page: Any, server: str, api: TestClient) -> None:
    board, target = solution(api, "hashi", HARBOUR)
    open_board(page, server, "hashi", HARBOUR)
    play_by_keyboard(page, board, target)
    page.wait_for_selector('[data-status="solved"]', timeout=5000)


def test_undo_and_redo(page: Any, server: str) -> None:
    open_board(page, server, "slitherlink", FIRST)
    page.click('[data-place="10"]')
    page.click('[data-place="10"]', button="right")  # back again: unmarked
    page.click('[data-place="11"]')
    wait_settled(page)
    assert (mark(page, 10), mark(page, 11)) == (3, 2)
    page.click("#undo")
    wait_settled(page)
    assert mark(page, 11) == 3
    page.click("#undo")
    wait_settled(page)
    assert mark(page, 10) == 2
    page.focus("#board")
    page.keyboard.press("Control+y")
    wait_settled(page)
    assert mark(page, 10) == 3
    page.click("#redo")
    wait_settled(page)
    assert mark(page, 11) == 2


def test_a_wrong_mark_is_flagged_live(page: Any, server: str) -> None:
    open_board(page, server, "slitherlink", FIRST)
    page.click('[data-place="2"]')  # the top of r1c3, beside its 0
    page.wait_for_selector('[data-status="wrong"]', timeout=5000)
    assert "too many" in page.inner_text("#violations")
    assert page.locator("#board .segment.wrong").count() == 1


def test_a_hint_highlights_its_place(page: Any, server: str) -> None:
    open_board(page, server, "slitherlink", FIRST)
    page.click("#hint")
    page.wait_for_selector("[data-place].hinted", timeout=5000)
    hinted = page.get_attribute("[data-place].hinted", "data-place")
    assert page.inner_text("#message").startswith("Hint: ")
    assert page.get_attribute("#board", "data-focus") == hinted
    assert page.locator("[data-place].read").count() >= 1  # what the rule looked at, lightly


def test_a_reload_keeps_the_attempt(page: Any, server: str) -> None:
    open_board(page, server, "slitherlink", FIRST)
    page.click('[data-place="20"]')
    page.click('[data-place="21"]')
    page.click('[data-place="21"]')
    wait_settled(page)
    page.reload()
    page.wait_for_selector("[data-place]")
    wait_settled(page)
    assert (mark(page, 20), mark(page, 21)) == (2, 1)
    page.click("#undo")  # the history survives too
    wait_settled(page)
    assert mark(page, 21) == 2


def test_the_daily_puzzle_is_the_same_in_two_browsers(browser: Any, server: str) -> None:
    keys = []
    for _ in range(2):
        context = browser.new_context()
        pg = context.new_page()
        pg.goto(f"{server}/?genre=slitherlink")
        pg.wait_for_selector("[data-place]")
        keys.append((pg.get_attribute("#board", "data-key"), pg.url))
        context.close()
    assert keys[0] == keys[1]
    assert "daily=" in keys[0][1]


def test_masyu_plays_too(page: Any, server: str, api: TestClient, host: Host) -> None:
    if "masyu" not in host.registry.names():
        pytest.skip("the contrib Masyu plugin is not installed (pip install -e contrib/puzzlekit-masyu)")
    text = (ROOT / "contrib/puzzlekit-masyu/src/puzzlekit_masyu/examples/pearls.txt").read_text()
    board, target = solution(api, "masyu", text)
    open_board(page, server, "masyu", text)
    for var, n in clicks_needed(board, target).items():
        for _ in range(n):
            page.click(f'[data-place="{var}"]')
    page.wait_for_selector('[data-status="solved"]', timeout=5000)


def test_a_drag_draws_a_run_of_lines_as_one_move(page: Any, server: str) -> None:
    open_board(page, server, "slitherlink", FIRST)
    boxes = [page.locator(f'[data-place="{v}"]').bounding_box() for v in (25, 26, 27)]  # the top of r6c1..r6c3
    centre = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]
    page.mouse.move(*centre[0])
    page.mouse.down()
    for x, y in centre[1:]:
        page.mouse.move(x, y, steps=4)
    page.mouse.up()
    wait_settled(page)
    assert [mark(page, v) for v in (25, 26, 27)] == [2, 2, 2]
    page.click("#undo")  # one drag, one undo
    wait_settled(page)
    assert [mark(page, v) for v in (25, 26, 27)] == [3, 3, 3]


def test_show_solution_is_solved_and_undoable(page: Any, server: str) -> None:
    open_board(page, server, "hashi", HARBOUR)
    page.click("#solution")
    page.wait_for_selector('[data-status="solved"]', timeout=5000)
    assert "solution shown" in page.inner_text("#solved")
    page.click("#undo")
    page.wait_for_selector('[data-status="playing"]', timeout=5000)


def test_a_long_press_cycles_backwards_and_a_tap_forwards(page: Any, server: str) -> None:
    open_board(page, server, "slitherlink", FIRST)
    press = """([selector, ms]) => new Promise(done => {
        const node = document.querySelector(selector);
        const box = node.getBoundingClientRect();
        const at = {clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, bubbles: true,
                    pointerType: 'touch', isPrimary: true};
        node.dispatchEvent(new PointerEvent('pointerdown', at));
        setTimeout(() => { window.dispatchEvent(new PointerEvent('pointerup', at)); done(); }, ms);
    })"""
    page.evaluate(press, ['[data-place="12"]', 700])  # long: back, to the cross
    wait_settled(page)
    assert mark(page, 12) == 1
    page.evaluate(press, ['[data-place="13"]', 50])  # a tap: forward, to a line
    wait_settled(page)
    assert mark(page, 13) == 2


def test_export_downloads_a_state_that_check_reads(page: Any, server: str, host: Host, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from puzzlekit.cli.main import main

    open_board(page, server, "slitherlink", FIRST)
    page.click("#solution")
    page.wait_for_selector('[data-status="solved"]', timeout=5000)
    with page.expect_download() as download:
        page.click("#export")
    attempt = tmp_path / "attempt.txt"
    download.value.save_as(attempt)
    level = tmp_path / "first.txt"
    level.write_text(FIRST)
    result = CliRunner().invoke(main, ["check", "slitherlink", str(level), "--state", str(attempt)], obj=host)
    assert result.exit_code == 0, result.output


def test_the_timer_runs_and_stops_when_solved(page: Any, server: str) -> None:
    open_board(page, server, "slitherlink", FIRST)
    page.wait_for_function("() => document.getElementById('timer').textContent !== '0:00'", timeout=5000)
    page.click("#solution")
    page.wait_for_selector('[data-status="solved"]', timeout=5000)
    stopped = page.inner_text("#timer")
    page.wait_for_timeout(1500)
    assert page.inner_text("#timer") == stopped


def test_a_new_puzzle_from_the_form_has_a_link_with_its_seed(page: Any, server: str) -> None:
    open_board(page, server, "slitherlink", FIRST)
    page.select_option("#size", "5x5")
    page.fill("#seed", "browser")
    page.click("#generate")
    page.wait_for_function("() => location.search.includes('seed=browser')")
    wait_settled(page)
    assert "5x5" in page.inner_text("#title")
    key = page.get_attribute("#board", "data-key")
    page.goto(page.url)  # the link reproduces it
    page.wait_for_selector("[data-place]")
    assert page.get_attribute("#board", "data-key") == key


def test_clear_is_undoable_and_restart_starts_afresh(page: Any, server: str) -> None:
    open_board(page, server, "slitherlink", FIRST)
    for var in (30, 31):
        page.click(f'[data-place="{var}"]')
    page.click("#clear")
    wait_settled(page)
    assert (mark(page, 30), mark(page, 31)) == (3, 3)
    page.click("#undo")
    wait_settled(page)
    assert (mark(page, 30), mark(page, 31)) == (2, 2)
    page.click("#restart")
    wait_settled(page)
    assert (mark(page, 30), mark(page, 31)) == (3, 3)
    page.click("#undo")  # nothing left to undo
    wait_settled(page)
    assert mark(page, 30) == 3


@pytest.mark.parametrize(
    ("genre", "example"),
    [
        ("akari", "plugins/puzzlekit_akari/examples/first.txt"),
        ("nurikabe", "plugins/puzzlekit_nurikabe/examples/first.txt"),
    ],
)
def test_grid_toolkit_genres_play_to_solved_by_clicks(
    page: Any, server: str, api: TestClient, genre: str, example: str
) -> None:
    """Akari's bulbs and Nurikabe's shading, clicked cell by cell (GridGenre.places)."""
    text = (ROOT / example).read_text()
    board, target = solution(api, genre, text)
    open_board(page, server, genre, text)
    for var, n in clicks_needed(board, target).items():
        for _ in range(n):
            page.click(f'[data-place="{var}"]')
    page.wait_for_selector('[data-status="solved"]', timeout=5000)


def first_block(path: str) -> str:
    """The first board of an example file (the page opens one board)."""
    return (ROOT / path).read_text().split("\n\n")[0] + "\n"


SIXES = "plugins/puzzlekit_sudoku/examples/small.txt"  # first board: 6x6 in boxes of 3x2
TILES = "plugins/puzzlekit_shikaku/examples/small.txt"  # 5x5


def test_sudoku_to_solved_by_typing_digits(page: Any, server: str, api: TestClient) -> None:
    """Tab to the board, walk to each empty cell with the arrow keys, type its digit."""
    text = first_block(SIXES)
    board, target = solution(api, "sudoku", text)
    open_board(page, server, "sudoku", text)
    assert page.input_value("#size") == "6x6"  # the new-puzzle menu shows the open board's size
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.id") == "board":
            break
    at, order = centres(page), [p["var"] for p in board["places"]]
    here = int(page.get_attribute("#board", "data-focus"))
    for place in board["places"]:
        var = place["var"]
        for key in keys_to(at, order, here, var):
            page.keyboard.press(key)
        digit = target[var].bit_length() - 1
        page.keyboard.press(str(digit))
        wait_settled(page)
        assert mark(page, var) == 1 << digit
        here = var
    page.wait_for_selector('[data-status="solved"]', timeout=5000)
    assert page.is_visible("#solved")


def test_sudoku_by_clicks_with_a_clash_flagged_live(page: Any, server: str, api: TestClient) -> None:
    """A digit its row already holds is flagged at once; clicks then cycle each cell to its digit."""
    text = first_block(SIXES)
    board, target = solution(api, "sudoku", text)
    open_board(page, server, "sudoku", text)
    givens = [row for row in text.splitlines() if not row.startswith("#")]
    var = next(p["var"] for p in board["places"] if set(givens[p["var"] // 6]) - {"."})
    clash = int(next(ch for ch in givens[var // 6] if ch != "."))
    for _ in range(clash):  # the marks run: no digit, 1, 2, ...
        page.click(f'[data-place="{var}"]')
    page.wait_for_selector(f'[data-place="{var}"][data-mark="{1 << clash}"]', timeout=5000)
    page.wait_for_selector('[data-status="wrong"]', timeout=5000)
    assert page.locator("#violations li").count() >= 1
    page.keyboard.press("Backspace")  # the clicked cell has the focus: unmarked again
    page.wait_for_selector('[data-status="playing"]', timeout=5000)
    for v, n in clicks_needed(board, target).items():
        for _ in range(n):
            page.click(f'[data-place="{v}"]')
    page.wait_for_selector('[data-status="solved"]', timeout=5000)


def test_shikaku_to_solved_by_clicks(page: Any, server: str, api: TestClient) -> None:
    """Each cell is clicked round to the number whose rectangle holds it."""
    text = first_block(TILES)
    board, target = solution(api, "shikaku", text)
    open_board(page, server, "shikaku", text)
    assert page.input_value("#size") == "5x5"
    for var, n in clicks_needed(board, target).items():
        for _ in range(n):
            page.click(f'[data-place="{var}"]')
    page.wait_for_selector('[data-status="solved"]', timeout=5000)
    assert page.is_visible("#solved")
