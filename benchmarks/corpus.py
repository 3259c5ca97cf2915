"""Readers for the shared community corpus (../shared/corpus), used by tests and benchmarks.

The corpus is third-party data for local testing only: it is never copied into
the package, and everything that reads it must cope with its absence
(``available()`` is False on a user's fresh clone).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def _default_root() -> Path:
    """``shared/corpus`` beside the checkout or beside one of its folders above (a git
    worktree one level deeper than the main checkout finds the same corpus)."""
    here = Path(__file__).resolve().parents[1]
    for folder in here.parents:
        if (folder / "shared" / "corpus").is_dir():
            return folder / "shared" / "corpus"
    return here.parent / "shared" / "corpus"


ROOT = Path(os.environ.get("PUZZLEKIT_CORPUS") or _default_root())
COMMUNITY = ROOT / "community"
ABSENT = (
    f"the shared corpus is absent ({COMMUNITY} has no janko_slither.txt); "
    "set PUZZLEKIT_CORPUS to the folder that holds community/ to run these"
)
"""Why the corpus tests skip on a fresh clone: said by every one of them."""


def available() -> bool:
    return (COMMUNITY / "janko_slither.txt").is_file()


def cases(make: Callable[[], Sequence[T]]) -> list[Any]:
    """The parameters of a test that runs once per corpus board: ``make()`` when the
    corpus is here, else one case that skips saying why (not pytest's "got empty
    parameter set")."""
    import pytest

    if not available():
        return [pytest.param(None, marks=pytest.mark.skip(reason=ABSENT), id="corpus-absent")]
    return list(make())


# Where the corpus's ``# expect:`` is wrong for the rules the board states.  This board
# carries puzz.link's "f" flag (the loop passes every dot); the corpus answer holds for
# the plain rules.  Under the flag it is unique: a brute-force count and cspuz's own test
# for this URL (semiexp/cspuz_core, slitherlink.rs) agree.
EXPECT_OVERRIDES = {"https://pzprxs.vercel.app/p?slither/f/3/3/gdk": "unique"}


@dataclass
class Entry:
    """One corpus board: its metadata, its level text, and the known solution rows if any."""

    key: str
    meta: dict[str, str]
    rows: list[str]
    solution: list[str] | None = None
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def expect(self) -> str:
        return EXPECT_OVERRIDES.get(self.key, self.meta.get("expect", "unique"))

    @property
    def text(self) -> str:
        head = "".join(f"# {k}: {v}\n" for k, v in self.meta.items() if k in ("id", "url", "expect", "flags"))
        return head + "\n".join(self.rows) + "\n"


def _chunks(path: Path) -> list[tuple[dict[str, str], list[str]]]:
    """Blocks split on truly empty lines (solution rows may be all spaces)."""
    out = []
    for chunk in path.read_text(encoding="utf-8").split("\n\n"):
        meta: dict[str, str] = {}
        rows: list[str] = []
        for line in chunk.split("\n"):
            if line.startswith("#"):
                key, sep, value = line[1:].partition(":")
                if sep:
                    meta[key.strip().lower()] = value.strip()
            elif line:
                rows.append(line)
        if rows:
            out.append((meta, rows))
    return out


def _flag(meta: dict[str, str]) -> dict[str, str]:
    if "flags" in meta:
        meta["flags"] = meta["flags"].split()[0]
    return meta


def janko_slither() -> list[Entry]:
    solutions = {m["id"]: rows for m, rows in _chunks(COMMUNITY / "janko_slither_solutions.txt") if "id" in m}
    return [
        Entry(meta["id"], meta, rows, solutions.get(meta["id"]))
        for meta, rows in _chunks(COMMUNITY / "janko_slither.txt")
    ]


def puzzlink_slither() -> list[Entry]:
    return [
        Entry(meta.get("url", str(i)), _flag(meta), rows)
        for i, (meta, rows) in enumerate(_chunks(COMMUNITY / "slither_neutral.txt"))
    ]


def lattice_lines(rows: list[str], n_rows: int, n_cols: int) -> list[int]:
    """Edge values (1 line, 0 none) from a drawn loop, in puzzlekit's Slitherlink edge order."""
    width = 2 * n_cols + 1
    grid = [r.ljust(width) for r in rows]
    horizontal = [1 if grid[2 * r][2 * c + 1] == "-" else 0 for r in range(n_rows + 1) for c in range(n_cols)]
    vertical = [1 if grid[2 * r + 1][2 * c] == "|" else 0 for r in range(n_rows) for c in range(n_cols + 1)]
    return horizontal + vertical


def janko_hashi() -> list[Entry]:
    solutions = {m["id"]: rows for m, rows in _chunks(COMMUNITY / "janko_hashi_solutions.txt") if "id" in m}
    return [
        Entry(meta["id"], meta, rows, solutions.get(meta["id"]))
        for meta, rows in _chunks(COMMUNITY / "janko_hashi.txt")
    ]


def puzzlink_hashi() -> list[Entry]:
    return [
        Entry(meta.get("url", str(i)), meta, rows)
        for i, (meta, rows) in enumerate(_chunks(COMMUNITY / "hashikake_neutral.txt"))
    ]
