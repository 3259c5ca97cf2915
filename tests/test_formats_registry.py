"""The Format contract: a third-party genre adds a format that reads, writes and names
its genre through the formats hook, exactly as the built-in genres do."""

from __future__ import annotations

import types
from collections.abc import Sequence

import pytest
import toygenre
from click.testing import CliRunner

import puzzlekit
from puzzlekit import Format, Genre, hookimpl, interchange
from puzzlekit.api import Puzzle
from puzzlekit.cli.main import main
from puzzlekit.core import TRUE
from puzzlekit.errors import LevelError, PluginError, UsageError
from puzzlekit.host import Host, make_host


class OnesumId(Format):
    """``onesum:SUM:CELLS``, a toy ID that names its genre, as a third party would write one."""

    name = "onesum-id"
    kind = "id"
    genres = ("onesum",)
    summary = "onesum:SUM:CELLS"

    def matches(self, source: str) -> bool:
        return source.startswith("onesum:")

    def genre_of(self, source: str) -> str | None:
        return "onesum" if self.matches(source) else None

    def read(self, source: str, genre: Genre) -> str:
        _, total, cells = source.split(":", 2)
        if not total.isdigit():
            raise LevelError(source, 1, 8, "expected the sum")
        return f"# sum: {total}\n{cells}\n"

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        cells = "".join(puzzle.genre.write(puzzle.instance, state))
        return f"onesum:{puzzle.meta['sum']}:{cells}"


class ReadOnly(Format):
    name = "onesum-readonly"
    kind = "old"
    genres = ("onesum",)

    def matches(self, source: str) -> bool:
        return False

    def read(self, source: str, genre: Genre) -> str:
        raise AssertionError("never matches")


def toy_host(*formats: Format) -> Host:
    @hookimpl
    def puzzlekit_register_formats(registry: puzzlekit.Registry) -> None:
        for fmt in formats:
            registry.add_format(fmt)

    plugin = types.SimpleNamespace(__name__="onesum-formats", puzzlekit_register_formats=puzzlekit_register_formats)
    return make_host(entrypoints=False, plugins=[toygenre, plugin])


def test_a_third_party_format_reads_and_names_its_genre() -> None:
    host = toy_host(OnesumId())
    assert interchange.infer_genre("onesum:1:1..", host).name == "onesum"
    result = CliRunner().invoke(main, ["solve", "onesum:1:1..", "--plain"], obj=host)
    assert result.exit_code == 0, result.output
    assert result.output.endswith("\n100\n")


def test_a_third_party_format_writes_with_convert() -> None:
    host = toy_host(OnesumId(), ReadOnly())
    assert interchange.kinds(host.genre("onesum"), host) == ["ascii", "id"]  # 'old' only reads
    result = CliRunner().invoke(main, ["convert", "onesum:1:..0", "--to", "id"], obj=host)
    assert result.output == "onesum:1:..0\n"
    refused = CliRunner().invoke(main, ["convert", "onesum:1:..0", "--to", "old"], obj=host)
    assert refused.exit_code == 2
    assert "ascii, id" in refused.stderr


def test_a_state_is_passed_to_the_writer() -> None:
    host = toy_host(OnesumId())
    (puzzle,) = puzzlekit.load("onesum", "# sum: 1\n..\n", host=host)
    assert interchange.encode(puzzle, "id", host, [TRUE, 1]) == "onesum:1:10"


def test_errors_inside_a_file_are_placed_in_the_file() -> None:
    host = toy_host(OnesumId())
    with pytest.raises(LevelError) as caught:
        interchange.decode("\n\n  onesum:x:1\n", host.genre("onesum"), host, "ids.txt")
    assert (caught.value.source, caught.value.line, caught.value.col) == ("ids.txt", 3, 10)


def test_a_format_that_only_reads_says_so_when_asked_to_write() -> None:
    fmt = ReadOnly()
    assert not fmt.can_write
    host = toy_host(fmt)
    (puzzle,) = puzzlekit.load("onesum", "# sum: 1\n..\n", host=host)
    with pytest.raises(UsageError, match="reads puzzles but cannot write them"):
        fmt.write(puzzle)


@pytest.mark.parametrize("kind", ["ascii", "Bad Kind"])
def test_a_kind_must_be_a_plain_name_other_than_ascii(kind: str) -> None:
    class Odd(OnesumId):
        name = "odd"

    Odd.kind = kind
    with pytest.raises(PluginError, match="kind"):
        puzzlekit.Registry().add_format(Odd())
    host = toy_host(Odd())  # the host reports the plugin as broken and goes on
    assert "kind" in str(host.failures[0])
    assert host.formats() == []


def test_a_source_no_format_claims_or_two_genres_claim_is_refused(host: Host) -> None:
    with pytest.raises(UsageError, match="cannot tell the genre"):
        interchange.infer_genre("level.txt", host)
    with pytest.raises(UsageError, match="could be fillomino or hashiwokakero or kurodoko or slitherlink"):
        interchange.infer_genre("3x3:1a1a1a1a1", host)  # a Bridges ID and a Loopy one alike
    with pytest.raises(UsageError, match="shaped like a tatham source, but no installed genre reads it"):
        interchange.infer_genre("7x7:abc", host)  # cut short: neither game's
    assert interchange.infer_genre("https://puzz.link/p?bridges/3/3/1g1", host).name == "hashiwokakero"


def test_the_built_in_genres_register_their_formats_through_the_hook(host: Host) -> None:
    names = {f.name: f for f in host.formats()}
    for genre in ("slitherlink", "hashiwokakero"):
        for kind in ("puzzlink", "tatham", "pzpr", "penpa"):
            fmt = names[f"{genre}-{kind}"]
            assert fmt.genres == (genre,)
            assert fmt.can_write
        assert interchange.kinds(host.genre(genre), host) == ["ascii", "janko", "penpa", "pzpr", "tatham", "url"]


def test_a_genre_without_a_url_format_says_so_for_a_url() -> None:
    host = make_host(plugins=[toygenre])
    with pytest.raises(UsageError, match=r"onesum has no url format .*hashiwokakero, .*slitherlink"):
        interchange.decode("https://puzz.link/p?tapa/5/5/abc", host.genre("onesum"), host)
