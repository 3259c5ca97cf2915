"""Speed of playing in the browser: a move's live check on the server, and how soon the
page is interactive, printed as tables.

    python benchmarks/web.py                 # both tables (the page needs /usr/bin/chromium)
    python benchmarks/web.py --no-browser    # only the server-side table
    python benchmarks/web.py --shots DIR     # also save screenshots of the boards

The targets (issue 12): a live check answers in <= 50 ms server-side on a 30x30 board,
and the page is interactive within 1 s for a 20x20 one.  The 30x30 board is a long comb
loop with every cell clued, built here so the benchmark needs no generation time; the
20x20 one is generated (seed "bench", easy).  Timings on a shared machine are noisy: the
median of several runs is shown next to the slowest.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from puzzlekit.api import load
from puzzlekit.core.model import TRUE
from puzzlekit.generation import make
from puzzlekit.pictures import draw
from puzzlekit.web import play
from puzzlekit.web.app import create_app
from puzzlekit.web.limits import Limits

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]  # fmt: skip


def comb(side: int, every: int = 1) -> str:
    """A side x side Slitherlink whose loop is the outline of a comb (a spine down the left,
    teeth along every other row); every cell clued with its count, or with ``every=2`` one
    cell in two (about the density of a generated puzzle)."""
    inside = [[c == 0 or r % 2 == 0 for c in range(side)] for r in range(side)]

    def at(r: int, c: int) -> bool:
        return 0 <= r < side and 0 <= c < side and inside[r][c]

    def clue(r: int, c: int) -> str:
        if (r + c) % every:
            return "."
        return str(sum(at(r, c) != at(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))))

    return "\n".join("".join(clue(r, c) for c in range(side)) for r in range(side)) + "\n"


def timed(func: Callable[[], object], runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def server_table(runs: int) -> list[tuple[str, str, float, float]]:
    from fastapi.testclient import TestClient

    client = TestClient(create_app(limits=Limits()))
    return board_rows("30x30 all clued", comb(30), client, runs) + board_rows(
        "30x30 half clued", comb(30, 2), client, runs
    )


def board_rows(label: str, text: str, client: Any, runs: int) -> list[tuple[str, str, float, float]]:
    from puzzlekit.api import solve

    genre = play.genre_of("slitherlink")
    board = play.open_board(genre, text, 50 * 50)
    answer = solve(genre, comb(30)).solutions[0].values  # the comb's loop, from the fully clued board
    lines = [v for v, value in enumerate(answer) if value]
    state = list(board.blank)
    for v in lines[: len(lines) * 9 // 10]:
        state[v] = TRUE  # nine tenths of the loop drawn: still playing
    wrong = list(board.blank)
    for v in lines:
        wrong[v] = TRUE
    wrong[next(v for v, value in enumerate(answer) if not value)] = TRUE  # one line too many

    def check(marks: list[int]) -> Callable[[], object]:
        def run() -> object:
            b = play.open_board(genre, text, 50 * 50)
            found = play.verdict(b, play.state_of(b, marks))
            return play.picture(b, marks, violations=found.shown, places=False)

        return run

    body = {"genre": "slitherlink", "puzzle": text, "state": state, "places": False}  # as the page asks
    quick = {**body, "svg": False}
    assert play.verdict(board, state).status == "playing" and play.verdict(board, wrong).status == "wrong"
    return [
        (label, "the verdict alone (status and violations)", *timed(lambda: play.verdict(board, state), runs)),
        (label, "live check + redraw, playing (in process)", *timed(check(state), runs)),
        (label, "live check + redraw, a wrong mark", *timed(check(wrong), runs)),
        (label, "POST /api/check, svg false (TestClient)", *timed(lambda: client.post("/api/check", json=quick), runs)),
        (label, "POST /api/check with the drawing", *timed(lambda: client.post("/api/check", json=body), runs)),
        (label, "reference: the genre's indented draw_svg", *timed(lambda: draw(board.puzzle, state), runs)),
    ]


def page_table(runs: int, shots: Path | None) -> list[tuple[str, str, float, float]]:
    import uvicorn
    from playwright.sync_api import sync_playwright

    from puzzlekit.web.server import listen, url_of

    made = make("slitherlink", size="20x20", difficulty="easy", seed="bench")[0].text
    sock = listen("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning", lifespan="off"))
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    base = url_of(sock).rstrip("/")
    url = f"{base}/?{urlencode({'genre': 'slitherlink', 'p': made})}"
    ready = "() => { const b = document.getElementById('board'); return b.dataset.drawn === b.dataset.version; }"
    times = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(runs):
            context = browser.new_context(viewport={"width": 1200, "height": 900})
            page = context.new_page()
            start = time.perf_counter()
            page.goto(url)
            page.wait_for_function(ready)
            times.append((time.perf_counter() - start) * 1000)
            context.close()
        if shots is not None:
            save_shots(browser, base, made, shots)
        browser.close()
    server.should_exit = True
    return [("20x20", "page load until playable (Chromium)", statistics.median(times), max(times))]


def save_shots(browser: object, base: str, big: str, folder: Path) -> None:
    """Screenshots to look at: boards mid-game, a wrong mark, a hint, solved."""
    folder.mkdir(parents=True, exist_ok=True)
    root = Path(__file__).resolve().parents[1]
    boards = {
        "slitherlink": (root / "plugins/puzzlekit_slitherlink/examples/first.txt").read_text(),
        "hashiwokakero": (root / "plugins/puzzlekit_hashi/examples/harbour.txt").read_text(),
        "masyu": (root / "contrib/puzzlekit-masyu/src/puzzlekit_masyu/examples/pearls.txt").read_text(),
    }
    context = browser.new_context(viewport={"width": 1100, "height": 760})  # type: ignore[attr-defined]
    page = context.new_page()
    for genre, text in boards.items():
        page.goto(f"{base}/?{urlencode({'genre': genre, 'p': text})}")
        page.wait_for_selector("[data-place]")
        for var in (0, 1, 2, 7):
            page.click(f'[data-place="{var}"]')
        page.keyboard.press("ArrowRight")
        time.sleep(0.5)
        page.screenshot(path=str(folder / f"{genre}-playing.png"))
        page.click("#hint")
        time.sleep(0.8)
        page.screenshot(path=str(folder / f"{genre}-hint.png"))
        page.click("#solution")
        page.click("#solution")  # it asks first
        time.sleep(0.8)
        page.screenshot(path=str(folder / f"{genre}-solved.png"))
    page.goto(f"{base}/?{urlencode({'genre': 'slitherlink', 'p': big})}")
    page.wait_for_selector("[data-place]")
    time.sleep(0.5)
    page.screenshot(path=str(folder / "slitherlink-20x20.png"))
    context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--shots", type=Path)
    args = parser.parse_args()
    assert load("slitherlink", comb(30))  # the board reads as a puzzle
    rows = server_table(args.runs)
    if not args.no_browser:
        if not Path(CHROMIUM).exists():
            print(f"no {CHROMIUM}: the page table is skipped", file=sys.stderr)
        else:
            rows += page_table(max(3, args.runs // 3), args.shots)
    print(f"{'board':<17} {'what':<44} {'median ms':>10} {'max ms':>9}")
    for board, what, median, slowest in rows:
        print(f"{board:<17} {what:<44} {median:>10.1f} {slowest:>9.1f}")


if __name__ == "__main__":
    main()
