"""The JSON API through FastAPI's TestClient: every endpoint's answers, and bad input on
every endpoint answered with a 4xx JSON error that names the problem (never a 5xx)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed (pip install 'puzzlekit-engine[web]')")

from fastapi.testclient import TestClient

from puzzlekit.core.model import FALSE, TRUE
from puzzlekit.host import Host
from puzzlekit.web import create_app
from puzzlekit.web.limits import Limits

ROOT = Path(__file__).resolve().parents[1]
FIRST = (ROOT / "plugins/puzzlekit_slitherlink/examples/first.txt").read_text()
HARBOUR = (ROOT / "plugins/puzzlekit_hashi/examples/harbour.txt").read_text()


@pytest.fixture(scope="module")
def client(host: Host) -> TestClient:
    return TestClient(create_app(host, Limits(max_cells=30 * 30, budget=10.0)))


def loaded(client: TestClient, genre: str, source: str) -> dict[str, Any]:
    r = client.post("/api/load", json={"genre": genre, "source": source})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_genres_lists_the_playable_ones(client: TestClient) -> None:
    names = {g["name"]: g for g in client.get("/api/genres").json()}
    assert names["slitherlink"]["playable"] and names["hashiwokakero"]["playable"]
    assert "medium" in names["slitherlink"]["difficulties"]


def test_load_gives_places_marks_and_a_tagged_drawing(client: TestClient) -> None:
    board = loaded(client, "slitherlink", FIRST)
    assert board["size"] == "5x5" and board["title"] == "first"
    assert len(board["places"]) == len(board["state"]) == 2 * 5 * 6
    assert board["places"][0]["marks"] == [3, TRUE, FALSE]
    assert board["svg"].count("data-place=") == 60
    assert board["link"].startswith("https://puzz.link/p?slither/5/5/")
    assert {"ascii", "pzpr"} <= set(board["kinds"])


def test_load_reads_urls_and_infers_their_genre(client: TestClient) -> None:
    r = client.post("/api/load", json={"source": "https://puzz.link/p?slither/5/5/cbcbcddad"})
    assert r.status_code == 200 and r.json()["genre"] == "slitherlink"


def test_check_flags_only_rules_broken_for_good(client: TestClient) -> None:
    board = loaded(client, "slitherlink", FIRST)
    state = list(board["state"])
    assert (
        client.post("/api/check", json={"genre": "slitherlink", "puzzle": board["puzzle"], "state": state}).json()[
            "status"
        ]
        == "playing"
    )
    # a line beside the 0 at r1c3 (its top edge is variable 2): wrong, at once
    state[2] = TRUE
    out = client.post("/api/check", json={"genre": "slitherlink", "puzzle": board["puzzle"], "state": state}).json()
    assert out["status"] == "wrong"
    assert [v["kind"] for v in out["violations"]] == ["clue"]
    assert "too many" in out["violations"][0]["message"]
    assert 'class="segment wrong"' in out["svg"]


def test_a_right_mark_that_is_not_finished_is_still_playing(client: TestClient) -> None:
    board = loaded(client, "slitherlink", FIRST)
    solved = client.post("/api/solve", json={"genre": "slitherlink", "puzzle": board["puzzle"]}).json()
    state = list(board["state"])
    first_line = solved["state"].index(TRUE)
    state[first_line] = TRUE  # one line of the solution, short of everything else
    out = client.post("/api/check", json={"genre": "slitherlink", "puzzle": board["puzzle"], "state": state}).json()
    assert out["status"] == "playing" and out["violations"] == []


@pytest.mark.parametrize(
    ("genre", "puzzle", "full"),
    [
        ("akari", "...\n.1.\n...\n", [TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, TRUE]),  # the 1 has no bulb
        ("nurikabe", "10 . . . . .\n. . . . . .\n", [FALSE] * 6 + [TRUE] + [FALSE] * 4 + [TRUE]),  # the sea in two
    ],
)
def test_a_board_with_every_place_marked_that_breaks_a_rule_is_wrong(
    client: TestClient, genre: str, puzzle: str, full: list[int]
) -> None:
    """Broken rules that more marks could mend ("unfinished") kept a fully marked board
    "playing" for ever, with nothing shown; with no place left to mark they are wrong."""
    board = loaded(client, genre, puzzle)
    assert len(board["state"]) == len(full)
    out = client.post("/api/check", json={"genre": genre, "puzzle": board["puzzle"], "state": full}).json()
    assert out["status"] == "wrong" and out["violations"], out
    one_open = [full[0], board["state"][1], *full[2:]]  # the same marks but one place (not a clue) left open
    out = client.post("/api/check", json={"genre": genre, "puzzle": board["puzzle"], "state": one_open}).json()
    assert out["status"] == "playing" and out["violations"] == [], out


def test_solve_then_check_is_solved(client: TestClient) -> None:
    board = loaded(client, "hashi", HARBOUR)
    solved = client.post("/api/solve", json={"genre": "hashi", "puzzle": board["puzzle"]}).json()
    assert solved["status"] == "unique"
    out = client.post("/api/check", json={"genre": "hashi", "puzzle": board["puzzle"], "state": solved["state"]})
    assert out.json()["status"] == "solved"


def test_hint_names_the_place_and_draws_it(client: TestClient) -> None:
    board = loaded(client, "slitherlink", FIRST)
    out = client.post("/api/hint", json={"genre": "slitherlink", "puzzle": board["puzzle"]}).json()
    assert out["kind"] == "deduction" and out["variable"] is not None
    assert out["place"] in out["text"] and out["rule"]
    assert "hint" in out["svg"]


def test_hint_keeps_a_no_bridge_mark_that_text_cannot_hold(client: TestClient) -> None:
    board = loaded(client, "hashi", HARBOUR)
    first = client.post("/api/hint", json={"genre": "hashi", "puzzle": board["puzzle"]}).json()
    state = list(board["state"])
    state[first["variable"]] = 1 << first["values"][0]
    if len(first["values"]) == 1:
        again = client.post("/api/hint", json={"genre": "hashi", "puzzle": board["puzzle"], "state": state}).json()
        assert again["variable"] != first["variable"] or again["kind"] != "deduction"


def test_grade_generate_daily_render_and_export(client: TestClient) -> None:
    board = loaded(client, "slitherlink", FIRST)
    graded = client.post("/api/grade", json={"genre": "slitherlink", "puzzle": board["puzzle"]}).json()
    assert graded["status"] == "unique" and graded["rung"] >= 1
    made = client.post("/api/generate", json={"genre": "slitherlink", "size": "5x5", "seed": "web"}).json()
    again = client.post("/api/generate", json={"genre": "slitherlink", "size": "5x5", "seed": "web"}).json()
    assert made["puzzle"] == again["puzzle"] and made["size"] == "5x5"
    day = client.get("/api/daily", params={"genre": "slitherlink", "date": "2026-12-01"}).json()
    assert day["date"] == "2026-12-01" and "daily-2026-12-01" in day["puzzle"]
    assert client.get("/api/daily", params={"genre": "loopy", "date": "2026-12-01"}).json()["key"] == day["key"]
    svg = client.post("/api/render", json={"genre": "slitherlink", "puzzle": board["puzzle"], "solution": True})
    assert svg.json()["svg"].count('class="segment"') > 0 and "data-place" not in svg.json()["svg"]
    solved = client.post("/api/solve", json={"genre": "slitherlink", "puzzle": board["puzzle"]}).json()
    exported = client.post(
        "/api/export", json={"genre": "slitherlink", "puzzle": board["puzzle"], "state": solved["state"]}
    ).json()
    assert exported["text"].startswith("+") and exported["filename"].endswith(".txt")


def test_an_exported_attempt_reads_back_with_check(client: TestClient, host: Host, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from puzzlekit.cli.main import main

    board = loaded(client, "slitherlink", FIRST)
    solved = client.post("/api/solve", json={"genre": "slitherlink", "puzzle": board["puzzle"]}).json()
    for kind in ("ascii", "pzpr"):
        body = {"genre": "slitherlink", "puzzle": board["puzzle"], "state": solved["state"], "kind": kind}
        attempt = tmp_path / f"attempt.{kind}"
        attempt.write_text(client.post("/api/export", json=body).json()["text"])
        (tmp_path / "level.txt").write_text(board["puzzle"])
        args = ["check", "slitherlink", str(tmp_path / "level.txt"), "--state", str(attempt)]
        if kind == "pzpr":
            args = ["check", str(attempt)]
        result = CliRunner().invoke(main, args, obj=host)
        assert result.exit_code == 0, result.output


def test_masyu_plays_through_the_contract(client: TestClient, host: Host) -> None:
    if "masyu" not in host.registry.names():
        pytest.skip("the contrib Masyu plugin is not installed (pip install -e contrib/puzzlekit-masyu)")
    day = client.get("/api/daily", params={"genre": "masyu", "date": "2026-12-01"}).json()
    solved = client.post("/api/solve", json={"genre": "masyu", "puzzle": day["puzzle"]}).json()
    out = client.post("/api/check", json={"genre": "masyu", "puzzle": day["puzzle"], "state": solved["state"]})
    assert out.json()["status"] == "solved"


# -- bad input, on every endpoint ----------------------------------------------------------

BAD: list[tuple[str, str, Any, int, str]] = [
    ("post", "/api/load", {"genre": "slitherlink", "source": "3x3\n"}, 400, "expected a clue"),
    ("post", "/api/load", {"genre": "nonsuch", "source": "..\n"}, 400, "nonsuch"),
    ("post", "/api/load", {"source": "..\n.."}, 422, "cannot tell the genre"),
    ("post", "/api/load", {"genre": "slitherlink"}, 422, "source"),
    ("post", "/api/load", {"genre": "slitherlink", "source": "..\n", "extra": 1}, 422, "extra"),
    ("post", "/api/check", {"genre": "slitherlink", "puzzle": FIRST, "state": [3]}, 422, "expected 60 marks"),
    ("post", "/api/check", {"genre": "slitherlink", "puzzle": FIRST, "state": [7] * 60}, 422, "not a mark of"),
    ("post", "/api/check", {"genre": "slitherlink", "puzzle": FIRST, "hint": [999]}, 422, "hint"),
    ("post", "/api/check", {"genre": "slitherlink", "puzzle": FIRST + "\n..\n.."}, 422, "expected one puzzle"),
    ("post", "/api/hint", {"genre": "slitherlink", "puzzle": "...\n...\n"}, 422, "exactly one solution"),
    ("post", "/api/hint", {"genre": "slitherlink", "puzzle": FIRST, "state": "x"}, 422, "state"),
    ("post", "/api/solve", {"genre": "slitherlink", "puzzle": FIRST, "timeout": -1}, 422, "timeout"),
    ("post", "/api/solve", {"genre": "slitherlink", "puzzle": ("." * 31 + "\n") * 31}, 413, "at most 900 cells"),
    ("post", "/api/grade", {"genre": "slitherlink", "puzzle": ""}, 422, "puzzle"),
    ("post", "/api/generate", {"genre": "slitherlink", "size": "big"}, 400, "a size is WxH"),
    ("post", "/api/generate", {"genre": "slitherlink", "size": "40x40"}, 413, "up to 20"),
    ("post", "/api/generate", {"genre": "slitherlink", "difficulty": "fiendish"}, 400, "fiendish"),
    ("get", "/api/daily?genre=slitherlink&date=tomorrow", None, 400, "YYYY-MM-DD"),
    ("get", "/api/daily", None, 422, "genre"),
    ("post", "/api/render", {"genre": "slitherlink", "puzzle": "...\n...\n", "solution": True}, 422, "no single"),
    ("post", "/api/export", {"genre": "slitherlink", "puzzle": FIRST, "kind": "gif"}, 422, "kind"),
    ("post", "/api/nowhere", {}, 404, "Not Found"),
    ("get", "/api/check", None, 405, "Method Not Allowed"),
]


@pytest.mark.parametrize(
    ("method", "path", "body", "code", "words"), BAD, ids=[f"{b[1]}-{i}" for i, b in enumerate(BAD)]
)
def test_bad_input_is_a_4xx_json_error_naming_it(
    client: TestClient, method: str, path: str, body: Any, code: int, words: str
) -> None:
    r = client.request(method.upper(), path, json=body)
    assert r.status_code == code, r.text
    assert words in r.json()["error"]


@pytest.mark.parametrize("path", ["/api/load", "/api/check", "/api/hint", "/api/solve", "/api/render"])
def test_broken_json_and_wrong_types_are_422(client: TestClient, path: str) -> None:
    r = client.post(path, content=b'{"genre": ', headers={"content-type": "application/json"})
    assert r.status_code == 422 and "JSON" in r.json()["error"]
    r = client.post(path, json=["not", "an", "object"])
    assert r.status_code == 422 and r.json()["error"]


def test_a_body_over_the_cap_is_413(host: Host) -> None:
    small = TestClient(create_app(host, Limits(max_body=2048)))
    body = json.dumps({"genre": "slitherlink", "source": "." * 5000})
    r = small.post("/api/load", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "over 2048 bytes" in r.json()["error"]


def test_every_solver_busy_is_429_not_a_queue(host: Host) -> None:
    import threading

    from puzzlekit.web.bounds import SolveSlots

    slots = SolveSlots(Limits(solves=1, wait=0.05))
    release = threading.Event()

    async def both() -> list[str]:
        import asyncio

        first = asyncio.ensure_future(slots.run(lambda: release.wait(5)))
        await asyncio.sleep(0.05)
        try:
            await slots.run(lambda: True)
            outcome = "ran"
        except Exception as err:
            outcome = f"{type(err).__name__}: {err}"
        release.set()
        await first
        return [outcome]

    import asyncio

    found: list[list[str]] = []  # its own thread: another test's event loop may be running here
    runner = threading.Thread(target=lambda: found.append(asyncio.run(both())))
    runner.start()
    runner.join(10)
    (outcome,) = found[0]
    assert outcome.startswith("Busy") and "busy" in outcome


def test_the_page_and_its_static_files(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "data-status" in page.text
    assert client.get("/static/play.js").status_code == 200
    assert client.get("/static/nothing.js").status_code == 404


def test_check_never_compares_with_the_hidden_solution(client: TestClient, host: Host) -> None:
    """A line the solution does not have, but that breaks no rule yet, is not "wrong"."""
    board = loaded(client, "slitherlink", FIRST)
    solved = client.post("/api/solve", json={"genre": "slitherlink", "puzzle": board["puzzle"]}).json()["state"]
    genre = host.genre("slitherlink")
    from puzzlekit.api import load_one

    instance = load_one(genre, board["puzzle"]).instance
    grid = instance.grid
    beside_a_zero = {e for cell, clue in enumerate(instance.clues) if clue == 0 for e in grid.cell_edges[cell]}
    off_loop = [e for e in range(len(solved)) if solved[e] == FALSE and e not in beside_a_zero]
    assert off_loop
    for e in off_loop:
        state = list(board["state"])
        state[e] = TRUE
        out = client.post("/api/check", json={"genre": "slitherlink", "puzzle": board["puzzle"], "state": state})
        assert out.json()["status"] == "playing", (e, out.json()["violations"])


def test_load_reads_a_game_id(client: TestClient) -> None:
    r = client.post("/api/load", json={"genre": "slitherlink", "source": "5x5t0dh:3c332b231e2333b2a"})
    assert r.status_code == 200 and r.json()["size"] == "5x5"
    r = client.post("/api/load", json={"source": "5x5t0dh:3c332b231e2333b2a"})
    assert r.status_code == 200 and r.json()["genre"] == "slitherlink"  # Loopy's parameters name it
    r = client.post("/api/load", json={"source": "3x3:1a1a1a1a1"})  # Loopy's or Bridges'? either reads it
    assert r.status_code == 422 and "fillomino or hashiwokakero or kurodoko or slitherlink" in r.json()["error"]
    assert "'genre' field" in r.json()["error"] and "puzzlekit play" not in r.json()["error"]  # no CLI advice
    r = client.post("/api/load", json={"source": "7x7:4a3b2"})  # cut short: neither game's
    assert r.status_code == 422 and "shaped like a tatham source, but no installed genre reads it" in r.json()["error"]


@pytest.mark.parametrize("genre", ["slitherlink", "hashiwokakero", "masyu"])
def test_marks_that_agree_with_the_solution_are_never_wrong(client: TestClient, host: Host, genre: str) -> None:
    """Any part of the solution, lines and crosses alike, is "playing" (or "solved")."""
    import random

    if genre not in host.registry.names():
        pytest.skip(f"{genre} is not installed")
    g = host.genre(genre)
    for path in g.example_paths():
        board = loaded(client, genre, path.read_text().split("\n\n")[0])
        target = client.post("/api/solve", json={"genre": genre, "puzzle": board["puzzle"]}).json()["state"]
        rng = random.Random(f"{genre}-{path.name}")
        for _ in range(25):
            share = rng.random()
            state = [t if rng.random() < share else b for t, b in zip(target, board["state"])]
            out = client.post("/api/check", json={"genre": genre, "puzzle": board["puzzle"], "state": state}).json()
            assert out["status"] in ("playing", "solved"), (path.name, out["violations"])


def test_a_hints_drawing_still_shows_what_is_wrong(client: TestClient) -> None:
    board = loaded(client, "slitherlink", FIRST)
    state = list(board["state"])
    state[2] = TRUE  # beside the 0 at r1c3
    out = client.post("/api/hint", json={"genre": "slitherlink", "puzzle": board["puzzle"], "state": state}).json()
    assert out["kind"] == "mistake" and 'class="clue wrong"' in out["svg"]  # the 0, in red
