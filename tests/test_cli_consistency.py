"""One mistake, one exit code and one wording, whichever command meets it."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from puzzlekit.cli.exitcodes import EXIT_CODES, EXIT_USAGE, escaped
from puzzlekit.cli.main import main
from puzzlekit.cli.validate import NUMERIC_TYPES

SOURCE_COMMANDS = ["solve", "check", "convert", "render", "grade", "hint", "analyze"]
TWO = "31\n..\n\n.1\n2.\n"


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def one_error_line(result: Result) -> str:
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("puzzlekit: error: ")
    return lines[0]


@pytest.mark.parametrize("command", SOURCE_COMMANDS)
def test_a_missing_file_is_one_line_and_exit_2_everywhere(command: str) -> None:
    result = run(command, "slitherlink", "no-such-file.txt")
    assert result.exit_code == EXIT_USAGE
    assert one_error_line(result) == "puzzlekit: error: SOURCE: no such file: no-such-file.txt"


@pytest.mark.parametrize("command", [*SOURCE_COMMANDS, "play"])
def test_a_lone_mistyped_genre_is_named_as_one_not_as_a_missing_file(command: str) -> None:
    result = run(command, "slitherlnk")
    assert result.exit_code == EXIT_USAGE
    line = one_error_line(result)
    assert "slitherlnk is neither a file nor an installed genre" in line
    assert "(did you mean 'slitherlink'?)" in line


@pytest.mark.parametrize("command", [*SOURCE_COMMANDS, "generate", "selftest"])
def test_an_unknown_genre_is_one_line_and_exit_2_everywhere(command: str) -> None:
    args = [command, "slitherlnk"] + ([] if command in ("generate", "selftest") else ["-"])
    result = run(*args, stdin="3\n")
    assert result.exit_code == EXIT_USAGE
    assert "unknown genre 'slitherlnk' (did you mean 'slitherlink'?)" in one_error_line(result)


@pytest.mark.parametrize("command", ["render", "hint", "convert"])
def test_puzzle_past_the_end_is_one_wording_and_exit_2(command: str) -> None:
    result = run(command, "slitherlink", "-", "--puzzle", "3", stdin=TWO)
    assert result.exit_code == EXIT_USAGE
    assert one_error_line(result) == "puzzlekit: error: --puzzle 3: <stdin> holds 2 puzzle(s)"


@pytest.mark.parametrize("args", [["hint", "slitherlink", "-"], ["convert", "slitherlink", "-", "--to", "pzpr"]])
def test_a_needed_choice_of_puzzle_is_one_wording_and_exit_2(args: list[str]) -> None:
    result = run(*args, stdin=TWO)
    assert result.exit_code == EXIT_USAGE
    assert one_error_line(result) == "puzzlekit: error: <stdin> holds 2 puzzles; choose one with --puzzle N"


def test_a_click_usage_mistake_is_one_line_not_a_usage_block() -> None:
    result = run("solve", "--no-such-option")
    assert result.exit_code == EXIT_USAGE
    line = one_error_line(result)
    assert line.startswith("puzzlekit: error: No such option '--no-such-option' (see '")
    assert line.endswith(" solve --help')")


def all_commands() -> list[tuple[str, click.Command]]:
    """Every built-in command, loaded (the group imports a command's module when it runs)."""
    ctx = click.Context(main)
    loaded = [(name, main.get_command(ctx, name)) for name in main.list_built_in()]
    return [(name, command) for name, command in loaded if command is not None]


def numeric_options() -> list[tuple[str, click.Option]]:
    out = []
    for name, command in all_commands():
        for param in command.params:
            if isinstance(param, click.Option) and isinstance(
                param.type, (click.types.IntParamType, click.types.FloatParamType)
            ):
                out.append((name, param))
    return out


def test_every_numeric_option_is_one_of_the_validated_types() -> None:
    options = numeric_options()
    assert len(options) >= 10
    for name, param in options:
        assert isinstance(param.type, NUMERIC_TYPES), f"{name} {param.opts[0]} is a bare {param.type!r}"


@pytest.mark.parametrize(("command", "option"), [(c, p.opts[0]) for c, p in numeric_options()])
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-1", "99999999999999999999", "1e400", "x"])
def test_every_numeric_option_refuses_what_it_cannot_take(command: str, option: str, value: str) -> None:
    takes = {p.name for p in dict(all_commands())[command].params if isinstance(p, click.Argument)}
    positional = [v for k, v in (("genre", "slitherlink"), ("source", "-")) if k in takes]
    args = [command, *positional, f"{option}={value}"]
    result = run(*args, stdin="3\n")
    assert result.exit_code == EXIT_USAGE, (args, result.output)
    assert f"Invalid value for '{option}'" in one_error_line(result)


def test_escaped_keeps_a_line_one_line_and_free_of_terminal_escapes() -> None:
    assert escaped("a\x0cb\x1b[31mc\nd\udcffe") == "a\\x0cb\\x1b[31mc\\x0ad\\xffe"
    assert escaped("r1c1 · ✓") == "r1c1 · ✓"


def test_the_exit_code_table_is_the_documented_one() -> None:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text(encoding="utf-8")
    table = doc.split("## Exit codes", 1)[1]
    for code in EXIT_CODES:
        assert f"| {code} |" in table


def test_every_error_in_a_level_file_is_reported() -> None:
    result = run("solve", "slitherlink", "-", stdin="31x\n.5.\n\n..\n9.\n\n3\n")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "puzzlekit: error: <stdin>:1:3: expected a clue 0-3 or '.', found 'x'",
        "puzzlekit: error: <stdin>:2:2: a Slitherlink clue is 0-3, found 5 (a cell has four sides)",
        "puzzlekit: error: <stdin>:5:1: a Slitherlink clue is 0-3, found 9 (a cell has four sides)",
        "puzzlekit: error: <stdin>: 3 errors",
    ]


def test_the_errors_reported_are_capped() -> None:
    from puzzlekit.errors import LevelErrors

    result = run("solve", "slitherlink", "-", stdin="9" * 30 + "\n")
    lines = result.stderr.splitlines()
    assert len(lines) == LevelErrors.MAX_REPORTED + 1
    assert lines[-1].startswith("puzzlekit: error: <stdin>: 30 errors") and "not shown" in lines[-1]


def test_the_api_raises_one_error_that_holds_them_all() -> None:
    import puzzlekit
    from puzzlekit.errors import LevelErrors

    with pytest.raises(LevelErrors) as info:
        puzzlekit.load("slitherlink", "4.\n.4\n\n5\n")
    assert [(e.line, e.col) for e in info.value.errors] == [(1, 1), (2, 2), (4, 1)]
    assert (info.value.line, info.value.col) == (1, 1)  # it reads as its first error
    assert "(and 2 more error(s) in this text)" in str(info.value)


def test_every_bad_character_of_a_hashi_grid_is_reported() -> None:
    result = run("solve", "hashi", "-", stdin="2.0\n.x.\n9.2\n")
    assert result.exit_code == 1
    assert [line.split(": ", 2)[2].split(":")[1:3] for line in result.stderr.splitlines()[:-1]] == [
        ["1", "3"],
        ["2", "2"],
        ["3", "1"],
    ]


def test_a_mistyped_command_gets_did_you_mean() -> None:
    result = run("solv", "x")
    assert result.exit_code == EXIT_USAGE
    assert "No such command 'solv' (did you mean 'solve'?)" in one_error_line(result)


def test_every_bad_character_of_a_lattice_is_reported() -> None:
    result = run("check", "slitherlink", "-", stdin="+ +7+\n 4 . \n+ + *\n")
    assert result.exit_code == 1
    where = [line.split(": ", 2)[2].split(":")[1:3] for line in result.stderr.splitlines()[:-1]]
    assert where == [["1", "4"], ["2", "2"], ["3", "5"]]
