"""What ``solve``, ``check`` and ``hint`` show on a terminal: rich colour and box drawing.

Only used when standard output is a terminal and ``--plain`` is not given;
piped output stays the plain text that reads back (``puzzlekit.cli.output``).
The words are the plain view's own; the boards come from each genre's
``draw_terminal``, so a third-party genre gets colour by implementing it.
rich is imported here only, keeping it off the start-up path of piped runs.
"""

from __future__ import annotations

from typing import IO

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from puzzlekit.api import CheckResult, SolveResult
from puzzlekit.cli.output import _count, _step_lines, _summary, is_sat
from puzzlekit.core.model import Violation, domains_of
from puzzlekit.core.search import Status
from puzzlekit.hints import Hint
from puzzlekit.pictures import tone_of

STATUS_STYLE = {
    Status.UNIQUE: "bold green",
    Status.MULTIPLE: "bold yellow",
    Status.NONE: "bold red",
    Status.UNDECIDED: "bold yellow",
}
HINT_STYLE = {"deduction": "bold green", "mistake": "bold red", "solved": "bold green", "search": "bold yellow"}
VERDICT_STYLE = {"solved": "bold green", "incomplete": "bold yellow", "wrong": "bold red"}
TONE_STYLE = {"wrong": "red", "unfinished": "yellow"}


def console(file: IO[str] | None = None, *, force_terminal: bool | None = None) -> Console:
    """A console that prints boards as they are: no syntax highlighting, no wrapping of long rows."""
    return Console(file=file, force_terminal=force_terminal, highlight=False, soft_wrap=True)


def show(view: Text, plain: str, file: IO[str] | None = None, width: int | None = None) -> None:
    """Print ``view`` when its board fits the terminal's width, else ``plain``: a board
    wider than the terminal would wrap into an unreadable drawing, while the plain text
    (two characters a cell) fits far more and still reads back."""
    out = console(file)
    if width is not None:
        out.width = width
    board = view.plain.split("\n")[1:]  # the headline may wrap; the board may not
    if max((cell_len(line) for line in board), default=0) <= out.width:
        out.print(view)
    else:
        out.print(Text(plain))


def solve_view(result: SolveResult, steps: bool, total: int) -> Text:
    """A headline (title, size, verdict, cost), the steps if asked, then the board(s)."""
    p, s = result.puzzle, result.stats
    out = Text()
    out.append(p.meta.get("title") or p.where, style="bold")
    out.append(f" ({p.size}): ")
    out.append(_summary(result), style=STATUS_STYLE[result.status])
    cost = "sat engine" if is_sat(result) else f"rung {s.rung} {s.rung_name} · {s.nodes} nodes"
    out.append(f" · {cost} · {s.seconds * 1000:.0f} ms", style="dim")
    if steps:
        for line in _step_lines(result):
            out.append(f"\n  {line}", style="dim")
    if result.solutions:
        for i, sol in enumerate(result.solutions, start=1):
            if len(result.solutions) > 1:
                out.append(f"\nsolution {i} of {_count(result)}:")
            out.append("\n")
            out.append_text(p.genre.draw_terminal(p.instance, domains_of(sol.values)))
    elif result.partial:
        out.append("\nwhat deduction established before stopping:", style="italic")
        out.append("\n")
        out.append_text(p.genre.draw_terminal(p.instance, result.partial))
    if total > 1:
        out.append("\n")
    return out


def check_view(result: CheckResult) -> Text:
    """The verdict, the attempt drawn with every violation emphasised, then the list."""
    p = result.puzzle
    out = Text()
    out.append(f"{p.where}: ")
    out.append(result.status, style=VERDICT_STYLE[result.status])
    if result.state:
        out.append("\n")
        out.append_text(p.genre.draw_terminal(p.instance, list(result.state), violations=result.violations))
    for v in result.violations:
        out.append("\n  - ", style=TONE_STYLE[tone_of(v)])
        out.append(v.message)
    return out


def hint_view(found: Hint, plain_words: str) -> Text:
    """The hint in words, then the player's marks: the hinted place green, a wrong mark red."""
    p = found.puzzle
    head, _, rest = plain_words.partition("\n")
    out = Text()
    out.append(head, style=HINT_STYLE[found.kind])
    if rest:
        out.append("\n" + rest, style="dim")
    if found.state:
        place = [found.variable] if found.variable is not None else []
        if found.kind == "mistake":  # the wrong mark in red, as check draws a broken rule
            wrong = [Violation("mistake", found.text, tuple(place))]
            board = p.genre.draw_terminal(p.instance, list(found.state), violations=wrong)
        else:
            board = p.genre.draw_terminal(p.instance, list(found.state), hint=place)
        out.append("\n")
        out.append_text(board)
    return out
