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
    present = {str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file()}
    want = {"first.txt", "first.attempt.txt", "river.txt", "garden.txt"}
    assert {f"slitherlink/{name}" for name in want} | {"hashiwokakero/harbour.txt"} <= present
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
        "puzzlekit solve slitherlink slitherlink/first.txt",
        "puzzlekit solve hashi hashiwokakero/harbour.txt",
        "puzzlekit check slitherlink slitherlink/first.txt --state slitherlink/first.attempt.txt",
        "puzzlekit convert slitherlink slitherlink/first.attempt.txt --to pzpr -o answer.pzpr",
        "puzzlekit hint slitherlink slitherlink/first.txt --state slitherlink/first.attempt.txt",
    ],
)
def test_readme_commands_run_on_the_copied_examples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, line: str) -> None:
    assert any(" ".join(words) == line for words in commands()), f"{line!r} is no longer in the README"
    CliRunner().invoke(main, ["examples", "--copy", str(tmp_path)])
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, shlex.split(line)[1:])
    assert result.exit_code in (0, 6), result.output  # 6: the attempt is unfinished, as it is meant to be
    assert "no solution" not in result.output  # (Nurikabe's harbour.txt solved as Bridges said so)
    if "answer.pzpr" in line:
        assert puzzlekit.check("slitherlink", Path("answer.pzpr")).status == "incomplete"


def test_examples_of_every_genre_get_a_folder_each_and_nothing_is_overwritten(tmp_path: Path) -> None:
    """Genres ship files of the same name; copied into one folder, the last genre's won
    (exit 0) and the README's walk solved Nurikabe's board as Bridges."""
    assert CliRunner().invoke(main, ["examples", "--copy", str(tmp_path)]).exit_code == 0
    host = puzzlekit.default_host()
    for entry in host.genres():
        folder = tmp_path / entry.genre.name
        for path in entry.genre.example_paths():
            assert (folder / path.name).read_bytes() == path.read_bytes()
    again = CliRunner().invoke(main, ["examples", "--copy", str(tmp_path)])
    assert again.exit_code == 0  # the same files again: nothing to refuse
    mine = tmp_path / "slitherlink" / "first.txt"
    mine.write_text("my own\n")
    refused = CliRunner().invoke(main, ["examples", "--copy", str(tmp_path)])
    assert refused.exit_code == 1 and "slitherlink/first.txt: exists with other content" in refused.stderr
    assert mine.read_text() == "my own\n"
    forced = CliRunner().invoke(main, ["examples", "--copy", str(tmp_path), "--force"])
    assert forced.exit_code == 0 and mine.read_text() != "my own\n"
