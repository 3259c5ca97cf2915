"""The README stays true: its Python example runs as written, and every file its
commands read is a bundled example (``puzzlekit examples --copy .``) or made by an
earlier line."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

import puzzlekit
from puzzlekit.cli.main import main
from puzzlekit.core.search import Status

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
FILE = re.compile(r".+\.(txt|pzpr)$")


def block_after(heading: str, language: str) -> str:
    part = README.split(heading, 1)[1]
    return part.split(f"```{language}\n", 1)[1].split("```", 1)[0]


def commands() -> list[list[str]]:
    lines = block_after("## What it does", "sh").splitlines()
    return [shlex.split(line, comments=True) for line in lines if line.strip()]


def test_the_python_example_runs_and_its_first_puzzle_has_one_solution() -> None:
    code = block_after("From Python:", "python")
    scope: dict[str, object] = {}
    exec(code, scope)
    result = scope["result"]
    assert result.status == Status.UNIQUE  # type: ignore[attr-defined]
    assert result.steps[0].text.startswith("top of r3c1 is crossed")  # type: ignore[attr-defined]


def test_every_file_the_readme_commands_read_exists_or_is_made_first(tmp_path: Path) -> None:
    assert CliRunner().invoke(main, ["examples", "--copy", str(tmp_path)]).exit_code == 0
    present = {p.name for p in tmp_path.iterdir()}
    assert {"first.txt", "first.attempt.txt", "harbour.txt", "river.txt", "garden.txt"} <= present
    for words in commands():
        made = set()
        for i, word in enumerate(words):
            if word in (">", "-o") and i + 1 < len(words):
                made.add(words[i + 1])
            elif word.startswith(">") and len(word) > 1:
                made.add(word[1:])
        read = [w for i, w in enumerate(words) if FILE.match(w) and w not in made and words[i - 1] not in (">", "-o")]
        for name in read:
            assert name in present, f"{' '.join(words)!r} reads {name}, which nothing has made"
        present |= made


@pytest.mark.parametrize(
    "line",
    [
        "puzzlekit solve slitherlink first.txt",
        "puzzlekit check slitherlink first.txt --state first.attempt.txt",
        "puzzlekit convert slitherlink first.attempt.txt --to pzpr -o answer.pzpr",
        "puzzlekit hint slitherlink first.txt --state first.attempt.txt",
    ],
)
def test_readme_commands_run_on_the_copied_examples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, line: str) -> None:
    assert any(" ".join(words) == line for words in commands()), f"{line!r} is no longer in the README"
    CliRunner().invoke(main, ["examples", "--copy", str(tmp_path)])
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, shlex.split(line)[1:])
    assert result.exit_code in (0, 6), result.output  # 6: the attempt is unfinished, as it is meant to be
    if "answer.pzpr" in line:
        assert puzzlekit.check("slitherlink", Path("answer.pzpr")).status == "incomplete"
