"""Pictures: SVG boards that parse and hold the right marks, golden files, sheets, PDF,
and the ``render`` command with its errors."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path

import pytest
import toygenre
from click.testing import CliRunner, Result

import puzzlekit
from puzzlekit.api import Puzzle, judge
from puzzlekit.cli.main import main
from puzzlekit.core.model import BOOL, FALSE, TRUE, is_fixed, value_of
from puzzlekit.errors import CannotDraw
from puzzlekit.formats.level import read_blocks
from puzzlekit.host import Host, make_host
from puzzlekit.pictures import Entry, can_draw, draw, pages_to_pdf, pictures_problem, sheet_pages
from puzzlekit.testing import assert_golden

ROOT = Path(__file__).resolve().parents[1]
SLITHER = ROOT / "plugins" / "puzzlekit_slitherlink" / "examples"
HASHI = ROOT / "plugins" / "puzzlekit_hashi" / "examples"
GOLDEN = Path(__file__).resolve().parent / "golden"
NS = "{http://www.w3.org/2000/svg}"
NO_PICTURES = pictures_problem()
needs_pictures = pytest.mark.skipif(NO_PICTURES is not None, reason=f"the pictures extra is unusable: {NO_PICTURES}")


def parse(svg: str) -> ET.Element:
    """The document parses as XML, and is an SVG with a size and a viewBox."""
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    assert root.get("width") and root.get("height") and root.get("viewBox")
    return root


def marks(root: ET.Element, tag: str, *classes: str) -> list[ET.Element]:
    """Elements of ``tag`` carrying every one of ``classes``."""
    return [e for e in root.iter(f"{NS}{tag}") if set(classes) <= set(e.get("class", "").split())]


def first(path: Path, genre: str = "slitherlink") -> Puzzle:
    return puzzlekit.load(genre, path.read_text(), str(path))[0]


def state(puzzle: Puzzle, text: str) -> list[int]:
    return puzzle.genre.parse_state(puzzle.instance, read_blocks(text)[0])


def solved(puzzle: Puzzle) -> list[int]:
    result = puzzlekit.solve(puzzle.genre, puzzle)
    return [1 << v for v in result.solutions[0].values]


def picture_of(genre: str, puzzle_text: str, state_text: str) -> ET.Element:
    """An attempt drawn with its violations highlighted."""
    (puzzle,) = puzzlekit.load(genre, puzzle_text)
    dom = state(puzzle, state_text)
    return parse(draw(puzzle, dom, violations=judge(puzzle, dom).violations))


# -- Slitherlink --------------------------------------------------------------------------


def test_a_bare_slitherlink_board_has_a_dot_per_lattice_point_and_its_clues() -> None:
    puzzle = first(SLITHER / "first.txt")
    root = parse(draw(puzzle))
    rows, cols = puzzle.instance.rows, puzzle.instance.cols
    assert len(marks(root, "circle", "dot")) == (rows + 1) * (cols + 1)
    assert len(marks(root, "text", "clue")) == sum(1 for c in puzzle.instance.clues if c >= 0)
    assert not marks(root, "path", "segment")


def test_a_solved_loop_is_one_path_per_segment() -> None:
    puzzle = first(SLITHER / "first.txt")
    dom = solved(puzzle)
    segments = marks(parse(draw(puzzle, dom)), "path", "segment")
    assert len(segments) == sum(1 for d in dom if d == TRUE)
    assert all(re.fullmatch(r"M[\d.]+ [\d.]+ L[\d.]+ [\d.]+", s.get("d", "")) for s in segments)


def test_crosses_show_while_the_board_is_open_and_on_request() -> None:
    puzzle = first(SLITHER / "first.txt")
    partial = [FALSE if i < 3 else BOOL for i in range(len(solved(puzzle)))]
    assert len(marks(parse(draw(puzzle, partial)), "path", "cross")) == 3
    dom = solved(puzzle)
    assert not marks(parse(draw(puzzle, dom)), "path", "cross")
    forced = marks(parse(draw(puzzle, dom, crosses=True)), "path", "cross")
    assert len(forced) == sum(1 for d in dom if d == FALSE)


def test_an_over_full_clue_is_tinted_and_its_lines_are_red() -> None:
    root = picture_of("slitherlink", "1\n", "+-+\n|1|\n+-+\n")
    assert len(marks(root, "rect", "shade", "wrong")) == 1
    assert len(marks(root, "text", "clue", "wrong")) == 1
    assert len(marks(root, "path", "segment", "wrong")) == 4


def test_a_branching_dot_is_ringed() -> None:
    root = picture_of("slitherlink", "..\n", "+-+-+\n| | |\n+-+-+\n")
    assert len(marks(root, "circle", "halo", "wrong")) == 2  # the middle dots, top and bottom


def test_a_separate_loop_is_drawn_red() -> None:
    root = picture_of("slitherlink", "...\n", "+-+ +-+\n| | | |\n+-+ +-+\n")
    assert len(marks(root, "path", "segment", "wrong")) == 8


def test_an_unfinished_attempt_marks_places_in_amber_and_keeps_its_lines() -> None:
    puzzle = first(SLITHER / "first.txt")
    dom = state(puzzle, (SLITHER / "first.attempt.txt").read_text())
    root = parse(draw(puzzle, dom, violations=judge(puzzle, dom).violations))
    assert len(marks(root, "rect", "shade", "unfinished")) == 2  # the two 3s short of lines
    assert len(marks(root, "circle", "halo", "unfinished")) == 2  # the two loose ends
    assert not marks(root, "path", "segment", "wrong")
    assert not marks(root, "path", "segment", "unfinished")


def test_a_hinted_edge_is_green_whether_open_drawn_or_crossed() -> None:
    puzzle = first(SLITHER / "first.txt")
    dom = solved(puzzle)
    line = dom.index(TRUE)
    cross = dom.index(FALSE)
    root = parse(draw(puzzle, dom, hint=[line, cross]))
    assert len(marks(root, "path", "segment", "hint")) == 1
    assert len(marks(root, "path", "cross", "hint")) == 1
    opened = list(dom)
    opened[line] = BOOL
    assert len(marks(parse(draw(puzzle, opened, hint=[line])), "path", "open", "hint")) == 1


# -- Hashiwokakero ------------------------------------------------------------------------


def bridges(dom: Sequence[int]) -> int:
    return sum(value_of(d) for d in dom if is_fixed(d))


def test_every_island_is_one_clued_disc() -> None:
    puzzle = first(HASHI / "harbour.txt", "hashi")
    root = parse(draw(puzzle))
    discs = marks(root, "circle", "island")
    assert len(discs) == puzzle.instance.n_islands
    assert sorted(t.text or "" for t in marks(root, "text", "clue")) == sorted(map(str, puzzle.instance.clues))


def test_bridges_are_one_line_each_so_a_double_bridge_is_two_parallel_lines() -> None:
    puzzle = first(HASHI / "harbour.txt", "hashi")
    dom = solved(puzzle)
    assert len(marks(parse(draw(puzzle, dom)), "line", "bridge")) == bridges(dom)
    (pair,) = puzzlekit.load("hashi", "2.2\n")
    one, two = marks(parse(draw(pair, solved(pair))), "line", "bridge")
    assert one.get("x1") == two.get("x1") and one.get("x2") == two.get("x2")
    assert one.get("y1") != two.get("y1")


def test_crossing_bridges_are_red_and_ringed_where_they_cross() -> None:
    (puzzle,) = puzzlekit.load("hashi", ".2.\n2.2\n.2.\n")
    dom = [1 << 1] * puzzle.instance.n_edges
    root = parse(draw(puzzle, dom, violations=judge(puzzle, dom).violations))
    assert len(marks(root, "circle", "halo", "wrong")) == 1
    assert len(marks(root, "line", "bridge", "wrong")) == 2


def test_an_over_full_island_is_ringed_red_and_a_short_one_keeps_its_bridges() -> None:
    root = picture_of("hashi", "2.2\n...\n2.3\n", "2=2\n|.|\n2-3\n")
    assert len(marks(root, "circle", "island", "wrong")) == 3  # two over-full 2s, and the 3 that cannot grow
    assert len(marks(root, "line", "bridge", "wrong")) == 4  # the double and the two verticals
    assert len(marks(root, "line", "bridge")) == 5


# -- golden files (regenerate: PUZZLEKIT_REGENERATE_GOLDEN=1 pytest tests/test_render.py) ---


def test_golden_slitherlink_solution() -> None:
    puzzle = first(SLITHER / "first.txt")
    assert_golden(GOLDEN / "slitherlink-first-solved.svg", draw(puzzle, solved(puzzle)))


def test_golden_slitherlink_attempt_with_violations() -> None:
    puzzle = first(SLITHER / "first.txt")
    dom = state(puzzle, (SLITHER / "first.attempt.txt").read_text())
    svg = draw(puzzle, dom, violations=judge(puzzle, dom).violations)
    assert_golden(GOLDEN / "slitherlink-first-attempt.svg", svg)


def test_golden_hashi_solution() -> None:
    puzzle = first(HASHI / "harbour.txt", "hashi")
    assert_golden(GOLDEN / "hashi-harbour-solved.svg", draw(puzzle, solved(puzzle)))


def test_golden_hashi_crossing() -> None:
    (puzzle,) = puzzlekit.load("hashi", ".2.\n2.2\n.2.\n")
    dom = [1 << 1] * puzzle.instance.n_edges
    assert_golden(GOLDEN / "hashi-crossing.svg", draw(puzzle, dom, violations=judge(puzzle, dom).violations))


# -- the genre contract -------------------------------------------------------------------


def toy_host() -> Host:
    return make_host(entrypoints=False, plugins=[toygenre])


def test_a_genre_that_does_not_draw_says_so_by_name() -> None:
    genre = toy_host().genre("onesum")
    assert not can_draw(genre)
    (puzzle,) = puzzlekit.load(genre, "# sum: 1\n1.\n")
    with pytest.raises(CannotDraw, match="the onesum genre cannot draw pictures"):
        draw(puzzle)


def test_the_built_in_genres_draw() -> None:
    host = make_host()
    assert can_draw(host.genre("slitherlink")) and can_draw(host.genre("hashi"))


# -- sheets and PDF -----------------------------------------------------------------------


def entries(n: int) -> list[Entry]:
    puzzle = first(SLITHER / "first.txt")
    return [Entry(draw(puzzle), f"{i}. first") for i in range(1, n + 1)]


def test_a_sheet_puts_solutions_on_pages_of_their_own() -> None:
    pages = sheet_pages(entries(5), entries(5), title="Book", per_page=4)
    assert len(pages) == 4
    roots = [parse(page) for page in pages]
    boards = [len([e for e in root if e.tag == f"{NS}svg"]) for root in roots]
    assert boards == [4, 1, 4, 1]
    headings = [next(t.text for t in root.iter(f"{NS}text")) for root in roots]
    assert headings == ["Book · Puzzles", "Book · Puzzles", "Book · Solutions", "Book · Solutions"]
    assert any(t.text == "page 3 of 4" for t in roots[2].iter(f"{NS}text"))


def test_a_sheet_refuses_a_layout_it_does_not_have() -> None:
    with pytest.raises(ValueError, match="per_page"):
        sheet_pages(entries(1), per_page=5)


def pdf_pages(data: bytes) -> int:
    """Pages of a PDF, read from its page objects and its page tree's count (which must agree)."""
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    objects = len(re.findall(rb"/Type\s*/Page\b", data))
    (count,) = {int(n) for n in re.findall(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)", data, re.S)}
    assert count == objects
    return objects


@needs_pictures
def test_a_multi_page_pdf_has_a_page_per_sheet_page() -> None:
    pages = sheet_pages(entries(3), entries(3), per_page=2)
    assert pdf_pages(pages_to_pdf(pages)) == 4


# -- the render command ---------------------------------------------------------------------


def run(*args: str, stdin: str | None = None, host: Host | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin, obj=host)


def one_line_error(result: Result, code: int, words: str) -> None:
    assert result.exit_code == code, result.output + result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert words in result.stderr
    assert "Traceback" not in result.output + result.stderr


def test_render_writes_svg_to_standard_output() -> None:
    result = run("render", "slitherlink", str(SLITHER / "first.txt"))
    assert result.exit_code == 0, result.stderr
    assert not marks(parse(result.output), "path", "segment")


def test_render_infers_the_genre_from_a_url_and_asks_for_it_otherwise() -> None:
    result = run("render", "https://puzz.link/p?hashikake/3/3/2g2i1g1")
    assert result.exit_code == 0, result.output
    assert ET.fromstring(result.output).tag.endswith("svg")
    result = run("render", "-", stdin="31\n..\n")
    assert result.exit_code == 2 and "name the genre" in result.output


def test_render_draws_the_solution_into_a_file(tmp_path: Path) -> None:
    out = tmp_path / "solved.svg"
    result = run("render", "slitherlink", str(SLITHER / "first.txt"), "--solution", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert result.output == ""
    assert marks(parse(out.read_text()), "path", "segment")


def test_render_highlights_an_attempts_violations() -> None:
    args = ["render", "slitherlink", str(SLITHER / "first.txt"), "--state", str(SLITHER / "first.attempt.txt")]
    plain = parse(run(*args).output)
    assert not marks(plain, "rect", "shade")
    checked = parse(run(*args, "--violations").output)
    assert len(marks(checked, "rect", "shade", "unfinished")) == 2


def test_render_takes_marks_from_the_source_without_state() -> None:
    result = run("render", "slitherlink", str(SLITHER / "first.attempt.txt"), "--violations")
    assert result.exit_code == 0, result.stderr
    assert marks(parse(result.output), "circle", "halo", "unfinished")


def test_render_picks_a_puzzle_and_notes_the_others() -> None:
    book = f"{UNIQUE}\n..\n1.\n"
    result = run("render", "slitherlink", "-", stdin=book)
    assert result.exit_code == 0
    assert "holds 2 puzzles; drawing the first" in result.stderr
    second = run("render", "slitherlink", "-", "--puzzle", "2", stdin=book)
    assert second.exit_code == 0 and second.stderr == ""
    assert [t.text for t in marks(parse(second.output), "text", "clue")] == ["1"]


UNIQUE = "31\n..\n"


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [("23\n32\n", 4, "several solutions; drawing the first"), ("3\n", 3, "has no solution; nothing to draw")],
)
def test_render_solution_exits_with_the_status_code(text: str, code: int, words: str) -> None:
    result = run("render", "slitherlink", "-", "--solution", stdin=text)
    assert result.exit_code == code
    assert words in result.stderr


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["render", "xyzzy", "-"], 2, "unknown genre 'xyzzy'"),
        (["render", "slitherlink", "-", "-o", "board.gif"], 2, "cannot tell the format of 'board.gif'"),
        (["render", "slitherlink", "-", "--format", "png"], 2, "PNG is written to a file"),
        (["render", "slitherlink", "-", "--sheet", "-o", "book.svg"], 2, "a sheet is a multi-page PDF"),
        (["render", "slitherlink", "-", "--solution", "--state", "s.txt"], 2, "choose one"),
        (["render", "slitherlink", "-", "--puzzle", "3"], 2, "--puzzle 3: <stdin> holds 1 puzzle(s)"),
    ],
)
def test_render_refuses_bad_usage_in_one_line(args: list[str], code: int, words: str) -> None:
    one_line_error(run(*args, stdin=UNIQUE), code, words)


def test_render_locates_bad_level_text(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("3..\n.4.\n")
    one_line_error(run("render", "slitherlink", str(path)), 1, f"{path}:2:2: a Slitherlink clue is 0-3")


def test_render_names_a_genre_that_cannot_draw() -> None:
    result = run("render", "onesum", "-", stdin="# sum: 1\n1.\n", host=toy_host())
    one_line_error(result, 1, "the onesum genre cannot draw pictures")


def test_render_without_the_pictures_extra_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import puzzlekit.cli.commands.render as render

    monkeypatch.setattr(render, "pictures_problem", lambda: "PNG and PDF output need cairosvg, which is not installed")
    result = run("render", "slitherlink", "-", "-o", "board.png", stdin=UNIQUE)
    one_line_error(result, 1, "need cairosvg")


@needs_pictures
def test_render_writes_png_and_pdf(tmp_path: Path) -> None:
    png, pdf = tmp_path / "board.png", tmp_path / "board.pdf"
    assert run("render", "hashi", str(HASHI / "harbour.txt"), "-o", str(png)).exit_code == 0
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert run("render", "hashi", str(HASHI / "harbour.txt"), "--solution", "-o", str(pdf)).exit_code == 0
    assert pdf_pages(pdf.read_bytes()) == 1


@needs_pictures
def test_render_sheet_prints_puzzles_then_solutions(tmp_path: Path) -> None:
    book = "\n".join((HASHI / name).read_text() for name in ("harbour.txt", "atoll.txt", "archipelago.txt"))
    source = tmp_path / "book.txt"
    source.write_text(book)
    count = len(puzzlekit.load("hashi", book))
    out = tmp_path / "book.pdf"
    result = run("render", "hashiwokakero", str(source), "--sheet", "--per-page", "2", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert pdf_pages(out.read_bytes()) == 2 * math.ceil(count / 2)


def test_render_has_help() -> None:
    result = run("render", "--help")
    assert result.exit_code == 0
    assert "pip install 'puzzlekit-engine[pictures]'" in result.output
