"""Screenshots of the play page for docs/screenshots/: every genre's daily on a desktop and on
a 375x667 phone, mid-game with a hint, and the editor (on a region genre too), pencil
marks, rectangles and a solved board.  They are the product's face: look at them after changing the page.

    python tools/screenshots.py                 # writes docs/screenshots/*.png
    python tools/screenshots.py --out /tmp/shots
    python tools/screenshots.py --only starbattle kurodoko   # only their dailies
    python tools/screenshots.py --walls         # only the region editor's

Needs Playwright and Chromium (/usr/bin/chromium); the pictures are made small (a
palette of 128 colours) so the repository stays light.
"""

from __future__ import annotations

import argparse
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]  # fmt: skip
DATE = "2026-12-01"
GENRES = (
    "slitherlink", "masyu", "hashiwokakero", "akari", "nurikabe", "sudoku", "shikaku", "heyawake", "starbattle",
    "norinori", "numberlink", "fillomino", "hitori", "kurodoko", "yajilin", "kakuro", "lits",
)  # fmt: skip
DESKTOP = {"viewport": {"width": 1000, "height": 720}}
PHONE = {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True}
SETTLED = (
    "() => { const b = document.getElementById('board'); return b.dataset.version && "
    "(b.dataset.mode === 'edit' ? b.dataset.judged === b.dataset.version : b.dataset.drawn === b.dataset.version); }"
)

JUDGED = (
    "() => { const b = document.getElementById('board'); return b.dataset.version "
    "&& (b.dataset.pending || '0') === '0' && b.dataset.judged === b.dataset.version; }"
)
"""The editor's verdict on the draft as it stands: every change sent has come back."""


def serve() -> str:
    import uvicorn

    from puzzlekit.web.app import create_app
    from puzzlekit.web.server import listen, url_of

    sock = listen("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning", lifespan="off"))
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return url_of(sock).rstrip("/")


def shot(page: Any, path: Path) -> None:
    page.wait_for_function(SETTLED)
    time.sleep(0.3)
    page.screenshot(path=str(path))
    image = Image.open(path).convert("RGB")
    image.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)


def daily(page: Any, base: str, genre: str) -> None:
    page.goto(f"{base}/?{urlencode({'genre': genre, 'daily': DATE})}")
    page.wait_for_selector("[data-place]")
    page.wait_for_function(SETTLED)


def some_moves(page: Any, client: Any, genre: str) -> None:
    """A third of the solution put in the way a player would, then one hint shown."""
    board = client.get(f"/api/daily?genre={genre}&date={DATE}").json()
    target = client.post("/api/solve", json={"genre": board["genre"], "puzzle": board["puzzle"]}).json()["state"]
    open_places = [p for p in board["places"] if len(p["marks"]) > 1]
    if board["marking"] == "regions":
        owners: dict[int, list[int]] = {}
        for place in open_places:
            owners.setdefault(target[place["var"]], []).append(place["var"])
        for cells in list(owners.values())[: len(owners) // 3]:
            a, b = page.locator(f'[data-place="{min(cells)}"]'), page.locator(f'[data-place="{max(cells)}"]')
            page.mouse.move(*centre(a.bounding_box()))
            page.mouse.down()
            page.mouse.move(*centre(b.bounding_box()), steps=4)
            page.mouse.up()
            page.wait_for_function(SETTLED)
    else:
        for place in open_places[: len(open_places) // 3]:
            marks, want = place["marks"], target[place["var"]]
            if board["marking"] == "digits":
                page.click(f'[data-place="{place["var"]}"]')
                page.keyboard.press(str(want.bit_length() - 1))
            elif want != 1 and want in marks:  # lines, bulbs, shading, bridges; not the crosses
                for _ in range(marks.index(want)):
                    page.click(f'[data-place="{place["var"]}"]')
    page.wait_for_function(SETTLED)
    page.click("#hint")
    page.wait_for_function("() => document.getElementById('message').textContent.length > 0")


def kakuro_editor(page: Any, base: str, path: Path) -> None:
    """A unique Kakuro set from an empty 4x4: two clue spots per cell (down half, across
    half), the last one typed (r2c2's across clue, beside its down clue) still focused."""
    page.goto(f"{base}/?{urlencode({'edit': '1', 'genre': 'kakuro', 'size': '4x4'})}")
    page.wait_for_selector("[data-clue]")
    for cell, across, keys in ((2, 0, "8"), (3, 0, "13"), (8, 1, "7"), (12, 1, "9"), (5, 0, "9"), (5, 1, "14")):
        page.wait_for_function(JUDGED)
        node = page.locator(f'[data-clue="{2 * cell + across}"]')
        box = node.bounding_box()
        node.click(
            position={"x": box["width"] * (0.7 if across else 0.3), "y": box["height"] * (0.3 if across else 0.7)}
        )
        for key in keys:
            page.keyboard.press(key)
        page.wait_for_function(JUDGED)
    shot(page, path)


def walls_editor(base: str, browser: Any, out: Path) -> None:
    """The editor on a region genre: pzprjs's sample Star Battle with one wall between two
    regions taken away (they are one now; the rest of their border dashed, loose, and the
    draft "not a puzzle yet") on a desktop, and a 4x4 set wall by wall to unique on a phone."""
    sample = (ROOT / "plugins" / "puzzlekit_starbattle" / "examples" / "sample.txt").read_text()
    for name, options in (("desktop", DESKTOP), ("phone", PHONE)):
        context = browser.new_context(**options)
        page = context.new_page()
        query = {"edit": "1", "genre": "starbattle"}
        page.goto(f"{base}/?{urlencode({**query, 'p': sample} if name == 'desktop' else {**query, 'size': '4x4'})}")
        page.wait_for_selector("[data-clue]")
        for edge in (56,) if name == "desktop" else (16, 17, 18, 19, 2, 5, 7, 10):  # r5c3/r6c3; aaab/aaab/ccdd/ccdd
            page.wait_for_function(JUDGED)
            node = page.locator(f'[data-clue="{edge}"]')
            box = node.bounding_box()
            page.mouse.click(*centre(box))
        page.wait_for_function(JUDGED)
        shot(page, out / f"starbattle-editor-{name}.png")
        context.close()


def centre(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", nargs="+", choices=GENRES, default=GENRES, help="only these genres' dailies")
    parser.add_argument("--walls", action="store_true", help="only the region editor's (starbattle-editor-*.png)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    from fastapi.testclient import TestClient
    from playwright.sync_api import sync_playwright

    from puzzlekit.web.app import create_app

    client = TestClient(create_app())
    base = serve()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        walls_editor(base, browser, args.out)
        if args.walls:
            browser.close()
            return
        for name, options in (("desktop", DESKTOP), ("phone", PHONE)):
            context = browser.new_context(**options)
            page = context.new_page()
            for genre in args.only:
                daily(page, base, genre)
                if name == "desktop":
                    some_moves(page, client, genre)
                shot(page, args.out / f"{genre}-{name}.png")
            context.close()
        context = browser.new_context(**DESKTOP)
        page = context.new_page()
        page.goto(f"{base}/?{urlencode({'edit': '1', 'genre': 'slitherlink', 'size': '5x5'})}")
        page.wait_for_selector("[data-clue]")
        for spot, clue in ((6, "3"), (12, "0")):
            page.click(f'[data-clue="{spot}"]')
            page.keyboard.press(clue)
        shot(page, args.out / "editor-desktop.png")
        kakuro_editor(page, base, args.out / "kakuro-editor-desktop.png")
        daily(page, base, "sudoku")
        cells = page.eval_on_selector_all("[data-place]:not(.given)", "n => n.slice(0, 3).map(x => x.dataset.place)")
        page.click("#notes")
        for cell, digits in zip(cells, ((1, 4), (2, 5, 7), (3, 9))):
            page.click(f'[data-place="{cell}"]')
            for d in digits:
                page.click(f'#pad [data-digit="{d}"]')
        shot(page, args.out / "sudoku-notes.png")
        page.goto(f"{base}/?{urlencode({'genre': 'hashi', 'daily': DATE})}")
        page.wait_for_selector("[data-place]")
        page.click("#solution")
        page.click("#solution")
        page.wait_for_selector('[data-status="solved"]')
        shot(page, args.out / "solved-desktop.png")
        context.close()
        context = browser.new_context(**PHONE)
        page = context.new_page()
        page.goto(f"{base}/?{urlencode({'edit': '1', 'genre': 'sudoku', 'size': '4x4'})}")
        page.wait_for_selector("[data-clue]")
        shot(page, args.out / "editor-phone.png")
        big = {"genre": "slitherlink", "size": "15x15", "difficulty": "easy", "seed": "zoom"}
        page.goto(f"{base}/?{urlencode(big)}")
        page.wait_for_selector("[data-place]", timeout=30000)
        shot(page, args.out / "slitherlink-15x15-phone.png")
        context.close()
        browser.close()
    print(f"wrote {len(list(args.out.glob('*.png')))} screenshots to {args.out}")


if __name__ == "__main__":
    main()
