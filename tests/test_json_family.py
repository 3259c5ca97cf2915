"""One JSON family: every command's ``--json`` lines carry ``schema_version`` and
``genre`` (and where the puzzle is), and each validates against its published schema."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pydantic import BaseModel

from puzzlekit.cli.main import main
from puzzlekit.report import (
    FAMILY,
    SCHEMA_VERSION,
    AnalysisReport,
    CheckReport,
    DailyReport,
    GeneratedReport,
    GradeReport,
    HintReport,
    PuzzleReport,
    Report,
    SolveReport,
)

ROOT = Path(__file__).resolve().parents[1]
BOOK = "31\n..\n\n23\n32\n\n3\n"


@pytest.mark.parametrize(
    ("args", "model", "lines"),
    [
        (["solve", "slitherlink", "-"], SolveReport, 3),
        (["check", "slitherlink", "-"], CheckReport, 3),
        (["grade", "slitherlink", "-"], GradeReport, 3),
        (["analyze", "slitherlink", "-"], AnalysisReport, 3),
        (["hint", "slitherlink", "-", "--puzzle", "1"], HintReport, 1),
        (["generate", "slitherlink", "--size", "4", "--seed", "j", "--count", "2"], GeneratedReport, 2),
        (["daily", "slitherlink", "--date", "2026-12-01"], DailyReport, 1),
    ],
)
def test_every_json_line_validates_against_its_schema(args: list[str], model: type[BaseModel], lines: int) -> None:
    book = BOOK if args[0] != "check" else "+ +\n 3 \n+ +\n\n+-+\n|3|\n+ +\n\n+ +\n 1 \n+ +\n"
    result = CliRunner().invoke(main, [*args, "--json"], input=book)
    assert result.exit_code in (0, 3, 4, 6), result.output
    out = result.stdout.strip().splitlines()
    assert len(out) == lines
    for line in out:
        report = model.model_validate_json(line)  # extra keys are refused: the schema is the whole truth
        data = json.loads(line)
        assert data["schema_version"] == SCHEMA_VERSION and data["genre"] == "slitherlink"
        assert isinstance(report, Report)
        if isinstance(report, PuzzleReport):
            assert {"source", "line", "index"} <= set(data)


def test_generate_json_carries_the_seed_that_makes_each_puzzle_again() -> None:
    result = CliRunner().invoke(
        main, ["generate", "slitherlink", "--size", "4x5", "--seed", "j", "--count", "2", "--json"]
    )
    first, second = (GeneratedReport.model_validate_json(line) for line in result.stdout.splitlines())
    assert (first.seed, second.seed, first.size) == ("j", "j#1", "4x5")
    assert f"# seed: {second.seed}\n" in second.text


def test_grade_json_has_no_tier_for_several_solutions() -> None:
    result = CliRunner().invoke(main, ["grade", "slitherlink", "-", "--json"], input="23\n32\n")
    report = GradeReport.model_validate_json(result.stdout)
    assert (report.status, report.tier, report.difficulty) == ("multiple", None, None)


def test_every_family_member_is_published() -> None:
    for name, model in FAMILY.items():
        assert issubclass(model, Report)
        published = json.loads((ROOT / "docs" / "schema" / name).read_text())
        assert "schema_version" in published["properties"] and "genre" in published["required"]
        assert published.get("additionalProperties") is False


def test_genres_json_lines_validate_and_name_their_genre() -> None:
    from puzzlekit.report import GenreReport

    result = CliRunner().invoke(main, ["genres", "--json"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    reports = [GenreReport.model_validate_json(line) for line in lines]
    assert {r.genre for r in reports} >= {"slitherlink", "hashiwokakero", "masyu"}
    for line, report in zip(lines, reports):
        assert json.loads(line)["schema_version"] == SCHEMA_VERSION and report.name == report.genre


def test_a_broken_plugin_s_json_line_validates() -> None:
    from puzzlekit.cli.output import genres_json
    from puzzlekit.host import PluginFailure, make_host
    from puzzlekit.registry import Origin
    from puzzlekit.report import BrokenPluginReport

    host = make_host(entrypoints=False)
    host.failures.append(PluginFailure(Origin("broken"), "ModuleNotFoundError: No module named 'x'"))
    (line,) = genres_json(host).splitlines()
    report = BrokenPluginReport.model_validate_json(line)
    assert (report.genre, report.broken, json.loads(line)["schema_version"]) == (None, "broken", SCHEMA_VERSION)


def test_formats_json_lines_validate_and_match_the_table() -> None:
    from puzzlekit.report import FormatReport

    result = CliRunner().invoke(main, ["formats", "--json"])
    assert result.exit_code == 0, result.output
    reports = [FormatReport.model_validate_json(line) for line in result.stdout.strip().splitlines()]
    header, *table = CliRunner().invoke(main, ["formats"]).stdout.strip().splitlines()
    assert len(reports) == len(table)
    wanted = {("slitherlink", "ascii"), ("slitherlink", "url"), ("masyu", "penpa")}
    assert {(r.genre, r.kind) for r in reports} >= wanted
    at = header.index("WRITES")
    assert [r.writes for r in reports] == [row[at:].startswith("yes") for row in table]


def test_the_published_schemas_are_the_models_own() -> None:
    from puzzlekit.report import schemas

    for name, schema in schemas().items():
        assert json.loads((ROOT / "docs" / "schema" / name).read_text()) == schema, f"rewrite {name}"
