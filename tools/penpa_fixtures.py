"""Build tests/fixtures/penpa/recorded.json by asking Penpa+ itself about boards.

    python tools/penpa_fixtures.py PZPR_JS PENPA_INDEX_HTML

Seeded random boards of Slitherlink, Hashiwokakero and Masyu are (1) imported by Penpa
from the puzz.link URL pzprjs writes for them, and Penpa's own edit URL is kept, and (2)
written by puzzlekit as Penpa URLs, which Penpa then opens: what it holds (size,
numbers, symbols) is kept.  The tests read Penpa's URLs back to the boards, compare
puzzlekit's text with Penpa's line for line, and check Penpa read puzzlekit's URLs as
the boards.  Needs node with puppeteer-core and Chromium (see tools/penpa_record.js).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import puzzlekit
from puzzlekit import interchange

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "fixtures" / "penpa" / "recorded.json"
SIZES = [(3, 3), (5, 5), (7, 4), (4, 7), (6, 6), (10, 10), (1, 5), (15, 8)]
CLUES = {"slitherlink": "0123", "hashiwokakero": "12345678?", "masyu": "WB"}


def boards(rng: random.Random) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for genre, clues in CLUES.items():
        for cols, rows in SIZES:
            density = rng.choice([0.15, 0.3, 0.6])
            grid = [["." if rng.random() > density else rng.choice(clues) for _ in range(cols)] for _ in range(rows)]
            if genre == "hashiwokakero" and all(ch == "." for row in grid for ch in row):
                grid[0][0] = "2"
            out.append({"genre": genre, "rows": ["".join(row) for row in grid]})
    out[0]["meta"] = {"title": "zig, zag", "author": "Zoë"}  # commas, z (Penpa's escape letter), not ASCII
    return out


def main() -> int:
    pzpr, index = sys.argv[1:3]
    host = puzzlekit.default_host()
    made = boards(random.Random(20261201))
    ours = []
    for board in made:
        meta = "".join(f"# {k}: {v}\n" for k, v in dict(board.get("meta", {})).items())  # type: ignore[call-overload]
        (puzzle,) = puzzlekit.load(str(board["genre"]), meta + "\n".join(board["rows"]) + "\n", host=host)  # type: ignore[arg-type]
        ours.append({"read": interchange.encode(puzzle, "penpa", host)})
    jobs = made + ours
    run = subprocess.run(
        ["node", str(ROOT / "tools" / "penpa_record.js"), pzpr, index],
        input=json.dumps(jobs),
        capture_output=True,
        text=True,
        check=True,
    )
    sys.stderr.write(run.stderr)
    answers = json.loads(run.stdout)
    records = []
    for board, mine, penpa_made, penpa_read in zip(made, ours, answers[: len(made)], answers[len(made) :]):
        records.append({**board, "penpa_made": penpa_made, "ours": mine["read"], "penpa_read": penpa_read})
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"penpa": "swaroopg92/penpa-edit 3.2.3", "boards": records}, indent=1) + "\n")
    print(f"{len(records)} boards, {sum(r['penpa_made'] is None for r in records)} Penpa could not import")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
