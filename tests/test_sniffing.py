"""Telling formats apart stays cheap on hostile text (issue 21, items 1 and 2).

Two guarantees, checked two ways:

* **By construction.**  Every regular expression the formats use has no quantifier
  inside a quantifier (the shape behind exponential and polynomial backtracking), and
  the sniffers look at a bounded prefix (``SNIFF`` characters): text past it cannot
  change their answer, so it cannot cost them anything either.
* **On adversarial input.**  The shapes that hung puzzlekit (a comment line and many
  blank lines before a janko-looking file, ``&m=edit`` repeated for a Penpa URL, a
  ``begin`` and a megabyte of blank lines) and the obvious relatives, at the 1 MiB a
  source may have, go through every registered format in a subprocess with a generous
  CPU bound: before the fix they took minutes to years, now milliseconds.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from re import _constants as sre_constants  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from types import ModuleType

import pytest

import puzzlekit.formats
from puzzlekit import interchange
from puzzlekit.formats import foreign, janko, penpa, puzzlink, pzprfile
from puzzlekit.formats.codec import MAX_SOURCE
from puzzlekit.formats.sniff import SNIFF
from puzzlekit.host import Host

REPEATS = (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT, sre_constants.POSSESSIVE_REPEAT)


def _format_modules() -> Iterator[ModuleType]:
    """puzzlekit.formats.* and every plugin's formats module(s), plus the modules that
    sniff before a format is chosen (interchange, the batch source lists)."""
    for info in pkgutil.iter_modules(puzzlekit.formats.__path__):
        yield importlib.import_module(f"puzzlekit.formats.{info.name}")
    for name in ("slitherlink", "hashi", "akari", "nurikabe", "sudoku", "shikaku", "masyu"):
        formats = importlib.import_module(f"puzzlekit_{name}.formats")
        yield formats
        for info in pkgutil.iter_modules(getattr(formats, "__path__", [])):
            yield importlib.import_module(f"{formats.__name__}.{info.name}")
    yield interchange
    yield importlib.import_module("puzzlekit.batching.sources")


def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    found = []
    for module in _format_modules():
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern):
                found.append((f"{module.__name__}.{name}", value))
    return found


def _unbounded(items: object) -> bool:
    """Does a parsed (sub)pattern contain a quantifier without an upper bound?"""
    for op, arg in items:  # type: ignore[attr-defined]
        if op in REPEATS and (arg[1] == sre_constants.MAXREPEAT or _unbounded(arg[2])):
            return True
        if op == sre_constants.SUBPATTERN and _unbounded(arg[-1]):
            return True
        if op == sre_constants.BRANCH and any(_unbounded(branch) for branch in arg[1]):
            return True
    return False


def nested_quantifiers(pattern: str) -> list[str]:
    """The quantified groups of ``pattern`` that hold another unbounded quantifier,
    such as ``(?:\\s*x)*`` or ``(?:[^&]*&)*?``: where backtracking can explode."""
    out: list[str] = []

    def walk(items: object) -> None:
        for op, arg in items:  # type: ignore[attr-defined]
            if op in REPEATS:
                if arg[1] == sre_constants.MAXREPEAT and _unbounded(arg[2]):
                    out.append(str(arg[2]))
                walk(arg[2])
            elif op == sre_constants.SUBPATTERN:
                walk(arg[-1])
            elif op == sre_constants.BRANCH:
                for branch in arg[1]:
                    walk(branch)

    walk(sre_parse.parse(pattern))
    return out


def test_the_checker_finds_the_patterns_that_hung() -> None:
    """The two patterns the fuzzer found (janko's old ``_BEGIN``, Penpa's old ``_URL``) fail it."""
    assert nested_quantifiers(r"\A(?:\s*(?:#[^\n]*)?\n)*\s*begin\s*$")
    assert nested_quantifiers(r"(?:https?://\S*?)?[#?](?:[^#?]*&)?m=(?:edit|solve)&(?:[^&]*&)*?p=")
    assert not nested_quantifiers(r"\d{1,9}(?:x\d{1,9})?[:#]")


@pytest.mark.parametrize(("name", "pattern"), _patterns(), ids=lambda x: x if isinstance(x, str) else "")
def test_no_sniffing_pattern_nests_quantifiers(name: str, pattern: re.Pattern[str]) -> None:
    assert not nested_quantifiers(pattern.pattern), f"{name} nests quantifiers: {pattern.pattern!r}"


def test_there_are_patterns_to_check() -> None:
    assert len(_patterns()) >= 8


SNIFFERS = {
    "janko.looks_like": janko.looks_like,
    "penpa.looks_like": penpa.looks_like,
    "puzzlink.looks_like": puzzlink.looks_like,
    "puzzlink.pid_of": puzzlink.pid_of,
    "pzprfile.looks_like": pzprfile.looks_like,
    "pzprfile.pid_of": pzprfile.pid_of,
}


@pytest.mark.parametrize("name", sorted(SNIFFERS))
@pytest.mark.parametrize(
    "text",
    [
        "begin\n",
        "# a comment\n\nbegin\n",
        "https://swaroopg92.github.io/penpa-edit/#m=edit&p=DATA",
        "https://puzz.link/p?slither/5/5/cbcbcddad",
        "pzprv3/slither/5/5/",
        "..0..\n0...1\n",
    ],
)
def test_a_sniffer_looks_at_a_bounded_prefix(name: str, text: str) -> None:
    """What follows the first SNIFF characters never changes a sniffer's answer."""
    sniff = SNIFFERS[name]
    padded = text + " " * (SNIFF - len(text))
    assert sniff(padded + "x" * 100) == sniff(padded + "\n" * 100 + "end\n") == sniff(padded)


def test_puzzle_names_reads_lines_not_whitespace_runs() -> None:
    assert janko.puzzle_names("begin\npuzzle slitherlink\nend\n  Puzzle  Hashi  x\n") == ["slitherlink", "hashi"]
    assert janko.puzzle_names("puzzle\nslitherlink\n") == []  # a key with no value names nothing


def test_penpa_urls_are_still_recognised() -> None:
    for url in (
        "https://swaroopg92.github.io/penpa-edit/#m=edit&p=DATA",
        "https://swaroopg92.github.io/penpa-edit/?m=solve&p=DATA&a=x",
        "swaroopg92.github.io/penpa-edit/#m=edit&p=DATA",
        "file:///home/me/penpa-edit/docs/index.html#m=edit&p=DATA",
        "#m=edit&p=DATA",
        "HTTPS://X/#M=EDIT&P=DATA",
        "https://x/?foo=1&m=edit&l=2&p=DATA",
    ):
        assert penpa.looks_like(url), url
    for text in ("https://x/#m=edit", "ftp://x/#m=edit&p=D", "https://x/#p=D&m=edit", "a b#m=edit&p=D", "m=edit&p=D"):
        assert not penpa.looks_like(text), text


ADVERSARIAL = {
    "comment then blank lines (janko)": "# title: x" + "\n" * MAX_SOURCE,
    "blank lines after begin (janko names)": "begin\n" + " \n" * (MAX_SOURCE // 2),
    "m=edit repeated (penpa)": "http://x?" + "&m=edit" * (MAX_SOURCE // 7),
    "separators (penpa)": "http://x" + "?#&" * (MAX_SOURCE // 3),
    "host letters (puzz.link)": "https://" + "a" * MAX_SOURCE,
    "params (puzz.link)": "https://puzz.link/p?" + "a=b&" * (MAX_SOURCE // 4),
    "spaces": " " * MAX_SOURCE + "x",
    "hashes": "#" * MAX_SOURCE,
    "slashes (pzprv3)": "pzprv3" + "/" * MAX_SOURCE,
    "xml attribute": "<puzzle " + "a" * MAX_SOURCE,
    "kanpen digits": "1\n" * (MAX_SOURCE // 2),
    "colons (ids)": "5x5t0:" + ":" * MAX_SOURCE,
}

_PROBE = textwrap.dedent(
    """
    import json, sys, time
    from puzzlekit.formats import foreign, janko, penpa, puzzlink, pzprfile
    from puzzlekit.host import make_host
    cases = json.loads(sys.stdin.read())
    formats = make_host().registry.formats()
    for name, text in cases.items():
        start = time.process_time()
        for fmt in formats:
            fmt.matches(text)
            fmt.genre_of(text)
        janko.puzzle_names(text)
        for sniff in (janko.looks_like, penpa.looks_like, puzzlink.looks_like, pzprfile.looks_like):
            sniff(text)
        try:
            foreign.refuse(text, "x")
        except Exception:
            pass
        print(json.dumps([name, time.process_time() - start]), flush=True)
    """
)


def test_hostile_text_costs_every_format_milliseconds() -> None:
    """Every registered format's ``matches`` and ``genre_of``, and the sniffers below them,
    on each shape at 1 MiB: a generous bound of one CPU second per shape for all of them
    (the old janko pattern took hours on the first shape, the old Penpa one minutes on
    the third)."""
    import json

    run = subprocess.run(
        [sys.executable, "-c", _PROBE], input=json.dumps(ADVERSARIAL), capture_output=True, text=True, timeout=240
    )
    assert run.returncode == 0, run.stderr
    seconds = dict(json.loads(line) for line in run.stdout.splitlines())
    assert set(seconds) == set(ADVERSARIAL)
    slow = {name: round(s, 2) for name, s in seconds.items() if s > 1.0}
    assert not slow, f"CPU seconds over the bound: {slow}"


def test_the_cli_answers_the_janko_repro_within_its_timeout(tmp_path: object, host: Host) -> None:
    """Issue 21's repro: a valid Slitherlink with a title and 41 blank lines solves at once."""
    from pathlib import Path

    from click.testing import CliRunner

    from puzzlekit.cli.main import main

    path = Path(str(tmp_path)) / "r.txt"
    path.write_text("# title: x" + "\n" * 41 + "..0..\n0...1\n.211.\n1...3\n..1.3\n")
    result = CliRunner().invoke(main, ["solve", "slitherlink", str(path), "--timeout", "5", "--plain"], obj=host)
    assert result.exit_code == 0, result.output
    assert "# status: unique" in result.output


def test_foreign_patterns_read_a_bounded_prefix() -> None:
    """The pencilbox XML and Kanpen checks say the same with or without a megabyte after them."""
    for text in ('<?xml version="1.0"?>\n<puzzle type="slither">', "3\n3\n0 . .\n"):
        with pytest.raises(Exception) as short:
            foreign.refuse(text, "x")
        with pytest.raises(Exception) as long:
            foreign.refuse(text + "\n" + "." * MAX_SOURCE, "x")
        assert str(short.value) == str(long.value)
