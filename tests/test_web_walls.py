"""The editor's walls (``puzzlekit.grid.walledit``) through the JSON API: a Star Battle
drawn wall by wall from an empty board to a unique puzzle, a wall that closes no region
judged ``invalid`` with its spot named, Heyawake's numbers kept in their cells as rooms
change (and two in one room refused in words), a region genre's draft with no solution
saying which rule saw it where, a ``# walls:`` line that names no edge refused, and a
third-party region genre edited the same way with no editor code of its own."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed (pip install 'puzzlekit-engine[web]')")

from fastapi.testclient import TestClient

from puzzlekit.api import solve
from puzzlekit.core.model import BOOL, Model, Rule, Rung, Violation
from puzzlekit.grid import Count, counted
from puzzlekit.grid.regionshading import RegionBoard, RegionShading
from puzzlekit.host import Host
from puzzlekit.web import editor
from puzzlekit.web.app import create_app

STAR_WALLS = (16, 17, 18, 19, 2, 5, 7, 10)
"""A 4x4 one-star Star Battle's walls, as edges (and spots): the row between rows 2 and 3
(edges 16-19), then r1c3|r1c4, r2c3|r2c4, r3c2|r3c3 and r4c2|r4c3: regions aaab/aaab/
ccdd/ccdd, whose one solution a search over random 4x4 cuts found."""


@pytest.fixture(scope="module")
def client(host: Host) -> TestClient:
    return TestClient(create_app(host))


def change(client: TestClient, genre: str, puzzle: str, spot: int, value: int | None) -> dict[str, Any]:
    answer = client.post("/api/edit/change", json={"genre": genre, "puzzle": puzzle,
                                                    "changes": [{"spot": spot, "value": value}]})  # fmt: skip
    assert answer.status_code == 200, answer.json()
    out: dict[str, Any] = answer.json()
    return out


def verdict(client: TestClient, genre: str, puzzle: str) -> dict[str, Any]:
    out: dict[str, Any] = client.post("/api/edit/verdict", json={"genre": genre, "puzzle": puzzle}).json()
    return out


def rows(puzzle: str) -> list[str]:
    return [r for r in puzzle.splitlines() if not r.startswith("#")]


def test_region_genres_are_editable(client: TestClient) -> None:
    genres = {g["name"]: g for g in client.get("/api/genres").json()}
    assert all(genres[name]["editable"] for name in ("starbattle", "norinori", "lits", "heyawake"))


def test_a_star_battle_drawn_wall_by_wall_is_unique(client: TestClient) -> None:
    out = client.post("/api/edit/open", json={"genre": "starbattle", "size": "4x4"}).json()
    assert rows(out["puzzle"]) == ["aaaa"] * 4 and len(out["spots"]) == 24  # a spot per edge, no clue spots
    assert all(s["values"] == [None, 1] and s["value"] is None for s in out["spots"])
    puzzle = out["puzzle"]
    for n, edge in enumerate(STAR_WALLS):
        out = change(client, "starbattle", puzzle, edge, 1)
        puzzle = out["puzzle"]
        assert out["spots"][edge]["value"] == 1
        if n == 0:  # one wall of four across the board: loose, so not a puzzle yet
            assert "# walls: r2c1-r3c1" in puzzle and rows(puzzle) == ["aaaa"] * 4
            found = verdict(client, "starbattle", puzzle)
            assert found["verdict"] == "invalid" and "r2c1–r3c1" in found["advice"]["text"]
            assert [c["spot"] for c in found["advice"]["contradiction"]] == [16]
            assert 'class="loose"' in found["svg"]
        if n == 3:  # the line across closes: two regions, nothing loose
            assert rows(puzzle) == ["aaaa", "aaaa", "bbbb", "bbbb"] and "# walls" not in puzzle
    assert rows(puzzle) == ["aaab", "aaab", "ccdd", "ccdd"]
    found = verdict(client, "starbattle", puzzle)
    assert found["verdict"] == "unique", found["advice"]
    undone = change(client, "starbattle", puzzle, 7, None)  # r3c2|r3c3 away: c and d are one region again
    assert rows(undone["puzzle"]) == ["aaab", "aaab", "cccc", "cccc"] and "# walls: r4c2-r4c3" in undone["puzzle"]


def test_heyawake_numbers_stay_in_their_cells_and_two_in_a_room_are_refused(client: TestClient) -> None:
    out = client.post("/api/edit/open", json={"genre": "heyawake", "size": "2x2"}).json()
    assert len(out["spots"]) == 4 + 1  # a wall spot per edge, then the one room's number
    puzzle = change(client, "heyawake", out["puzzle"], 4, 1)["puzzle"]  # a 1 in r1c1's room
    for edge in (0, 1):  # r1c1|r1c2 and r2c1|r2c2: two rooms, side by side
        puzzle = change(client, "heyawake", puzzle, edge, 1)["puzzle"]
    assert rows(puzzle) == ["1. | ab", ".. | ab"]
    puzzle = change(client, "heyawake", puzzle, 5, 0)["puzzle"]  # room b's spot (r1c2): a 0
    assert rows(puzzle) == ["10 | ab", ".. | ab"]
    answer = client.post("/api/edit/change", json={"genre": "heyawake", "puzzle": puzzle,
                                                    "changes": [{"spot": 0, "value": None}]})  # fmt: skip
    assert answer.status_code == 422, answer.json()
    assert "two numbers" in answer.json()["error"] and "take one away" in answer.json()["error"]


def test_a_region_draft_without_a_solution_says_which_rule_sees_it_where(client: TestClient) -> None:
    found = verdict(client, "norinori", "aaab\naaab\naaab\nbbbc\n")  # r4c4 alone: no two cells to shade
    assert found["verdict"] == "none" and found["advice"]["rule"] == "region-count"
    assert found["advice"]["text"] == "No solution (region-count sees it in the region at r4c4)."
    two_stars = "# stars: 2\n" + "aa" + "b" * 8 + "\n" + ("b" * 10 + "\n") * 9  # two stars in two touching cells
    found = verdict(client, "starbattle", two_stars)
    assert found["verdict"] == "none" and found["advice"]["text"].endswith("sees it in the region at r1c1).")


def test_a_walls_line_that_names_no_edge_is_refused(client: TestClient) -> None:
    answer = client.post("/api/edit/verdict", json={"genre": "lits", "puzzle": "# walls: r1c1-r3c3\naa\naa\n"})
    assert answer.status_code == 422 and "r1c1-r3c3" in answer.json()["error"]
    answer = client.post("/api/edit/open", json={"genre": "lits", "puzzle": "# walls: r1c1-r1c2\naa\naa\n"})
    assert answer.status_code == 200 and answer.json()["spots"][0]["value"] == 1  # a loose wall, kept


ONE = Rule("one-a-region", 1, "Every region holds one shaded cell.")


class OnePerRegion(RegionShading):
    """A genre of a plugin's own: one shaded cell a region, nothing else."""

    name = "one-per-region"
    ladder = (Rung(1, "counts", "a region's count"),)
    rules = (ONE,)

    def build(self, instance: RegionBoard) -> Model:
        model = Model(self.ladder, domains=[BOOL] * instance.grid.n_cells)
        for cells in instance.regions.cells:
            model.add(Count(ONE, cells, 1))
        return model

    def accept(self, instance: RegionBoard, values: Sequence[int]) -> list[Violation]:
        regions, found = instance.regions, []
        for r, cells in enumerate(regions.cells):
            found += counted(cells, lambda c: values[c] == 1, 1, 1, regions.name(r), "shaded cells", "region")
        return found


def test_a_third_party_region_genre_gets_walls_for_free() -> None:
    genre = OnePerRegion()
    assert editor.editable(genre) and editor.walled(genre)
    board = editor.blank(genre, 2, 1, 100)  # two cells, one region: two solutions
    assert board.text == "aa\n" and [s.values for s in editor.spots(board)] == [(None, 1)]
    assert editor.verdict(board, 0.8).verdict == "multiple"
    walled = editor.changed(board.puzzle, [editor.Change(0, 1)], 100)
    assert walled.text == "ab\n" and editor.verdict(walled, 0.8).verdict == "unique"


@pytest.mark.parametrize("genre", ["norinori", "lits", "starbattle"])
def test_the_verdict_searches_the_boards_model_and_leaves_it_as_built(
    host: Host, genre: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The verdict's solve searches the model the board was read with (building it again
    cost most of an empty big draft's verdict), and the search leaves that model as built:
    a second solve on it finds what a fresh model does, node for node.  (These genres have
    no clue positions, so the advice builds no model either.)"""
    g = host.genre(genre)
    board = editor.blank(g, 6, 6, 2500)
    board = editor.changed(board.puzzle, [editor.Change(e, 1) for e in (2, 7, 12, 17, 22, 27)], 2500)  # c3|c4
    model = board.model
    domains, aux, props = list(model.domains), list(model.aux), len(model.propagators)
    built: list[object] = []
    build = type(g).build
    monkeypatch.setattr(type(g), "build", lambda self, instance: built.append(instance) or build(self, instance))
    found = editor.verdict(board, 10.0)
    assert built == []
    assert (model.domains, model.aux, len(model.propagators)) == (domains, aux, props)
    again = solve(g, board.puzzle, limit=2, timeout=None, model=model)
    fresh = solve(g, board.puzzle, limit=2, timeout=None)
    assert len(built) == 1 and found.verdict == editor.VERDICTS[fresh.status]
    assert (again.status, again.stats.nodes, again.stats.rule_counts) == (
        fresh.status,
        fresh.stats.nodes,
        fresh.stats.rule_counts,
    )
    assert [s.values for s in again.solutions] == [s.values for s in fresh.solutions]
