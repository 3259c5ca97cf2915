"""The ``--json`` output, modelled with pydantic so its JSON schema can be published.

These models sit at the edge of the program: results are converted once, after
solving, and nothing here runs inside the solver.  ``python -m puzzlekit.report docs/schema``
rewrites the published copies.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_serializer

from puzzlekit.api import CheckResult, SolveResult
from puzzlekit.formats.level import input_meta

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


class SolveReport(BaseModel):
    """One puzzle's result: a line of ``puzzlekit solve --json`` output."""

    schema_version: int = SCHEMA_VERSION
    genre: str
    source: str
    line: int = Field(description="Line of the puzzle's first row in its source.")
    index: int = Field(description="0-based position of the puzzle in its source.")
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


class CheckReport(BaseModel):
    """One attempt's verdict: a line of ``puzzlekit check --json`` output."""

    schema_version: int = SCHEMA_VERSION
    genre: str
    source: str
    line: int
    index: int
    status: Literal["solved", "incomplete", "wrong"]
    violations: list[ViolationReport]


def solve_report(result: SolveResult, steps: bool = False) -> SolveReport:
    p = result.puzzle
    s = result.stats
    return SolveReport(
        genre=p.genre.name,
        source=p.source,
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
        source=p.source,
        line=p.block.first_line,
        index=p.index,
        status=result.status,
        violations=[
            ViolationReport(kind=v.kind, message=v.message, variables=list(v.variables), unfinished=v.unfinished)
            for v in result.violations
        ],
    )


def schemas() -> dict[str, dict[str, object]]:
    """The published JSON schemas, by file name."""
    return {
        "solve-report.schema.json": SolveReport.model_json_schema(),
        "check-report.schema.json": CheckReport.model_json_schema(),
    }


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
