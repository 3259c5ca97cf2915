"""The setter's editor in real Chromium: a unique Slitherlink and a unique Sudoku built
from an empty board, the verdict (``#board[data-verdict]``) changing from several
solutions to one as the clues go in; where two solutions differ marked; the analyzer's
clues added with one click; no solution with the clues that contradict named; undo and
redo; exports; a Star Battle set by clicking walls; and every genre's clue spots through
the same contract."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed (pip install 'puzzlekit-engine[web]')")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (the test extra has it)")

from webpage import EXAMPLES, example, tab_to_board

from puzzlekit.host import Host


def open_editor(page: Any, server: str, genre: str, size: str) -> None:
    page.goto(f"{server}/?{urlencode({'edit': '1', 'genre': genre, 'size': size})}")
    page.wait_for_selector("[data-clue]")
    judged(page)


def judged(page: Any, timeout: float = 10_000) -> str:
    """The verdict on the draft as it stands (after the last change's answer came back)."""
    page.wait_for_function(
        "() => { const b = document.getElementById('board'); return b.dataset.version "
        "&& (b.dataset.pending || '0') === '0' && b.dataset.judged === b.dataset.version; }",
        timeout=timeout,
    )
    verdict: str = page.get_attribute("#board", "data-verdict")
    return verdict


def type_clues(page: Any, rows: list[str]) -> None:
    """Walk the clue spots row by row with the arrow keys, typing each clue."""
    tab_to_board(page)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch != ".":
                page.keyboard.press(ch)
            if c < len(row) - 1:
                page.keyboard.press("ArrowRight")
        if r < len(rows) - 1:
            page.keyboard.press("ArrowDown")
            for _ in range(len(row) - 1):
                page.keyboard.press("ArrowLeft")


def click_spot(page: Any, spot: int) -> None:
    """Click a clue spot at the middle of its outline: a triangle's box centre lies on its
    edge (Kakuro's two halves of a cell meet on the diagonal there)."""
    node = page.locator(f'[data-clue="{spot}"]')
    points = [tuple(map(float, p.split(","))) for p in node.get_attribute("points").split()]
    xs, ys, box = [p[0] for p in points], [p[1] for p in points], node.bounding_box()
    x = (sum(xs) / len(xs) - min(xs)) / (max(xs) - min(xs)) * box["width"]
    y = (sum(ys) / len(ys) - min(ys)) / (max(ys) - min(ys)) * box["height"]
    node.click(position={"x": x, "y": y})


def grid(text: str) -> list[str]:
    return [row for row in text.splitlines() if row and not row.startswith("#")]


def test_a_unique_slitherlink_from_an_empty_board(page: Any, server: str) -> None:
    open_editor(page, server, "slitherlink", "5x5")
    assert judged(page) == "multiple"
    assert page.locator("[data-place].differs").count() > 0  # where two solutions differ
    type_clues(page, grid(example("slitherlink")))
    assert judged(page) == "unique"
    assert "Unique" in page.inner_text("#verdict") and page.inner_text("#advice").startswith("Unique: it needs")


def test_a_unique_sudoku_from_an_empty_board(page: Any, server: str) -> None:
    open_editor(page, server, "sudoku", "4x4")
    assert judged(page) == "multiple"
    givens = ["1.3.", "..1.", ".1..", "4.2."]  # unique: a 4x4 with six givens would not be
    type_clues(page, givens)
    verdict = judged(page)
    if verdict != "unique":  # then the analyzer's advice makes it so
        page.click("#apply-advice")
        verdict = judged(page)
    assert verdict == "unique"
    assert page.inner_text("#verdict").startswith("Unique · ")  # with its difficulty name


def test_a_unique_kakuro_from_an_empty_board_two_clues_a_black_cell(page: Any, server: str) -> None:
    """A black cell has two clue spots: its lower-left half the down clue, its upper-right
    half the across one (spot ``2 * cell + across``); a click there turns the run's
    smallest total, and the digits typed make its clue, two-digit ones too."""
    open_editor(page, server, "kakuro", "3x3")  # white cells inside a black first row and column
    assert judged(page) == "multiple"
    assert page.eval_on_selector_all("[data-clue]", "n => n.length") == 18
    for cell, across, keys in ((1, 0, "8"), (2, 0, "11"), (3, 1, "16"), (6, 1, "3")):
        click_spot(page, 2 * cell + across)
        judged(page)
        for key in keys:
            page.keyboard.press(key)
        judged(page)
        assert page.get_attribute(f'[data-clue="{2 * cell + across}"]', "data-value") == keys
    assert judged(page) == "unique"  # 7 9 / 1 2
    assert page.get_attribute('[data-clue="3"]', "data-value") == "0"  # r1c2's across half: no clue
    page.select_option("#edit-kind", "ascii")
    page.click("#edit-export")
    page.wait_for_selector("#edit-output:not([hidden])")
    assert page.input_value("#edit-output").split("\n")[-4:-1] == ["#   8\\  11\\", "\\16 .   .", "\\3  .   ."]


def test_a_unique_star_battle_from_an_empty_board_by_clicking_walls(page: Any, server: str) -> None:
    """Star Battle's puzzle is its regions: a click on the side two cells share draws a
    wall there (spot ``e``: edge ``e``), a wall that closes no region yet is dashed and
    judged "invalid", a drag draws every wall it crosses, and the eight walls of aaab/aaab/
    ccdd/ccdd make a unique 4x4."""
    open_editor(page, server, "starbattle", "4x4")
    assert page.locator("[data-clue].wall").count() == 24 and judged(page) == "none"  # one region, four stars
    click_spot(page, 16)  # r2c1/r3c1: a wall that stops in the middle of the one region
    assert judged(page) == "invalid" and page.inner_text("#verdict") == "Not a puzzle yet"
    assert page.locator(".loose-walls line").count() == 1 and page.locator("[data-clue].conflict").count() == 1
    start, end = (page.locator(f'[data-clue="{e}"]').bounding_box() for e in (17, 19))
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=12)
    page.mouse.up()  # the rest of the line across: two regions now
    assert judged(page) == "none" and page.locator(".loose-walls").count() == 0
    for edge in (16, 17, 18, 19):
        assert page.get_attribute(f'[data-clue="{edge}"]', "data-value") == "1"
    for edge in (2, 5, 7, 10):  # r1c3|r1c4, r2c3|r2c4, r3c2|r3c3, r4c2|r4c3
        click_spot(page, edge)
        judged(page)
        assert page.get_attribute(f'[data-clue="{edge}"]', "data-value") == "1"
    assert judged(page) == "unique" and page.inner_text("#verdict").startswith("Unique")
    assert [page.get_attribute(f'[data-clue="{e}"]', "data-value") for e in (0, 1, 12)] == ["", "", ""]
    values = page.eval_on_selector_all("[data-clue]", "n => n.map(x => x.dataset.value)")
    for key in ("ArrowRight", "Shift+ArrowRight"):  # walls are all its spots: both walk them, drawing none
        before = page.get_attribute("#board", "data-focus")
        page.keyboard.press(key)
        assert page.get_attribute("#board", "data-focus") != before
    assert page.eval_on_selector_all("[data-clue]", "n => n.map(x => x.dataset.value)") == values


FOUR_ROOMS = "#genre: heyawake\n.... | aabb\n.... | aabb\n.... | ccdd\n.... | ccdd\n"
"""A 4x4 Heyawake of four 2x2 rooms, no numbers: spots 0-23 are its edges, 24-27 its
rooms' numbers (at r1c1, r1c3, r3c1, r3c3)."""


def test_heyawake_room_numbers_by_keyboard_walls_by_shift_arrow(page: Any, server: str) -> None:
    """The arrow keys walk the rooms' number spots, not the wall spots between cells, so
    numbers go in as on a clue genre; Shift+arrow draws (and takes away) the wall on that
    side of the focused cell, the focus staying; the size menu shows the open board's size."""
    page.goto(f"{server}/?{urlencode({'edit': '1', 'genre': 'heyawake', 'p': FOUR_ROOMS})}")
    page.wait_for_selector("[data-clue]")
    judged(page)
    assert page.input_value("#edit-size") == "4x4" and page.get_attribute("#board", "data-focus") == "24"
    tab_to_board(page)
    for key in ("2", "ArrowRight", "1", "ArrowDown", "ArrowLeft", "0"):
        page.keyboard.press(key)
    assert judged(page) != "invalid" and page.get_attribute("#board", "data-focus") == "26"
    assert [page.get_attribute(f'[data-clue="{s}"]', "data-value") for s in (24, 25, 26, 27)] == ["2", "1", "0", ""]
    page.keyboard.press("Shift+ArrowRight")  # r3c1|r3c2: edge 6, inside room c
    assert judged(page) == "invalid" and page.get_attribute('[data-clue="6"]', "data-value") == "1"
    assert page.get_attribute("#board", "data-focus") == "26"
    page.keyboard.press("Shift+ArrowRight")  # taken away again
    assert judged(page) != "invalid" and page.get_attribute('[data-clue="6"]', "data-value") == ""
    page.keyboard.press("Shift+ArrowLeft")  # the board's edge: no wall there
    judged(page)
    assert page.locator('[data-clue].wall[data-value="1"]').count() == 8


def one_clue_short(genre: str, row: int, col: int) -> str:
    """An example with one clue taken away: several solutions, which one clue mends (the
    analyzer finds it in milliseconds, so a busy machine does not run the verdict out)."""
    rows = grid(example(genre))
    rows[row] = rows[row][:col] + "." + rows[row][col + 1 :]
    return "\n".join(rows) + "\n"


def test_the_analyzers_clues_make_it_unique_in_one_click(page: Any, server: str) -> None:
    draft = one_clue_short("slitherlink", 0, 2)
    page.goto(f"{server}/?{urlencode({'edit': '1', 'genre': 'slitherlink', 'p': draft})}")
    page.wait_for_selector("[data-clue]")
    assert judged(page) == "multiple"
    # The clues are read off the first solution the search finds, so which ones depends on
    # the search's order: advice there is, and one click on it makes the board unique.
    assert page.is_visible("#apply-advice") and "Add " in page.inner_text("#advice")
    assert page.locator("[data-clue].suggested").count() >= 1
    page.click("#apply-advice")
    assert judged(page) == "unique"


def test_no_solution_names_the_clues_that_contradict(page: Any, server: str) -> None:
    open_editor(page, server, "slitherlink", "5x5")
    type_clues(page, ["03"])  # a 3 beside a 0: no loop can do both
    assert judged(page) == "none"
    assert "No solution" in page.inner_text("#advice") and page.locator("[data-clue].conflict").count() == 2


def test_undo_and_redo_in_the_editor(page: Any, server: str) -> None:
    open_editor(page, server, "masyu", "5x5")
    page.click('[data-clue="6"]')  # a white pearl
    judged(page)
    page.click('[data-clue="6"]')  # black
    judged(page)
    assert page.get_attribute('[data-clue="6"]', "data-value") == "2"
    page.click("#undo")
    judged(page)
    assert page.get_attribute('[data-clue="6"]', "data-value") == "1"
    page.keyboard.press("Control+y")
    judged(page)
    assert page.get_attribute('[data-clue="6"]', "data-value") == "2"


@pytest.mark.parametrize(
    ("kind", "says"),
    [
        ("url", "puzz.link/p?slither/5/5/"),
        ("pzpr", "pzprv3"),
        ("penpa", "penpa"),
        ("janko", "puzzle"),
        ("ascii", "..0.."),
    ],
)
def test_the_draft_exports(page: Any, server: str, kind: str, says: str) -> None:
    page.goto(f"{server}/?{urlencode({'edit': '1', 'genre': 'slitherlink', 'p': example('slitherlink')})}")
    page.wait_for_selector("[data-clue]")
    judged(page)
    page.select_option("#edit-kind", kind)
    page.click("#edit-export")
    page.wait_for_selector("#edit-output:not([hidden])")
    assert says in page.input_value("#edit-output")


@pytest.mark.parametrize("genre", sorted(EXAMPLES))
def test_every_genre_takes_clues_at_its_spots(page: Any, server: str, host: Host, genre: str) -> None:
    if genre not in host.registry.names():
        pytest.skip(f"{genre} is not installed")
    page.goto(f"{server}/?{urlencode({'edit': '1', 'genre': genre, 'p': example(genre)})}")
    page.wait_for_selector("[data-clue]")
    first = judged(page)
    assert first == "unique"  # the examples are
    assert page.get_attribute("#edit", "aria-pressed") == "true"
    spot = page.eval_on_selector_all("[data-clue]", "n => n.length") // 2
    before = page.get_attribute(f'[data-clue="{spot}"]', "data-value")
    click_spot(page, spot)
    judged(page)
    assert page.get_attribute(f'[data-clue="{spot}"]', "data-value") != before or page.inner_text("#message")
    page.click("#play-draft")
    page.wait_for_selector('[data-mode="play"] [data-place]')
