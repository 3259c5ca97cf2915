"""How results look: plain text that reads back, a terminal view, and JSON Lines."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit.api import CheckResult, SolveResult
from puzzlekit.core.search import Status
from puzzlekit.formats.level import input_meta, write_block
from puzzlekit.host import Host

_STATUS_WORDS = {
    Status.UNIQUE: "unique solution",
    Status.MULTIPLE: "several solutions",
    Status.NONE: "no solution",
    Status.UNDECIDED: "undecided",
}


def _count(result: SolveResult) -> str:
    n = len(result.solutions)
    return f"{n}" if result.stats.exhausted else f"{n}+"


def _summary(result: SolveResult) -> str:
    s = result.stats
    words = _STATUS_WORDS[result.status]
    if result.status == Status.MULTIPLE:
        stopped = {"max-nodes": "the node budget ran out", "timeout": "the time ran out"}.get(
            s.stopped_by or "", "--limit reached"
        )
        words = f"{_count(result)} solutions" + ("" if s.exhausted else f" (stopped counting: {stopped})")
    if result.status == Status.UNDECIDED:
        spent = {"max-nodes": "the node budget ran out", "timeout": "the time ran out"}.get(
            s.stopped_by or "", "stopped at --limit 1"
        )
        found = "1 solution found, uniqueness not proven" if result.solutions else "no solution found yet"
        words = f"undecided ({spent}; {found})"
    return words


def _head(result: SolveResult) -> dict[str, str]:
    s = result.stats
    meta = input_meta(result.puzzle.meta)
    meta["status"] = result.status.value
    meta["result"] = _summary(result)
    if is_sat(result):
        meta["engine"] = "sat"  # no rungs, no search nodes: the SAT engine has neither
        return meta
    meta["rung"] = f"{s.rung} ({s.rung_name})"
    meta["nodes"] = str(s.nodes)
    return meta


def is_sat(result: SolveResult) -> bool:
    """Solved by the SAT engine, which has no rungs and no search nodes to report."""
    return result._outcome is None and result.stats.rung_name == "sat"


def _step_lines(result: SolveResult) -> list[str]:
    return [f"step {st.number} [{st.rule}, rung {st.rung}]: {st.text}" for st in result.steps]


def solve_plain(result: SolveResult, steps: bool = False) -> str:
    """Level blocks with ``# status:`` comments: the output reads back as input."""
    genre, instance = result.puzzle.genre, result.puzzle.instance
    meta = _head(result)
    comments = _step_lines(result) if steps else []
    if not result.solutions:
        # What deduction established (the bare puzzle if it found a contradiction).
        rows = genre.write(instance, result.partial or None)
        return write_block(rows, meta, comments)
    blocks = []
    for i, sol in enumerate(result.solutions, start=1):
        m = dict(meta)
        if len(result.solutions) > 1 or result.status != Status.UNIQUE:
            m["solution"] = f"{i} of {_count(result)}"
        blocks.append(write_block(sol.text.split("\n"), m, comments if i == 1 else []))
    return "\n".join(blocks)


def solve_json(result: SolveResult, steps: bool = False) -> str:
    from puzzlekit.report import solve_report  # pydantic, only for --json

    return solve_report(result, steps).model_dump_json()


def check_plain(result: CheckResult) -> str:
    p = result.puzzle
    lines = [f"{p.where}: {result.status}"]
    lines += [f"  - {v.message}" for v in result.violations]
    return "\n".join(lines)


def check_json(result: CheckResult) -> str:
    from puzzlekit.report import check_report  # pydantic, only for --json

    return check_report(result).model_dump_json()


def table(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows of cells as aligned text lines; the last column runs on unpadded."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    return ["  ".join([*(cell.ljust(w) for cell, w in zip(row, widths)), row[-1]]).rstrip() for row in rows]


def genres_plain(host: Host) -> str:
    rows = [("GENRE", "ALIASES", "FROM", "VERSION", "RUNGS")]
    for entry in host.genres():
        g, o = entry.genre, entry.origin
        rows.append(
            (
                g.name,
                ", ".join(g.aliases) or "-",
                f"{o.distribution or '-'} ({o.plugin})",
                o.version or "-",
                " > ".join(r.name for r in g.ladder) + " > search",
            )
        )
    lines = table(rows)
    for failure in host.failures:
        lines.append(f"broken: {failure}")
    return "\n".join(lines)


def genres_json(host: Host) -> str:
    """One ``GenreReport`` line per genre, one ``BrokenPluginReport`` per failed plugin."""
    from puzzlekit.report import BrokenPluginReport, genre_report  # pydantic: only for --json

    out = []
    for entry in host.genres():
        o = entry.origin
        out.append(genre_report(entry.genre, o.plugin, o.distribution, o.version).model_dump_json())
    for failure in host.failures:
        out.append(BrokenPluginReport(genre=None, broken=failure.origin.plugin, error=failure.error).model_dump_json())
    return "\n".join(out)
