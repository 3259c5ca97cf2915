"""The plugin host: a typed facade over pluggy's PluginManager.

``make_host()`` loads every plugin of the ``puzzlekit`` entry-point group (the
built-in genres among them), asks each for its genres and formats, and keeps
a list of the plugins that failed to load, so one broken third-party plugin
costs a warning that names it, not the whole program.  Nothing is built at
import time: the CLI makes a host when it needs one, tests inject their own.

``make_host(lazy=True)`` (what the CLI and ``puzzlekit.default_host()`` use) reads the
entry points once but imports a plugin only when it is needed: asking for a genre by
name loads the plugin of that name (the built-in plugins are named after their
genres), by an alias the plugin its ``puzzlekit.names`` entry point names, and
anything that needs every plugin (another name or alias, the list of
genres, the formats, the plugin commands) loads the rest.  So ``puzzlekit.solve(
"slitherlink", text)`` and ``puzzlekit solve slitherlink level.txt`` import Slitherlink
alone (``interchange.decode`` asks the other plugins' formats only about a source that
is not plainly a path or level text).  Two plugins claiming one name are still refused,
once both are loaded.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import click
import pluggy

from puzzlekit import hookspecs
from puzzlekit.errors import DuplicateName, PuzzlekitError
from puzzlekit.genre import Genre
from puzzlekit.registry import _NAME as GENRE_NAME
from puzzlekit.registry import CommandRegistry, Format, GenreEntry, Origin, Registry

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

GROUP = "puzzlekit"
NAMES_GROUP = "puzzlekit.names"
"""Entry points ``alias = plugin``: which plugin registers a genre alias, so a lazy host
imports that plugin alone for the alias (a genre's name is its plugin's entry-point name)."""
DISABLE_VARIABLE = "PUZZLEKIT_DISABLE_PLUGINS"


@dataclass(frozen=True)
class PluginFailure:
    """A plugin that could not be used, and why, in one line."""

    origin: Origin
    error: str

    def __str__(self) -> str:
        return f"{self.origin} failed to load: {self.error} (set {DISABLE_VARIABLE}={self.origin.plugin} to skip it)"


@dataclass
class Host:
    """Loaded plugins and what they registered."""

    manager: pluggy.PluginManager
    loaded: Registry
    """What the plugins loaded so far registered (``registry`` loads the rest first)."""
    origins: dict[str, Origin] = field(default_factory=dict)
    failures: list[PluginFailure] = field(default_factory=list)
    _commands: CommandRegistry | None = None
    pending: dict[str, EntryPoint] = field(default_factory=dict)
    """Entry points read but not yet imported (lazy hosts only), by plugin name."""
    names: dict[str, str] = field(default_factory=dict)
    """Genre aliases the entry-point metadata names (:data:`NAMES_GROUP`), to their plugin."""
    on_failure: Callable[[PluginFailure], None] | None = None
    """Told of each plugin that fails as it is loaded (the CLI prints a warning)."""

    @property
    def registry(self) -> Registry:
        """Every plugin's genres and formats (loading any plugins still pending)."""
        self.load_all()
        return self.loaded

    def load_all(self) -> None:
        """Import every plugin still pending."""
        if self.pending:
            _load(self, list(self.pending))

    def genre(self, name: str) -> Genre:
        """The genre called ``name`` (or one of its aliases); UnknownGenre otherwise.

        A lazy host imports the plugin named ``name`` first, and every other plugin only
        when that one does not have it."""
        key = name.lower()
        if self.pending and not self.loaded.has(key):
            plugin = key if key in self.pending else self.names.get(key)
            if plugin in self.pending:
                _load(self, [plugin])
            if not self.loaded.has(key):
                self.load_all()
        try:
            return self.loaded.genre(name)
        except PuzzlekitError as err:
            if self.failures:
                broken = "; ".join(str(f) for f in self.failures)
                raise type(err)(f"{err}; note: {broken}") from None
            raise

    def is_genre(self, name: str) -> bool:
        """Is ``name`` an installed genre's name or alias?  A text no genre could be called
        (a URL, a path) is answered without loading a plugin."""
        key = name.lower()
        if self.loaded.has(key):
            return True
        if not GENRE_NAME.match(key):
            return False
        return key in self.registry.names()

    def genres(self) -> list[GenreEntry]:
        return self.registry.entries()

    def formats(self, genre: str | None = None) -> list[Format]:
        return self.registry.formats(genre)

    def commands(self, taken: Iterable[str]) -> dict[str, click.Command]:
        """Plugin commands, collected once; names in ``taken`` are reserved."""
        if self._commands is None:
            self.load_all()
            registry = CommandRegistry(set(taken))
            _call_each(self, "puzzlekit_register_commands", "commands", registry)
            self._commands = registry
        return self._commands.commands


def disabled_plugins() -> set[str]:
    """Plugin names listed in PUZZLEKIT_DISABLE_PLUGINS (comma or space separated)."""
    raw = os.environ.get(DISABLE_VARIABLE, "")
    return {name.strip() for name in raw.replace(",", " ").split() if name.strip()}


def make_host(entrypoints: bool = True, plugins: Iterable[Any] = (), lazy: bool = False) -> Host:
    """Load plugins from entry points (unless told not to) plus ``plugins`` given directly.

    ``lazy`` reads the entry points but imports each plugin when it is first needed
    (see the module's docstring); plugins given directly are always loaded at once.
    """
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    host = Host(manager, Registry())
    disabled = disabled_plugins()
    if entrypoints:
        from importlib.metadata import entry_points  # ~15 ms: only when a host is made

        every = entry_points()  # one scan of the installed distributions for both groups
        found = sorted(every.select(group=GROUP), key=lambda ep: ep.name)
        host.pending = {ep.name: ep for ep in found if ep.name not in disabled}
        host.names = {ep.name.lower(): ep.value.strip() for ep in every.select(group=NAMES_GROUP)}
    if not lazy or plugins:
        _load(host, list(host.pending), plugins)
    return host


@lru_cache(maxsize=1)
def default_host() -> Host:
    """The host of installed plugins, built once on first use; each plugin is imported when
    it is first needed (``make_host(lazy=True)``)."""
    return make_host(lazy=True)


def get_genre(genre: str | Genre, host: Host | None = None) -> Genre:
    """``genre`` itself, or the genre of that name or alias in ``host`` (the default host)."""
    if isinstance(genre, Genre):
        return genre
    return (host or default_host()).genre(genre)


def _load(host: Host, names: list[str], plugins: Iterable[Any] = ()) -> None:
    """Import the pending plugins ``names`` (and register ``plugins`` given directly), then
    let just those register their genres and formats."""
    manager = host.manager
    disabled = disabled_plugins()
    before = {name for name, _ in manager.list_name_plugin()}
    for name in names:
        ep = host.pending.pop(name, None)
        if ep is not None:
            _load_entry_point(host, ep)
    for index, plugin in enumerate(plugins):
        name = getattr(plugin, "__name__", None) or f"{type(plugin).__name__}-{index}"
        if name in disabled:
            continue
        manager.register(plugin, name=name)
        host.origins[name] = Origin(name)
    _check_hooks(host)
    new: set[str | None] = set({name for name, _ in manager.list_name_plugin()} - before)
    _call_each(host, "puzzlekit_register_genres", "registry", host.loaded, new)
    _call_each(host, "puzzlekit_register_formats", "registry", host.loaded, new)


def _load_entry_point(host: Host, ep: EntryPoint) -> None:
    dist = ep.dist
    origin = Origin(ep.name, dist.name if dist else None, dist.version if dist else None)
    try:
        plugin = ep.load()
        host.manager.register(plugin, name=ep.name)
    except Exception as err:  # a third party's bug must not take the host down
        _fail(host, PluginFailure(origin, f"{type(err).__name__}: {err}"))
        return
    host.origins[ep.name] = origin


def _check_hooks(host: Host) -> None:
    """Drop plugins that implement hooks puzzlekit does not have (typos, old APIs)."""
    while True:
        try:
            host.manager.check_pending()
            return
        except pluggy.PluginValidationError as err:
            name = host.manager.get_name(err.plugin) or "?"
            host.manager.unregister(err.plugin)
            origin = host.origins.pop(name, Origin(name))
            _fail(host, PluginFailure(origin, str(err)))


def _fail(host: Host, failure: PluginFailure) -> None:
    host.failures.append(failure)
    if host.on_failure is not None:
        host.on_failure(failure)


def _call_each(
    host: Host, hook: str, argname: str, target: Registry | CommandRegistry, only: set[str | None] | None = None
) -> None:
    """Call one hook plugin by plugin, so each contribution is credited to its plugin.

    Duplicate names raise DuplicateName (both plugins named): the host cannot pick
    one.  Anything else a plugin's hook gets wrong (an invalid genre, an exception)
    marks that plugin as failed, and the others keep working.
    """
    caller = getattr(host.manager.hook, hook)
    for impl in sorted(caller.get_hookimpls(), key=lambda i: i.plugin_name):
        if only is not None and impl.plugin_name not in only:
            continue
        origin = host.origins.get(impl.plugin_name, Origin(impl.plugin_name))
        target.origin = origin
        function: Callable[..., Any] = impl.function
        try:
            function(**({argname: target} if argname in impl.argnames else {}))
        except DuplicateName:
            raise
        except Exception as err:
            _fail(host, PluginFailure(origin, f"{hook} raised {type(err).__name__}: {err}"))
