"""Every genre in real Chromium, on a desktop and on a 375x667 phone with touch: a fresh
board is "playing"; it is solved by the genre's natural input (a loop drawn in one drag,
bridges, bulbs and shading tapped, digits put with the pad or typed, rectangles dragged);
on the phone the board, Undo, Hint and Check share the first screen; messages about the
board clear after the next move; a big board zooms so its places stay large enough.

Small boards (the genres' first examples, the 7x7 daily) keep it quick.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed (pip install 'puzzlekit-engine[web]')")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (the test extra has it)")

from fastapi.testclient import TestClient
from webpage import (
    EXAMPLES,
    centre_of,
    clicks_needed,
    example,
    in_first_screen,
    loop_points,
    mark,
    mouse_path,
    open_board,
    path_points,
    rectangles,
    solution,
    status,
    tab_to_board,
    tap,
    touch,
    wait_settled,
)

from puzzlekit.host import Host
from puzzlekit.web.app import create_app

GENRES = sorted(EXAMPLES)
DAILY = "2026-12-01"


@pytest.fixture(scope="module")
def api(host: Host) -> TestClient:
    return TestClient(create_app(host))


@pytest.fixture(autouse=True)
def installed(request: pytest.FixtureRequest, host: Host) -> None:
    genre = request.node.callspec.params.get("genre") if hasattr(request.node, "callspec") else None
    if genre and genre not in host.registry.names():
        pytest.skip(f"{genre} is not installed (pip install -e contrib/puzzlekit-masyu)")


def solve_naturally(page: Any, genre: str, board: dict[str, Any], target: list[int], touch_screen: bool) -> None:
    """The genre's own way in: what a player of it would do, with a mouse or a finger."""
    marking = board["marking"]
    if marking == "regions":
        for a, b in rectangles(board, target):
            points = path_points([centre_of(page, f'[data-place="{a}"]'), centre_of(page, f'[data-place="{b}"]')])
            touch(page, points) if touch_screen else mouse_path(page, points)
            wait_settled(page)
    elif marking == "digits":
        open_places = [p for p in board["places"] if len(p["marks"]) > 1]
        for place in open_places:
            digit = target[place["var"]].bit_length() - 1
            if touch_screen:
                tap(page, f'[data-place="{place["var"]}"]')
                page.click(f'#pad [data-digit="{digit}"]')
            else:
                page.click(f'[data-place="{place["var"]}"]')
                page.keyboard.press(str(digit))
    elif genre in ("slitherlink", "masyu"):  # one drag round the loop
        points = path_points(loop_points(page, target))
        touch(page, points) if touch_screen else mouse_path(page, points)
    else:
        for var, n in clicks_needed(board, target).items():
            for _ in range(n):
                tap(page, f'[data-place="{var}"]') if touch_screen else page.click(f'[data-place="{var}"]')
    page.wait_for_selector('[data-status="solved"]', timeout=8000)
    assert page.is_visible("#solved") and page.is_visible("#next") and page.is_visible("#share")


@pytest.mark.parametrize("genre", GENRES)
def test_a_fresh_board_is_playing_and_solves_by_its_natural_input(
    page: Any, server: str, api: TestClient, genre: str
) -> None:
    text = example(genre)
    board, target = solution(api, genre, text)
    open_board(page, server, genre, text)
    assert status(page) == "playing" and page.locator("#violations li").count() == 0
    solve_naturally(page, genre, board, target, touch_screen=False)


@pytest.mark.parametrize("genre", GENRES)
def test_on_a_phone_the_daily_shares_the_first_screen_with_its_controls(phone: Any, server: str, genre: str) -> None:
    phone.goto(f"{server}/?{urlencode({'genre': genre, 'daily': DAILY})}")
    phone.wait_for_selector("[data-place]")
    wait_settled(phone)
    assert status(phone) == "playing"
    for selector in ("#board", "#undo", "#hint", "#check"):
        assert in_first_screen(phone, selector), f"{selector} is below the fold"
    assert phone.get_attribute("#rules", "aria-label") == "Rules" and "How to play" in phone.inner_text("#rules")


@pytest.mark.parametrize("genre", GENRES)
def test_on_a_phone_the_board_solves_by_touch(phone: Any, server: str, api: TestClient, genre: str) -> None:
    text = example(genre)
    board, target = solution(api, genre, text)
    open_board(phone, server, genre, text)
    assert status(phone) == "playing"
    solve_naturally(phone, genre, board, target, touch_screen=True)


def test_messages_about_the_board_clear_after_the_next_move(page: Any, server: str) -> None:
    text = example("slitherlink")
    open_board(page, server, "slitherlink", text)
    page.click("#hint")
    page.wait_for_function("() => document.getElementById('message').textContent.startsWith('Hint')")
    page.click('[data-place="20"]')
    wait_settled(page)
    assert page.inner_text("#message") == ""
    page.click("#check")
    page.wait_for_function("() => document.getElementById('message').textContent.includes('nothing is wrong')")
    page.click('[data-place="20"]')
    wait_settled(page)
    assert page.inner_text("#message") == ""
    page.click("#hint")
    page.wait_for_function("() => document.getElementById('message').textContent.startsWith('Hint')")
    page.click("#restart")
    page.click("#restart")
    wait_settled(page)
    assert not page.inner_text("#message").startswith("Hint")


def test_a_solved_board_clears_the_last_hint(page: Any, server: str, api: TestClient) -> None:
    text = example("nurikabe")
    board, target = solution(api, "nurikabe", text)
    open_board(page, server, "nurikabe", text)
    needed = clicks_needed(board, target)
    *most, last = needed.items()
    for var, n in most:
        for _ in range(n):
            page.click(f'[data-place="{var}"]')
    page.click("#hint")
    page.wait_for_function("() => document.getElementById('message').textContent.length > 0")
    for _ in range(last[1]):
        page.click(f'[data-place="{last[0]}"]')
    page.wait_for_selector('[data-status="solved"]', timeout=5000)
    assert page.inner_text("#message") == ""


def test_nurikabe_opens_playing_not_wrong(page: Any, server: str) -> None:
    """Every Nurikabe board used to open "wrong" (one island of all the numbers)."""
    page.goto(f"{server}/?{urlencode({'genre': 'nurikabe', 'daily': DAILY})}")
    page.wait_for_selector("[data-place]")
    wait_settled(page)
    assert status(page) == "playing" and page.inner_text("#violations") == ""
    open_place = page.eval_on_selector_all("[data-place]:not(.given)", "n => Number(n[0].dataset.place)")
    page.click(f'[data-place="{open_place}"]')  # one shaded cell: still playing
    wait_settled(page)
    assert status(page) == "playing"


def test_arrow_keys_walk_one_cell_at_a_time_over_givens(page: Any, server: str) -> None:
    open_board(page, server, "sudoku", example("sudoku"))
    tab_to_board(page)
    assert page.get_attribute("#board", "data-focus") == "0"
    for cell in range(1, 6):
        page.keyboard.press("ArrowRight")
        assert page.get_attribute("#board", "data-focus") == str(cell)
    for row in range(1, 6):
        page.keyboard.press("ArrowDown")
        assert page.get_attribute("#board", "data-focus") == str(5 + 6 * row)


def test_sudoku_pencil_marks_go_in_with_notes_and_a_hint_reads_them(page: Any, server: str) -> None:
    open_board(page, server, "sudoku", example("sudoku"))
    var = page.eval_on_selector_all("[data-place]:not(.given)", "n => Number(n[0].dataset.place)")
    page.click(f'[data-place="{var}"]')
    page.click("#notes")
    assert page.get_attribute("#notes", "aria-pressed") == "true"
    for digit in (1, 3, 5):
        page.click(f'#pad [data-digit="{digit}"]')
    wait_settled(page)
    assert page.get_attribute(f'[data-place="{var}"]', "data-notes") == "1 3 5"
    assert page.locator("#board .notes text").count() == 3
    page.click('#pad [data-digit="3"]')  # again: off
    wait_settled(page)
    assert page.get_attribute(f'[data-place="{var}"]', "data-notes") == "1 5"
    page.click("#undo")
    wait_settled(page)
    assert page.get_attribute(f'[data-place="{var}"]', "data-notes") == "1 3 5"
    page.click("#hint")  # notes that rule out the solution's digit are a mistake, or the hint reads on
    page.wait_for_function("() => document.getElementById('message').textContent.length > 0")
    assert page.inner_text("#message").split(":")[0] in ("Hint", "Mistake")


def test_the_mark_mode_makes_a_tap_put_a_cross(phone: Any, server: str) -> None:
    open_board(phone, server, "slitherlink", example("slitherlink"))
    assert phone.is_visible("#markmode")
    phone.click("#markmode")
    tap(phone, '[data-place="12"]')
    wait_settled(phone)
    assert mark(phone, 12) == 1  # crossed at once
    tap(phone, '[data-place="12"]')
    wait_settled(phone)
    assert mark(phone, 12) == 3  # and open again


def test_a_big_board_on_a_phone_zooms_to_large_places_and_pans(phone: Any, server: str) -> None:
    big = {"genre": "slitherlink", "size": "15x15", "difficulty": "easy", "seed": "zoom"}
    phone.goto(f"{server}/?{urlencode(big)}")
    phone.wait_for_selector("[data-place]", timeout=30000)
    wait_settled(phone)
    box = phone.locator('[data-place="0"]').bounding_box()
    assert max(box["width"], box["height"]) >= 34  # a tap target, not 21 px
    assert phone.is_visible("#zoom")
    for selector in ("#board", "#undo", "#hint", "#check"):
        assert in_first_screen(phone, selector), f"{selector} is below the fold"
    scroll = phone.eval_on_selector("#board", "b => [b.scrollWidth > b.clientWidth, b.scrollLeft]")
    assert scroll[0]  # the board pans
    phone.click("#zoom-fit")
    box = phone.locator('[data-place="0"]').bounding_box()
    assert max(box["width"], box["height"]) < 34
