"""The plugin host: entry points, third-party genres, broken plugins, duplicates, hooks."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import types
from pathlib import Path

import click
import pytest
import toygenre
from click.testing import CliRunner
from puzzlekit_slitherlink import Slitherlink

import puzzlekit
from puzzlekit import Format, Genre, hookimpl, interchange
from puzzlekit.cli.main import main
from puzzlekit.errors import DuplicateName, UnknownGenre
from puzzlekit.host import make_host


def plugin(name: str, **hooks: object) -> types.SimpleNamespace:
    """A plugin object with the given hook functions (already marked)."""
    ns = types.SimpleNamespace(__name__=name, **hooks)
    return ns


def test_built_in_slitherlink_comes_through_its_entry_point() -> None:
    host = make_host()
    entry = host.registry.entry("slitherlink")
    assert entry.origin.plugin == "slitherlink"
    assert entry.origin.distribution == "puzzlekit-engine"
    assert entry.origin.version == puzzlekit.__version__


def test_without_entry_points_there_is_no_genre() -> None:
    host = make_host(entrypoints=False)
    with pytest.raises(UnknownGenre, match="installed genres: none"):
        host.genre("slitherlink")


def test_a_third_party_genre_registers_and_solves() -> None:
    host = make_host(entrypoints=False, plugins=[toygenre])
    genre = host.genre("ones")  # by alias
    assert genre.name == "onesum"
    result = puzzlekit.solve(genre, "# sum: 2\n1..0\n")
    assert result.status == puzzlekit.Status.MULTIPLE
    result = puzzlekit.solve(genre, "# sum: 3\n1..0\n")
    assert result.status == puzzlekit.Status.UNIQUE
    assert result.solutions[0].text == "1110"


def test_genre_names_are_case_insensitive_and_unknown_ones_listed() -> None:
    host = make_host()
    assert host.genre("Slitherlink").name == "slitherlink"
    with pytest.raises(UnknownGenre, match=r"unknown genre 'xyzzy'; installed genres: .*hashiwokakero, .*slitherlink"):
        host.genre("xyzzy")


def test_a_duplicate_genre_name_is_an_error_naming_both_plugins() -> None:
    @hookimpl
    def puzzlekit_register_genres(registry: puzzlekit.Registry) -> None:
        registry.add(Slitherlink())

    both = r"'slitherlink' is registered by both plugin 'copycat' and plugin 'slitherlink'"
    with pytest.raises(DuplicateName, match=both):
        make_host(plugins=[plugin("copycat", puzzlekit_register_genres=puzzlekit_register_genres)])


def test_registering_something_that_is_not_a_genre_marks_only_that_plugin_broken() -> None:
    @hookimpl
    def puzzlekit_register_genres(registry: puzzlekit.Registry) -> None:
        registry.add("slitherlink")  # type: ignore[arg-type]

    host = make_host(plugins=[plugin("confused", puzzlekit_register_genres=puzzlekit_register_genres)])
    (failure,) = host.failures
    assert "registered 'slitherlink', which is not a puzzlekit.Genre" in str(failure)
    assert host.genre("slitherlink")  # the other plugins keep working


def test_a_genre_with_an_invalid_name_or_alias_is_refused() -> None:
    class Shouty(toygenre.Onesum):
        name = "shouty"
        aliases = ("Loud Genre",)

    @hookimpl
    def puzzlekit_register_genres(registry: puzzlekit.Registry) -> None:
        registry.add(Shouty())

    host = make_host(entrypoints=False, plugins=[plugin("shouty", puzzlekit_register_genres=puzzlekit_register_genres)])
    (failure,) = host.failures
    assert "registered a genre named 'Loud Genre'" in str(failure)


def test_a_hook_that_raises_marks_its_plugin_broken_and_the_rest_still_works() -> None:
    @hookimpl
    def puzzlekit_register_genres(registry: puzzlekit.Registry) -> None:
        raise RuntimeError("boom")

    host = make_host(plugins=[plugin("flaky", puzzlekit_register_genres=puzzlekit_register_genres)])
    assert host.genre("slitherlink")
    (failure,) = host.failures
    assert failure.origin.plugin == "flaky"
    assert "RuntimeError: boom" in str(failure)
    assert "PUZZLEKIT_DISABLE_PLUGINS=flaky" in str(failure)


def test_a_misspelt_hook_is_reported_not_ignored() -> None:
    @hookimpl
    def puzzlekit_register_genre(registry: puzzlekit.Registry) -> None:  # missing "s"
        pass

    host = make_host(entrypoints=False, plugins=[plugin("typo", puzzlekit_register_genre=puzzlekit_register_genre)])
    (failure,) = host.failures
    assert failure.origin.plugin == "typo"
    assert "puzzlekit_register_genre" in failure.error


def write_distribution(tmp_path: Path, name: str, entry: str, module: str, code: str) -> Path:
    """A fake installed distribution on a sys.path folder, found through importlib.metadata."""
    (tmp_path / f"{module}.py").write_text(textwrap.dedent(code))
    info = tmp_path / f"{name}-1.2.3.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.2.3\n")
    (info / "entry_points.txt").write_text(f"[puzzlekit]\n{entry} = {module}\n")
    return tmp_path


def test_a_third_party_distribution_loads_through_entry_points(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code = (Path(__file__).parent / "toygenre.py").read_text()
    monkeypatch.syspath_prepend(str(write_distribution(tmp_path, "onesum-dist", "onesum", "onesum_plugin", code)))
    host = make_host()
    entry = host.registry.entry("onesum")
    assert (entry.origin.plugin, entry.origin.distribution, entry.origin.version) == (
        "onesum",
        "onesum-dist",
        "1.2.3",
    )
    result = CliRunner().invoke(main, ["genres"], obj=host)
    assert "onesum-dist (onesum)" in result.output


def test_a_broken_distribution_is_named_and_can_be_disabled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(
        str(write_distribution(tmp_path, "broken-dist", "broken", "broken_plugin", "import no_such_module\n"))
    )
    monkeypatch.delitem(sys.modules, "broken_plugin", raising=False)
    host = make_host()
    (failure,) = host.failures
    assert "plugin 'broken' (broken-dist 1.2.3) failed to load: ModuleNotFoundError" in str(failure)
    assert host.genre("slitherlink")  # everything else still works

    runner = CliRunner()
    result = runner.invoke(main, ["genres"])
    assert "broken: plugin 'broken'" in result.output
    assert "warning: plugin 'broken'" in result.stderr

    monkeypatch.setenv("PUZZLEKIT_DISABLE_PLUGINS", "broken")
    assert make_host().failures == []


def test_disabling_a_plugin_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUZZLEKIT_DISABLE_PLUGINS", "slitherlink, other")
    with pytest.raises(UnknownGenre):
        make_host().genre("slitherlink")


class Reversed(Format):
    """A toy format: 'rev:' followed by the rows, each written backwards, '/' between."""

    name = "reversed"
    genres = ("slitherlink",)

    def matches(self, source: str) -> bool:
        return source.startswith("rev:")

    def read(self, source: str, genre: Genre) -> str:
        return "\n".join(row[::-1] for row in source[4:].split("/")) + "\n"


def test_a_format_plugin_reads_a_source_argument() -> None:
    @hookimpl
    def puzzlekit_register_formats(registry: puzzlekit.Registry) -> None:
        registry.add_format(Reversed())

    host = make_host(plugins=[plugin("rev", puzzlekit_register_formats=puzzlekit_register_formats)])
    assert "reversed" in [f.name for f in host.formats("slitherlink")]
    result = CliRunner().invoke(main, ["solve", "slitherlink", "rev:13/..", "--plain"], obj=host)
    assert result.exit_code == 0, result.output
    assert "|3|1" in result.output


def test_a_plugin_command_is_added_and_collisions_are_refused() -> None:
    @click.command(name="hello")
    def hello() -> None:
        click.echo("hello from a plugin")

    @hookimpl
    def puzzlekit_register_commands(commands: puzzlekit.CommandRegistry) -> None:
        commands.add(hello)

    host = make_host(plugins=[plugin("greeter", puzzlekit_register_commands=puzzlekit_register_commands)])
    result = CliRunner().invoke(main, ["hello"], obj=host)
    assert result.output == "hello from a plugin\n"
    assert "hello" in CliRunner().invoke(main, ["--help"], obj=host).output

    @click.command(name="solve")
    def solve() -> None:
        pass

    @hookimpl
    def clash(commands: puzzlekit.CommandRegistry) -> None:
        commands.add(solve)

    bad = make_host(plugins=[plugin("clasher", puzzlekit_register_commands=clash)])
    result = CliRunner().invoke(main, ["--help"], obj=bad)
    assert result.exit_code == 1
    assert "command 'solve' from plugin 'clasher' is already provided by puzzlekit itself" in result.stderr


def test_a_lazy_host_imports_a_genre_s_plugin_only_when_it_is_used() -> None:
    """Entry points are read once; asking for slitherlink loads that plugin alone, an
    alias its own plugin alone (the ``puzzlekit.names`` entry points), the formats load
    the rest (run in a fresh process, so nothing is imported yet)."""
    code = (
        "import sys\n"
        "from puzzlekit.host import make_host\n"
        "host = make_host(lazy=True)\n"
        "loaded = lambda: sorted({m.split('.')[0] for m in sys.modules if m.startswith('puzzlekit_')})\n"
        "print(loaded(), sorted(host.pending))\n"
        "host.genre('slitherlink')\n"
        "print(loaded(), sorted(host.pending))\n"
        "host.genre('bridges')\n"
        "print(loaded(), 'hashiwokakero' in host.pending)\n"
        "print(len(host.formats()) > 6, sorted(host.pending))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.splitlines()
    assert out[0].startswith("[] [") and "'slitherlink'" in out[0]
    assert out[1].startswith("['puzzlekit_slitherlink'] [") and "'slitherlink'" not in out[1]
    assert out[2] == "['puzzlekit_hashi', 'puzzlekit_slitherlink'] False"
    assert out[3] == "True []"


def test_a_lazy_host_still_refuses_a_duplicate_once_both_plugins_load() -> None:
    host = make_host(lazy=True)
    assert host.genre("slitherlink").name == "slitherlink"

    @hookimpl
    def puzzlekit_register_genres(registry: puzzlekit.Registry) -> None:
        registry.add(Slitherlink())

    with pytest.raises(DuplicateName, match="'slitherlink' is registered by both"):
        make_host(lazy=True, plugins=[plugin("copycat", puzzlekit_register_genres=puzzlekit_register_genres)])


@pytest.mark.parametrize("stdin", [False, True])
def test_solving_a_level_file_of_a_named_genre_imports_that_genre_alone(tmp_path: Path, stdin: bool) -> None:
    level = tmp_path / "level.txt"
    level.write_text("3.2\n...\n2.3\n")
    argument = "-" if stdin else str(level)
    code = (
        "import sys\n"
        "from puzzlekit.cli.main import main\n"
        "try:\n"
        f"    main(['solve', 'slitherlink', {argument!r}], standalone_mode=False)\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('plugins:', *sorted({m.split('.')[0] for m in sys.modules if m.startswith('puzzlekit_')}))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], input=level.read_text(), capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines()[-1] == "plugins: puzzlekit_slitherlink"


@pytest.mark.parametrize(
    ("source", "words"),
    [
        ("https://puzz.link/p?hashi/3/3/2g2i1g1", "hashiwokakero puzzle, not slitherlink"),
        ("begin\npuzzle hashi\nsize 3\nproblem\n2 - 2\n- - -\n1 - 1\nend\n", "hashiwokakero puzzle, not slitherlink"),
        ("3\n3\n0 . . \n. . . \n. . 2 \n0 0 0 \n", "Kanpen / pencilbox"),
    ],
)
def test_a_lazy_host_still_refuses_another_genre_s_source(source: str, words: str) -> None:
    host = make_host(lazy=True)
    with pytest.raises(puzzlekit.PuzzlekitError, match=words):
        interchange.decode(source, host.genre("slitherlink"), host, "board.txt")


def test_a_lazy_host_reads_level_text_without_importing_the_other_plugins() -> None:
    host = make_host(lazy=True)
    assert interchange.decode("3.2\n...\n2.3\n", host.genre("slitherlink"), host, "level.txt") is None
    assert "hashiwokakero" in host.pending


def test_solving_level_text_from_python_imports_that_genre_alone() -> None:
    """A library caller's string of level text is read as a file's would be: no other
    plugin is imported to ask its formats."""
    code = (
        "import sys\n"
        "from puzzlekit import api\n"
        "print(api.solve('slitherlink', '3.2\\n...\\n2.3\\n').status.value)\n"
        "print('plugins:', *sorted({m.split('.')[0] for m in sys.modules if m.startswith('puzzlekit_')}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "plugins: puzzlekit_slitherlink"


IMPORTED = (
    "import sys\n"
    "from puzzlekit.cli.main import main\n"
    "try:\n"
    "    main(sys.argv[1:], standalone_mode=False)\n"
    "except (SystemExit, Exception):\n"
    "    pass\n"
    "print('plugins:', *sorted({m.split('.')[0] for m in sys.modules if m.startswith('puzzlekit_')}))\n"
)
"""Runs the CLI on its arguments in a fresh process and prints which plugins got imported."""

HASHI_URL = "https://puzz.link/p?hashi/3/3/2g2i1g1"
SLITHER_URL = "https://puzz.link/p?slither/5/5/haag6216bgd6d"


@pytest.mark.parametrize(
    ("args", "plugins"),
    [
        (["solve", "hashi", "{level}"], "puzzlekit_hashi"),
        (["solve", "bridges", HASHI_URL], "puzzlekit_hashi"),
        (["solve", HASHI_URL], "puzzlekit_hashi"),
        (["solve", SLITHER_URL], "puzzlekit_slitherlink"),
        (["solve", "slitherlink", SLITHER_URL], "puzzlekit_slitherlink"),
        (["solve", "slitherlink", HASHI_URL], "puzzlekit_hashi puzzlekit_slitherlink"),  # refused, naming hashi
        (["solve", "slitherlink", "5x5t0:b0b0c1a211a1c3b1a3"], "puzzlekit_slitherlink"),
        (["convert", SLITHER_URL, "--to", "tatham"], "puzzlekit_slitherlink"),
        (["render", SLITHER_URL, "-o", "{svg}"], "puzzlekit_slitherlink"),
        (["solve", "{pzprjs}"], "puzzlekit_slitherlink"),
        (["solve", "{urls}"], "puzzlekit_slitherlink"),
        (["solve", "https://puzz.link/p?lightup/3/3/.g"], "puzzlekit_akari"),
    ],
)
def test_an_alias_or_a_url_imports_its_genre_s_plugin_alone(tmp_path: Path, args: list[str], plugins: str) -> None:
    files = {
        "level": ("h.txt", "2.2\n...\n2.2\n"),
        "pzprjs": ("s.pzpr", "pzprv3\nslither\n2\n2\n3 . \n. 3 \n"),
        "urls": ("urls.txt", f"{SLITHER_URL}\n# another\n{SLITHER_URL}\n"),
        "svg": ("x.svg", ""),
    }
    paths = {key: str(tmp_path / name) for key, (name, _) in files.items()}
    for name, text in files.values():
        if text:
            (tmp_path / name).write_text(text)
    argv = [a.format(**paths) for a in args]
    out = subprocess.run([sys.executable, "-c", IMPORTED, *argv], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[-1] == f"plugins: {plugins}", out.stderr


def test_the_alias_metadata_names_every_alias_of_every_genre() -> None:
    """``puzzlekit.names`` entry points (pyproject.toml) and ``Genre.aliases`` agree, so no
    alias silently falls back to loading every plugin."""
    from importlib.metadata import entry_points

    host = make_host()
    metadata = {(ep.name, ep.value) for ep in entry_points(group="puzzlekit.names")}
    aliases = {(alias, entry.origin.plugin) for entry in host.genres() for alias in entry.genre.aliases}
    assert metadata == aliases
