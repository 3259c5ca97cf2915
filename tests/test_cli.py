"""The command line, as a user meets it: output, exit codes, errors without tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import puzzlekit
from puzzlekit.cli import terminal
from puzzlekit.cli.main import main
from puzzlekit.report import CheckReport, SolveReport

EXAMPLES = Path(__file__).resolve().parents[1] / "plugins" / "puzzlekit_slitherlink" / "examples"
UNIQUE = "31\n..\n"
MULTIPLE = "23\n32\n"
NONE = "3\n"
NEEDS_SEARCH = "..\n0.\n"  # unique, but deduction alone does not finish it


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def level(tmp_path: Path, text: str, name: str = "level.txt") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("command", [[], ["solve"], ["check"], ["genres"]])
def test_every_command_has_help(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.exit_code == 0
    assert "Usage:" in result.output


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert puzzlekit.__version__ in result.output


def test_solve_a_bundled_example() -> None:
    result = run("solve", "slitherlink", str(EXAMPLES / "first.txt"))
    assert result.exit_code == 0, result.output
    assert "# status: unique" in result.output
    assert "# result: unique solution" in result.output


def test_plain_output_reads_back_as_a_solved_state(tmp_path: Path) -> None:
    result = run("solve", "slitherlink", level(tmp_path, "# title: t\n" + UNIQUE))
    assert result.exit_code == 0
    (again,) = puzzlekit.load("slitherlink", result.output)
    assert again.meta["title"] == "t"
    assert again.meta["status"] == "unique"
    assert puzzlekit.check("slitherlink", again).status == "solved"


def test_solve_reads_stdin() -> None:
    result = run("solve", "slitherlink", "-", stdin=UNIQUE)
    assert result.exit_code == 0
    assert "|3|1" in result.output


@pytest.mark.parametrize(
    ("text", "code", "status"),
    [(UNIQUE, 0, "unique"), (NONE, 3, "none"), (MULTIPLE, 4, "multiple")],
)
def test_exit_code_follows_the_status(text: str, code: int, status: str) -> None:
    result = run("solve", "slitherlink", "-", stdin=text)
    assert result.exit_code == code
    assert f"# status: {status}" in result.output


def test_a_spent_node_budget_is_undecided_not_a_guess() -> None:
    result = run("solve", "slitherlink", "-", "--max-nodes", "0", stdin=NEEDS_SEARCH)
    assert result.exit_code == 5
    assert "# status: undecided" in result.output
    assert "node budget ran out" in result.output


def test_several_puzzles_exit_with_the_first_failing_code() -> None:
    result = run("solve", "slitherlink", "-", stdin=f"{UNIQUE}\n{MULTIPLE}\n{NONE}")
    assert result.exit_code == 4
    assert result.output.count("# status:") == 4  # one block per solution of the multiple board + 2


def test_limit_counts_further() -> None:
    result = run("solve", "slitherlink", "-", "--limit", "5", "--json", stdin="..\n..\n")
    report = SolveReport.model_validate_json(result.output)
    assert report.status == "multiple"
    assert report.solution_count == 5
    assert not report.stats.exhausted


def test_json_lines_one_object_per_puzzle_matching_the_schema() -> None:
    result = run("solve", "slitherlink", "-", "--json", "--steps", stdin=f"# title: a\n{UNIQUE}\n{MULTIPLE}")
    lines = result.output.strip().split("\n")
    assert len(lines) == 2
    first, second = (SolveReport.model_validate_json(line) for line in lines)
    assert (first.status, first.meta.title, first.index, first.line) == ("unique", "a", 0, 2)
    assert json.loads(lines[0])["meta"] == {"title": "a"}
    assert first.steps and first.steps[0].rule
    assert (second.status, second.solution_count) == ("multiple", 2)
    assert json.loads(lines[0])["schema_version"] == 1


def test_solving_output_again_reports_afresh() -> None:
    first = run("solve", "slitherlink", "-", "--max-nodes", "0", stdin=NEEDS_SEARCH).output
    (again,) = puzzlekit.load("slitherlink", first)
    assert set(again.meta) == {"status", "result", "rung", "nodes"}  # all solve's own keys
    report = SolveReport.model_validate_json(run("solve", "slitherlink", "-", "--json", stdin=first).output)
    assert report.status == "unique"
    assert report.meta.model_dump() == {}


def test_steps_are_printed_as_comments_that_read_back() -> None:
    result = run("solve", "slitherlink", "-", "--steps", stdin=UNIQUE)
    assert "# step 1 [" in result.output
    (again,) = puzzlekit.load("slitherlink", result.output)
    assert again.instance.clues == (3, 1, -1, -1)


def test_timeout_zero_means_no_deadline() -> None:
    assert run("solve", "slitherlink", "-", "--timeout", "0", stdin=UNIQUE).exit_code == 0


# -- bad input: one clear line, no traceback ----------------------------------------


def test_bad_level_text_gives_file_line_and_column(tmp_path: Path) -> None:
    path = level(tmp_path, "# title: x\n...\n.4.\n")
    result = run("solve", "slitherlink", path)
    assert result.exit_code == 1
    assert f"{path}:3:2: a Slitherlink clue is 0-3" in result.stderr
    assert "Traceback" not in result.output + result.stderr


def test_a_missing_file_is_a_usage_error() -> None:
    result = run("solve", "slitherlink", "no-such-file.txt")
    assert result.exit_code == 2
    assert "no such file: no-such-file.txt" in result.stderr


def test_an_unknown_genre_lists_the_installed_ones() -> None:
    result = run("solve", "xyzzy", "-", stdin=UNIQUE)
    assert result.exit_code == 2
    assert "unknown genre 'xyzzy'; installed genres: " in result.stderr and "hashiwokakero, " in result.stderr
    assert "slitherlink" in result.stderr


def test_a_directory_is_refused(tmp_path: Path) -> None:
    result = run("solve", "slitherlink", str(tmp_path))
    assert result.exit_code == 1
    assert "is a directory" in result.stderr


def test_bytes_that_are_not_utf8_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin.txt"
    path.write_bytes(b"3.\xff\n..\n")
    result = run("solve", "slitherlink", str(path))
    assert result.exit_code == 1
    assert "not UTF-8" in result.stderr


def test_stdin_that_is_not_utf8_is_refused_like_a_file() -> None:
    result = CliRunner().invoke(main, ["solve", "slitherlink", "-", "--json"], input=b"# title: \xff\n3.\n..\n")
    assert result.exit_code == 1
    assert "<stdin>: not UTF-8 text" in result.stderr


@pytest.mark.parametrize("bad", [["--json", "--plain"], ["--timeout", "nan"], ["--timeout", "inf"]])
def test_contradictory_or_odd_options_are_usage_errors(bad: list[str]) -> None:
    assert run("solve", "slitherlink", "-", *bad, stdin=UNIQUE).exit_code == 2


def test_a_result_that_contradicts_expect_is_warned_about() -> None:
    result = run("solve", "slitherlink", "-", stdin="# expect: multiple\n" + UNIQUE)
    assert result.exit_code == 0
    assert "warning: <stdin>:2: expected multiple, found unique" in result.stderr


def test_max_rung_limits_deduction() -> None:
    result = run("solve", "slitherlink", "-", "--max-rung", "1", "--max-nodes", "0", stdin=UNIQUE)
    assert result.exit_code == 5
    assert "# status: undecided" in result.output


def test_an_empty_file_has_no_puzzle(tmp_path: Path) -> None:
    result = run("solve", "slitherlink", level(tmp_path, "# only a comment\n"))
    assert result.exit_code == 1
    assert "no puzzle found" in result.stderr


def test_an_unknown_option_is_a_usage_error() -> None:
    assert run("solve", "slitherlink", "-", "--fast", stdin=UNIQUE).exit_code == 2


# -- check ---------------------------------------------------------------------------


def test_check_a_solved_state(tmp_path: Path) -> None:
    solved = run("solve", "slitherlink", "-", stdin=UNIQUE).output
    result = run("check", "slitherlink", level(tmp_path, UNIQUE), "--state", level(tmp_path, solved, "s.txt"))
    assert result.exit_code == 0
    assert result.output.endswith(": solved\n")


def test_check_lists_violations_and_exits_6() -> None:
    result = run(
        "check",
        "slitherlink",
        str(EXAMPLES / "first.txt"),
        "--state",
        str(EXAMPLES / "first.attempt.txt"),
    )
    assert result.exit_code == 6
    assert "incomplete" in result.output
    assert "  - the 3 at r5c5 has no lines" in result.output


def test_check_json(tmp_path: Path) -> None:
    result = run("check", "slitherlink", str(EXAMPLES / "first.attempt.txt"), "--json")
    report = CheckReport.model_validate_json(result.output)
    assert report.status == "incomplete"
    assert any(v.kind == "dead-end" for v in report.violations)


@pytest.mark.parametrize(
    ("genre", "bare", "unmet"),
    [("slitherlink", UNIQUE, "the 3 at r1c1 has no lines"), ("hashi", "2.2\n", "the 2 at r1c1 has no bridges")],
)
def test_check_of_a_bare_puzzle_is_an_empty_attempt_in_every_genre(
    tmp_path: Path, genre: str, bare: str, unmet: str
) -> None:
    result = run("check", genre, level(tmp_path, bare))
    assert result.exit_code == 6
    assert "incomplete" in result.stdout and unmet in result.stdout
    assert result.stderr.endswith("holds a bare puzzle with no marks; give the attempt with --state FILE\n")


def test_check_pairs_puzzles_and_states_by_order(tmp_path: Path) -> None:
    result = run(
        "check",
        "slitherlink",
        level(tmp_path, f"{UNIQUE}\n{UNIQUE}"),
        "--state",
        level(tmp_path, "+ +\n . \n+ +\n", "s"),
    )
    assert result.exit_code == 2
    assert "holds 2 puzzle(s) but" in result.stderr


# -- genres and the terminal view -------------------------------------------------------


def test_genres_lists_the_built_in_genre_with_its_origin() -> None:
    result = run("genres")
    assert result.exit_code == 0
    assert "slitherlink" in result.output
    assert "puzzlekit-engine (slitherlink)" in result.output
    genres = {d["name"]: d for d in map(json.loads, run("genres", "--json").output.strip().split("\n"))}
    assert set(genres) >= {"slitherlink", "hashiwokakero"}  # plus any other installed plugin
    assert genres["slitherlink"]["ladder"][0]["name"] == "local counting"
    assert genres["hashiwokakero"]["aliases"] == ["hashi", "bridges", "hashikake"]


def test_the_terminal_view_draws_box_lines() -> None:
    result = puzzlekit.solve("slitherlink", UNIQUE)
    view = terminal.solve_view(result, steps=True, total=1).plain
    assert "unique solution" in view
    assert "┌───┐" in view
    assert "step 1" in view


# -- the second genre through the same commands ------------------------------------------

HASHI = Path(__file__).resolve().parents[1] / "plugins" / "puzzlekit_hashi" / "examples"


@pytest.mark.parametrize("name", ["hashiwokakero", "hashi", "bridges"])
def test_hashi_solves_under_every_alias(name: str) -> None:
    result = run("solve", name, str(HASHI / "harbour.txt"))
    assert result.exit_code == 0, result.output
    assert "# status: unique" in result.output


def test_hashi_json_and_check_round_trip(tmp_path: Path) -> None:
    text = (HASHI / "harbour.txt").read_text()
    report = SolveReport.model_validate_json(run("solve", "hashi", "-", "--json", stdin=text).output)
    assert report.genre == "hashiwokakero"
    solved = level(tmp_path, report.solutions[0], "solved.txt")
    result = run("check", "hashiwokakero", str(HASHI / "harbour.txt"), "--state", solved)
    assert result.exit_code == 0
    assert result.output.endswith(": solved\n")
    assert run("check", "hashi", str(HASHI / "harbour.txt")).exit_code == 6  # no bridges yet


def test_hashi_bad_input_is_located(tmp_path: Path) -> None:
    result = run("solve", "hashi", level(tmp_path, "2.2\n..9\n"))
    assert result.exit_code == 1
    assert ":2:3: an island's clue is 1-8" in result.stderr


def test_the_hashi_terminal_view_draws_bridges() -> None:
    result = puzzlekit.solve("hashi", "2.2\n")
    assert "2═══2" in terminal.solve_view(result, steps=False, total=1).plain


@pytest.mark.parametrize(
    "command", [["solve", "slitherlink", "-"], ["grade", "slitherlink", "-"], ["generate", "slitherlink"]]
)
@pytest.mark.parametrize("seconds", ["nan", "inf", "-1"])
def test_every_timeout_is_a_finite_number_of_seconds(command: list[str], seconds: str) -> None:
    result = run(*command, "--timeout", seconds, stdin=UNIQUE)
    assert result.exit_code == 2 and "--timeout" in result.output


@pytest.mark.parametrize("command", ["check", "hint", "render"])
def test_source_and_state_cannot_both_be_stdin(command: str) -> None:
    result = run(command, "slitherlink", "-", "--state", "-", stdin=UNIQUE)
    assert result.exit_code == 2 and "SOURCE and --state cannot both be stdin" in result.output
