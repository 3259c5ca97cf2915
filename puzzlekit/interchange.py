"""Puzzles in other people's formats: read a URL, a game ID or a pzprjs file, infer its
genre, and write a puzzle back out in any registered format.

The formats themselves come from plugins (the ``puzzlekit_register_formats`` hook);
this module only chooses among them:

* :func:`infer_genre` asks every format which genre a source says it belongs to (a
  puzz.link URL names its puzzle id) and refuses a source that says nothing, or that
  more than one genre claims;
* :func:`decode` turns a source into level text with the genre's own format, after
  refusing a source that says it is another genre's puzzle;
* :func:`encode` writes a loaded puzzle as ``ascii`` (level text) or any kind a
  format of its genre writes (``url``, ``tatham``, ``pzpr``).
"""

from __future__ import annotations

import os
import re

from puzzlekit.core.model import is_fixed
from puzzlekit.errors import LevelError, LevelErrors, PuzzlekitError, UsageError, an
from puzzlekit.formats import foreign, janko, puzzlink, pzprfile
from puzzlekit.formats.codec import shown
from puzzlekit.formats.level import read_blocks, write_block
from puzzlekit.genre import Genre
from puzzlekit.host import Host, default_host
from puzzlekit.puzzle import Puzzle
from puzzlekit.registry import Format, Registry

MAX_PEEK = 1 << 16
"""Characters of a file ``decode`` reads as level text to see whether its first board parses."""
ASCII = "ascii"
"""puzzlekit's own level format, always available to ``encode``."""


def claimed_genres(source: str, host: Host | None = None) -> list[str]:
    """Genre names the registered formats say ``source`` belongs to (usually one or none).

    A lazy host first loads only the plugin of the genre the source names (a puzz.link
    puzzle id, a pzprjs file's id line or a janko ``puzzle`` line that is an installed
    genre's name or alias, as the entry-point metadata says) and asks the formats loaded;
    every plugin is loaded only when those claim nothing."""
    host = host or default_host()
    if host.pending:
        named = _named_plugin(source, host)
        if named is not None:
            host.genre(named)
            names = _claims(source, host.loaded)
            if names:
                return names
    return _claims(source, host.registry)


def _claims(source: str, registry: Registry) -> list[str]:
    known = set(registry.names())
    names: list[str] = []
    for fmt in registry.formats():
        claim = fmt.genre_of(source)
        if claim and claim.lower() in known:  # a claim for a genre not installed says nothing
            name = registry.genre(claim).name
            if name not in names:
                names.append(name)
    return names


def _named_plugin(source: str, host: Host) -> str | None:
    """The genre name or alias ``source`` says it is (cheaply, without any format), when
    the host knows which plugin registers it; None otherwise."""
    text = source.strip()
    said = puzzlink.pid_of(text)
    if said is None and janko.looks_like(text):
        said = next(iter(janko.puzzle_names(text)), None)
    if said is None and text.startswith("pzprv3"):
        lines = re.split(r"[\n/]", text, maxsplit=2)
        said = lines[1].strip().lower() if len(lines) > 1 else None
    if said and (said in host.pending or said in host.names or host.loaded.has(said)):
        return said
    return None


def infer_genre(source: str, host: Host | None = None, name: str | None = None, command: str | None = "solve") -> Genre:
    """The genre a self-describing source (a puzz.link URL, say) belongs to.

    UsageError when no format recognises the source's genre, or more than one genre
    claims it (a Tatham ID ``7x7:...`` could be Loopy's or Bridges').  ``name`` is how
    messages call the source (a file name), ``command`` the command they suggest (None:
    no command line, as in the web API, where the genre is a field of the request).
    """
    host = host or default_host()
    names = claimed_genres(source, host)
    where = shown(name if name is not None else source)
    if not names:
        foreign.refuse(source.strip(), where)  # say what another program's file is, not "no genre"
        _refuse_lookalike(source.strip(), host, where, command)
        raise UsageError(
            f"cannot tell the genre of {where}: it does not name one (puzz.link URLs, pzprjs files and "
            f"most game IDs do); {_name_it(command)}."
        )
    if len(names) > 1:
        raise UsageError(f"{where} could be {' or '.join(names)}: {_name_it(command, names[0])}.")
    return host.genre(names[0])


def _name_it(command: str | None, genre: str = "GENRE") -> str:
    """How to name the genre: on the command line, or beside the source (the web API)."""
    if command is None:
        return "give its genre with it (the request's 'genre' field)"
    return f"name the genre, as in 'puzzlekit {command} {genre} SOURCE'"


def _refuse_lookalike(text: str, host: Host, where: str, command: str | None) -> None:
    """A source in a format that none of its genres reads: say what it is, not "it does
    not name a genre".  One that names its puzzle (a puzz.link id, a pzprjs or janko
    ``puzzle`` line) names a genre no installed plugin reads; one that does not (a game
    ID's ``WxH:``, which Light Up, Solo, Rectangles and Pearl share) gets what each
    genre that reads the format found wrong."""
    shaped = [fmt for fmt in host.formats() if fmt.matches(text)]
    if not shaped:
        return
    kind = shaped[0].kind_name
    readers = ", ".join(sorted({g for fmt in shaped for g in fmt.genres}))
    said = puzzlink.pid_of(text) or pzprfile.pid_of(text) or next(iter(janko.puzzle_names(text)), None)
    if said:
        raise UsageError(
            f"cannot tell the genre of {where}: it holds {an(repr(said))} puzzle, which no installed genre reads "
            f"(its format, {kind}, is read for {readers})"
        )
    found = []
    for fmt in shaped:
        try:
            fmt.read(text, host.genre(fmt.genres[0]))
        except PuzzlekitError as err:
            found.append(f"{fmt.genres[0]}: {err.message if isinstance(err, LevelError) else err}")
    raise UsageError(
        f"cannot tell the genre of {where}: it is shaped like a {kind} source, but no installed genre reads it "
        f"({'; '.join(found)}); {_name_it(command)}"
    )


def decode(source: str, genre: Genre, host: Host | None = None, name: str | None = None) -> str | None:
    """Level text for ``source`` written in one of ``genre``'s formats; None when no
    registered format recognises it (it is a path, say).

    ``name`` is where ``source`` came from when it is a file's content: errors then
    name it, with lines counted in the file.  A source that says it belongs to another
    genre is refused, naming that genre.

    A lazy host with plugins not yet imported imports them only when it must ask their
    formats: not for a path to a file, nor for a file whose first board reads as level
    text of ``genre`` (no loaded format recognising it), which no format claims.
    """
    host = host or default_host()
    text = source.strip()
    if not text:
        return None
    listed = _listed(source, genre, host)
    if listed:
        return _decode_list(listed, genre, host, name or "<string>")
    if host.pending and _plainly_not_a_format(source, text, genre, host, name):
        return None
    own = host.loaded.formats(genre.name)
    claims = [genre.name] if any(fmt.matches(text) and _says(fmt, text, genre) for fmt in own) else []
    claims = claims or claimed_genres(text, host)  # no other plugin is asked about the genre's own
    where = name or shown(text)
    if claims and genre.name not in claims:
        raise UsageError(
            f"{where}: this is {an(' or '.join(claims))} puzzle, not {genre.name}; "
            f"name {claims[0]} as the genre, or leave the genre out"
        )
    found = [fmt for fmt in own if fmt.matches(text)] or [f for f in host.formats(genre.name) if f.matches(text)]
    for fmt in found[:1]:  # the genre's own plugin's format first: no other plugin is loaded for it
        if fmt.matches(text):
            try:
                return fmt.read(text, genre)
            except LevelError as err:
                if name is None:
                    raise
                raise _moved(err, source, name) from None
    others = [fmt for fmt in host.formats() if fmt.matches(text)]
    if others:
        kind = others[0].kind_name
        readers = sorted({g for fmt in others if fmt.kind_name == kind for g in fmt.genres})
        raise UsageError(
            f"{where}: {genre.name} has no {kind} format (installed genres that have one: {', '.join(readers)})"
        )
    foreign.refuse(text, name or where)  # another program's file that is not level text either
    return None


def _says(fmt: Format, text: str, genre: Genre) -> bool:
    """Does ``fmt`` say ``text`` is a puzzle of ``genre`` (by its name or an alias)?"""
    claim = (fmt.genre_of(text) or "").lower()
    return claim == genre.name or claim in genre.aliases


def _listed(text: str, genre: Genre, host: Host) -> list[tuple[int, str]]:
    """The ``(line number, entry)`` pairs of a list of ``genre``'s URLs or game IDs, one
    per line (blank lines and ``#`` comments allowed); empty unless there are two or more
    and every one is in one of the genre's formats."""
    if "\n" not in text.strip():
        return []
    entries = [(n, line.strip()) for n, line in enumerate(text.split("\n"), start=1)]  # numbered as in the file
    entries = [(n, e) for n, e in entries if e and not e.startswith("#")]
    own = host.loaded.formats(genre.name)  # the genre's plugin is loaded; no other need be
    if len(entries) < 2 or not all(any(fmt.matches(e) for fmt in own) for _, e in entries):
        return []
    return entries


def _decode_list(entries: list[tuple[int, str]], genre: Genre, host: Host, name: str) -> str:
    """Level text of every entry of a list, blank-line separated; every bad entry (one
    that does not decode, or whose board the genre refuses) reported at its line."""
    texts: list[str] = []
    errors: list[LevelError] = []
    for number, entry in entries:
        try:
            level = decode(entry, genre, host) or ""
            for block in read_blocks(level, name):
                genre.parse(block)
            texts.append(level)
        except PuzzlekitError as err:
            col = err.col if isinstance(err, LevelError) else 1
            errors.append(LevelError(name, number, col, err.message if isinstance(err, LevelError) else str(err)))
            if len(errors) > LevelErrors.MAX_REPORTED:
                break
    LevelErrors.raise_any(errors)
    return "\n".join(texts)


def _plainly_not_a_format(source: str, text: str, genre: Genre, host: Host, name: str | None) -> bool:
    """Can ``decode`` answer None without importing the plugins still pending?  Yes for an
    existing file's path (or ``-``) and for level text of ``genre`` that no loaded format
    recognises, from a file or a library caller's string alike (so ``api.solve(genre, text)``
    imports that genre's plugin alone)."""
    if any(fmt.matches(text) for fmt in host.loaded.formats()):
        return False
    if name is None and (text == "-" or ("\n" not in text and os.path.isfile(source))):
        return True  # an argument: stdin's "-", or a file's path, is no format's
    name = name or "<string>"
    foreign.refuse(text, name)
    blocks = read_blocks(text[:MAX_PEEK], name)
    if not blocks:
        return False
    try:
        genre.parse(blocks[0])
    except PuzzlekitError:
        return False
    return True


def _moved(err: LevelError, source: str, name: str) -> LevelError:
    """An error found in the stripped content of a file, placed in the file itself."""
    lead = source[: len(source) - len(source.lstrip())]
    line = err.line + lead.count("\n")
    col = err.col + (len(lead) - lead.rfind("\n") - 1 if err.line == 1 else 0)
    return LevelError(name, line, col, err.message)


def kinds(genre: Genre, host: Host | None = None) -> list[str]:
    """What ``genre``'s puzzles can be written as: ``ascii`` and every kind a format writes."""
    host = host or default_host()
    return [ASCII, *sorted(host.registry.writers(genre.name))]


def marks(puzzle: Puzzle) -> list[int] | None:
    """The player's marks (or a solution) a loaded puzzle carries, as domains; None when
    it is a bare puzzle.

    What the genre infers from the bare clues alone (Hashiwokakero fills in bridges
    between touching islands that a number decides) is not a mark.
    """
    genre, instance = puzzle.genre, puzzle.instance
    try:
        state = genre.parse_state(instance, puzzle.block)
    except LevelError:
        return None
    if not any(is_fixed(d) for d in state):
        return None
    try:
        bare = genre.parse_state(instance, read_blocks("\n".join(genre.write(instance)))[0])
    except LevelError:
        return state
    return None if state == bare else state


def encode(puzzle: Puzzle, kind: str, host: Host | None = None, state: list[int] | None = None) -> str:
    """``puzzle`` written as ``kind``, with the marks of ``state`` where the format holds them.

    ``ascii`` is level text, metadata included.  UsageError names the kinds available
    when ``kind`` is not one of them.
    """
    host = host or default_host()
    if kind == ASCII:
        rows = puzzle.genre.write(puzzle.instance, state)
        return write_block(rows, puzzle.meta)
    fmt = host.loaded.writers(puzzle.genre.name).get(kind) or host.registry.writers(puzzle.genre.name).get(kind)
    if fmt is None:
        choices = ", ".join(kinds(puzzle.genre, host))
        raise UsageError(f"{puzzle.genre.name} puzzles cannot be written as {kind!r}; choose from {choices}")
    return fmt.write(puzzle, state)
