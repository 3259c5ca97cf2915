"""Shared fixtures: the default host, helpers to build Slitherlink states."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))  # the corpus reader
sys.path.insert(0, str(Path(__file__).resolve().parent))  # brute-force helpers

import corpus  # noqa: E402

from puzzlekit.host import Host, make_host  # noqa: E402


@pytest.fixture(scope="session")
def host() -> Host:
    return make_host()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    skip = pytest.mark.skip(reason=corpus.ABSENT)
    for item in items:
        if "corpus" in item.keywords and not corpus.available():
            item.add_marker(skip)
