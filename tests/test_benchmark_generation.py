"""The generation benchmark (benchmarks/generation.py) measures what it says."""

from __future__ import annotations

import generation  # benchmarks/generation.py, on the path through conftest
import pytest


def test_a_row_is_genre_size_difficulty_and_count() -> None:
    assert generation.Spec.parse("slitherlink:10x10:hard:10") == generation.Spec("slitherlink", "10x10", "hard", 10)
    with pytest.raises(ValueError, match="GENRE:WxH:DIFFICULTY:COUNT"):
        generation.Spec.parse("slitherlink:10x10:hard")
    with pytest.raises(ValueError, match="GENRE:WxH:DIFFICULTY:COUNT"):
        generation.Spec.parse("slitherlink:10x10:hard:0")


def test_clue_density_counts_given_cells_and_skips_metadata() -> None:
    assert generation.clue_density("# seed: 1\n3.\n..\n") == 0.25


def test_a_small_row_makes_right_puzzles_and_a_table() -> None:
    rows = generation.run_rows([generation.Spec("slitherlink", "4x4", "easy", 2)])
    assert not generation.failed(rows)
    text = generation.table(rows)
    assert "slitherlink 4x4 easy" in text and text.splitlines()[2].split()[3] == "2"
    assert generation.row_json(rows[0])["count"] == 2


def test_a_row_that_cannot_be_made_is_an_error_in_the_table() -> None:
    rows = generation.run_rows([generation.Spec("hashiwokakero", "5x5", "expert", 1)])
    assert generation.failed(rows) and "error:" in generation.table(rows)
