"""The JSON API behind the page's newer parts: genres in words with their menus, Open that
reads any installed genre's URL and says so when none does, hints that read pencil
marks, a difficulty not made in time replaced by the nearest (and saying so), a
cancelled generation that frees its solve slot at once, the editor's endpoints, bare
exports, and a daily Bridges with as many islands as Simon Tatham's."""

from __future__ import annotations

import datetime as dt
import multiprocessing
import socket
import threading
import time
from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed (pip install 'puzzlekit-engine[web]')")

from fastapi.testclient import TestClient
from webpage import example

from puzzlekit.api import load
from puzzlekit.host import Host
from puzzlekit.web.app import create_app
from puzzlekit.web.daily import daily_text
from puzzlekit.web.jobs import can_cancel
from puzzlekit.web.limits import Limits
from puzzlekit.web.making import nearest


@pytest.fixture(scope="module")
def client(host: Host) -> TestClient:
    return TestClient(create_app(host))


def test_genres_have_names_for_people_rules_and_menus(client: TestClient) -> None:
    genres = {g["name"]: g for g in client.get("/api/genres").json()}
    assert genres["hashiwokakero"]["title"] == "Bridges"
    assert genres["starbattle"]["title"] == "Star Battle"  # not the name capitalised, "Starbattle"
    assert genres["starbattle"]["rules"]["also"] == []  # "star-battle" is the title's own name
    assert genres["akari"]["rules"]["also"] == ["Light Up"]  # once, in words: not "Lightup, Light-up"
    assert {g["marking"] for g in genres.values()} >= {"cycle", "digits", "regions"}
    sudoku = genres["sudoku"]
    assert sudoku["marking"] == "digits" and sudoku["daily_size"] == "9x9"
    assert all(s["difficulties"] for s in sudoku["sizes"]) and "7x7" not in [s["size"] for s in sudoku["sizes"]]
    for g in genres.values():
        rules = g["rules"]
        assert rules["goal"] == g["summary"] and rules["basics"] and rules["techniques"]
        assert g["editable"], g["name"]  # the regions genres too: the editor draws their walls


def test_open_reads_level_text_as_the_menus_genre(client: TestClient) -> None:
    text = example("nurikabe")
    board = client.post("/api/load", json={"source": text, "fallback": "nurikabe"}).json()
    assert board["genre"] == "nurikabe" and board["marking"] == "cycle"


def test_open_reads_a_url_as_its_own_genre_whatever_the_menu(client: TestClient, host: Host) -> None:
    if "masyu" not in host.registry.names():
        pytest.skip("masyu is not installed")
    url = "https://puzz.link/p?mashu/6/6/1063000i3000"
    board = client.post("/api/load", json={"source": url, "fallback": "slitherlink"}).json()
    assert board["genre"] == "masyu" and board["name"] == "Masyu"


def test_a_url_of_a_genre_not_installed_says_so(client: TestClient) -> None:
    answer = client.post("/api/load", json={"source": "https://puzz.link/p?nurimaze/5/5/abc", "fallback": "sudoku"})
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert "'nurimaze'" in error and "slither" in error and "menu" not in error


def test_a_hint_reads_the_pencil_marks(client: TestClient) -> None:
    text = example("sudoku")
    board = client.post("/api/load", json={"genre": "sudoku", "source": text}).json()
    solved = client.post("/api/solve", json={"genre": "sudoku", "puzzle": board["puzzle"]}).json()["state"]
    place = next(p for p in board["places"] if len(p["marks"]) > 1)
    notes = [0] * len(board["state"])
    notes[place["var"]] = place["marks"][0] & ~solved[place["var"]]  # every digit but the right one
    body = {"genre": "sudoku", "puzzle": board["puzzle"], "state": board["state"], "notes": notes}
    hint = client.post("/api/hint", json=body).json()
    assert hint["kind"] == "mistake" and hint["variable"] == place["var"]
    notes[place["var"]] = 1 << 30  # not a digit of the cell
    assert client.post("/api/hint", json=body).status_code == 422


def test_a_shikaku_hint_is_one_a_player_can_mark(client: TestClient) -> None:
    text = example("shikaku")
    board = client.post("/api/load", json={"genre": "shikaku", "source": text}).json()
    hint = client.post("/api/hint", json={"genre": "shikaku", "puzzle": board["puzzle"]}).json()
    marks = next(p["marks"] for p in board["places"] if p["var"] == hint["variable"])
    assert hint["kind"] == "deduction" and len(hint["values"]) == 1 and (1 << hint["values"][0]) in marks


def test_the_nearest_difficulty_is_tried_easier_first() -> None:
    from puzzlekit.api import default_host

    sudoku = default_host().genre("sudoku")
    assert nearest(sudoku, "hard") == ["hard", "medium", "expert", "easy"]


def test_a_difficulty_not_made_at_a_size_makes_the_nearest_and_says_so(host: Host) -> None:
    client = TestClient(create_app(host, Limits(budget=2.0)))
    body = {"genre": "sudoku", "size": "4x4", "difficulty": "medium", "seed": "near"}
    board = client.post("/api/generate", json=body).json()
    assert board["requested"] == "medium" and board["difficulty"] == "easy"
    assert "no medium 4x4 puzzle is made at this size, so this one is easy" in board["note"]


def test_an_unknown_difficulty_is_refused_before_any_work(client: TestClient) -> None:
    answer = client.post("/api/generate", json={"genre": "sudoku", "size": "9x9", "difficulty": "fiendish"})
    assert answer.status_code == 400 and "known: easy, medium, hard, expert" in answer.json()["error"]


@pytest.fixture
def one_slot_server(host: Host) -> Iterator[tuple[str, int]]:
    """The app with one solve slot and a short wait, on a loopback port."""
    import uvicorn

    from puzzlekit.web.server import listen

    sock = listen("127.0.0.1", 0)
    app = create_app(host, Limits(solves=1, wait=0.3, budget=8.0))
    srv = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not srv.started:
        time.sleep(0.02)
    yield sock.getsockname()[:2]
    srv.should_exit = True
    thread.join(5)


def post(address: tuple[str, int], path: str, body: str, read: bool = True) -> tuple[socket.socket, bytes]:
    conn = socket.create_connection(address)
    data = body.encode()
    head = f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n"
    conn.sendall(head.encode() + b"Connection: close\r\n\r\n" + data)
    answer = b""
    if read:
        conn.settimeout(10)
        while chunk := conn.recv(65536):
            answer += chunk
        conn.close()
    return conn, answer


@pytest.mark.skipif(not can_cancel(), reason="this platform cannot fork, so a generation cannot be stopped")
def test_a_cancelled_generation_frees_its_solve_slot_at_once(one_slot_server: tuple[str, int]) -> None:
    # Work that lasts as long as the budget on any machine: the generator finds no hard 4x4 Masyu
    # (500 attempts in 4 s, none), so it tries until its time is up.  Boards that are merely big
    # got made before the cancel on an idle machine as the generators got faster.
    slow = '{"genre": "masyu", "size": "4x4", "difficulty": "hard", "seed": "cancel-me"}'
    conn, _ = post(one_slot_server, "/api/generate", slow, read=False)
    started = time.monotonic() + 5
    while not multiprocessing.active_children() and time.monotonic() < started:
        time.sleep(0.02)
    assert len(multiprocessing.active_children()) == 1  # the child is making it
    conn.close()  # the page's Cancel: the request goes away
    deadline = time.monotonic() + 3
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not multiprocessing.active_children()  # the work was stopped
    small = '{"genre": "slitherlink", "puzzle": "..0..\\n0...1\\n.211.\\n1...3\\n..1.3\\n"}'
    _, answer = post(one_slot_server, "/api/solve", small)
    assert answer.startswith(b"HTTP/1.1 200"), answer[:200]  # the one slot is free again


def test_the_editor_opens_an_empty_board_and_changes_clues(client: TestClient) -> None:
    out = client.post("/api/edit/open", json={"genre": "slitherlink", "size": "5x5"}).json()
    assert out["puzzle"].count(".") == 25 and len(out["spots"]) == 25 and 'data-clue="24"' in out["svg"]
    changed = client.post(
        "/api/edit/change", json={"genre": "slitherlink", "puzzle": out["puzzle"], "changes": [{"spot": 7, "value": 2}]}
    ).json()
    assert changed["spots"][7]["value"] == 2 and changed["puzzle"].splitlines()[1] == "..2.."


def test_the_verdict_is_unique_with_its_grade_and_its_time(client: TestClient) -> None:
    text = example("slitherlink")
    found = client.post("/api/edit/verdict", json={"genre": "slitherlink", "puzzle": text}).json()
    assert found["verdict"] == "unique" and found["difficulty"] and found["rung"] >= 1
    assert found["seconds"] >= 0 and found["advice"]["text"].startswith("Unique: it needs")


def test_several_solutions_say_where_two_differ_and_which_clues_settle_it(client: TestClient) -> None:
    rows = [r for r in example("sudoku").splitlines() if not r.startswith("#")]
    rows[1] = "." + rows[1][1:]  # one given short: several solutions, one clue mends it
    draft = "\n".join(rows) + "\n"
    found = client.post("/api/edit/verdict", json={"genre": "sudoku", "puzzle": draft}).json()
    assert found["verdict"] == "multiple" and found["differences"]
    changes = [{"spot": c["spot"], "value": c["value"]} for c in found["advice"]["add"]]
    assert changes and found["seconds"] >= 0
    settled = client.post("/api/edit/change", json={"genre": "sudoku", "puzzle": draft, "changes": changes})
    again = client.post("/api/edit/verdict", json={"genre": "sudoku", "puzzle": settled.json()["puzzle"]}).json()
    assert again["verdict"] == "unique"


def test_a_kakuro_draft_with_several_solutions_gets_a_clue_that_settles_it(client: TestClient) -> None:
    """Kakuro's clue positions are a black cell's halves with a run after them: the sample
    without its 12 down at r1c3 and its 8 across at r2c2 has several fillings, and the
    advice's clues, clicked in at their spots, make it unique."""
    rows = example("kakuro").replace("12\\ ", "#   ", 1).replace("4\\8", "4\\ ", 1)
    # The verdict has 0.8 s of the clock; on a fresh clone the first one also compiles and
    # imports Kakuro and the analyzer (over 0.8 s once in CI): warm them, then judge.
    client.post("/api/edit/verdict", json={"genre": "kakuro", "puzzle": rows})
    found = client.post("/api/edit/verdict", json={"genre": "kakuro", "puzzle": rows}).json()
    assert found["verdict"] == "multiple" and found["advice"]["add"], found["advice"]
    changes = [{"spot": c["spot"], "value": c["value"]} for c in found["advice"]["add"]]
    assert all(change["spot"] is not None for change in changes)
    settled = client.post("/api/edit/change", json={"genre": "kakuro", "puzzle": rows, "changes": changes})
    again = client.post("/api/edit/verdict", json={"genre": "kakuro", "puzzle": settled.json()["puzzle"]}).json()
    assert again["verdict"] == "unique"


def test_a_change_the_genre_cannot_have_is_refused_in_its_words(client: TestClient) -> None:
    blank = client.post("/api/edit/open", json={"genre": "hashi", "size": "5x5"}).json()
    assert blank["spots"][0]["value"] == -1  # the one island an empty Bridges board has
    answer = client.post("/api/edit/change", json={"genre": "hashi", "puzzle": blank["puzzle"],
                                                    "changes": [{"spot": 0, "value": None}]})  # fmt: skip
    assert answer.status_code == 422 and "at least one island" in answer.json()["error"]
    answer = client.post("/api/edit/change", json={"genre": "hashi", "puzzle": blank["puzzle"],
                                                    "changes": [{"spot": 99, "value": 1}]})  # fmt: skip
    assert answer.status_code == 422 and "not a clue spot" in answer.json()["error"]


@pytest.mark.parametrize("kind", ["ascii", "url", "pzpr", "penpa", "janko", "tatham"])
def test_a_bare_puzzle_exports_in_every_kind(client: TestClient, kind: str) -> None:
    text = example("slitherlink")
    out = client.post("/api/export", json={"genre": "slitherlink", "puzzle": text, "kind": kind, "marks": False})
    assert out.status_code == 200, out.json()
    back = client.post("/api/load", json={"genre": "slitherlink", "source": out.json()["text"]}).json()
    first = client.post("/api/load", json={"genre": "slitherlink", "source": text}).json()
    assert back["key"] == first["key"]  # the same board


def test_the_daily_bridges_has_as_many_islands_as_tathams(host: Host) -> None:
    """Simon Tatham's 7x7 Bridges have 11 to 15 islands; ours used to have 8 to 10."""
    genre = host.genre("hashi")
    counts = [load(genre, daily_text(genre, dt.date(2026, 12, d)))[0].instance.n_islands for d in range(1, 6)]
    assert all(11 <= n <= 16 for n in counts), counts


def test_a_worker_error_keeps_its_status(host: Host) -> None:
    """An error from the generation's child process comes back with its own status (a
    size the genre cannot make is 400), never as a server error."""
    client = TestClient(create_app(host))
    answer = client.post("/api/generate", json={"genre": "sudoku", "size": "5x7", "difficulty": "easy"})
    assert answer.status_code == 400 and "square" in answer.json()["error"]


def test_the_editors_advice_reads_as_sentences() -> None:
    from puzzlekit.web.editor import Advice, Verdict, advice_words

    note = "the time ran out while choosing clues; the ones tried do not make it unique"
    found = Verdict("multiple", None, None, None, (1, 2), None, Advice(note=note), 0.5)
    assert advice_words(found) == (
        "Several solutions: the places where two differ are marked. The time ran out while choosing clues; "
        "the ones tried do not make it unique."
    )


def test_the_editor_puts_yajilin_s_arrows_on_an_empty_board(client: TestClient) -> None:
    out = client.post("/api/edit/open", json={"genre": "yajilin", "size": "4x3"}).json()
    assert len(out["spots"]) == 12 and out["spots"][5]["values"][:3] == [None, 0, 1]
    changes = [{"spot": 5, "value": 301}, {"spot": 0, "value": 0}]  # 1> at r2c2, 0^ at r1c1
    changed = client.post("/api/edit/change", json={"genre": "yajilin", "puzzle": out["puzzle"], "changes": changes})
    rows = changed.json()["puzzle"].splitlines()
    assert rows[0].split()[0] == "0^" and rows[1].split()[1] == "1>" and changed.json()["spots"][5]["value"] == 301
