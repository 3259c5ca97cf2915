"""Every hook a puzzlekit plugin can implement, and the marker to implement them.

Plugins are found through the ``puzzlekit`` entry-point group; the built-in
genres are registered exactly the same way.  Hooks receive a register object
and call its ``add`` method instead of returning values, so the host can check
each contribution and name the plugin behind a problem.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from puzzlekit.genre import Genre
    from puzzlekit.registry import CommandRegistry, Format, Registry

PROJECT = "puzzlekit"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def puzzlekit_register_genres(registry: Registry) -> None:
    """Add the plugin's genres with ``registry.add(genre)``.

    Called once by the host while it starts, for every plugin.  A genre is an
    instance of a ``puzzlekit.Genre`` subclass; its ``name`` and ``aliases``
    must not collide with another plugin's (the host refuses to start and
    names both plugins).
    """


@hookspec
def puzzlekit_register_formats(registry: Registry) -> None:
    """Add readers and writers for other ways of writing puzzles with ``registry.add_format(fmt)``.

    Called once by the host while it starts, after every genre is registered.
    A format (``puzzlekit.Format``) recognises a SOURCE argument or a file's
    content (a URL, a game ID, another program's file), turns it into level text
    for one genre, names the genre the source belongs to so the user can leave
    it out, and may write puzzles back (``convert --to KIND``).
    """


@hookspec
def puzzlekit_register_commands(commands: CommandRegistry) -> None:
    """Add click commands to the ``puzzlekit`` command line with ``commands.add(cmd)``.

    Called when the command line lists or looks up its commands.  A name
    already taken by a built-in or another plugin's command is an error that
    names both, never a silent overwrite.
    """


Hook = Callable[["Registry"], None]


def genre_hooks(genre: Callable[[], Genre], formats: Sequence[Callable[[], Format]] = ()) -> tuple[Hook, Hook]:
    """The two hooks of a plugin module that adds one genre and its formats, so the module
    is one line: ``puzzlekit_register_genres, puzzlekit_register_formats = genre_hooks(Akari, FORMATS)``."""

    @hookimpl
    def puzzlekit_register_genres(registry: Registry) -> None:
        registry.add(genre())

    @hookimpl
    def puzzlekit_register_formats(registry: Registry) -> None:
        for fmt in formats:
            registry.add_format(fmt())

    return puzzlekit_register_genres, puzzlekit_register_formats
