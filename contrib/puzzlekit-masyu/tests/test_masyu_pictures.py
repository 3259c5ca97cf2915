"""Masyu draws itself through puzzlekit's public picture API: SVG, terminal, ``render``.

Golden files live in tests/golden/; regenerate them with
``PUZZLEKIT_REGENERATE_GOLDEN=1 pytest contrib/puzzlekit-masyu/tests`` and look at them.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner

import puzzlekit
from puzzlekit.cli.main import main
from puzzlekit.core import TRUE
from puzzlekit.pictures import can_draw, draw
from puzzlekit.testing import assert_golden

EXAMPLES = Path(__file__).resolve().parents[1] / "src" / "puzzlekit_masyu" / "examples"
GOLDEN = Path(__file__).resolve().parent / "golden"
NS = "{http://www.w3.org/2000/svg}"
CORNER = "B..\n...\n...\n"
BENT_WRONG = "B-.-.\n|+ +|\n.-.-.\n + +\n. . .\n"  # the black pearl's legs stop after one cell


def marks(svg: str, tag: str, *classes: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg" and root.get("viewBox")
    return [e for e in root.iter(f"{NS}{tag}") if set(classes) <= set(e.get("class", "").split())]


def solved(text: str) -> tuple[puzzlekit.Puzzle, list[int]]:
    result = puzzlekit.solve("masyu", text)
    return result.puzzle, [1 << v for v in result.solutions[0].values]


def test_masyu_can_draw() -> None:
    assert can_draw(puzzlekit.default_host().genre("masyu"))


def test_a_bare_board_has_a_disc_per_pearl_in_its_colour() -> None:
    (puzzle,) = puzzlekit.load("masyu", (EXAMPLES / "pearls.txt").read_text())
    svg = draw(puzzle)
    pearls = puzzle.instance.pearls
    assert len(marks(svg, "circle", "pearl", "black")) == sum(1 for p in pearls.values() if p == "B")
    assert len(marks(svg, "circle", "pearl", "white")) == sum(1 for p in pearls.values() if p == "W")
    assert not marks(svg, "path", "segment")


def test_the_loop_is_one_path_per_segment() -> None:
    puzzle, dom = solved((EXAMPLES / "pearls.txt").read_text())
    assert len(marks(draw(puzzle, dom), "path", "segment")) == sum(1 for d in dom if d == TRUE)


def test_a_pearl_passed_the_wrong_way_is_red_with_its_lines() -> None:
    result = puzzlekit.check("masyu", CORNER, BENT_WRONG)
    svg = draw(result.puzzle, result.state, violations=result.violations)
    assert len(marks(svg, "circle", "pearl", "black", "wrong")) == 1
    assert len(marks(svg, "rect", "shade", "wrong")) == 1
    assert len(marks(svg, "path", "segment", "wrong")) == 3  # its two arms, and the one leg that goes on


def test_golden_masyu_solution() -> None:
    puzzle, dom = solved((EXAMPLES / "pearls.txt").read_text())
    assert_golden(GOLDEN / "masyu-pearls-solved.svg", draw(puzzle, dom))


def test_golden_masyu_attempt_with_violations() -> None:
    result = puzzlekit.check("masyu", CORNER, BENT_WRONG)
    svg = draw(result.puzzle, result.state, violations=result.violations)
    assert_golden(GOLDEN / "masyu-corner-attempt.svg", svg)


def test_the_terminal_view_draws_pearls_and_the_loop() -> None:
    puzzle, dom = solved("B..\n...\n..B\n")
    genre = puzzle.genre
    text = genre.draw_terminal(puzzle.instance, dom)
    assert text.plain == genre.pretty(puzzle.instance, dom)
    assert text.plain.split("\n") == ["●───────┐", "│       │", "│   ·   │", "│       │", "└───────●"]


def test_render_draws_masyu_from_the_command_line() -> None:
    result = CliRunner().invoke(main, ["render", "masyu", str(EXAMPLES / "pearls.txt"), "--solution"])
    assert result.exit_code == 0, result.stderr
    assert marks(result.output, "path", "segment")
