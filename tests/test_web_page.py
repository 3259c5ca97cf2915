"""The page around the board, in real Chromium: New puzzle shows that it is working and can
be cancelled; the menus offer each genre's sizes and keep the difficulty; Open takes
pasted level text and any installed genre's puzz.link URL; Back returns to the last
puzzle; a solved board offers the next puzzle and a result to share, and the past
dailies list the ones solved; names for people, rules in words, titles that do not repeat."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed (pip install 'puzzlekit-engine[web]')")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (the test extra has it)")

from webpage import example, open_board, status, wait_settled

from puzzlekit.host import Host

DAILY = "2026-12-01"


def test_a_slow_new_puzzle_shows_it_is_working_and_cancels(page: Any, server: str) -> None:
    open_board(page, server, "slitherlink", example("slitherlink"))
    key = page.get_attribute("#board", "data-key")
    page.evaluate(
        "() => { const s = document.getElementById('size'); s.add(new Option('20x20', '20x20', true, true)); "
        "document.getElementById('genre').value = 'akari'; }"
    )
    page.fill("#seed", "slow")
    page.click("#generate")  # a 20x20 Akari takes seconds (the menus would not offer it)
    page.wait_for_selector('#board[aria-busy="true"]')
    assert page.is_visible("#cancel")
    page.click("#cancel")
    page.wait_for_selector('#board[aria-busy="false"]')
    assert page.inner_text("#message").startswith("Cancelled")
    assert page.get_attribute("#board", "data-key") == key  # the puzzle being played stays


def test_the_menus_offer_the_genres_sizes_and_keep_the_difficulty(page: Any, server: str) -> None:
    open_board(page, server, "slitherlink", example("slitherlink"))
    page.select_option("#genre", "sudoku")
    sizes = page.eval_on_selector_all("#size option", "o => o.map(x => x.value)")
    assert "9x9" in sizes and "7x7" not in sizes
    page.select_option("#size", "9x9")
    page.select_option("#difficulty", "hard")
    page.fill("#seed", "keep")
    page.click("#generate")
    page.wait_for_function("() => location.search.includes('seed=keep')")
    wait_settled(page)
    assert page.input_value("#difficulty") == "hard" and page.input_value("#size") == "9x9"
    assert "hard" in page.inner_text("#subtitle")
    genres = page.eval_on_selector_all("#genre option", "o => o.map(x => x.textContent)")
    assert "Bridges" in genres and "hashiwokakero" not in genres


def test_open_takes_pasted_level_text_of_several_lines(page: Any, server: str) -> None:
    open_board(page, server, "slitherlink", example("slitherlink"))
    page.select_option("#genre", "nurikabe")
    page.fill("#source", example("nurikabe"))
    page.click("#open-button")
    page.wait_for_function("() => location.search.includes('genre=nurikabe')")
    wait_settled(page)
    assert page.inner_text("#title") == "first" and status(page) == "playing"


def test_open_takes_a_masyu_url_whatever_the_menu_says(page: Any, server: str, host: Host) -> None:
    if "masyu" not in host.registry.names():
        pytest.skip("masyu is not installed")
    open_board(page, server, "slitherlink", example("slitherlink"))
    page.fill("#source", "https://puzz.link/p?mashu/6/6/1063000i3000")
    page.click("#open-button")
    page.wait_for_function("() => location.search.includes('genre=masyu')")
    wait_settled(page)
    assert page.input_value("#genre") == "masyu" and page.inner_text("#title") == "Masyu"


def test_open_names_a_genre_that_is_not_installed(page: Any, server: str) -> None:
    open_board(page, server, "slitherlink", example("slitherlink"))
    page.fill("#source", "https://puzz.link/p?nurimaze/5/5/abc")
    page.click("#open-button")
    page.wait_for_function("() => document.getElementById('message').textContent.includes('nurimaze')")
    assert "menu" not in page.inner_text("#message")


def test_back_returns_to_the_last_puzzle(page: Any, server: str) -> None:
    open_board(page, server, "slitherlink", example("slitherlink"))
    first = page.get_attribute("#board", "data-key")
    page.select_option("#size", "5x5")
    page.fill("#seed", "back")
    page.click("#generate")
    page.wait_for_function("() => location.search.includes('seed=back')")
    wait_settled(page)
    assert page.get_attribute("#board", "data-key") != first
    page.go_back()
    page.wait_for_function(f"() => document.getElementById('board').dataset.key === '{first}'")
    assert "seed=back" not in page.url


def test_a_solved_daily_offers_next_and_share_and_joins_the_archive(page: Any, server: str) -> None:
    page.goto(f"{server}/?{urlencode({'genre': 'hashi', 'daily': DAILY})}")
    page.wait_for_selector("[data-place]")
    wait_settled(page)
    title, subtitle = page.inner_text("#title"), page.inner_text("#subtitle")
    assert title == f"Bridges of {DAILY}" and DAILY not in subtitle and "hashiwokakero" not in title + subtitle
    page.click("#solution")
    page.click("#solution")  # solved by Show solution: shared results are for solving, so no Share
    page.wait_for_selector('[data-status="solved"]')
    assert page.is_visible("#next") and not page.is_visible("#share")
    page.click("#archive-toggle")
    assert page.locator("#archive-list li").count() == 30
    page.click("#next")
    page.wait_for_function("() => location.search.includes('seed=')")
    wait_settled(page)
    assert page.input_value("#genre") == "hashiwokakero" and status(page) == "playing"


def test_sharing_a_result_gives_a_line_with_the_time_and_the_link(page: Any, server: str, host: Host) -> None:
    from fastapi.testclient import TestClient
    from webpage import clicks_needed, solution

    from puzzlekit.web.app import create_app

    text = example("akari")
    board, target = solution(TestClient(create_app(host)), "akari", text)
    open_board(page, server, "akari", text)
    for var, n in clicks_needed(board, target).items():
        for _ in range(n):
            page.click(f'[data-place="{var}"]')
    page.wait_for_selector('[data-status="solved"]')
    page.click("#share")
    page.wait_for_selector("#share-text:not([hidden])")
    shared = page.input_value("#share-text")
    assert shared.startswith("I solved a 7x7 Akari on puzzlekit in 0:") and "genre=akari" in shared


def test_a_solved_daily_is_ticked_in_the_archive(page: Any, server: str) -> None:
    page.goto(f"{server}/?genre=akari")
    page.wait_for_selector("[data-place]")
    wait_settled(page)
    today = page.evaluate("() => new URLSearchParams(location.search).get('daily')")
    page.evaluate(f"() => localStorage.setItem('puzzlekit:daily:akari:{today}', JSON.stringify({{elapsed: 61}}))")
    page.reload()
    page.wait_for_selector("[data-place]")
    assert page.locator("#archive-list li.solved").count() == 1
    page.click("#archive-toggle")
    page.click("#archive-list li:nth-child(2) a")  # yesterday's
    page.wait_for_function(f"() => !location.search.includes('{today}')")
    wait_settled(page)
    assert "daily" in page.inner_text("#subtitle") or "of" in page.inner_text("#title")


STRICT_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)


def test_the_page_works_under_a_strict_content_security_policy(page: Any, server: str) -> None:
    """No inline script, handler or style: the page plays and edits with a CSP that forbids them."""
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)

    def strict(route: Any) -> None:
        answer = route.fetch()
        route.fulfill(response=answer, headers={**answer.headers, "content-security-policy": STRICT_CSP})

    page.route("**/*", strict)
    open_board(page, server, "sudoku", example("sudoku"))
    var = page.eval_on_selector_all("[data-place]:not(.given)", "n => Number(n[0].dataset.place)")
    page.click(f'[data-place="{var}"]')
    page.click("#notes")
    page.click('#pad [data-digit="2"]')
    wait_settled(page)
    assert page.get_attribute(f'[data-place="{var}"]', "data-notes") == "2"
    open_board(page, server, "shikaku", example("shikaku"))
    page.click("#edit")
    page.wait_for_selector('#board[data-mode="edit"] [data-clue]')
    assert not refused, refused
