"""puzzlekit's pytest plugin: gives ``PuzzleConformance`` tests their examples.

Registered under the ``pytest11`` entry point, so pytest loads it whenever
puzzlekit is installed; it only touches classes derived from PuzzleConformance.
"""

from __future__ import annotations

import pytest

from puzzlekit.testing.checks import Failed


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    from puzzlekit.testing.conformance import PuzzleConformance

    cls = metafunc.cls
    if cls is None or not issubclass(cls, PuzzleConformance) or "example" not in metafunc.fixturenames:
        return
    try:
        found = cls.examples()
    except Failed as why:
        pytest.fail(f"{cls.__name__}: {why}", pytrace=False)
    metafunc.parametrize("example", found, ids=[ex.id for ex in found])
