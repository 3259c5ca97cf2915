"""Commands a plugin registers (``puzzlekit_register_commands``) have their numeric
options checked in the same one place as the built-in commands (``cli.validate``):
NaN, infinity, huge and negative numbers are one usage line, never a traceback."""

from __future__ import annotations

import types

import click
import pytest
from click.testing import CliRunner, Result

import puzzlekit
from puzzlekit import hookimpl
from puzzlekit.cli.exitcodes import EXIT_USAGE
from puzzlekit.cli.main import main
from puzzlekit.cli.validate import MAX_INT, NUMERIC_TYPES, Count, Number
from puzzlekit.host import Host, make_host


@click.command(name="toy-make")
@click.option("--size", type=int, default=3)
@click.option("--scale", type=float, default=1.0)
@click.option("--shift", type=click.IntRange(-5, 5), default=0)
@click.option("--ratio", type=click.FloatRange(0, 1, min_open=True), default=0.5)
@click.option("--corner", type=(int, float), default=(1, 1.0))
def toy_make(size: int, scale: float, shift: int, ratio: float, corner: tuple[int, float]) -> None:
    """Echo what it was given (a plugin's own command)."""
    click.echo(f"{size} {scale} {shift} {ratio} {corner[0]} {corner[1]}")


@click.group(name="toy-tools")
def toy_tools() -> None:
    """A plugin's group of commands."""


@toy_tools.command(name="grow")
@click.option("--by", type=float, default=1.0)
def grow(by: float) -> None:
    click.echo(f"grown by {by}")


def host_with_commands() -> Host:
    @hookimpl
    def puzzlekit_register_commands(commands: puzzlekit.CommandRegistry) -> None:
        commands.add(toy_make)
        commands.add(toy_tools)

    plugin = types.SimpleNamespace(__name__="toy-commands", puzzlekit_register_commands=puzzlekit_register_commands)
    return make_host(entrypoints=False, plugins=[plugin])


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), obj=host_with_commands())


def test_a_plugin_command_takes_good_numbers() -> None:
    result = run("toy-make", "--size", "7", "--scale", "2.5", "--shift", "-3", "--ratio", "1", "--corner", "2", "0.5")
    assert result.exit_code == 0, result.output
    assert result.output == "7 2.5 -3 1.0 2 0.5\n"
    assert run("toy-tools", "grow", "--by", "3").output == "grown by 3.0\n"


@pytest.mark.parametrize(
    "args",
    [
        ["toy-make", "--size", "nan"],
        ["toy-make", "--size", "-1"],
        ["toy-make", "--size", "99999999999999999999"],
        ["toy-make", "--scale", "nan"],
        ["toy-make", "--scale", "inf"],
        ["toy-make", "--scale", "-inf"],
        ["toy-make", "--scale", "1e400"],
        ["toy-make", "--scale", "-1"],
        ["toy-make", "--shift", "-6"],
        ["toy-make", "--shift", "nan"],
        ["toy-make", "--ratio", "0"],
        ["toy-make", "--ratio", "nan"],
        ["toy-make", "--corner", "1", "nan"],
        ["toy-make", "--corner", "-1", "1"],
        ["toy-tools", "grow", "--by", "inf"],
        ["toy-tools", "grow", "--by", "nan"],
    ],
)
def test_a_plugin_command_refuses_what_it_cannot_take_in_one_line(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == EXIT_USAGE, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("puzzlekit: error: Invalid value for"), result.stderr
    assert "Traceback" not in result.output


def test_the_walk_makes_every_numeric_type_a_validated_one() -> None:
    ctx = click.Context(main, obj=host_with_commands())
    command = main.get_command(ctx, "toy-make")
    assert command is not None
    kinds = {p.name: p.type for p in command.params}
    assert isinstance(kinds["size"], Count) and (kinds["size"].min, kinds["size"].max) == (0, MAX_INT)
    assert isinstance(kinds["scale"], Number)
    assert isinstance(kinds["shift"], Count) and (kinds["shift"].min, kinds["shift"].max) == (-5, 5)
    assert isinstance(kinds["ratio"], Number) and kinds["ratio"].min_open
    corner = kinds["corner"]
    assert isinstance(corner, click.Tuple) and all(isinstance(t, NUMERIC_TYPES) for t in corner.types)
