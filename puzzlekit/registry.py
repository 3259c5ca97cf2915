"""Genres, formats and commands by name, as contributed by plugins.

Duplicate names are refused with an error that names both plugins, so two
plugins can never silently shadow each other.
"""

from __future__ import annotations

import difflib
import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from puzzlekit.errors import DuplicateName, PluginError, UnknownGenre, UsageError
from puzzlekit.genre import Genre

if TYPE_CHECKING:
    from puzzlekit.puzzle import Puzzle

_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")


@dataclass(frozen=True)
class Origin:
    """Which plugin contributed something, and where that plugin comes from."""

    plugin: str
    distribution: str | None = None
    version: str | None = None

    def __str__(self) -> str:
        if self.distribution:
            return f"plugin {self.plugin!r} ({self.distribution} {self.version})"
        return f"plugin {self.plugin!r}"


@dataclass(frozen=True)
class GenreEntry:
    genre: Genre
    origin: Origin


class Format(ABC):
    """Another way to write puzzles (a URL, a game ID, another program's file), read into
    level text and, when the format can, written back.

    Decoders produce level text, so the genre's own parser still judges the board;
    they raise LevelError (line and column in the source) for malformed input and
    must refuse an oversized board before allocating it.  See docs/formats.md.
    """

    name: str
    """Unique among all plugins, e.g. ``slitherlink-puzzlink``."""
    kind: str = ""
    """What users call it with ``convert --to`` (``url``, ``tatham``, ``pzpr``); formats of
    different genres share a kind.  Empty means the format's name."""
    genres: tuple[str, ...] = ()
    """Genre names this format can hold."""
    summary: str = ""
    """One line for ``puzzlekit genres`` and help texts."""

    @abstractmethod
    def matches(self, source: str) -> bool:
        """Is this text written in this format: a SOURCE argument (rather than a path), or
        the whole content of a file?  Cheap, and never raises."""

    @abstractmethod
    def read(self, source: str, genre: Genre) -> str:
        """The puzzle(s) in ``source`` as level text; raise LevelError when malformed."""

    def genre_of(self, source: str) -> str | None:
        """The genre ``source`` says it belongs to (a URL's puzzle id), when it is this
        format's genre; None when the source does not say.  Never raises."""
        return None

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        """``puzzle`` written in this format, with the marks of ``state`` (domains) where the
        format holds an answer.  Raise PuzzlekitError for a puzzle it cannot express."""
        raise UsageError(f"the {self.name} format reads puzzles but cannot write them")

    @property
    def can_write(self) -> bool:
        return type(self).write is not Format.write

    @property
    def kind_name(self) -> str:
        return self.kind or self.name


@dataclass(frozen=True)
class FormatEntry:
    format: Format
    origin: Origin


class Registry:
    """Genres and formats; plugins add to it from their hooks."""

    def __init__(self) -> None:
        self._genres: dict[str, GenreEntry] = {}
        self._names: dict[str, str] = {}
        self._formats: list[FormatEntry] = []
        self.origin = Origin("<direct>")
        """The plugin whose hook is running; the host sets it."""

    # -- genres --------------------------------------------------------------

    def add(self, genre: Genre) -> None:
        if not isinstance(genre, Genre):
            raise PluginError(f"{self.origin} registered {genre!r}, which is not a puzzlekit.Genre")
        name = getattr(genre, "name", "")
        for key in (name, *getattr(genre, "aliases", ())):
            if not isinstance(key, str) or not _NAME.match(key):
                raise PluginError(
                    f"{self.origin} registered a genre named {key!r}; names and aliases are lower-case "
                    "letters, digits, '-' and '_'"
                )
        if not getattr(genre, "ladder", ()):
            raise PluginError(f"{self.origin} registered genre {name!r} without a ladder of rungs")
        for key in (name, *genre.aliases):
            if key in self._names:
                other = self._genres[self._names[key]].origin
                raise DuplicateName(
                    f"genre name {key!r} is registered by both {other} and {self.origin}; "
                    "disable one with PUZZLEKIT_DISABLE_PLUGINS"
                )
        self._genres[name] = GenreEntry(genre, self.origin)
        for key in (name, *genre.aliases):
            self._names[key] = name

    def genre(self, name: str) -> Genre:
        return self.entry(name).genre

    def entry(self, name: str) -> GenreEntry:
        key = self._names.get(name.lower())
        if key is None:
            known = ", ".join(sorted(self._genres)) or "none"
            close = difflib.get_close_matches(name.lower(), list(self._names), n=1, cutoff=0.6)
            guess = f" (did you mean {self._names[close[0]]!r}?)" if close else ""
            raise UnknownGenre(f"unknown genre {name!r}{guess}; installed genres: {known}")
        return self._genres[key]

    def has(self, name: str) -> bool:
        """Is ``name`` (any case) a registered genre name or alias?"""
        return name.lower() in self._names

    def entries(self) -> list[GenreEntry]:
        return [self._genres[name] for name in sorted(self._genres)]

    def names(self) -> list[str]:
        """Every name and alias, for shell completion."""
        return sorted(self._names)

    # -- formats -------------------------------------------------------------

    def add_format(self, fmt: Format) -> None:
        if not isinstance(fmt, Format):
            raise PluginError(f"{self.origin} registered {fmt!r}, which is not a puzzlekit.Format")
        for entry in self._formats:
            if entry.format.name == fmt.name:
                raise DuplicateName(f"format {fmt.name!r} is registered by both {entry.origin} and {self.origin}")
        kind = getattr(fmt, "kind", "")
        if kind and (not isinstance(kind, str) or not _NAME.match(kind) or kind == "ascii"):
            raise PluginError(
                f"{self.origin} registered format {fmt.name!r} of kind {kind!r}; a kind is lower-case letters, "
                "digits, '-' and '_', and 'ascii' is puzzlekit's own level format"
            )
        self._formats.append(FormatEntry(fmt, self.origin))

    def writers(self, genre: str) -> dict[str, Format]:
        """The formats that can write ``genre``'s puzzles, by kind (the first registered wins)."""
        out: dict[str, Format] = {}
        for fmt in self.formats(genre):
            if fmt.can_write:
                out.setdefault(fmt.kind_name, fmt)
        return out

    def formats(self, genre: str | None = None) -> list[Format]:
        if genre is None:
            return [e.format for e in self._formats]
        return [e.format for e in self._formats if genre in e.format.genres]


class CommandRegistry:
    """Extra click commands contributed by plugins."""

    def __init__(self, taken: set[str]) -> None:
        self._taken = {name: "puzzlekit itself" for name in taken}
        self.commands: dict[str, click.Command] = {}
        self.origin = Origin("<direct>")

    def add(self, command: click.Command) -> None:
        name = command.name or ""
        if name in self._taken:
            raise DuplicateName(f"command {name!r} from {self.origin} is already provided by {self._taken[name]}")
        self._taken[name] = str(self.origin)
        self.commands[name] = command
