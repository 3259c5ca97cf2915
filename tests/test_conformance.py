"""The built-in genres pass the same shared harness a third-party genre runs."""

from __future__ import annotations

from puzzlekit.testing import PuzzleConformance


class TestSlitherlink(PuzzleConformance):
    puzzle = "slitherlink"
    generates = True
    bad_levels = (
        "...\n.4.\n",
        "..a\n",
        "...\n..\n",
        "+-+\n|5|\n+-+\n",
        "+-+ +\n|3|.\n+ +|+\n . .\n+ + +\n",
    )


class TestHashiwokakero(PuzzleConformance):
    puzzle = "hashiwokakero"
    generates = True
    bad_levels = ("2.9\n", "2.0\n", "2-.-2\n", "2|2\n", "2.x\n", "O.O\n")
