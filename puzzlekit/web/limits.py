"""The bounds that keep one server fair to many players: body size, board size, a time
budget per request and a cap on solves running at once (``puzzlekit.web.bounds``
enforces them).  Plain data, so the command line reads the defaults without loading
the web framework.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    max_body: int = 256 * 1024
    """Bytes in one request body (a 50x50 board with its marks is about 20 KiB)."""
    max_cells: int = 50 * 50
    """Cells on a board the server plays, checks or solves."""
    max_generate_side: int = 20
    """The largest side the server generates (generation is the slowest request)."""
    budget: float = 10.0
    """Seconds of solving, hinting, grading or generating one request may use."""
    solves: int = 2
    """Solves running at once (one per core on a small machine)."""
    wait: float = 2.0
    """Seconds a request waits for a free solve slot before it is turned away (429)."""
