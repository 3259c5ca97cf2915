"""The bounds that keep one server fair to many players: body size, board size, a time
budget per request, caps on work running at once, the memory boards kept between
requests may hold, and how long a slow client may take (``puzzlekit.web.bounds`` and
``puzzlekit.web.server`` enforce them).  Plain data, so the command line reads the
defaults without loading the web framework.
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
    """Seconds a request waits for a free slot before it is turned away (429)."""
    reads: int = 4
    """Requests reading a puzzle (load, check, render, export) running at once; solves
    have their own ``solves`` slots, so a live check is not stuck behind a slow solve."""
    cache_bytes: int = 64 * 1024 * 1024
    """Memory the boards kept between moves may hold (a 50x50 board's model is 3-10 MB)."""
    header_timeout: float = 10.0
    """Seconds a client has to send a request's line and headers after connecting (or
    after its last answer), so slow-header connections do not pile up."""
    body_timeout: float = 10.0
    """Seconds a client has to send a request's body once its headers are in (408 after)."""
    idle_timeout: float = 5.0
    """Seconds a kept-alive connection may sit idle between requests before it is closed."""
