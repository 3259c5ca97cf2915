"""The terminal view: rich colour and box drawing on a terminal, plain text that reads back
when piped or with --plain, and the plain and coloured views drawn from one grid."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.text import Text

import puzzlekit
from puzzlekit.api import Puzzle, judge
from puzzlekit.cli import terminal
from puzzlekit.core.model import BOOL, TRUE
from puzzlekit.formats.level import read_blocks
from puzzlekit.pictures import TextGrid

ROOT = Path(__file__).resolve().parents[1]
SLITHER = ROOT / "plugins" / "puzzlekit_slitherlink" / "examples"
HASHI = ROOT / "plugins" / "puzzlekit_hashi" / "examples"
ESC = "\x1b["


def styled(text: Text) -> set[tuple[str, str]]:
    """(characters, style) for every styled run of a rich Text."""
    return {(text.plain[s.start : s.end], str(s.style)) for s in text.spans}


def styles_of(text: Text, needle: str, line: int = 0) -> set[str]:
    """The styles of the characters of ``needle``, found on the given line of ``text``."""
    start = sum(len(row) + 1 for row in text.plain.split("\n")[:line])
    at = text.plain.index(needle, start)
    return {str(s.style) for s in text.spans for i in range(at, at + len(needle)) if s.start <= i < s.end}


def render(text: Text) -> str:
    """What a colour terminal receives."""
    out = io.StringIO()
    terminal.console(out, force_terminal=True).print(text)
    return out.getvalue()


def attempt(genre: str, puzzle_text: str, state_text: str) -> tuple[Puzzle, list[int]]:
    (puzzle,) = puzzlekit.load(genre, puzzle_text)
    return puzzle, puzzle.genre.parse_state(puzzle.instance, read_blocks(state_text)[0])


def test_a_text_grid_gives_plain_and_coloured_text_from_one_drawing() -> None:
    grid = TextGrid(2, 5)
    grid.put(0, 0, "┌───┐", "line")
    grid.put(1, 2, "3", "clue", "wrong")
    assert grid.plain() == "┌───┐\n  3"
    assert grid.to_text().plain == grid.plain()
    assert styled(grid.to_text()) == {("┌───┐", "bold"), ("3", "bold red")}


@pytest.mark.parametrize(
    ("genre", "path"),
    [("slitherlink", SLITHER / "first.txt"), ("hashi", HASHI / "harbour.txt"), ("masyu", None)],
)
def test_the_coloured_view_has_the_characters_of_the_plain_one(genre: str, path: Path | None) -> None:
    text = path.read_text() if path else "B..\n...\n..B\n"
    result = puzzlekit.solve(genre, text)
    p = result.puzzle
    dom = [1 << v for v in result.solutions[0].values]
    assert p.genre.draw_terminal(p.instance, dom).plain == p.genre.pretty(p.instance, dom)


def test_solve_on_a_terminal_draws_box_lines_in_colour() -> None:
    result = puzzlekit.solve("slitherlink", "31\n..\n")
    shown = render(terminal.solve_view(result, steps=True, total=1))
    assert ESC in shown
    plain = terminal.solve_view(result, steps=True, total=1).plain
    assert "unique solution" in plain and "step 1" in plain and "┌───┐" in plain


def test_a_finished_board_shows_no_crosses_an_open_one_does() -> None:
    result = puzzlekit.solve("slitherlink", "31\n..\n")
    p = result.puzzle
    dom = [1 << v for v in result.solutions[0].values]
    assert "×" not in p.genre.pretty(p.instance, dom)
    opened = [BOOL if d == TRUE else d for d in dom]
    assert "×" in p.genre.pretty(p.instance, opened)


def test_an_over_full_clue_and_its_lines_are_red() -> None:
    puzzle, dom = attempt("slitherlink", "1\n", "+-+\n|1|\n+-+\n")
    text = puzzle.genre.draw_terminal(puzzle.instance, dom, violations=judge(puzzle, dom).violations)
    assert styles_of(text, "1") == {"bold red"}
    assert styles_of(text, "───") == {"bold red"}
    assert styles_of(text, "│", line=1) == {"bold red"}


def test_a_branch_shows_as_a_red_junction() -> None:
    puzzle, dom = attempt("slitherlink", "..\n", "+-+-+\n| | |\n+-+-+\n")
    text = puzzle.genre.draw_terminal(puzzle.instance, dom, violations=judge(puzzle, dom).violations)
    assert styles_of(text, "┬") == styles_of(text, "┴", line=2) == {"bold red"}
    assert styles_of(text, "│   │   │", line=1) >= {"bold", "bold red"}  # only the middle line branches


def test_the_hinted_edge_is_green_even_while_open() -> None:
    (puzzle,) = puzzlekit.load("slitherlink", "31\n..\n")
    dom = [BOOL] * len(puzzle.genre.build(puzzle.instance).domains)
    text = puzzle.genre.draw_terminal(puzzle.instance, dom, hint=[0])  # the top of r1c1
    assert ("┄┄┄", "bold green") in styled(text)


def test_bridges_are_box_characters_and_a_crossing_is_red() -> None:
    (puzzle,) = puzzlekit.load("hashi", ".2.\n2.2\n.2.\n")
    dom = [1 << 1] * puzzle.instance.n_edges
    text = puzzle.genre.draw_terminal(puzzle.instance, dom, violations=judge(puzzle, dom).violations)
    assert text.plain.split("\n")[1] == "2─┼─2"
    assert styles_of(text, "┼", line=1) == {"bold red"}
    double = puzzlekit.solve("hashi", "2\n.\n2\n")
    p = double.puzzle
    assert p.genre.pretty(p.instance, [1 << v for v in double.solutions[0].values]) == "2\n║\n2"


def test_check_on_a_terminal_draws_the_attempt_and_lists_violations_by_tone() -> None:
    result = puzzlekit.check_all(
        "slitherlink", (SLITHER / "first.txt").read_text(), (SLITHER / "first.attempt.txt").read_text()
    )[0]
    view = terminal.check_view(result)
    assert view.plain.startswith("<string>:5: incomplete\n")
    assert "  - the 3 at r4c5 has only 2 lines" in view.plain
    assert ("incomplete", "bold yellow") in styled(view)
    assert (" 3", "bold yellow") in styled(view)  # the short 3 at the end of its row


# -- a real terminal ------------------------------------------------------------------------


def on_a_terminal(*args: str) -> str:
    """Run the command line with a pseudo-terminal as standard output; what it printed."""
    master, slave = os.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE")}
    env.update(TERM="xterm-256color", COLUMNS="100")
    code = "import sys; from puzzlekit.cli.main import main; sys.exit(main())"
    with subprocess.Popen(
        [sys.executable, "-c", code, *args], stdout=slave, stderr=subprocess.DEVNULL, env=env
    ) as proc:
        os.close(slave)
        chunks = []
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the terminal closed: everything has been read
                break
            if not chunk:
                break
            chunks.append(chunk)
        proc.wait(timeout=30)
    os.close(master)
    return b"".join(chunks).decode("utf-8").replace("\r\n", "\n")


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_solve_on_a_real_terminal_is_coloured_and_plain_when_asked() -> None:
    source = str(SLITHER / "first.txt")
    coloured = on_a_terminal("solve", "slitherlink", source)
    assert ESC in coloured and "┌" in coloured and "unique solution" in coloured
    plain = on_a_terminal("solve", "slitherlink", source, "--plain")
    assert ESC not in plain
    assert "# status: unique" in plain
    assert puzzlekit.load("slitherlink", plain)[0].meta["status"] == "unique"


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_check_on_a_real_terminal_draws_the_board() -> None:
    shown = on_a_terminal(
        "check", "slitherlink", str(SLITHER / "first.txt"), "--state", str(SLITHER / "first.attempt.txt")
    )
    assert ESC in shown and "└" in shown and "has only 2 lines" in shown


def test_a_board_wider_than_the_terminal_falls_back_to_plain_text() -> None:
    from puzzlekit.cli import output

    made = puzzlekit.generate("slitherlink", size=20, seed="wide", difficulty="easy")[0].text
    result = puzzlekit.solve("slitherlink", made)
    view, plain = terminal.solve_view(result, False, 1), output.solve_plain(result)
    board_width = max(len(line) for line in view.plain.split("\n")[1:])
    narrow, wide = io.StringIO(), io.StringIO()
    terminal.show(view, plain, file=narrow, width=board_width - 1)
    terminal.show(view, plain, file=wide, width=board_width)
    assert narrow.getvalue().startswith("# seed: wide") and "# status: unique" in narrow.getvalue()
    assert puzzlekit.load("slitherlink", narrow.getvalue())  # what was printed reads back
    assert wide.getvalue().startswith(view.plain.split("\n")[0][:10]) and "# status" not in wide.getvalue()
