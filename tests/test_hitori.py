"""Hitori: the shared harness with brute force, its rules, formats and pictures."""

from __future__ import annotations

import pytest

import puzzlekit
from puzzlekit import LevelError, interchange
from puzzlekit.core import BOOL, TRUE
from puzzlekit.testing import PuzzleConformance

# pzprjs's own test data (test/script/hitori.js in robx/pzprjs): its URL, and its answer.
PZPR_URL = "https://puzz.link/p?hitori/4/4/1114142333214213"
PZPR_NUMBERS = "1 1 1 4 /1 4 2 3 /3 3 2 1 /4 2 1 3 /"
PZPR_FILE = "pzprv3/hitori/4/4/" + PZPR_NUMBERS + "# + # . /+ + + . /# + # . /+ + + # /"
# Its failing answers, by the error it names, and the kind puzzlekit names it.
PZPR_FAILS = {
    "csAdjacent": ("# . . . /# . . . /. . . . /. . . . /", "touching"),
    "cuDivideRB": ("# . . . /. . . # /# . # . /. # . . /", "split"),
    "nmDupRow": ("# . . . /. . . . /# . # . /. . . # /", "repeat"),
}


class TestHitori(PuzzleConformance):
    puzzle = "hitori"
    brute_force = 60  # planted unsound rungs show on >= 17% of boards; is_solution makes each cheap


def test_the_pzprjs_sample_solves_to_its_answer() -> None:
    result = puzzlekit.solve("hitori", PZPR_URL)
    assert result.status == puzzlekit.Status.UNIQUE
    assert puzzlekit.check("hitori", PZPR_FILE).status == "solved"
    (answer,) = puzzlekit.load("hitori", PZPR_FILE)
    assert list(result.solutions[0].values) == [1 if d == TRUE else 0 for d in answer.own_marks()]


def test_pzprjs_s_failing_answers_break_the_rule_pzprjs_names() -> None:
    for error, (shading, kind) in PZPR_FAILS.items():
        checked = puzzlekit.check("hitori", "pzprv3/hitori/4/4/" + PZPR_NUMBERS + shading)
        assert checked.status != "solved", error
        assert kind in {v.kind for v in checked.violations}, (error, checked.violations)


def test_check_says_which_numbers_repeat() -> None:
    (p,) = puzzlekit.load("hitori", "121\n2.2\n")
    found = [v for v in p.genre.accept(p.instance, [0] * 6) if v.kind == "repeat"]
    assert found[0].message == "2 of the 1s of row 1 are unshaded (r1c1 and r1c3); one at most may be"
    assert [v.cells for v in found] == [(0, 2), (3, 5)]
    assert [v.kind for v in p.genre.accept(p.instance, [1, 0, 0, 0, 0, 1])] == []
    assert [v.unfinished for v in p.genre.accept(p.instance, [2] * 6)] == [True, True]  # not shaded yet


def test_a_hint_explains_its_step_in_words() -> None:
    hint = puzzlekit.hint("hitori", "45145\n25431\n44114\n31254\n22444\n")
    assert hint.text == "r3c5 is shaded: every way to leave at most one of the 4s of row 3 unshaded shades it"
    (p,) = puzzlekit.load("hitori", "2.2\n")  # between twins: the middle cell is beside a shaded one
    model = p.genre.build(p.instance)
    pattern = next(q for q in model.propagators if q.rule.name == "line-patterns")
    words = "every way to leave at most one of the 2s of row 1 unshaded puts a shaded cell beside it"
    assert pattern.explain(1, 1, "beside") == words


def test_levels_are_located_and_wide_numbers_read_back() -> None:
    with pytest.raises(LevelError) as err:
        puzzlekit.load("hitori", "12\n1x\n", "lvl.txt")
    assert (err.value.line, err.value.col) == (2, 2) and "found 'x'" in str(err.value)
    with pytest.raises(LevelError, match="1-999, found 0"):
        puzzlekit.load("hitori", "10\n21\n")
    wide = "10  1\n 1 10\n"
    (w,) = puzzlekit.load("hitori", wide)
    assert w.instance.numbers == (10, 1, 1, 10) and w.text().splitlines()[-2:] == ["10  1", " 1 10"]


def test_url_file_and_singles_id_round_trip() -> None:
    (p,) = puzzlekit.load("hitori", PZPR_URL)
    assert interchange.encode(p, "url") == PZPR_URL
    written = interchange.encode(p, "pzpr")
    assert written.startswith("pzprv3\nhitori\n4\n4\n1 1 1 4 \n")
    (again,) = puzzlekit.load("hitori", written)
    assert again.instance.numbers == p.instance.numbers
    (tatham,) = puzzlekit.load("hitori", "4x4de:1114142333214213")
    assert tatham.instance.numbers == p.instance.numbers and tatham.meta["difficulty"] == "Easy"
    assert interchange.encode(tatham, "tatham") == "4x4:1114142333214213"
    (wide,) = puzzlekit.load("hitori", "https://puzz.link/p?hitori/2/1/-10.")
    assert wide.instance.numbers == (36, None)
    assert interchange.encode(wide, "url") == "https://puzz.link/p?hitori/2/1/-10./"


@pytest.mark.parametrize(
    ("source", "col", "words"),
    [
        ("4x4de:111414233321421", 7, "expected 16 numbers"),
        ("4x4de:1114142333214215", 22, "expected a number 1-4"),
        ("4x4dz:1114142333214213", 4, "expected de/dk"),
        ("https://puzz.link/p?hitori/2/1/1!", 33, "expected a base-36 number"),
        ("https://puzz.link/p?hitori/2/1/10", 33, "clues are 1-1295, not 0"),
        ("https://puzz.link/p?hitori/2/1/1-z", 33, "'-' takes two base-36 digits"),
        ("https://puzz.link/p?hitori/2/1/1@", 33, "need a number here"),
        ("https://puzz.link/p?hitori/2/1/1", 33, "the URL looks cut short"),
    ],
)
def test_bad_ids_and_urls_are_refused_at_the_character(source: str, col: int, words: str) -> None:
    with pytest.raises(LevelError) as err:
        puzzlekit.load("hitori", source)
    assert err.value.col == col and words in str(err.value), str(err.value)


def test_pictures_draw_numbers_on_shaded_and_unshaded_cells() -> None:
    (p,) = puzzlekit.load("hitori", PZPR_FILE)
    dom = p.own_marks()
    svg = p.genre.draw_svg(p.instance, dom)
    assert svg.count(">4<") == 3
    plain = p.genre.pretty(p.instance, dom)
    assert "1" in plain and len(plain.splitlines()) == 4
    assert p.genre.pretty(p.instance, [BOOL] * 16).count("1") == 6
