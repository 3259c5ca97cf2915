"""Making a puzzle for a player: the difficulty asked for, or, when it is not made in
time, the nearest one that is (saying so), with the options players expect.

The web app's New puzzle, its daily puzzle and ``benchmarks/offer.py`` (which measures
what the menus offer) all make puzzles through here, so they agree.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from puzzlekit.generation import GenerationError, make
from puzzlekit.genre import Genre

ISLAND_DENSITY = 0.3
"""Islands per square for genres that place islands (``density``): Simon Tatham's
7x7 Bridges have 11 to 15 islands; the generator's own default makes about 10."""
FIRST_SHARE = 0.6
"""The part of the budget the difficulty asked for gets before the nearest ones are tried."""


@dataclass(frozen=True)
class Made:
    text: str
    difficulty: str
    """The difficulty made (the one asked for unless ``note`` says otherwise)."""
    note: str = ""


def options(genre: Genre) -> dict[str, Any]:
    """What players' puzzles are made with beyond size and difficulty."""
    takes = genre.generate_options
    return {"density": ISLAND_DENSITY} if takes is not None and "density" in takes else {}


def nearest(genre: Genre, difficulty: str) -> list[str]:
    """The genre's difficulties, the one asked for first, then by distance of rung (the
    easier first on a tie)."""
    rungs = genre.difficulties
    if difficulty not in rungs:
        return [difficulty]  # make() names the known ones
    want = rungs[difficulty]
    return sorted(rungs, key=lambda d: (abs(rungs[d] - want), rungs[d] > want, rungs[d]))


def make_for_player(genre: Genre, size: tuple[int, int], difficulty: str, seed: str, budget: float) -> Made:
    """The puzzle (same seed, same puzzle) at ``difficulty`` if it is made within most of
    ``budget`` seconds, else the nearest difficulty made in what is left (at once when the
    genre never makes ``difficulty`` at this size, ``Genre.difficulties_at``)."""
    ends = time.perf_counter() + budget
    tried: list[str] = []
    first_error = ""
    order = nearest(genre, difficulty)
    made_here = genre.difficulties_at(*size)  # none: make() says why the size is refused
    never = bool(made_here) and difficulty in genre.difficulties and difficulty not in made_here
    if never:  # a 4x4 Sudoku above easy: the nearest made at this size, at once
        order = [d for d in order if d in made_here]
        tried.append(difficulty)
    for i, d in enumerate(order):
        left = ends - time.perf_counter()
        if left <= 0.05:
            break
        share = left * FIRST_SHARE if i == 0 else left if i == len(order) - 1 else left / 2
        try:
            made = make(genre, size=size, difficulty=d, seed=seed, timeout=share, **options(genre))
        except GenerationError as err:
            tried.append(d)
            first_error = first_error or str(err)
            continue
        if not tried:
            return Made(made[0].text, d)
        how = "is made at this size" if never else "was made in time"
        words = f"no {difficulty} {size[0]}x{size[1]} puzzle {how}, so this one is {d}"
        return Made(made[0].text, d, words)
    raise GenerationError(f"{first_error} (tried {', '.join(tried) or difficulty} within {budget:g} s)")
