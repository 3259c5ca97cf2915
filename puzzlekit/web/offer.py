"""What the New-puzzle menus offer: per genre, the sizes and difficulties its generator
makes within the server's budget, read from a measured table (``offer.json``, written by
``benchmarks/offer.py``), so the menus follow the generators as they get faster without
any guess in the page.

A genre the table does not know (a plugin installed later) is offered its declared
``Genre.sizes`` with every difficulty, marked unmeasured: the server still says so when a
difficulty is not made in time and makes the nearest one instead.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from puzzlekit.genre import Genre

TABLE = Path(__file__).with_name("offer.json")
MEDIAN_CAP = 2.0
"""CPU seconds: a size and difficulty is offered when its median generation is this quick ..."""
WORST_CAP = 6.0
"""... its slowest seed this quick (under the 10 s budget, with room for a busy machine) ..."""
MAX_FAILED = 0
"""... and no seed failed."""


@dataclass(frozen=True)
class SizeOffer:
    size: str
    difficulties: tuple[str, ...]
    measured: bool


def candidate_sizes(genre: Genre) -> list[str]:
    """The sizes measured and offered: the genre's own list, with its daily size."""
    sizes = list(genre.sizes)
    if genre.daily_size not in sizes:
        sizes.append(genre.daily_size)
    return sorted(sizes, key=_area)


def _area(size: str) -> tuple[int, str]:
    cols, _, rows = size.partition("x")
    return (int(cols) * int(rows) if cols.isdigit() and rows.isdigit() else 0, size)


def offered(row: dict[str, Any]) -> bool:
    return bool(row["failed"] <= MAX_FAILED and row["median"] <= MEDIAN_CAP and row["worst"] <= WORST_CAP)


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:
    try:
        data: dict[str, Any] = json.loads(TABLE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    genres: dict[str, Any] = data.get("genres", {})
    return genres


def offer_for(genre: Genre) -> list[SizeOffer]:
    """The sizes the menu shows for ``genre``, smallest first, each with the difficulties
    made in time (a size none of whose difficulties is, is left out)."""
    if not genre.difficulties:
        return []
    measured = _table().get(genre.name)
    if measured is None:
        return [SizeOffer(size, tuple(genre.difficulties), False) for size in candidate_sizes(genre)]
    out = []
    for size in sorted(measured, key=_area):
        rows = measured[size]
        made = tuple(d for d in genre.difficulties if d in rows and offered(rows[d]))
        if made:
            out.append(SizeOffer(size, made, True))
    return out
