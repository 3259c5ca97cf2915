"""Genres, formats and commands by name, as contributed by plugins.

Duplicate names are refused with an error that names both plugins, so two
plugins can never silently shadow each other.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from dataclasses import dataclass

import click

from puzzlekit.errors import PluginError, UnknownGenre
from puzzlekit.genre import Genre

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
    """Another way to write puzzles (a URL, a game ID), read into level text."""

    name: str
    genres: tuple[str, ...] = ()
    """Genre names this format can hold."""

    @abstractmethod
    def matches(self, source: str) -> bool:
        """Is the SOURCE argument written in this format (rather than a path)?"""

    @abstractmethod
    def read(self, source: str, genre: Genre) -> str:
        """The puzzle(s) in ``source`` as level text; raise LevelError when malformed."""


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
        if not isinstance(name, str) or not _NAME.match(name):
            raise PluginError(f"{self.origin} registered a genre with the invalid name {name!r}")
        if not getattr(genre, "ladder", ()):
            raise PluginError(f"{self.origin} registered genre {name!r} without a ladder of rungs")
        for key in (name, *genre.aliases):
            if key in self._names:
                other = self._genres[self._names[key]].origin
                raise PluginError(
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
            raise UnknownGenre(f"unknown genre {name!r}; installed genres: {known}")
        return self._genres[key]

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
                raise PluginError(
                    f"format {fmt.name!r} is registered by both {entry.origin} and {self.origin}"
                )
        self._formats.append(FormatEntry(fmt, self.origin))

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
            raise PluginError(
                f"command {name!r} from {self.origin} is already provided by {self._taken[name]}"
            )
        self._taken[name] = str(self.origin)
        self.commands[name] = command
