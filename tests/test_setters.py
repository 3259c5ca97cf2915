"""Grading, hints and analysis: what a setter and a stuck player get."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from puzzlekit_slitherlink.genre import Slitherlink

import puzzlekit
from puzzlekit.analysis import analyze
from puzzlekit.cli.main import main
from puzzlekit.errors import PuzzlekitError
from puzzlekit.grading import difficulty_of, grade
from puzzlekit.hints import hint

FIRST = "..0..\n0...1\n.211.\n1...3\n..1.3\n"
SOLUTION = (
    "+ + + + + +\n . . 0 . .\n+ + + + + +\n 0 . . . 1\n+ +-+-+-+-+\n .|2 1 1 .|\n"
    "+ + + + +-+\n 1|. . .|3\n+ + + + +-+\n .|. 1 . 3|\n+ +-+-+-+-+\n"
)


def run(*args: str, stdin: str | None = None) -> object:
    return CliRunner().invoke(main, list(args), input=stdin)


# -- grading ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tier", "difficulty"),
    [
        (".0\n.1", 1, "easy"),
        ("31\n..", 2, "medium"),
        (".3.\n1.3\n..2", 3, "hard"),
        ("..0\n31.\n.1.", 4, "expert"),
        (".2.\n31.", 5, "expert"),
    ],
)
def test_grade_is_the_rung_needed_with_its_difficulty(text: str, tier: int, difficulty: str) -> None:
    graded = grade("slitherlink", text)
    assert (graded.tier, graded.difficulty) == (tier, difficulty)
    assert graded.nodes == 0


def test_a_board_that_needs_search_is_graded_at_the_top() -> None:
    graded = grade("slitherlink", "..\n0.")
    assert graded.rung_name == "search" and graded.difficulty == "expert"
    assert difficulty_of(puzzlekit.default_host().genre("hashi"), 4) == "hard"


def test_the_grade_command_reports_tier_rules_and_nodes() -> None:
    result = run("grade", "slitherlink", "-", stdin=FIRST)
    assert result.exit_code == 0  # type: ignore[attr-defined]
    assert "tier 2 (parity colouring, medium); 0 search nodes" in result.output  # type: ignore[attr-defined]
    data = json.loads(run("grade", "slitherlink", "-", "--json", stdin=FIRST).output)  # type: ignore[attr-defined]
    assert (data["tier"], data["rung_name"], data["difficulty"]) == (2, "parity colouring", "medium")
    assert data["rules"]["clue-count"] > 0


# -- hints -------------------------------------------------------------------------------


def test_a_fresh_puzzle_gets_the_cheapest_deduction() -> None:
    found = hint("slitherlink", FIRST)
    assert found.kind == "deduction" and found.rung == 1
    assert found.text == "top of r1c3 is crossed: the 0 at r1c3 has no line around it"
    assert set(found.reads) >= {found.variable}


def test_a_hint_never_repeats_what_the_player_has() -> None:
    state = SOLUTION.replace("+-+-+-+-+\n .|2", "+ + + + +\n .|2")  # a few lines missing
    found = hint("slitherlink", FIRST, state)
    assert found.kind == "deduction"
    (p,) = puzzlekit.load("slitherlink", FIRST)
    dom = p.genre.parse_state(p.instance, puzzlekit.load("slitherlink", state)[0].block)
    assert dom[found.variable or 0] == 0b11  # it was open


def test_a_wrong_mark_is_pointed_out_instead_of_hinting_from_it() -> None:
    wrong = SOLUTION.replace("+ + + + + +\n . . 0", "+-+ + + + +\n . . 0", 1)
    found = hint("slitherlink", FIRST, wrong)
    assert found.kind == "mistake"
    assert found.text == "top of r1c1 is a line in your marks, but the solution has: top of r1c1 is crossed"


def test_a_solved_state_needs_no_hint() -> None:
    assert hint("slitherlink", FIRST, SOLUTION).kind == "solved"


def test_when_nothing_deduces_the_hint_shows_the_solution() -> None:
    stuck = puzzlekit.solve("slitherlink", "..\n0.\n", max_nodes=0).partial_text  # all deduction gives
    found = hint("slitherlink", "..\n0.\n", stuck)
    assert found.kind == "search" and "the solution has" in found.text


def test_hints_need_a_unique_puzzle() -> None:
    with pytest.raises(PuzzlekitError, match="exactly one solution; this one is multiple"):
        hint("slitherlink", "...\n...\n")


def test_the_hint_command(tmp_path: object) -> None:
    result = run("hint", "slitherlink", "-", "--json", stdin=FIRST)
    data = json.loads(result.output)  # type: ignore[attr-defined]
    assert data["kind"] == "deduction" and data["place"] == "top of r1c3" and data["values"] == [0]
    wrong = SOLUTION.replace("+ + + + + +\n . . 0", "+-+ + + + +\n . . 0", 1)
    result = run("hint", "slitherlink", "-", stdin=wrong)
    assert result.exit_code == 6  # type: ignore[attr-defined]
    assert result.output.startswith("mistake: top of r1c1 is a line")  # type: ignore[attr-defined]
    assert run("hint", "hashi", "-", stdin="2.2\n").output.startswith("hint (rung 1, island-sum)")  # type: ignore[attr-defined]


def test_hint_chooses_one_puzzle_of_several_with_puzzle_n() -> None:
    book = f"{FIRST}\n2.2\n"
    result = run("hint", "hashi", "-", stdin="2.2\n\n1.1\n")
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert "<stdin> holds 2 puzzles; choose one with --puzzle N" in result.output  # type: ignore[attr-defined]
    result = run("hint", "hashi", "-", "--puzzle", "2", stdin="2.2\n\n1.1\n")
    assert result.exit_code == 0 and "the 1 at r1c1" in result.output  # type: ignore[attr-defined]
    result = run("hint", "slitherlink", "-", "--puzzle", "3", stdin=book)
    assert result.exit_code == 2 and "--puzzle 3: <stdin> holds 2 puzzle(s)" in result.output  # type: ignore[attr-defined]


def test_a_hint_state_that_is_not_one_drawing_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "empty.txt").write_text("")
    result = run("hint", "slitherlink", "-", "--state", str(tmp_path / "empty.txt"), stdin=FIRST)
    assert result.exit_code == 1  # type: ignore[attr-defined]
    assert "empty.txt: a hint's state is one drawing of the board, found 0" in result.output  # type: ignore[attr-defined]
    result = run("hint", "slitherlink", "-", stdin="")
    assert result.exit_code == 1 and "no puzzle found" in result.output  # type: ignore[attr-defined]
    (tmp_path / "junk.txt").write_text("junk\n")
    result = run("hint", "slitherlink", "-", "--state", str(tmp_path / "junk.txt"), stdin=FIRST)
    assert result.exit_code == 1 and "junk.txt:1:1:" in result.output  # type: ignore[attr-defined]


def test_on_a_terminal_the_hint_is_drawn_on_the_marks_with_the_hinted_place_in_green() -> None:
    from puzzlekit.cli import terminal
    from puzzlekit.cli.commands.hint import hint_plain

    found = hint("slitherlink", FIRST)
    assert len(found.state) == len(puzzlekit.load("slitherlink", FIRST)[0].genre.build(found.puzzle.instance).domains)
    view = terminal.hint_view(found, hint_plain(found))
    assert view.plain.startswith("hint (rung 1, clue-count): top of r1c3 is crossed")
    assert "┄┄┄" in view.plain  # the hinted edge, still open in the player's marks
    assert any("green" in str(span.style) and view.plain[span.start : span.end] == "┄┄┄" for span in view.spans)


def test_on_a_terminal_a_wrong_mark_is_drawn_red() -> None:
    from puzzlekit.cli import terminal
    from puzzlekit.cli.commands.hint import hint_plain

    wrong = SOLUTION.replace("+ + + + + +\n . . 0", "+-+ + + + +\n . . 0", 1)
    found = hint("slitherlink", FIRST, wrong)
    assert found.kind == "mistake"
    view = terminal.hint_view(found, hint_plain(found))
    assert view.plain.splitlines()[2].startswith("╶───╴")  # the wrong line, where the player put it
    reds = [view.plain[span.start : span.end] for span in view.spans if "red" in str(span.style)]
    assert "╶───╴" in reds and not any("green" in str(span.style) for span in view.spans)


# -- analysis ----------------------------------------------------------------------------


def test_several_solutions_show_where_they_differ_and_clues_that_fix_it() -> None:
    report = analyze("slitherlink", "3..\n...\n..3\n")
    assert report.status == puzzlekit.Status.MULTIPLE and len(report.solutions) == 2
    assert report.differences
    fixed = "3..\n...\n..3\n"
    (p,) = puzzlekit.load("slitherlink", fixed)
    instance = p.instance
    for clue in report.add:
        instance = p.genre.with_clue(instance, clue.position, clue.value)
    assert puzzlekit.solve("slitherlink", "\n".join(p.genre.write(instance))).status == puzzlekit.Status.UNIQUE


def test_a_unique_puzzle_lists_the_clues_that_could_go() -> None:
    report = analyze("slitherlink", "3..\n2..\n...\n..2\n..3\n".replace("..2\n..3", "..2\n.33"))
    (p,) = puzzlekit.load("slitherlink", "3..\n2..\n...\n..2\n.33\n")
    for clue in report.removable:
        less = p.genre.with_clue(p.instance, clue.position, None)
        assert puzzlekit.solve("slitherlink", "\n".join(p.genre.write(less))).status == puzzlekit.Status.UNIQUE


def test_no_solution_gives_a_smallest_contradiction() -> None:
    report = analyze("slitherlink", "33.\n33.\n...\n")
    assert report.status == puzzlekit.Status.NONE
    assert report.contradiction and report.rule
    (p,) = puzzlekit.load("slitherlink", "33.\n33.\n...\n")
    core = p.genre.with_clue(p.instance, (2, 2), None)
    for position in p.genre.clue_positions(p.instance):
        if position not in [c.position for c in report.contradiction]:
            core = p.genre.with_clue(core, position, None)
    assert puzzlekit.solve("slitherlink", "\n".join(p.genre.write(core))).status == puzzlekit.Status.NONE
    for clue in report.contradiction:  # every clue of the core is needed for the contradiction
        smaller = p.genre.with_clue(core, clue.position, None)
        assert puzzlekit.solve("slitherlink", "\n".join(p.genre.write(smaller))).status != puzzlekit.Status.NONE


def test_the_analyze_command() -> None:
    result = run("analyze", "slitherlink", "-", stdin="3..\n...\n..3\n")
    assert "two solutions differ at" in result.output and "to make it unique" in result.output  # type: ignore[attr-defined]
    data = json.loads(run("analyze", "hashi", "-", "--json", stdin="2.2\n...\n2.2\n").output)  # type: ignore[attr-defined]
    assert data["status"] == "unique" and isinstance(data["removable"], list)


class FewClueSlitherlink(Slitherlink):
    """Slitherlink whose clues may stand only at the given positions (for analysis tests)."""

    name = "fewclues"
    aliases = ()
    positions: tuple[tuple[int, int], ...] = ()

    def clue_positions(self, instance: Any) -> list[tuple[int, int]]:
        return [p for p in self.positions if p[0] < instance.rows and p[1] < instance.cols]


def test_suggested_clues_are_proven_to_make_the_board_unique_or_not_suggested() -> None:
    for positions in ((), ((0, 1),), ((1, 1), (0, 2)), ((2, 0), (0, 2), (1, 1), (1, 0))):
        genre = FewClueSlitherlink()
        genre.positions = positions
        report = analyze(genre, "3..\n...\n..3\n")
        (p,) = puzzlekit.load(genre, "3..\n...\n..3\n")
        instance = p.instance
        for clue in report.add:
            instance = genre.with_clue(instance, clue.position, clue.value)
        if report.add:
            assert puzzlekit.solve(genre, "\n".join(genre.write(instance))).status == puzzlekit.Status.UNIQUE
        else:
            assert "so the board itself needs changing" in report.note, report
            for clue in report.tried:  # what was tried is reported, and it really is not enough
                instance = genre.with_clue(instance, clue.position, clue.value)
            assert puzzlekit.solve(genre, "\n".join(genre.write(instance))).status == puzzlekit.Status.MULTIPLE
    genre = FewClueSlitherlink()
    assert "no clue can be added" in analyze(genre, "3..\n...\n..3\n").note


def test_a_genre_without_clue_methods_gets_one_plain_note_and_no_removable_line() -> None:
    import toygenre

    from puzzlekit.cli.commands.analyze import analysis_plain

    report = analyze(toygenre.Onesum(), "# sum: 2\n1..0\n")
    text = analysis_plain(report)
    assert "does not describe its clues" in text
    assert "could each be removed" not in text
