"""Verdicts that were wrong and readings that were silent (issue 21, items 8 to 11):
Shikaku's check and hint, pzprjs's Shikaku answers, solutions that read back as the
puzzle they solve, janko.at's Masyu digits, Sudoku's '?' given, flags the janko format
cannot hold, and the grade of a board that needs no deduction."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import puzzlekit
from puzzlekit import interchange
from puzzlekit.cli.main import main
from puzzlekit.errors import LevelError, PuzzlekitError
from puzzlekit.grading import difficulty_of
from puzzlekit.host import Host

ROOT = Path(__file__).resolve().parents[1]
SHIKAKU = ROOT / "plugins" / "puzzlekit_shikaku" / "examples"

# pzprjs's own answer checks for Shikaku (test/script/shikaku.js in robx/pzprjs): the
# puzzle, then each answer's vertical and horizontal borders, with what pzprjs says of it.
PUZZLE = "pzprv3/shikaku/6/6/. . . . 3 . /5 6 . . 6 . /. . . . . . /. . . . . . /. 6 . . 2 3 /. 5 . . . . /"
PZPRJS = {
    "bkNoNum": "0 0 0 0 0 /0 1 0 1 0 /0 1 0 1 0 /0 1 0 1 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 1 1 0 0 /0 0 0 0 0 0 /"
    "0 0 0 0 0 0 /0 0 1 1 0 0 /0 0 0 0 0 0 /",
    "bkNumGe2": "0 0 0 0 0 /1 0 0 0 0 /1 0 0 0 0 /1 0 0 0 0 /1 0 0 0 0 /0 -1 -1 -1 0 /0 0 0 0 0 0 /-1 0 0 0 0 0 /"
    "-1 0 0 0 0 0 /-1 0 0 0 0 0 /0 1 1 1 1 0 /",
    "bkNotRect": "0 1 1 0 0 /1 0 1 0 0 /1 0 1 0 0 /1 -1 1 0 1 /1 -1 1 0 1 /0 -1 -1 -1 1 /0 1 0 1 1 1 /-1 0 0 0 0 0 /"
    "-1 1 1 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /",
    "bkSizeNe": "1 0 1 0 0 /1 0 1 0 0 /1 0 1 0 0 /1 -1 1 0 1 /1 -1 1 0 1 /0 -1 -1 -1 1 /0 0 0 1 1 1 /-1 1 1 0 0 0 /"
    "-1 0 0 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /",
    "bdDeadEnd": "1 0 1 0 0 /1 0 1 0 0 /1 0 1 0 0 /1 -1 0 1 1 /1 -1 1 1 1 /0 -1 -1 -1 1 /0 0 0 1 1 1 /-1 0 0 0 0 0 /"
    "-1 1 1 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /",
    "solved": "1 -1 1 0 0 /1 0 1 0 0 /1 -1 1 0 0 /1 -1 0 1 1 /1 -1 0 1 1 /0 -1 -1 -1 1 /0 -1 -1 1 1 1 /"
    "-1 -1 -1 0 0 0 /-1 1 1 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /",
}


def _run(host: Host, *args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), obj=host, input=stdin)
    return result.exit_code, result.output


# -- item 8: Shikaku ---------------------------------------------------------------------


def test_one_region_with_two_numbers_is_wrong() -> None:
    found = puzzlekit.check("shikaku", "1 1\n", "aa\n")
    assert found.status == "wrong"
    # One violation, naming both numbers (the second was said to hold 0 numbers).
    assert [v.message for v in found.violations] == [
        "the region of the 1 at r1c1 holds 2 numbers: the 1 at r1c1, the 1 at r1c2"
    ]
    assert puzzlekit.check("shikaku", "1 1\n", "ab\n").status == "solved"


def test_the_hint_on_one_region_with_two_numbers_names_what_was_marked() -> None:
    """The number the player's region gave r1c2 is not one r1c2 can have: the hint said
    "r1c2 belongs to  in your marks" (an empty choice)."""
    found = puzzlekit.hint("shikaku", "1 1\n", "aa\n")
    assert found.kind == "mistake" and found.variable == 1
    assert found.text.startswith("r1c2 belongs to the 1 at r1c1 in your marks, but the solution has"), found.text


@pytest.mark.parametrize("check", sorted(set(PZPRJS) - {"bdDeadEnd"}))
def test_pzprjs_answers_are_judged_as_pzprjs_judges_them(check: str) -> None:
    want = "solved" if check == "solved" else "wrong"
    assert puzzlekit.check("shikaku", PUZZLE + PZPRJS[check]).status == want


def test_a_dangling_border_is_not_accepted() -> None:
    """pzprjs's bdDeadEnd: right rectangles and a border inside one of them."""
    with pytest.raises(LevelError, match=r":1:148: this border ends inside a rectangle .*bdDeadEnd"):
        puzzlekit.check("shikaku", PUZZLE + PZPRJS["bdDeadEnd"])


def test_big_answers_keep_touching_regions_apart() -> None:
    """Regions were lettered by their number modulo 52, so on a board 52 wide a region
    and the one below it shared a letter and merged (valid janko answers of 20x36 and
    more were rejected)."""
    rows, cols = 3, 52
    numbers = "".join("1 " * cols + "/" for _ in range(rows))
    borders = "".join("1 " * (cols - 1) + "/" for _ in range(rows)) + "".join(
        "1 " * cols + "/" for _ in range(rows - 1)
    )
    assert puzzlekit.check("shikaku", f"pzprv3/shikaku/{rows}/{cols}/{numbers}{borders}").status == "solved"


def _erased_one_cell() -> list[tuple[object, str]]:
    out = []
    for name in ("small", "fields", "quarry"):
        puzzles = puzzlekit.load("shikaku", SHIKAKU / f"{name}.txt")
        solutions = (SHIKAKU / f"{name}.solution.txt").read_text(encoding="utf-8").split("\n\n")
        for puzzle, solution in zip(puzzles, solutions):
            rows = [r for r in solution.strip().split("\n") if not r.startswith("#")]
            for r in range(len(rows)):
                for c in range(len(rows[0])):
                    erased = [list(row) for row in rows]
                    erased[r][c] = "."
                    out.append((puzzle, "".join("".join(row) + "\n" for row in erased)))
    return out


def test_hint_agrees_with_check_on_every_attempt_one_cell_short() -> None:
    """Hint said "solved" where check said incomplete (35 of these 421 attempts)."""
    attempts = _erased_one_cell()
    assert len(attempts) > 400
    for puzzle, text in attempts:
        verdict = puzzlekit.check("shikaku", puzzle, text).status
        kind = puzzlekit.hint("shikaku", puzzle, text).kind
        assert (verdict == "solved") == (kind == "solved"), (text, verdict, kind)


@pytest.mark.parametrize(
    ("genre", "puzzle", "attempt", "kind"),
    [
        ("akari", "...\n.#.\n...\n", "xxx\nx#x\nxxx\n", "dark"),  # crosses everywhere: nothing lit
        ("akari", "...\n.1.\n...\n", "*xx\nx1x\nxx*\n", "number"),  # the 1 with crosses all round
        ("nurikabe", "10 . . . . .\n. . . . . .\n", "10 o o o o o\n# o o o o #\n", "sea"),
        ("nurikabe", "10 . . . . .\n. . . . . .\n", "10 o o o o o\no o # o # #\n", "size"),
    ],
)
def test_an_attempt_with_every_place_marked_is_wrong_when_a_rule_is_broken(
    genre: str, puzzle: str, attempt: str, kind: str
) -> None:
    """These rules can be mended by more marks, so they said "incomplete" even with no
    place left to mark; one place left open, they still do."""
    found = puzzlekit.check(genre, puzzle, attempt)
    assert found.status == "wrong" and kind in {v.kind for v in found.violations}, found
    first_row, rest = attempt.split("\n", 1)
    opened = first_row[:-1] + "." + "\n" + rest  # the last place of the first row unmarked
    assert puzzlekit.check(genre, puzzle, opened).status == "incomplete"


# -- item 9: a solution reads back as the puzzle it solves ------------------------------------


@pytest.mark.parametrize(
    ("genre", "path"),
    [("sudoku", ROOT / "plugins/puzzlekit_sudoku/examples/small.txt"), ("shikaku", SHIKAKU / "small.txt")],
)
def test_solve_plain_piped_to_convert_keeps_the_givens_and_adds_the_answer(host: Host, genre: str, path: Path) -> None:
    puzzle = puzzlekit.load(genre, path)[0]
    text = puzzle.text()
    code, solved = _run(host, "solve", genre, "-", "--plain", stdin=text)
    assert code == 0, solved
    code, pzpr = _run(host, "convert", genre, "-", "--to", "pzpr", stdin=solved)
    assert code == 0, pzpr
    want = interchange.encode(puzzle, "pzpr", host, state=list(puzzlekit.solve(genre, text).partial))
    assert pzpr == want
    (back,) = puzzlekit.load(genre, pzpr)
    assert back.genre.write(back.instance) == puzzle.genre.write(puzzle.instance)  # the givens, not every digit
    assert puzzlekit.check(genre, pzpr).status == "solved"
    assert puzzlekit.check(genre, solved).status == "solved"


def test_a_sudoku_solution_is_written_with_its_givens() -> None:
    result = puzzlekit.solve("sudoku", "1...\n..3.\n.4..\n...2\n")
    assert result.solutions[0].text.split("\n")[0] == "1... 1324"
    (back,) = puzzlekit.load("sudoku", result.solutions[0].text + "\n")
    assert back.genre.write(back.instance)[0] == "1..."


# -- item 10: janko Masyu digits, Sudoku '?', flags janko cannot hold ----------------------


def test_janko_masyu_pages_from_521_on_write_pearls_as_digits() -> None:
    digits = "begin\npuzzle masyu\nsize 3\nproblem\n1 - 2\n- - -\n2 - 1\nend\n"
    letters = "begin\npuzzle masyu\nsize 3\nproblem\nw - b\n- - -\nb - w\nend\n"
    (a,) = puzzlekit.load("masyu", digits)
    (b,) = puzzlekit.load("masyu", letters)
    assert a.genre.write(a.instance) == b.genre.write(b.instance) == ["W.B", "...", "B.W"]


def test_janko_masyu_refuses_another_digit_at_its_place() -> None:
    with pytest.raises(LevelError, match=r":5:3: expected 'w' or '1' \(white\), 'b' or '2' \(black\)"):
        puzzlekit.load("masyu", "begin\npuzzle masyu\nsize 2\nproblem\n- 3\n- -\nend\n")


@pytest.mark.parametrize(
    ("source", "where"),
    [
        ("https://puzz.link/p?sudoku/4/4/.u", ":1:32: r1c1 is a given without its digit"),
        ("pzprv3/sudoku/4/- . . . /. . . . /. . . . /. . . . /", ":1:17: this is a given without its digit"),
    ],
)
def test_a_sudoku_given_without_its_digit_is_refused(source: str, where: str) -> None:
    with pytest.raises(LevelError, match=where):
        puzzlekit.load("sudoku", source)


def test_a_variant_janko_cannot_hold_is_refused_not_dropped(host: Host) -> None:
    (full,) = puzzlekit.load("slitherlink", "# flags: full\n...\n...\n...\n")
    with pytest.raises(PuzzlekitError, match=r"janko text has no variant flags, .*# flags: full"):
        interchange.encode(full, "janko", host)
    code, out = _run(host, "convert", "slitherlink", "-", "--to", "janko", stdin="# flags: full\n...\n...\n...\n")
    assert code == 1 and "no variant flags" in out
    (plain,) = puzzlekit.load("slitherlink", "...\n...\n...\n")
    assert interchange.encode(plain, "janko", host).startswith("begin\npuzzle slitherlink\n")


# -- item 11: the grade of a board that needs no deduction ------------------------------------


@pytest.mark.parametrize(("genre", "text"), [("akari", "#\n"), ("sudoku", "12\n21\n"), ("nurikabe", "1\n")])
def test_a_board_the_givens_decide_grades_tier_0_and_the_easiest_difficulty(genre: str, text: str) -> None:
    found = puzzlekit.grade(genre, text)
    assert found.status.value == "unique" and found.tier == 0 and found.rung_name == "none"
    assert found.difficulty == min(found.puzzle.genre.difficulties, key=found.puzzle.genre.difficulties.__getitem__)


def test_every_genre_names_tier_0_its_easiest(host: Host) -> None:
    for entry in host.genres():
        g = entry.genre
        if g.difficulties:
            assert difficulty_of(g, 0) == min(g.difficulties, key=g.difficulties.__getitem__)
