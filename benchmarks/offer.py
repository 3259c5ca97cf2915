"""Measure what each genre's generator makes in time, and write the table the web app's
New-puzzle menus are built from (``puzzlekit/web/offer.json``).

    python benchmarks/offer.py                         # every installed genre (long: hours of CPU)
    python benchmarks/offer.py --genre akari --seeds 3 # one genre, merged into the table
    python benchmarks/offer.py --print                 # the table as it stands, no measuring

Each genre x size x difficulty is generated from the seeds ``offer-0``, ``offer-1``, ...
one after another in this process, with the options the web app uses
(``puzzlekit.web.making.options``), each under the web server's budget (``Limits.budget``
wall seconds, as ``POST /api/generate`` runs it), timed in CPU seconds
(``time.process_time()``).  The table keeps the numbers; ``puzzlekit.web.offer`` decides
from them what the menus show (its thresholds are constants there), so changing the
threshold needs no new measurement.  Generators get faster: rerun this and commit the
new table.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import sys
import time

import puzzlekit
from puzzlekit.api import default_host
from puzzlekit.errors import PuzzlekitError
from puzzlekit.generation import make
from puzzlekit.genre import Genre
from puzzlekit.web.limits import Limits
from puzzlekit.web.making import options
from puzzlekit.web.offer import TABLE, candidate_sizes, offered


def measure(genre: Genre, size: str, difficulty: str, seeds: int, budget: float) -> dict[str, object]:
    """CPU seconds per puzzle over ``seeds`` seeds, made as the web app makes them."""
    times: list[float] = []
    failed = 0
    for i in range(seeds):
        start = time.process_time()
        try:
            make(genre, size=size, difficulty=difficulty, seed=f"offer-{i}", timeout=budget, **options(genre))
        except PuzzlekitError:
            failed += 1
        times.append(time.process_time() - start)
    return {
        "seeds": seeds,
        "failed": failed,
        "median": round(statistics.median(times), 3),
        "worst": round(max(times), 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--genre", action="append", help="measure only this genre (repeatable)")
    parser.add_argument("--size", action="append", help="measure only this size (repeatable)")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--print", action="store_true", help="print the table as it stands")
    args = parser.parse_args(argv)
    table = json.loads(TABLE.read_text()) if TABLE.exists() else {"genres": {}}
    if not args.print:
        host = default_host()
        budget = Limits().budget
        names = args.genre or [e.genre.name for e in host.genres() if e.genre.difficulties]
        for name in names:
            genre = host.genre(name)
            rows = table["genres"].setdefault(genre.name, {})
            for size in args.size or candidate_sizes(genre):
                for difficulty in genre.difficulties:
                    row = measure(genre, size, difficulty, args.seeds, budget)
                    rows.setdefault(size, {})[difficulty] = row
                    print(f"{genre.name:14} {size:6} {difficulty:7} {row}", file=sys.stderr, flush=True)
                    table["measured"] = dt.date.today().isoformat()
                    table["version"] = puzzlekit.__version__
                    table["budget"] = budget
                    TABLE.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")
    print("| genre | size | difficulty | median CPU s | worst CPU s | failed | offered |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, sizes in sorted(table["genres"].items()):
        for size, diffs in sizes.items():
            for difficulty, row in diffs.items():
                yes = "yes" if offered(row) else "no"
                print(
                    f"| {name} | {size} | {difficulty} | {row['median']:.2f} | {row['worst']:.2f} | "
                    f"{row['failed']}/{row['seeds']} | {yes} |"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
