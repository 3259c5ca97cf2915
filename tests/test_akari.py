"""Akari (Light Up): the shared harness with brute force, its rules, formats and pictures."""

from __future__ import annotations

import pytest

import puzzlekit
from puzzlekit import LevelError, interchange
from puzzlekit.core import domains_of
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
