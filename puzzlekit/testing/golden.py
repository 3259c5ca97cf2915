"""Golden files: compare output (an SVG picture, say) with a reviewed copy on disk.

A picture that changes on purpose is regenerated, looked at, and committed:
``PUZZLEKIT_REGENERATE_GOLDEN=1 pytest ...`` rewrites every golden file the
run compares instead of failing.  A missing golden file fails with that hint,
so a typo in a path never passes silently.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

REGENERATE = "PUZZLEKIT_REGENERATE_GOLDEN"


def assert_golden(path: Path, actual: str) -> None:
    """Fail, with a short diff, unless ``path`` holds exactly ``actual``."""
    if os.environ.get(REGENERATE) == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return
    if not path.exists():
        raise AssertionError(f"no golden file {path}; create it with {REGENERATE}=1 and review it")
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(), str(path), "actual", lineterm="", n=1)
        shown = "\n".join(list(diff)[:40])
        raise AssertionError(f"{path} differs (regenerate with {REGENERATE}=1 if the change is wanted):\n{shown}")
