"""The play contract (``Genre.places``): the built-in genres' places, the shapes
``Place`` makes, and the harness check that catches a genre getting it wrong."""

from __future__ import annotations

from typing import Any

import pytest
from puzzlekit_slitherlink.genre import Slitherlink

from puzzlekit.core.model import BOOL, FALSE, TRUE
from puzzlekit.genre import Genre, Place
from puzzlekit.host import Host
from puzzlekit.testing.checks import Failed, Skipped, check_playable, examples


def test_an_edge_diamond_reaches_the_centres_on_either_side() -> None:
    place = Place.edge(7, (0.0, 0.0), (40.0, 0.0), (BOOL, TRUE, FALSE))
    assert place.outline == ((0.0, 0.0), (20.0, -20.0), (40.0, 0.0), (20.0, 20.0))


def test_a_band_runs_along_its_segment() -> None:
    place = Place.band(0, (0.0, 0.0), (0.0, 30.0), 10.0, (7, 2))
    xs = sorted({x for x, _ in place.outline})
    ys = sorted({y for _, y in place.outline})
    assert xs == [-5.0, 5.0] and ys == [0.0, 30.0]


@pytest.mark.parametrize("name", ["slitherlink", "hashiwokakero", "masyu"])
def test_every_variable_is_a_place_of_the_built_in_genres(host: Host, name: str) -> None:
    if name not in host.registry.names():
        pytest.skip(f"{name} is not installed")
    genre = host.genre(name)
    ex = examples(genre)[0]
    places = genre.places(ex.puzzle.instance)
    assert sorted(p.var for p in places) == list(range(len(genre.build(ex.puzzle.instance).domains)))
    check_playable(genre, ex)


class WrongFirstMark(Slitherlink):
    def places(self, instance: Any) -> list[Place]:
        return [Place(p.var, (TRUE, BOOL), p.outline) for p in super().places(instance)]


class OffTheBoard(Slitherlink):
    def places(self, instance: Any) -> list[Place]:
        return [Place(p.var, p.marks, ((1e6, 0.0), (1e6, 1.0), (1e6 + 1, 0.0))) for p in super().places(instance)]


class NoCrosses(Slitherlink):
    """Only lines can be marked: fine, the unmarked edges read as "no line"."""

    def places(self, instance: Any) -> list[Place]:
        return [Place(p.var, (BOOL, TRUE), p.outline) for p in super().places(instance)]


def test_the_harness_catches_a_wrong_contract() -> None:
    ex = examples(Slitherlink())[0]
    with pytest.raises(Failed, match="first mark"):
        check_playable(WrongFirstMark(), ex)
    with pytest.raises(Failed, match="outline"):
        check_playable(OffTheBoard(), ex)
    check_playable(NoCrosses(), ex)


def test_a_genre_without_places_is_skipped(host: Host) -> None:
    from puzzlekit.web.play import playable

    class Plain(Slitherlink):
        places = Genre.places  # the default: no places

    with pytest.raises(Skipped):
        check_playable(Plain(), examples(Slitherlink())[0])
    assert not playable(Plain()) and playable(Slitherlink())


def test_the_one_line_drawing_is_the_same_document() -> None:
    """``unindented`` writes the same elements, attributes and text as ElementTree does."""
    import xml.etree.ElementTree as ET

    from puzzlekit.pictures import Svg
    from puzzlekit.pictures.svg import num, unindented

    def picture() -> str:
        svg = Svg(100, 50.5, 10, title='a <title> & "quotes"', kind="test")
        svg.label(12.5, 7, "<&>")
        svg.segment([(0, 0), (10.25, -3)])
        svg.dot(1e20, float("nan"))
        return svg.to_string()

    with unindented():
        flat = picture()
    pretty = picture()

    def canonical(text: str) -> list[tuple[str, dict[str, str], str]]:
        return [(n.tag, dict(n.attrib), (n.text or "").strip()) for n in ET.fromstring(text).iter()]

    assert "\n " not in flat and canonical(flat) == canonical(pretty)
    written = [num(x) for x in (60.0, -0.0, 0.004, -0.004, 12.5, 2, 1e20)]
    assert written == ["60", "0", "0", "0", "12.5", "2", "1" + "0" * 20]
