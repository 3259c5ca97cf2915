"""Do the time budgets hold on the boards a fuzzer finds slow?

Adversarial boards (all-``?``, all-0, mostly blank Slitherlink; Hashiwokakero full of
``?`` islands) go through every command that searches, each as a whole ``puzzlekit``
process with ``--timeout T``, and the table shows the wall time of each run next to T:
a budget holds when the wall time stays near T (plus start-up), whatever the board.

    python benchmarks/budgets.py                 # T = 2 s, boards up to 60x60
    python benchmarks/budgets.py --timeout 5 --sides 30 100 200
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def boards(side: int) -> dict[str, tuple[str, str]]:
    """name -> (genre, level text) for one board side."""
    hashi_row = ".".join("?" * ((side + 1) // 2))[:side]
    blank_row = "." * side
    hashi = "\n".join(hashi_row if r % 2 == 0 else blank_row for r in range(side))
    mostly_blank = ["." * side for _ in range(side)]
    mostly_blank[side // 2] = "3" + "." * (side - 2) + "3"
    return {
        f"slitherlink all-? {side}x{side}": ("slitherlink", ("?" * side + "\n") * side),
        f"slitherlink all-0 {side}x{side}": ("slitherlink", ("0" * side + "\n") * side),
        f"slitherlink mostly blank {side}x{side}": ("slitherlink", "\n".join(mostly_blank) + "\n"),
        f"hashi all-? {side}x{side}": ("hashiwokakero", hashi + "\n"),
    }


COMMANDS = {
    "solve": ["solve"],
    "solve --engine sat": ["solve", "--engine", "sat"],
    "grade": ["grade"],
    "hint": ["hint"],
    "analyze": ["analyze"],
    "render --solution": ["render", "--solution", "--format", "svg", "-o", "/dev/null"],
}


def run(args: list[str]) -> tuple[float, int]:
    started = time.perf_counter()
    entry = "from puzzlekit.cli.main import main; main()"
    done = subprocess.run([sys.executable, "-c", entry, *args], capture_output=True, check=False)
    return time.perf_counter() - started, done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timeout", type=float, default=2.0)
    parser.add_argument("--sides", type=int, nargs="+", default=[30, 60])
    options = parser.parse_args()
    base, _ = run(["--version"])
    print(f"--timeout {options.timeout:g}; a bare 'puzzlekit --version' process takes {base:.2f} s")
    print(f"| board | {' | '.join(COMMANDS)} |")
    print("| --- |" + " --- |" * len(COMMANDS))
    with tempfile.TemporaryDirectory() as folder:
        for side in options.sides:
            for name, (genre, text) in boards(side).items():
                path = Path(folder) / "board.txt"
                path.write_text(text)
                cells = []
                for words in COMMANDS.values():
                    seconds, code = run([words[0], genre, str(path), *words[1:], "--timeout", str(options.timeout)])
                    cells.append(f"{seconds:.1f} s (exit {code})")
                print(f"| {name} | {' | '.join(cells)} |", flush=True)


if __name__ == "__main__":
    main()
