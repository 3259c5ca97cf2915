"""The play page in real headless Chromium (Debian's, driven by Playwright): boards played
to "solved" by clicks and by keyboard alone, undo and redo, a wrong mark flagged live, a
hint's place highlighted, the attempt kept over a reload, one daily puzzle for everyone,
and Masyu, Akari, Nurikabe, Sudoku (digits typed, or put with the pad) and Shikaku
through the same contract.  Each genre on a phone, and the editor: test_web_genres.py,
test_web_editor.py.

One browser for the session (tests/conftest.py) and small boards keep it quick.  Skipped,
with the reason, when Playwright or a Chromium executable is missing (CI installs both:
see .ci/run).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed (pip install 'puzzlekit-engine[web]')")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (the test extra has it)")

from fastapi.testclient import TestClient
from webpage import (
    ROOT,
    centres,
    clicks_needed,
    first_block,
    keys_to,
    mark,
    open_board,
    play_by_keyboard,
    rectangles,
    solution,
    status,
    tab_to_board,
    wait_settled,
)

from puzzlekit.host import Host
from puzzlekit.web.app import create_app

FIRST = (ROOT / "plugins/puzzlekit_slitherlink/examples/first.txt").read_text()
HARBOUR = (ROOT / "plugins/puzzlekit_hashi/examples/harbour.txt").read_text()


@pytest.fixture(scope="module")
def api(host: Host) -> TestClient:
    return TestClient(create_app(host))


def confirm(page: Any, selector: str) -> None:
    """Restart and Show solution ask first: a second click within a few seconds acts."""
    page.click(selector)
    page.wait_for_selector(f"{selector}.confirm")
    page.click(selector)


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


def test_show_solution_asks_first_and_is_undoable(page: Any, server: str) -> None:
    open_board(page, server, "hashi", HARBOUR)
    page.click("#solution")
    page.wait_for_timeout(300)
    assert status(page) == "playing" and "Click again" in page.inner_text("#solution")  # one click only asks
    page.click("#solution")
    page.wait_for_selector('[data-status="solved"]', timeout=5000)
    assert "solution shown" in page.inner_text("#solved")
    # The words stay once the check of the shown solution is back (they were cleared at once).
    page.wait_for_selector("#board[data-drawn]")
    assert page.inner_text("#message") == "the solution is shown; Undo takes it back"
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
    confirm(page, "#solution")
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
    confirm(page, "#solution")
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
    assert page.inner_text("#title") == "Slitherlink" and "5x5" in page.inner_text("#subtitle")
    key = page.get_attribute("#board", "data-key")
    page.goto(page.url)  # the link reproduces it
    page.wait_for_selector("[data-place]")
    assert page.get_attribute("#board", "data-key") == key


def test_clear_is_undoable_and_restart_asks_and_is_undoable(page: Any, server: str) -> None:
    page.clock.install()  # the page's time, so that a loaded machine's slow clicks cannot tick the timer
    open_board(page, server, "slitherlink", FIRST)
    for var in (30, 31):
        page.click(f'[data-place="{var}"]')
    page.click("#clear")
    wait_settled(page)
    assert (mark(page, 30), mark(page, 31)) == (3, 3)
    page.click("#undo")
    wait_settled(page)
    assert (mark(page, 30), mark(page, 31)) == (2, 2)
    page.clock.pause_at(page.evaluate("Date.now()") + 61_000)  # a minute on, then time stands still
    page.wait_for_function("() => document.getElementById('timer').textContent !== '0:00'", timeout=5000)
    page.click("#restart")  # asks first: nothing happens yet
    page.wait_for_timeout(200)
    assert mark(page, 30) == 2
    page.click("#restart")
    wait_settled(page)
    assert (mark(page, 30), mark(page, 31)) == (3, 3)
    assert page.inner_text("#timer") == "0:00"
    page.click("#undo")  # Undo brings the marks back
    wait_settled(page)
    assert (mark(page, 30), mark(page, 31)) == (2, 2)


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


SIXES = "plugins/puzzlekit_sudoku/examples/small.txt"  # first board: 6x6 in boxes of 3x2
TILES = "plugins/puzzlekit_shikaku/examples/small.txt"  # 5x5


def test_sudoku_to_solved_by_typing_digits(page: Any, server: str, api: TestClient) -> None:
    """Tab to the board, walk to each empty cell with the arrow keys, type its digit."""
    text = first_block(SIXES)
    board, target = solution(api, "sudoku", text)
    open_board(page, server, "sudoku", text)
    assert page.input_value("#size") == "6x6"  # the new-puzzle menu shows the open board's size
    tab_to_board(page)
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


def test_sudoku_by_the_pad_with_a_clash_flagged_live(page: Any, server: str, api: TestClient) -> None:
    """A click picks a cell, the pad puts a digit; one its row already holds is flagged at once."""
    text = first_block(SIXES)
    board, target = solution(api, "sudoku", text)
    open_board(page, server, "sudoku", text)
    assert page.locator("#pad button[data-digit]").count() == 6
    givens = [row for row in text.splitlines() if not row.startswith("#")]
    open_places = [p for p in board["places"] if len(p["marks"]) > 1]
    var = next(p["var"] for p in open_places if set(givens[p["var"] // 6]) - {"."})
    clash = int(next(ch for ch in givens[var // 6] if ch != "."))
    blank = next(p["marks"][0] for p in open_places if p["var"] == var)
    page.click(f'[data-place="{var}"]')
    page.wait_for_timeout(100)
    assert mark(page, var) == blank and page.get_attribute("#board", "data-focus") == str(var)  # a click picks it
    page.click(f'#pad [data-digit="{clash}"]')
    page.wait_for_selector(f'[data-place="{var}"][data-mark="{1 << clash}"]', timeout=5000)
    page.wait_for_selector('[data-status="wrong"]', timeout=5000)
    assert page.locator("#violations li").count() >= 1
    page.keyboard.press("Backspace")  # the clicked cell has the focus: unmarked again
    page.wait_for_selector('[data-status="playing"]', timeout=5000)
    for place in open_places:
        page.click(f'[data-place="{place["var"]}"]')
        page.click(f'#pad [data-digit="{target[place["var"]].bit_length() - 1}"]')
    page.wait_for_selector('[data-status="solved"]', timeout=5000)


def drag_rectangle(page: Any, a: int, b: int) -> None:
    box_a = page.locator(f'[data-place="{a}"]').bounding_box()
    box_b = page.locator(f'[data-place="{b}"]').bounding_box()
    page.mouse.move(box_a["x"] + box_a["width"] / 2, box_a["y"] + box_a["height"] / 2)
    page.mouse.down()
    page.mouse.move(box_b["x"] + box_b["width"] / 2, box_b["y"] + box_b["height"] / 2, steps=5)
    page.mouse.up()


def test_shikaku_to_solved_by_dragging_rectangles(page: Any, server: str, api: TestClient) -> None:
    """Each rectangle is drawn corner to corner; it takes the colour of its number."""
    text = first_block(TILES)
    board, target = solution(api, "shikaku", text)
    open_board(page, server, "shikaku", text)
    assert page.input_value("#size") == "5x5"
    for a, b in rectangles(board, target):
        drag_rectangle(page, a, b)
        wait_settled(page)
    page.wait_for_selector('[data-status="solved"]', timeout=5000)
    assert page.is_visible("#solved")
    fills = page.eval_on_selector_all("[data-place]", "nodes => new Set(nodes.map(n => n.style.fill)).size")
    assert fills == len({target[p["var"]] for p in board["places"]})  # a colour per rectangle


def test_a_tap_on_a_shikaku_rectangle_takes_it_away(page: Any, server: str, api: TestClient) -> None:
    text = first_block(TILES)
    board, target = solution(api, "shikaku", text)
    open_board(page, server, "shikaku", text)
    a, b = max(rectangles(board, target), key=lambda r: r[1] - r[0])
    drag_rectangle(page, a, b)
    wait_settled(page)
    assert mark(page, b) == target[b]
    page.click(f'[data-place="{b}"]')
    wait_settled(page)
    place = next(p for p in board["places"] if p["var"] == b)
    assert mark(page, b) == place["marks"][0]
