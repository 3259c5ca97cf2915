"""A bounded, seeded fuzz of the command line: random argv built from each command's
own options, mutated inputs, odd file names and missing standard streams.  Whatever
comes in, a command ends with a documented exit code, never a traceback, and an error
is one line on stderr (``puzzlekit: error: ...``)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from puzzlekit.cli.exitcodes import EXIT_CODES
from puzzlekit.cli.main import main

SEED = 15
CASES = 320
ROOT = Path(__file__).resolve().parents[1]
LEVELS = {
    "slitherlink": (ROOT / "plugins/puzzlekit_slitherlink/examples/first.txt").read_text(),
    "hashi": (ROOT / "plugins/puzzlekit_hashi/examples/harbour.txt").read_text(),
    "masyu": "W.B\n...\nB.W\n",
}
ATTEMPT = (ROOT / "plugins/puzzlekit_slitherlink/examples/first.attempt.txt").read_text()
URLS = [
    "https://puzz.link/p?slither/5/5/cbcbcddad",
    "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3",
    "5x5t0dh:3c332b231e2333b2a",
    "7x7m2:c2a1",
]
GOOD_NUMBERS = ["1", "2", "3", "0.3"]
BAD_NUMBERS = ["0", "-1", "nan", "inf", "-inf", "1e400", "99999999999999999999", "x", ""]
JUNK = ["", " ", "\x0c", "\x1b[2J", "a\udcffb", "\n", "?", "3" * 50, "../", "-"]
SLOW = {"selftest"}  # conformance runs take seconds each: fuzzed with a wrong genre only
NOT_FUZZED = {"play", "serve"}  # they start a web server and wait: tests/test_web*.py cover them


def mutate(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        kind = rng.randrange(5)
        at = rng.randrange(len(chars) + 1)
        if kind == 0 and chars:
            del chars[min(at, len(chars) - 1)]
        elif kind == 1:
            chars.insert(at, rng.choice("0123?.x+-|#:\n\t\x00\x0c\x1b\u00e9\ufeff"))
        elif kind == 2:
            chars[at:] = chars[at : at + rng.randrange(4)]  # cut short
        elif kind == 3:
            chars.insert(at, rng.choice(["# title: ", "# expect: ", "# flags: ", "\n\n", "9999"]))
        else:
            chars = chars * 2
    return "".join(chars)


def sources(rng: random.Random, folder: Path) -> list[str]:
    """Files with odd names and mutated content, URLs and IDs (some mutated), stdin."""
    names = ["with space.txt", "-dash.txt", "ünï.txt", "lev\udcffel.txt", "tab\there.txt"]
    out = []
    for genre, text in LEVELS.items():  # each genre's level as it is, twice: most cases should get far
        (folder / f"{genre}.txt").write_text(text)
        out += [str(folder / f"{genre}.txt")] * 2
    for name in names:
        genre = rng.choice(list(LEVELS))
        path = folder / name
        path.write_text(mutate(rng, LEVELS[genre]), encoding="utf-8", errors="surrogateescape")
        out.append(str(path))
    for genre, text in LEVELS.items():  # valid boards under odd names: the names reach the output
        odd = folder / f"{genre} \udcff\x1b.txt"
        odd.write_text(text)
        out.append(str(odd))
    (folder / "empty.txt").write_text("")
    (folder / "attempt.txt").write_text(ATTEMPT)
    (folder / "binary.bin").write_bytes(bytes(range(256)))
    (folder / "adir").mkdir()
    out += [str(folder / n) for n in ("empty.txt", "attempt.txt", "binary.bin", "adir", "missing.txt")]
    out += URLS + [mutate(rng, u) for u in URLS] + ["-"]
    return out


def option_value(rng: random.Random, option: click.Option, files: list[str], folder: Path) -> list[str]:
    name = option.opts[-1] if option.opts[-1].startswith("--") else option.opts[0]
    if option.is_flag:
        return [rng.choice(option.secondary_opts or [name]) if option.secondary_opts else name]
    if name in ("--count", "--jobs"):  # bounded: no fuzz case may make a hundred puzzles
        return [name, rng.choice(["1", "0", "-1", "x", "nan", "257", "100001"])]
    if name == "--size":
        return [name, rng.choice(["4", "3x5", "1x9", "0", "nan", "4x", "x", "201", "3x3x3"])]
    if isinstance(option.type, (click.types.IntParamType, click.types.FloatParamType)):
        return [name, rng.choice(GOOD_NUMBERS if rng.random() < 0.7 else BAD_NUMBERS)]
    if isinstance(option.type, click.Choice):
        return [name, rng.choice([*map(str, option.type.choices)] * 4 + ["bogus"])]
    if name in ("-o", "--output"):
        outputs = ["out.svg", "out.png", "out.pdf", "out.txt", "out", "adir", "nodir/x.svg"]
        return [name, str(folder / rng.choice(outputs))]
    if name in ("--state", "--from-mask"):
        return [name, rng.choice(files)]
    if name == "--copy":  # never the working folder or its parent: only the test's own folder
        return [name, rng.choice([str(folder / "adir"), str(folder / "missing"), str(folder / "level.txt")])]
    return [name, rng.choice([*JUNK, "fuzz"])]


def argv(rng: random.Random, name: str, command: click.Command, files: list[str], folder: Path) -> list[str]:
    args = [name]
    positional = [p for p in command.params if isinstance(p, click.Argument)]
    genres = [*LEVELS, *LEVELS, *LEVELS, "nosuch", "slither"]
    if name in SLOW:
        return [name, "nosuchgenre"]
    for param in positional:
        if param.name == "genre":
            if rng.random() < 0.85:
                args.append(rng.choice(genres))
        else:
            args.append(rng.choice(files))
    options = [p for p in command.params if isinstance(p, click.Option) and p.name != "help"]
    for option in rng.sample(options, k=min(len(options), rng.choice([0, 0, 1, 1, 2, 3]))):
        args += option_value(rng, option, files, folder)
    if "--timeout" in {o for p in options for o in p.opts} and "--timeout" not in args:
        args += ["--timeout", "2"]  # every case stays quick, whatever else it asks for
    if rng.random() < 0.03:
        args.append("--no-such-option")
    return args


def check_outcome(args: list[str], code: int, stderr: str, crashed: BaseException | None) -> None:
    where = f"puzzlekit {' '.join(map(repr, args))}"
    assert crashed is None, f"{where}: {crashed!r}"
    assert code in EXIT_CODES, f"{where}: exit {code}\n{stderr}"
    assert "Traceback" not in stderr, f"{where}\n{stderr}"
    lines = stderr.splitlines()
    assert all(line.startswith("puzzlekit: ") for line in lines), f"{where}\n{stderr}"
    errors = [line for line in lines if line.startswith("puzzlekit: error: ")]
    if code in (1, 2):
        assert len(errors) >= 1, f"{where}: exit {code} without an error line\n{stderr}"
    assert len(errors) <= 1 or all(":" in e for e in errors), f"{where}\n{stderr}"


def test_fuzzed_command_lines_end_with_a_documented_code_and_one_error_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    work = tmp_path / "cwd"
    work.mkdir()
    monkeypatch.chdir(work)  # whatever a fuzzed command writes to a relative path lands here
    rng = random.Random(SEED)
    files = sources(rng, tmp_path)
    ctx = click.Context(main)
    commands = [(name, main.get_command(ctx, name)) for name in main.list_built_in()]
    commands = [(name, c) for name, c in commands if c is not None and name not in NOT_FUZZED]
    runner = CliRunner()
    for case in range(CASES):
        name, command = commands[case % len(commands)]
        args = argv(rng, name, command, files, tmp_path)
        stdin = mutate(rng, rng.choice(list(LEVELS.values()))) if rng.random() < 0.7 else rng.choice(URLS)
        result = runner.invoke(main, args, input=stdin)
        crashed = result.exception if not isinstance(result.exception, SystemExit) else None
        check_outcome(args, result.exit_code, result.stderr, crashed)


@pytest.mark.parametrize(
    ("args", "redirect"),
    [
        (["solve", "slitherlink", "-"], "0<&-"),
        (["check", "slitherlink", "-"], "0<&- 1>&-"),
        (["hint", "slitherlink", "SOURCE"], "1>&-"),
        (["render", "slitherlink", "SOURCE"], "1>&-"),
        (["genres"], "1>&-"),
    ],
)
def test_commands_without_standard_streams_end_cleanly(args: list[str], redirect: str) -> None:
    source = str(ROOT / "plugins/puzzlekit_slitherlink/examples/first.txt")
    line = " ".join(f"'{source}'" if a == "SOURCE" else a for a in args)
    script = f"'{sys.executable}' -c 'from puzzlekit.cli.main import main; main()' {line} {redirect}"
    done = subprocess.run(["sh", "-c", script], stderr=subprocess.PIPE, timeout=60)
    check_outcome(args, done.returncode, done.stderr.decode("utf-8", "replace"), None)


def test_every_genre_mutated_solve_check_render_end_with_a_documented_code(tmp_path: Path) -> None:
    """Every registered genre (not only the three above): its bundled example, mutated, and
    a one-cell board of its first clue through ``solve``, ``check`` and ``render``."""
    from puzzlekit.host import make_host

    host = make_host()
    rng = random.Random(SEED)
    runner = CliRunner()
    for entry in host.genres():
        genre = entry.genre
        example = genre.example_paths()[0].read_text() if genre.example_paths() else ".\n"
        clue = next((ch for ch in example.splitlines()[-1] if ch not in ". "), ".")
        for i, text in enumerate([mutate(rng, example), f"{clue}\n"]):
            path = tmp_path / f"{genre.name}-{i}.txt"
            path.write_text(text, encoding="utf-8", errors="surrogateescape")
            command = rng.choice(["solve", "check", "render"])
            args = [command, genre.name, str(path), *(["--timeout", "1"] if command == "solve" else [])]
            result = runner.invoke(main, args)
            crashed = result.exception if not isinstance(result.exception, SystemExit) else None
            check_outcome(args, result.exit_code, result.stderr, crashed)
