"""Today's puzzle: the date becomes the seed, so everyone gets the same board.

A genre that generates makes a new puzzle from the seed ``daily-YYYY-MM-DD`` (same
seed, same puzzle, on every machine); one that does not generate gets one of its
bundled examples, chosen by the date.  The player's time zone picks the date (the
page sends its own), or ``--date``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from functools import lru_cache

from puzzlekit.api import load
from puzzlekit.errors import UsageError
from puzzlekit.formats.level import write_block
from puzzlekit.generation import make
from puzzlekit.genre import Genre
from puzzlekit.web.making import options
from puzzlekit.web.words import display_name

DAILY_DIFFICULTY = "medium"


def parse_date(text: str | None) -> dt.date:
    """``YYYY-MM-DD`` (None: today on this machine's clock)."""
    if text is None:
        return dt.date.today()
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise UsageError(f"a date is YYYY-MM-DD, such as 2026-12-01, not {text!r}") from None


def daily_seed(date: dt.date) -> str:
    return f"daily-{date.isoformat()}"


def difficulty_for(genre: Genre) -> str:
    if DAILY_DIFFICULTY in genre.difficulties:
        return DAILY_DIFFICULTY
    return next(iter(genre.difficulties))


@lru_cache(maxsize=64)
def daily_text(genre: Genre, date: dt.date, timeout: float = 30.0) -> str:
    """The day's puzzle as level text, with its date as the title."""
    seed = daily_seed(date)
    if genre.difficulties:
        made = make(genre, size=genre.daily_size, difficulty=difficulty_for(genre), seed=seed, timeout=timeout,
                    **options(genre))  # fmt: skip
        text = made[0].text
    else:
        text = _bundled(genre, seed)
    return f"# title: {display_name(genre)} of {date.isoformat()}\n{text}"


def _bundled(genre: Genre, seed: str) -> str:
    """One bundled example, picked by the seed's hash (stable on every machine)."""
    puzzles = [p for path in genre.example_paths() for p in load(genre, path.read_text(encoding="utf-8"), str(path))]
    if not puzzles:
        raise UsageError(f"{genre.name} neither generates puzzles nor bundles examples, so it has no daily puzzle")
    pick = int(hashlib.sha256(seed.encode()).hexdigest(), 16) % len(puzzles)
    chosen = puzzles[pick]
    meta = {k: v for k, v in chosen.meta.items() if k != "title"}
    return write_block(chosen.genre.write(chosen.instance), {**meta, "seed": seed})
