"""Human-made boards from the shared corpus come out right (a fast sample; the
benchmark runs them all).  Skipped when ../shared/corpus is absent."""

from __future__ import annotations

import corpus
import pytest

import puzzlekit

pytestmark = pytest.mark.corpus


def _janko_sample() -> list[corpus.Entry]:
    if not corpus.available():
        return []
    entries = corpus.janko_slither()
    small = [e for e in entries if len(e.rows) * len(e.rows[0]) <= 300]
    return small[::30] + [e for e in entries if e.expect != "unique"]


def _puzzlink() -> list[corpus.Entry]:
    if not corpus.available():
        return []
    return [e for e in corpus.puzzlink_slither() if len(e.rows) * len(e.rows[0]) <= 400]


@pytest.mark.parametrize("entry", corpus.cases(_janko_sample), ids=lambda e: e.key.rsplit("/", 1)[-1])
def test_janko_board_solves_to_its_known_answer(entry: corpus.Entry) -> None:
    result = puzzlekit.solve("slitherlink", entry.text)
    assert result.status.value == entry.expect
    if entry.solution and entry.expect == "unique":
        rows, cols = len(entry.rows), len(entry.rows[0])
        assert list(result.solutions[0].values) == corpus.lattice_lines(entry.solution, rows, cols)


@pytest.mark.parametrize("entry", corpus.cases(_puzzlink), ids=lambda e: e.key.rsplit("/", 1)[-1][:40])
def test_puzzlink_board_has_the_expected_status(entry: corpus.Entry) -> None:
    result = puzzlekit.solve("slitherlink", entry.text)
    assert result.status.value == entry.expect  # corrected where the corpus is wrong
