"""A genre in words for the page: its name for people and its rules, taken from the genre
itself (``display_name``, ``summary``, ``rules``, ``ladder``), so a plugin genre gets a
rules panel without writing one."""

from __future__ import annotations

from dataclasses import dataclass

from puzzlekit.genre import Genre


def display_name(genre: Genre) -> str:
    """The genre's name for people: its ``display_name``, or its name capitalised."""
    return genre.display_name or genre.name.replace("-", " ").replace("_", " ").capitalize()


@dataclass(frozen=True)
class Technique:
    name: str
    rung: int
    rung_name: str
    text: str


@dataclass(frozen=True)
class Rules:
    title: str
    also: tuple[str, ...]
    """Other names the genre goes by (its name and aliases, when they differ from the title)."""
    goal: str
    """The puzzle's rules in a sentence (the genre's ``summary``)."""
    basics: tuple[str, ...]
    """What the cheapest rung's rules say: the rules of the puzzle as a solver reads them."""
    techniques: tuple[Technique, ...]
    """Every rule the hints use, cheapest first, with the rung that names it."""


def other_names(title: str, names: tuple[str, ...]) -> tuple[str, ...]:
    """The names in words ("light-up" is "Light Up"), once each however they are spelt
    ("lightup" and "light-up" are one name), without the title's own ("star-battle" is
    "Star Battle")."""

    def key(name: str) -> str:
        return "".join(c for c in name.lower() if c.isalnum())

    spelt: dict[str, str] = {}
    for name in names:
        words = " ".join(w.capitalize() for w in name.replace("-", " ").replace("_", " ").split())
        if key(name) != key(title) and words.count(" ") >= spelt.get(key(name), "").count(" "):
            spelt[key(name)] = words
    return tuple(spelt.values())


def rules_of(genre: Genre) -> Rules:
    title = display_name(genre)
    also = other_names(title, (genre.name, *genre.aliases))
    rungs = {r.level: r.name for r in getattr(genre, "ladder", ())}
    cheapest = min((r.rung for r in genre.rules), default=0)
    basics = tuple(r.summary for r in genre.rules if r.rung == cheapest)
    techniques = tuple(
        Technique(r.name, r.rung, rungs.get(r.rung, ""), r.summary) for r in sorted(genre.rules, key=lambda r: r.rung)
    )
    return Rules(title, also, genre.summary, basics, techniques)
