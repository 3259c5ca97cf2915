"""Helpers for the browser tests: open a board, wait for the page to settle, read its DOM
contract (docs/play.md), and play it the way people do: clicks, keys, drags, taps and
long presses on a touch screen (dispatched as touch PointerEvents, which is what a phone's
finger makes), digits on the pad, rectangles dragged for Shikaku."""

from __future__ import annotations

import itertools
import math
from collections import deque
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
EXAMPLES = {
    "slitherlink": "plugins/puzzlekit_slitherlink/examples/first.txt",
    "hashiwokakero": "plugins/puzzlekit_hashi/examples/harbour.txt",
    "akari": "plugins/puzzlekit_akari/examples/first.txt",
    "nurikabe": "plugins/puzzlekit_nurikabe/examples/first.txt",
    "sudoku": "plugins/puzzlekit_sudoku/examples/small.txt",
    "shikaku": "plugins/puzzlekit_shikaku/examples/small.txt",
    "masyu": "contrib/puzzlekit-masyu/src/puzzlekit_masyu/examples/pearls.txt",
    "heyawake": "plugins/puzzlekit_heyawake/examples/sample.txt",
    "starbattle": "plugins/puzzlekit_starbattle/examples/sample.txt",
    "numberlink": "plugins/puzzlekit_numberlink/examples/tangle.txt",
    "fillomino": "plugins/puzzlekit_fillomino/examples/garden.txt",
    "norinori": "plugins/puzzlekit_norinori/examples/garden.txt",
    "hitori": "plugins/puzzlekit_hitori/examples/first.txt",
    "kurodoko": "plugins/puzzlekit_kurodoko/examples/first.txt",
    "yajilin": "plugins/puzzlekit_yajilin/examples/arrows.txt",
    "kakuro": "plugins/puzzlekit_kakuro/examples/sample.txt",
    "lits": "plugins/puzzlekit_lits/examples/sample.txt",
}


def first_block(path: str) -> str:
    """The first board of an example file (the page opens one board)."""
    return (ROOT / path).read_text().split("\n\n")[0] + "\n"


def example(genre: str) -> str:
    return first_block(EXAMPLES[genre])


def solution(api: Any, genre: str, text: str) -> tuple[dict[str, Any], list[int]]:
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
    page.wait_for_function(
        "() => { const b = document.getElementById('board'); "
        "return b.dataset.version && b.dataset.drawn === b.dataset.version; }"
    )


def status(page: Any) -> str:
    value: str = page.get_attribute("[data-status]", "data-status")
    return value


def mark(page: Any, var: int) -> int:
    return int(page.get_attribute(f'[data-place="{var}"]', "data-mark"))


def centre_of(page: Any, selector: str) -> tuple[float, float]:
    """The element's centre on the screen, once the drawing it is in is not being replaced."""
    for _ in range(50):
        box = page.locator(selector).bounding_box()
        if box is not None:
            return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.wait_for_timeout(20)  # a redraw replaced the element between finding and measuring it
    raise AssertionError(f"{selector} has no box on the screen")


# -- touch: PointerEvents as a finger makes them --------------------------------------------

_TOUCH = """([points, ms]) => new Promise(done => {
    const at = ([x, y]) => ({clientX: x, clientY: y, bubbles: true, pointerType: 'touch', isPrimary: true,
                             pointerId: 7, buttons: 1});
    const first = document.elementFromPoint(...points[0]);
    first.dispatchEvent(new PointerEvent('pointerdown', at(points[0])));
    let i = 1;
    const fire = (type, point) => window.dispatchEvent(new PointerEvent(type, at(point)));
    const next = () => {
        if (i < points.length) { fire('pointermove', points[i++]); setTimeout(next, 8); }
        else setTimeout(() => { fire('pointerup', points[points.length - 1]); done(); }, ms);
    };
    setTimeout(next, 8);
})"""


def touch(page: Any, points: list[tuple[float, float]], hold_ms: int = 30) -> None:
    """A finger down at the first point, through the others, lifted after ``hold_ms``."""
    page.evaluate(_TOUCH, [[list(p) for p in points], hold_ms])


def tap(page: Any, selector: str) -> None:
    touch(page, [centre_of(page, selector)])


def long_press(page: Any, selector: str) -> None:
    touch(page, [centre_of(page, selector)], hold_ms=700)


def path_points(points: list[tuple[float, float]], step: float = 6.0) -> list[tuple[float, float]]:
    """The straight segments between the points, sampled every ``step`` pixels."""
    out = [points[0]]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        n = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / step))
        out += [(x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n) for i in range(1, n + 1)]
    return out


def mouse_path(page: Any, points: list[tuple[float, float]], every: float = 18.0) -> None:
    """A mouse drag through the points, one move every ``every`` pixels or so (the page
    follows the line between two moves, as it does for a fast hand)."""
    page.mouse.move(*points[0])
    page.mouse.down()
    last = points[0]
    for x, y in points[1:]:
        if math.hypot(x - last[0], y - last[1]) >= every or (x, y) == points[-1]:
            page.mouse.move(x, y)
            last = (x, y)
    page.mouse.up()


# -- geometry of the places, and arrow keys --------------------------------------------------

Centres = dict[int, tuple[float, float]]
Line = tuple[str, float] | None


def centres(page: Any) -> Centres:
    found: Centres = {}
    for var, points in page.eval_on_selector_all(
        "[data-place]", "nodes => nodes.map(n => [Number(n.dataset.place), n.getAttribute('points')])"
    ):
        pts = [tuple(map(float, p.split(","))) for p in points.split()]
        found[var] = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
    return found


def step(at: Centres, order: list[int], start: int, dx: int, dy: int, line: float) -> int | None:
    """The page's arrow-key rule (input.js ``step``), to plan key presses."""
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


def tab_to_board(page: Any) -> None:
    for _ in range(40):  # Tab from the top of the page to the board
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.id") == "board":
            return
    raise AssertionError("Tab never reached the board")


def play_by_keyboard(page: Any, board: dict[str, Any], target: list[int]) -> None:
    tab_to_board(page)
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


def in_first_screen(page: Any, selector: str) -> bool:
    """Is the element wholly inside the viewport, without scrolling?"""
    x, y = centre_of(page, selector)
    box = page.locator(selector).bounding_box() or {"x": x, "y": y, "width": 0, "height": 0}
    size = page.viewport_size
    return bool(
        box
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )


# -- the natural input of each genre -------------------------------------------------------------


def rectangles(board: dict[str, Any], target: list[int]) -> list[tuple[int, int]]:
    """Shikaku: per number, the top-left and bottom-right places of its rectangle."""
    owners: dict[int, list[int]] = {}
    for place in board["places"]:
        owners.setdefault(target[place["var"]], []).append(place["var"])
    return [(min(cells), max(cells)) for cells in owners.values()]


def loop_points(page: Any, target: list[int]) -> list[tuple[float, float]]:
    """A loop genre's solution as one drag on the screen: from the middle of a line, round
    the loop through the ends of its lines (dots, or cell centres), back to that middle.
    Each line is a diamond place whose first and third corners are its two ends."""
    polygons = page.eval_on_selector_all(
        "[data-place]", "nodes => nodes.map(n => [Number(n.dataset.place), n.getAttribute('points')])"
    )
    ends: dict[int, tuple[tuple[float, float], tuple[float, float]]] = {}
    for var, points in polygons:
        if target[var] == 2:  # a line
            pts = [tuple(map(float, q.split(","))) for q in points.split()]
            ends[var] = (pts[0], pts[2])
    at: dict[tuple[float, float], list[int]] = {}
    for var, (a, b) in ends.items():
        at.setdefault(a, []).append(var)
        at.setdefault(b, []).append(var)
    first = next(iter(ends))
    a, b = ends[first]
    route = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), b]
    came, here = first, b
    while here != a:
        line = next(v for v in at[here] if v != came)
        p, q = ends[line]
        here = q if p == here else p
        came = line
        route.append(here)
    route.append(route[0])
    box = page.locator("#board svg").bounding_box()
    width = float(page.get_attribute("#board svg", "width"))
    scale = box["width"] / width
    return [(box["x"] + x * scale, box["y"] + y * scale) for x, y in route]
