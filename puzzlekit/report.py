"""The ``--json`` output, modelled with pydantic so its JSON schema can be published.

These models sit at the edge of the program: results are converted once, after
solving, and nothing here runs inside the solver.  They are one family: every line
any command writes with ``--json`` carries ``schema_version`` and ``genre``, and each
that is about a puzzle of SOURCE carries ``source``, ``line`` and ``index`` too.
``python -m puzzlekit.report docs/schema`` rewrites the published copies.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_serializer

from puzzlekit.api import CheckResult, Puzzle, SolveResult
from puzzlekit.core.model import values_of
from puzzlekit.formats.level import input_meta, read_blocks

if TYPE_CHECKING:
    from puzzlekit.analysis import Analysis, Clue
    from puzzlekit.generation import Generated
    from puzzlekit.genre import Genre
    from puzzlekit.grading import Grade
    from puzzlekit.hints import Hint

SCHEMA_VERSION = 1


class Metadata(BaseModel):
    """A puzzle's ``# key: value`` metadata: the known keys typed, unknown keys kept."""

    model_config = ConfigDict(extra="allow")

    title: str | None = None
    author: str | None = None
    source: str | None = None
    seed: str | None = None
    difficulty: str | None = None
    tier: str | None = None
    expect: Literal["unique", "multiple", "none"] | None = None
    flags: str | None = None

    @model_serializer(mode="wrap")
    def _only_given(self, handler: object) -> dict[str, object]:
        data: dict[str, object] = handler(self)  # type: ignore[operator]
        return {k: v for k, v in data.items() if v is not None}


class StepReport(BaseModel):
    number: int
    rule: str
    rung: int
    variable: int
    values: list[int] = Field(description="Values the variable still allows after this step.")
    text: str


class StatsReport(BaseModel):
    nodes: int = Field(description="Search nodes after root propagation; 0 means deduction alone decided.")
    seconds: float
    rung: int = Field(description="Highest rung needed; the search rung when branching was needed.")
    rung_name: str
    rules: dict[str, int] = Field(description="Deductions per rule during root propagation.")
    exhausted: bool = Field(description="True when the whole search space was covered.")
    stopped_by: Literal["max-nodes", "timeout"] | None = None


class Report(BaseModel):
    """What every ``--json`` line carries."""

    model_config = ConfigDict(extra="forbid")

    schema_version: int = SCHEMA_VERSION
    genre: str

    def model_dump_json(self, **kwargs: Any) -> str:
        """The line, with DEL and the C1 controls (which JSON leaves raw) and the Unicode
        line separators written as ``\\u`` escapes: the same JSON, safe on a terminal."""
        return _C1.sub(lambda m: f"\\u{ord(m.group()):04x}", super().model_dump_json(**kwargs))


_C1 = re.compile("[\x7f-\x9f\u2028\u2029]")


class PuzzleReport(Report):
    """A line about one puzzle of SOURCE: where it is."""

    source: str
    line: int = Field(description="Line of the puzzle's first row in its source.")
    index: int = Field(description="0-based position of the puzzle in its source.")


class SolveReport(PuzzleReport):
    """One puzzle's result: a line of ``puzzlekit solve --json`` output."""

    size: str = Field(description="Columns x rows.")
    status: Literal["unique", "multiple", "none", "undecided"]
    solution_count: int = Field(description="Solutions found; exact when stats.exhausted is true.")
    solutions: list[str] = Field(description="Each solution in the genre's plain text form.")
    meta: Metadata
    stats: StatsReport
    steps: list[StepReport] | None = None


class ViolationReport(BaseModel):
    kind: str
    message: str
    variables: list[int]
    unfinished: bool


class CheckReport(PuzzleReport):
    """One attempt's verdict: a line of ``puzzlekit check --json`` output."""

    status: Literal["solved", "incomplete", "wrong"]
    violations: list[ViolationReport]


def text_of(name: str) -> str:
    """A file name as JSON can hold it: bytes that were not UTF-8 (surrogate escapes from
    the command line) become ``\\xff`` escapes instead of failing the whole line."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def solve_report(result: SolveResult, steps: bool = False) -> SolveReport:
    p = result.puzzle
    s = result.stats
    return SolveReport(
        genre=p.genre.name,
        source=text_of(p.source),
        line=p.block.first_line,
        index=p.index,
        size=p.size,
        status=result.status.value,
        solution_count=len(result.solutions),
        solutions=[sol.text for sol in result.solutions],
        meta=Metadata.model_validate({**input_meta(p.meta), "expect": p.expect()}),
        stats=StatsReport(
            nodes=s.nodes,
            seconds=round(s.seconds, 6),
            rung=s.rung,
            rung_name=s.rung_name,
            rules=s.rule_counts,
            exhausted=s.exhausted,
            stopped_by=s.stopped_by,  # type: ignore[arg-type]
        ),
        steps=[
            StepReport(
                number=st.number,
                rule=st.rule,
                rung=st.rung,
                variable=st.variable,
                values=list(st.values),
                text=st.text,
            )
            for st in result.steps
        ]
        if steps
        else None,
    )


def check_report(result: CheckResult) -> CheckReport:
    p = result.puzzle
    return CheckReport(
        genre=p.genre.name,
        source=text_of(p.source),
        line=p.block.first_line,
        index=p.index,
        status=result.status,
        violations=[
            ViolationReport(kind=v.kind, message=v.message, variables=list(v.variables), unfinished=v.unfinished)
            for v in result.violations
        ],
    )


class PlaceReport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    variable: int
    place: str


class HintReport(PuzzleReport):
    """The next step: the line of ``puzzlekit hint --json`` output."""

    kind: Literal["deduction", "mistake", "solved", "search"]
    text: str
    rule: str | None
    rung: int
    variable: int | None
    place: str | None
    values: list[int] | None = Field(description="What the variable becomes (for a mistake: the solution's).")
    reads: list[PlaceReport] = Field(description="The places the rule looked at.")


class GradeReport(PuzzleReport):
    """One puzzle's grade: a line of ``puzzlekit grade --json`` output."""

    status: Literal["unique", "multiple", "none", "undecided"]
    tier: int | None = Field(description="The rung needed (1 is the cheapest); null unless the puzzle is unique.")
    rung_name: str | None
    difficulty: str | None
    rules: dict[str, int] = Field(description="Deductions per rule during root propagation.")
    nodes: int
    seconds: float


class ClueReport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    place: str
    clue: int


class AnalysisReport(PuzzleReport):
    """One draft's analysis: a line of ``puzzlekit analyze --json`` output."""

    status: Literal["unique", "multiple", "none", "undecided"]
    solutions: list[str]
    differences: list[str] = Field(description="Places where the two solutions shown differ.")
    add: list[ClueReport] = Field(
        description="Clues that together make a puzzle with several solutions unique (proven: solved again)."
    )
    tried: list[ClueReport] = Field(
        default_factory=list, description="Clues tried that did not make it unique (the note says why)."
    )
    removable: list[ClueReport] = Field(description="Clues each of which could go, keeping the puzzle unique.")
    contradiction: list[ClueReport] = Field(description="Clues that together have no solution.")
    rule: str | None
    note: str = Field(description="Why an answer is partial (the time ran out, say); empty when complete.")
    complete: bool = Field(description="False when a budget cut the analysis short.")


class GeneratedReport(Report):
    """One new puzzle: a line of ``puzzlekit generate --json`` output."""

    index: int = Field(description="0-based position in the run.")
    seed: str = Field(description="The seed that makes this very puzzle again (as in its '# seed:').")
    size: str = Field(description="Columns x rows.")
    difficulty: str
    tier: int
    rung_name: str
    text: str = Field(description="The puzzle as level text, metadata included.")


def _where(p: Puzzle) -> dict[str, object]:
    return {"genre": p.genre.name, "source": text_of(p.source), "line": p.block.first_line, "index": p.index}


def hint_report(found: Hint) -> HintReport:
    p = found.puzzle
    g, instance = p.genre, p.instance
    return HintReport(
        **_where(p),  # type: ignore[arg-type]
        kind=found.kind,
        text=found.text,
        rule=found.rule,
        rung=found.rung,
        variable=found.variable,
        place=g.describe(instance, found.variable) if found.variable is not None else None,
        values=values_of(found.mask) if found.mask else None,
        reads=[PlaceReport(variable=v, place=g.describe(instance, v)) for v in found.reads],
    )


def grade_report(grade: Grade) -> GradeReport:
    return GradeReport(
        **_where(grade.puzzle),  # type: ignore[arg-type]
        status=grade.status.value,
        tier=grade.tier,
        rung_name=grade.rung_name,
        difficulty=grade.difficulty,
        rules=grade.rule_counts,
        nodes=grade.nodes,
        seconds=round(grade.seconds, 6),
    )


def analysis_report(a: Analysis) -> AnalysisReport:
    p = a.puzzle

    def clues(items: list[Clue]) -> list[ClueReport]:
        return [ClueReport(place=c.name, clue=c.value) for c in items]

    return AnalysisReport(
        **_where(p),  # type: ignore[arg-type]
        status=a.status.value,
        solutions=[s.text for s in a.solutions],
        differences=[p.genre.describe(p.instance, v) for v in a.differences],
        add=clues(a.add),
        tried=clues(a.tried),
        removable=clues(a.removable),
        contradiction=clues(a.contradiction),
        rule=a.rule,
        note=a.note,
        complete=a.complete,
    )


def generated_report(genre: Genre, made: Generated, difficulty: str) -> GeneratedReport:
    (block,) = read_blocks(made.text, "<generated>")
    return GeneratedReport(
        genre=genre.name,
        index=made.index,
        seed=block.meta["seed"],
        size=genre.size(made.instance if made.instance is not None else genre.parse(block)),
        difficulty=difficulty,
        tier=made.rung,
        rung_name=made.rung_name,
        text=made.text,
    )


class DailyReport(Report):
    """The day's puzzle: the line of ``puzzlekit daily --json`` output."""

    date: str = Field(description="YYYY-MM-DD: the date, which is the seed.")
    puzzle: str = Field(description="The puzzle as level text, metadata included.")


class RungReport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    rung: int = Field(description="1 is the cheapest; search is the last.")
    name: str
    summary: str


class RuleReport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    rung: int
    summary: str


class GenreReport(Report):
    """One installed genre: a line of ``puzzlekit genres --json`` output."""

    name: str = Field(description="The genre's name again (as ``genre``), for readers of earlier output.")
    aliases: list[str]
    summary: str
    plugin: str = Field(description="The entry point (or plugin) that registered it.")
    distribution: str | None = Field(description="The installed distribution it comes from; null when none.")
    version: str | None
    ladder: list[RungReport]
    rules: list[RuleReport]


class BrokenPluginReport(Report):
    """A plugin that failed to load: a line of ``puzzlekit genres --json`` output."""

    genre: str | None = Field(description="null: a plugin that failed to load registered no genre.")  # type: ignore[assignment]
    broken: str = Field(description="The plugin's entry-point name.")
    error: str


class FormatReport(Report):
    """One way to read (and maybe write) a genre's puzzles: a line of ``puzzlekit formats --json``."""

    kind: str = Field(description="What ``convert --to`` takes (``ascii`` is puzzlekit's own level text).")
    format: str = Field(description="The format's unique name (``level text`` for ascii).")
    writes: bool = Field(description="True when it writes as well as reads.")
    summary: str


def genre_report(genre: Genre, plugin: str, distribution: str | None, version: str | None) -> GenreReport:
    return GenreReport(
        genre=genre.name,
        name=genre.name,
        aliases=list(genre.aliases),
        summary=genre.summary,
        plugin=plugin,
        distribution=distribution,
        version=version,
        ladder=[RungReport(rung=r.level, name=r.name, summary=r.summary) for r in genre.ladder],
        rules=[RuleReport(name=r.name, rung=r.rung, summary=r.summary) for r in genre.rules],
    )


FAMILY: dict[str, type[Report]] = {
    "solve-report.schema.json": SolveReport,
    "check-report.schema.json": CheckReport,
    "hint-report.schema.json": HintReport,
    "grade-report.schema.json": GradeReport,
    "analysis-report.schema.json": AnalysisReport,
    "generate-report.schema.json": GeneratedReport,
    "daily-report.schema.json": DailyReport,
    "genre-report.schema.json": GenreReport,
    "broken-plugin-report.schema.json": BrokenPluginReport,
    "format-report.schema.json": FormatReport,
}
"""Every published schema, by file name: one model per command that writes ``--json``."""


def schemas() -> dict[str, dict[str, object]]:
    """The published JSON schemas, by file name."""
    return {name: model.model_json_schema() for name, model in FAMILY.items()}


def write_schemas(folder: Path) -> list[Path]:
    """Write the published schema files into ``folder``."""
    written = []
    for name, schema in schemas().items():
        path = folder / name
        path.write_text(json.dumps(schema, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    if len(sys.argv) > 1:
        for path in write_schemas(Path(sys.argv[1])):
            print(path)
    else:
        print(json.dumps(schemas(), indent=2, sort_keys=True))
