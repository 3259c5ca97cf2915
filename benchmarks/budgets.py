"""Do the time budgets hold on the boards a fuzzer finds slow?

Adversarial boards (all-0 and mostly blank Slitherlink; Hashiwokakero full of ``?``
islands; an all-``?`` Slitherlink is refused by the reader, so it is not a budget case)
go through every command that takes ``--timeout``, each as a whole ``puzzlekit`` process
with ``--timeout T``, and the table shows how far past T each run answered ("+0.12",
wall seconds minus T) and the process's CPU seconds: a budget holds when the overshoot
stays small (start-up included, which a bare ``--version`` process shows) whatever the
board.  On a shared machine the wall clock waits for other processes, so the CPU column
is the steadier one.  ``generate slitherlink --size SxS`` is timed once per side.

    python benchmarks/budgets.py                 # T = 2 s, boards up to 60x60
    python benchmarks/budgets.py --timeout 0.001 --sides 200
"""

from __future__ import annotations

import argparse
import resource
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
    "check": ["check"],
}


def run(args: list[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (user + system) and exit code of one ``puzzlekit`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    entry = "from puzzlekit.cli.main import main; main()"
    done = subprocess.run([sys.executable, "-c", entry, *args], capture_output=True, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, done.returncode


def cell(seconds: float, cpu: float, code: int, timeout: float) -> str:
    return f"{seconds - timeout:+.2f} ({cpu:.2f} cpu, exit {code})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timeout", type=float, default=2.0)
    parser.add_argument("--sides", type=int, nargs="+", default=[30, 60])
    options = parser.parse_args()
    t = options.timeout
    base, base_cpu, _ = run(["--version"])
    print(f"--timeout {t:g}; a bare 'puzzlekit --version' process takes {base:.2f} s ({base_cpu:.2f} s CPU)")
    print("each cell: wall seconds past the timeout (CPU seconds of the process, exit code)")
    print(f"| board | {' | '.join(COMMANDS)} |")
    print("| --- |" + " --- |" * len(COMMANDS))
    worst = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for side in options.sides:
            for name, (genre, text) in boards(side).items():
                path = Path(folder) / "board.txt"
                path.write_text(text)
                cells = []
                for words in COMMANDS.values():
                    seconds, cpu, code = run([words[0], genre, str(path), *words[1:], "--timeout", str(t)])
                    worst = max(worst, seconds - t)
                    cells.append(cell(seconds, cpu, code, t))
                print(f"| {name} | {' | '.join(cells)} |", flush=True)
        for side in options.sides:
            for genre in ("slitherlink", "hashiwokakero"):
                size = f"{side}x{side}"
                seconds, cpu, code = run(["generate", genre, "--size", size, "--seed", "budget", "--timeout", str(t)])
                worst = max(worst, seconds - t)
                print(f"| generate {genre} --size {size} | {cell(seconds, cpu, code, t)} |", flush=True)
    print(f"worst: {worst:+.2f} s past the timeout (start-up alone: {base:.2f} s)")


if __name__ == "__main__":
    main()
