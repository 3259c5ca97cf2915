"""Human-made Hashiwokakero boards from the shared corpus: every janko.at board solves to
its known solution, every puzz.link board to its expected status.  Skipped when
../shared/corpus is absent."""

from __future__ import annotations

import corpus
import pytest

import puzzlekit
from puzzlekit.formats.level import read_blocks

pytestmark = pytest.mark.corpus


def _janko() -> list[corpus.Entry]:
    return corpus.janko_hashi()[::10] if corpus.available() else []


def _puzzlink() -> list[corpus.Entry]:
    return corpus.puzzlink_hashi() if corpus.available() else []


@pytest.mark.parametrize("entry", corpus.cases(_janko), ids=lambda e: e.key.rsplit("/", 1)[-1])
def test_janko_board_solves_to_its_known_solution(entry: corpus.Entry) -> None:
    result = puzzlekit.solve("hashi", entry.text)
    assert result.status.value == entry.expect
    assert entry.solution is not None
    known = result.puzzle.genre.parse_state(result.puzzle.instance, read_blocks("\n".join(entry.solution))[0])
    assert [1 << v for v in result.solutions[0].values] == [d if d != 0b111 else 1 for d in known]


@pytest.mark.parametrize("entry", corpus.cases(_puzzlink), ids=lambda e: e.key.rsplit("?", 1)[-1][:30])
def test_puzzlink_board_has_the_expected_status(entry: corpus.Entry) -> None:
    assert puzzlekit.solve("hashi", entry.text).status.value == entry.expect
