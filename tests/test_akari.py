"""Akari (Light Up): the shared harness with brute force, its rules, formats and pictures."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import puzzlekit
from puzzlekit import LevelError, interchange
from puzzlekit.core import domains_of, search
from puzzlekit.core.search import Status, count_solutions
from puzzlekit.testing import PuzzleConformance

# pzprjs's own test data for lightup (test/script/lightup.js in sabo2/pzprjs and robx/pzprjs).
PZPR_URL = "https://puzz.link/p?lightup/6/6/nekcakbl"
PZPR_SOLVED = "pzprv3/lightup/6/6/. . # . . . /. # 4 # . . /. . # . 2 # /+ 0 . . # . /# + . 1 . . /. . . # . . /"


class TestAkari(PuzzleConformance):
    puzzle = "akari"
    brute_force = 150
    bad_levels = ("#.5\n", "#.\n..*\n", "1.q\n")


def solve(text: str) -> puzzlekit.SolveResult:
    return puzzlekit.solve("akari", text)


def test_a_board_whose_first_row_starts_with_a_black_cell_keeps_it() -> None:
    (p,) = puzzlekit.load("akari", "# title: t\n#.1\n...\n")
    assert p.genre.write(p.instance) == ["#.1", "..."]


def test_numbers_sight_and_lighting_solve_a_small_board() -> None:
    result = solve("..1\n.#.\n...\n")
    assert result.status == puzzlekit.Status.MULTIPLE
    result = solve("2..\n...\n..#\n")
    assert result.status == puzzlekit.Status.UNIQUE
    assert result.solutions[0].text == "2*.\n*..\n..#"


def test_accept_names_a_dark_cell_two_bulbs_in_sight_and_a_wrong_number() -> None:
    (p,) = puzzlekit.load("akari", "2..\n...\n")
    g, board = p.genre, p.instance
    kinds = {v.kind: v for v in g.accept(board, [1, 1, 0, 0, 0])}
    assert set(kinds) == {"sees", "dark", "number"}
    assert kinds["dark"].cells == (3,) and kinds["dark"].place == "r2c1" and kinds["dark"].unfinished
    assert kinds["dark"].message == "not lit: r2c1"
    assert "lights another" in kinds["sees"].message
    assert "the 2 at r1c1 has 1 bulb(s)" in kinds["number"].message


def test_states_read_bulbs_and_crosses_and_refuse_a_changed_board() -> None:
    (p,) = puzzlekit.load("akari", "1..\n...\n")
    g = p.genre
    from puzzlekit.formats.level import read_blocks

    assert g.parse_state(p.instance, read_blocks("1*x\n...\n")[0]) == [2, 1, 3, 3, 3]
    with pytest.raises(LevelError, match="r1c1 is '1' in the puzzle"):
        g.parse_state(p.instance, read_blocks("2*x\n...\n")[0])
    assert g.write(p.instance, [2, 1, 3, 3, 3]) == ["1*x", "..."]


def test_bad_levels_point_at_the_character() -> None:
    with pytest.raises(LevelError, match=r"<string>:2:3: expected"):
        puzzlekit.load("akari", "#..\n..5\n")


def test_puzzlink_url_of_pzprjs_reads_and_writes_back() -> None:
    host = puzzlekit.default_host()
    text = interchange.decode(PZPR_URL, host.genre("akari"), host)
    assert text is not None
    (p,) = puzzlekit.load("akari", text)
    assert p.genre.write(p.instance)[1] == "..4..."
    assert interchange.encode(p, "url", host) == PZPR_URL.replace("?lightup/", "?akari/")  # pzprjs's URL id


def test_akari_urls_are_written_with_pzprjs_url_id_and_read_with_either() -> None:
    """pzprjs writes Light Up URLs as ``akari`` (its URL id) and files as ``lightup``."""
    host = puzzlekit.default_host()
    (p,) = puzzlekit.load("akari", PZPR_URL)
    url = interchange.encode(p, "url", host)
    assert url.startswith("https://puzz.link/p?akari/6/6/")
    assert puzzlekit.load("akari", url)[0].genre.write(puzzlekit.load("akari", url)[0].instance) == p.genre.write(
        p.instance
    )
    assert interchange.encode(p, "pzpr", host).split("\n")[1] == "lightup"


def test_pzprjs_file_with_bulbs_reads_as_a_solved_state_and_writes_back() -> None:
    host = puzzlekit.default_host()
    text = interchange.decode(PZPR_SOLVED.replace("/", "\n"), host.genre("akari"), host)
    assert text is not None and "*" in text
    report = puzzlekit.check("akari", text)
    assert report.status == "solved", report.violations
    written = interchange.encode(report.puzzle, "pzpr", host, list(report.state))
    assert written.replace("\n", "/") == PZPR_SOLVED
    with pytest.raises(LevelError, match="expected a number 0-4"):
        interchange.decode(PZPR_SOLVED.replace("/", "\n").replace("4", "7"), host.genre("akari"), host)


def test_svg_and_terminal_show_bulbs_light_and_numbers() -> None:
    (p,) = puzzlekit.load("akari", "2..\n...\n..#\n")
    result = solve("2..\n...\n..#\n")
    dom = domains_of(result.solutions[0].values)
    svg = p.genre.draw_svg(p.instance, dom)
    assert svg.count('class="bulb"') == 2 and 'class="lit"' in svg and 'class="black"' in svg
    assert p.genre.pretty(p.instance, dom).split("\n")[0] == " 2 ● ·"


def test_analyze_suggests_only_numbers_that_make_the_board_unique() -> None:
    for draft in ("...\n.#.\n...\n", "....\n.##.\n....\n", "#...\n....\n...#\n"):
        report = puzzlekit.analyze("akari", draft)
        assert report.status == puzzlekit.Status.MULTIPLE
        (p,) = puzzlekit.load("akari", draft)
        board = p.instance
        for clue in report.add:
            board = p.genre.with_clue(board, clue.position, clue.value)
        if report.add:
            assert solve("\n".join(p.genre.write(board))).status == puzzlekit.Status.UNIQUE
        else:
            assert "so the board itself needs changing" in report.note


def test_a_comment_between_board_rows_is_read_as_a_row_and_refused_where_it_is() -> None:
    """Once a board has started every line is a row, so nothing is dropped silently."""
    with pytest.raises(LevelError, match=r"<string>:3:3: ragged row"):
        puzzlekit.load("akari", "# title: t\n#.\n# x\n..\n")


# -- the ladder against Tatham's Light Up ---------------------------------------------------

LIGHTUP = Path(__file__).parent / "fixtures" / "lightup" / "lightup-10x10.txt"
LEVEL_RUNG = {"easy": 1, "tricky": 2, "hard": 3}
"""Light Up's levels and the rungs they need (docs/generating.md): his Easy solver is our
numbers and lighting, his Tricky one adds the sets, his Hard one guesses where we try."""


def lightup_rows(game_id: str) -> list[str]:
    params, desc = game_id.split(":")
    cols, rows = (int(n) for n in params.split("x"))
    cells = "".join("." * (ord(ch) - 96) if ch.islower() else "#" if ch == "B" else ch for ch in desc)
    return [cells[r * cols : (r + 1) * cols] for r in range(rows)]


def test_each_light_up_level_needs_its_own_rung() -> None:
    puzzles = puzzlekit.load("akari", LIGHTUP.read_text())
    assert sorted(p.meta["difficulty"] for p in puzzles) == ["easy"] * 5 + ["hard"] * 5 + ["tricky"] * 5
    for p in puzzles:
        assert p.genre.write(p.instance) == lightup_rows(p.meta["tatham-id"])
        result = puzzlekit.solve("akari", p)
        assert result.status == puzzlekit.Status.UNIQUE
        assert result.stats.rung == LEVEL_RUNG[p.meta["difficulty"]], p.meta["tatham-id"]
        assert result.stats.nodes == 0


def test_sets_rule_out_a_bulb_that_would_leave_a_cell_no_way_to_be_lit() -> None:
    text = "...\n..1\n#1.\n"
    result = solve(text)
    assert result.status == puzzlekit.Status.UNIQUE and result.stats.rung == 2
    assert result.stats.rule_counts["sets"] == 1
    assert sets_steps(text) == [("r1c1", "a bulb here would leave r2c2 with no way to be lit")]
    (p,) = puzzlekit.load("akari", text)
    capped = count_solutions(p.genre.build(p.instance), max_rung=1, max_nodes=0, timeout=None)
    assert capped.status == Status.UNDECIDED  # numbers and lighting alone stop short


def test_sets_rule_out_a_bulb_that_would_leave_a_number_short_of_room() -> None:
    """A bulb at r1c2 lights r1c1 and r2c2: the 2 at r2c1 would have r1c1 and r3c1 left,
    one of them lit."""
    first, *_ = sets_steps("...\n2..\n.#0\n")
    assert first == ("r1c2", "a bulb here would leave the 2 at r2c1 without room for its bulbs")


def sets_steps(text: str) -> list[tuple[str, str]]:
    (p,) = puzzlekit.load("akari", text)
    model = p.genre.build(p.instance)
    outcome = count_solutions(model, limit=2, timeout=None)
    assert outcome.status == Status.UNIQUE
    steps = [(e, model.propagators[e.by]) for e in outcome.log if e.by >= 0]
    return [
        (p.genre.describe(p.instance, e.var), by.explain(e.var, e.mask, e.note))
        for e, by in steps
        if by.rule.name == "sets"
    ]


# -- the learning search against the depth-first one and brute force ----------------------

ALL = 10_000  # a limit no small board reaches: every search counts everything
SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def small_boards(draw: st.DrawFn) -> str:
    """Up to 4x4 boards with at most 12 white cells (4,096 assignments to enumerate)."""
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    cells = draw(st.lists(st.sampled_from("......#01234"), min_size=rows * cols, max_size=rows * cols))
    if cells.count(".") > 12:
        cells = ["#" if ch == "." and i % 3 == 0 else ch for i, ch in enumerate(cells)]
    if cells[0] == "#":
        cells[0] = "0"  # a lone "#" on the first line would read as a comment
    return "# title: small\n" + "".join("".join(cells[r * cols : (r + 1) * cols]) + "\n" for r in range(rows))


def brute_force(text: str) -> list[list[int]]:
    (p,) = puzzlekit.load("akari", text)
    n = len(p.instance.whites)
    every = ([(bits >> v) & 1 for v in range(n)] for bits in range(1 << n))
    return sorted(values for values in every if not p.genre.accept(p.instance, values))


def counted(text: str, learning: bool, limit: int = ALL, max_nodes: int | None = None) -> search.SearchOutcome:
    (p,) = puzzlekit.load("akari", text)
    model = p.genre.build(p.instance)
    return count_solutions(model, limit=limit, timeout=None, max_nodes=max_nodes, learning=learning)


@SETTINGS
@given(small_boards())
def test_the_learning_search_finds_what_the_depth_first_search_and_brute_force_find(text: str) -> None:
    truth = brute_force(text)
    new, old = counted(text, True), counted(text, False)
    assert sorted(new.solutions) == sorted(old.solutions) == truth, text
    assert new.status == old.status
    two = counted(text, True, limit=2)
    assert two.status == (Status.MULTIPLE if len(truth) >= 2 else Status.UNIQUE if truth else Status.NONE)


@SETTINGS
@given(small_boards(), st.integers(0, 4))
def test_a_spent_budget_is_undecided_and_what_it_found_is_real(text: str, budget: int) -> None:
    truth = brute_force(text)
    outcome = counted(text, True, max_nodes=budget)
    assert all(s in truth for s in outcome.solutions)
    if outcome.stopped_by == "max-nodes":  # two found are still a proof of "several"
        assert not outcome.exhausted
        assert outcome.status == (Status.MULTIPLE if len(outcome.solutions) >= 2 else Status.UNDECIDED)
    else:
        assert sorted(outcome.solutions) == truth


def test_an_open_board_is_several_in_few_decisions_and_a_small_budget_leaves_it_undecided() -> None:
    """Bulbs first: a decision settles a row and a column, so two solutions of an empty
    board come in about a decision per row; cells emptied first instead make the search
    prove that too few bulbs cannot light the board (benchmarks/akari.py, "open")."""
    empty = "# title: empty\n" + "............\n" * 12
    outcome = counted(empty, True, limit=2)
    assert outcome.status == Status.MULTIPLE and outcome.nodes <= 30
    (p,) = puzzlekit.load("akari", empty)
    assert all(not p.genre.accept(p.instance, s) for s in outcome.solutions)
    spent = counted(empty, True, limit=2, max_nodes=5)
    assert spent.status == Status.UNDECIDED and spent.stopped_by == "max-nodes"
    assert all(not p.genre.accept(p.instance, s) for s in spent.solutions)


# -- generation ------------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_boards_are_unique_by_sat_need_their_rung_and_repeat_byte_for_byte(difficulty: str) -> None:
    pytest.importorskip("pysat")
    made = puzzlekit.generate("akari", size="8x7", difficulty=difficulty, seed="tests", count=3)
    rung = puzzlekit.default_host().genre("akari").difficulties[difficulty]
    for m in made:
        assert puzzlekit.solve("akari", m.text, engine="sat").status == Status.UNIQUE, m.text
        graded = puzzlekit.solve("akari", m.text)
        assert m.rung == graded.stats.rung == rung, m.text
    again = puzzlekit.generate("akari", size="8x7", difficulty=difficulty, seed="tests", count=3)
    assert [m.text for m in again] == [m.text for m in made]


def test_a_symmetric_board_keeps_its_black_cells_symmetric() -> None:
    (made,) = puzzlekit.generate("akari", size="9x9", difficulty="hard", seed="tests", symmetry="rotational")
    rows = made.instance.grid.rows
    tokens = made.instance.tokens
    black = {c for c, t in enumerate(tokens) if t != "."}
    assert black == {made.instance.grid.n_cells - 1 - c for c in black}
    assert rows == 9 and puzzlekit.solve("akari", made.text).status == Status.UNIQUE


def test_twins_near_are_second_solutions_of_the_board_without_the_number() -> None:
    g = puzzlekit.default_host().genre("akari")
    found = 0
    for m in puzzlekit.generate("akari", size="10x10", difficulty="medium", seed="twins", count=3):
        board = m.instance
        solution = puzzlekit.solve("akari", m.text).solutions[0].values
        for cell in sorted(board.clues):
            trial = g.with_clue(board, cell, None)
            for twin in g.twins_near(trial, solution, [cell]):
                assert not g.accept(trial, twin) and twin != solution
                assert g.accept(board, twin)  # the number it lacks tells them apart
                found += 1
    assert found
