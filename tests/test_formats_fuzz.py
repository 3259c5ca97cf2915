"""Every decoder, fed arbitrary text and structured-but-random URLs, IDs and files,
gives a board or a LevelError, never another exception, and never slowly; every codec
writes random boards (and pzprjs files random answers) that read back the same."""

from __future__ import annotations

import contextlib
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import puzzlekit
from puzzlekit import interchange
from puzzlekit.core.model import BOOL, FALSE, TRUE
from puzzlekit.errors import LevelError, PuzzlekitError
from puzzlekit.formats.codec import CannotWrite
from puzzlekit.formats.level import read_blocks
from puzzlekit.host import Host, make_host

HOST = make_host()
GENRES = ("slitherlink", "hashiwokakero")
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ROUND = settings(max_examples=40, deadline=None)
SLOW = 5.0
"""A hang guard, not a speed test: a source that is refused early takes milliseconds, one that
allocates a claimed 100000x100000 board takes minutes; the bound sits far from both, so a loaded
machine never fails it."""

PREFIXES = ["https://puzz.link/p?", "http://pzv.jp/p.html?", "puzz.link/p?", "https://example.org/p.html?"]
PIDS = ["slither", "slitherlink", "hashikake", "hashi", "bridges", "nurikabe", "Slither", ""]
SIZES = st.one_of(st.integers(0, 12), st.sampled_from([199, 200, 201, 500, 10000, 10**12]))
PARAMS = ["t0", "t1", "dh", "dq", "d2", "d9", "m2", "m3", "i30", "e10", "L", "x"]
BODY = st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz.-+=%/ XYZ_", max_size=80)


def no_crash(genre: str, source: str) -> None:
    """Decode with every format of ``genre`` that recognises ``source``, then parse."""
    g = HOST.genre(genre)
    start = time.perf_counter()
    for fmt in HOST.formats(genre):
        if not fmt.matches(source):
            continue
        try:
            text = fmt.read(source, g)
        except LevelError:
            continue
        with contextlib.suppress(LevelError):
            puzzlekit.load(g, text, host=HOST)
    assert time.perf_counter() - start < SLOW


@FUZZ
@given(genre=st.sampled_from(GENRES), source=st.text(max_size=120))
def test_arbitrary_text_is_a_board_or_a_level_error(genre: str, source: str) -> None:
    no_crash(genre, source)
    assert interchange.claimed_genres(source, HOST) is not None  # never raises either


@FUZZ
@given(
    genre=st.sampled_from(GENRES),
    prefix=st.sampled_from(PREFIXES),
    pid=st.sampled_from(PIDS),
    flags=st.sampled_from(["", "f/", "v/", "ff/", "1f/"]),
    cols=SIZES,
    rows=SIZES,
    body=BODY,
)
def test_random_urls_are_a_board_or_a_level_error(
    genre: str, prefix: str, pid: str, flags: str, cols: int, rows: int, body: str
) -> None:
    no_crash(genre, f"{prefix}{pid}/{flags}{cols}/{rows}/{body}")


@FUZZ
@given(
    genre=st.sampled_from(GENRES),
    cols=SIZES,
    rows=SIZES,
    params=st.lists(st.sampled_from(PARAMS), max_size=4),
    sep=st.sampled_from([":", "#", ""]),
    desc=st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyzABCDEFGZ.:", max_size=80),
)
def test_random_game_ids_are_a_board_or_a_level_error(
    genre: str, cols: int, rows: int, params: list[str], sep: str, desc: str
) -> None:
    no_crash(genre, f"{cols}x{rows}{''.join(params)}{sep}{desc}")


TOKENS = st.sampled_from([".", "-", "0", "1", "2", "3", "4", "9", "-1", "x", "f", "1 1", ""])


@FUZZ
@given(
    genre=st.sampled_from(GENRES),
    header=st.sampled_from(["pzprv3", "pzprv3.1", "pzprv3.2", "pzprv3x"]),
    pid=st.sampled_from(PIDS),
    cols=SIZES,
    rows=SIZES,
    lines=st.lists(st.lists(TOKENS, max_size=6), max_size=14),
    slash=st.booleans(),
)
def test_random_pzprjs_files_are_a_board_or_a_level_error(
    genre: str, header: str, pid: str, cols: int, rows: int, lines: list[list[str]], slash: bool
) -> None:
    body = [" ".join(line) + " " for line in lines]
    no_crash(genre, ("/" if slash else "\n").join([header, pid, str(rows), str(cols), *body]))


# -- round trips -------------------------------------------------------------------


@st.composite
def slitherlink_levels(draw: st.DrawFn) -> str:
    rows, cols = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    grid = ["".join(draw(st.sampled_from("0123...")) for _ in range(cols)) for _ in range(rows)]
    flags = "# flags: full\n" if draw(st.booleans()) else ""
    return flags + "\n".join(grid) + "\n"


@st.composite
def hashi_levels(draw: st.DrawFn) -> str:
    rows, cols = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    grid = [[draw(st.sampled_from("12345678?......")) for _ in range(cols)] for _ in range(rows)]
    if all(ch == "." for row in grid for ch in row):
        grid[0][0] = "2"
    return "\n".join("".join(row) for row in grid) + "\n"


def round_trip(genre: str, level: str, kind: str, state: list[int] | None = None) -> str | None:
    """The level written as ``kind`` and read back; None when the format cannot hold it."""
    (puzzle,) = puzzlekit.load(genre, level, host=HOST)
    try:
        written = interchange.encode(puzzle, kind, HOST, state)
    except CannotWrite:
        return None
    return interchange.decode(written, puzzle.genre, HOST)


@ROUND
@given(level=slitherlink_levels(), kind=st.sampled_from(["url", "tatham", "pzpr"]))
def test_random_slitherlink_boards_survive_every_codec(level: str, kind: str) -> None:
    back = round_trip("slitherlink", level, kind)
    (block,) = read_blocks(level)
    if back is None:
        small = block.height < 3 or block.width < 3  # Loopy's square grid is at least 3x3
        assert kind == "tatham" and ("full" in block.flags() or small)
        return
    (again,) = read_blocks(back)
    assert again.rows == block.rows
    assert again.flags() == block.flags()


@ROUND
@given(level=hashi_levels(), kind=st.sampled_from(["url", "tatham", "pzpr"]))
def test_random_hashi_boards_survive_every_codec(level: str, kind: str) -> None:
    back = round_trip("hashiwokakero", level, kind)
    (block,) = read_blocks(level)
    if back is None:
        assert kind == "tatham"  # '?' islands, touching islands, small boards: Bridges cannot show them
        return
    assert read_blocks(back)[0].rows == block.rows


@ROUND
@given(level=slitherlink_levels(), data=st.data())
def test_random_slitherlink_answers_survive_a_pzprjs_file(level: str, data: st.DataObject) -> None:
    (puzzle,) = puzzlekit.load("slitherlink", level, host=HOST)
    edges = puzzle.instance.grid.n_edges
    state = data.draw(st.lists(st.sampled_from([TRUE, FALSE, BOOL]), min_size=edges, max_size=edges))
    back = round_trip("slitherlink", level, "pzpr", state)
    assert back is not None
    expected = state if BOOL in state else [TRUE if d == TRUE else BOOL for d in state]
    got = puzzle.genre.parse_state(puzzle.instance, read_blocks(back)[0]) if any(d != BOOL for d in expected) else None
    assert got in (expected, None)
    if got is None:
        assert read_blocks(back)[0].rows == puzzle.block.rows


@ROUND
@given(level=hashi_levels(), data=st.data())
def test_random_hashi_answers_survive_a_pzprjs_file(level: str, data: st.DataObject) -> None:
    (puzzle,) = puzzlekit.load("hashiwokakero", level, host=HOST)
    board = puzzle.instance
    counts = data.draw(st.lists(st.integers(0, 2), min_size=board.n_edges, max_size=board.n_edges))
    for h, v, _ in board.crossings:  # a file can hold crossing bridges; a map cannot
        if counts[h] and counts[v]:
            counts[v] = 0
    state = [0b111 if n == 0 else 1 << n for n in counts]
    back = round_trip("hashiwokakero", level, "pzpr", state)
    assert back is not None
    (block,) = read_blocks(back)
    assert puzzle.genre.parse_state(board, block) == puzzle.genre.parse_state(
        board, read_blocks("\n".join(puzzle.genre.write(board, state)))[0]
    )


@pytest.mark.parametrize("genre", GENRES)
def test_a_huge_claimed_size_is_refused_before_anything_is_allocated(genre: str) -> None:
    start = time.perf_counter()
    for source in (
        "https://puzz.link/p?slither/100000/100000/" + "z" * 1000,
        "https://puzz.link/p?hashikake/100000/100000/" + "z" * 1000,
        "100000x100000t0:" + "z" * 1000,
        "100000x100000m2:" + "z" * 1000,
        "pzprv3/slither/100000/100000/",
        "pzprv3/hashikake/100000/100000/",
        "https://puzz.link/p?slither/5/5/" + "z" * (1 << 21),
    ):
        no_crash(genre, source)
    assert time.perf_counter() - start < 2 * SLOW


def test_the_host_used_here_has_both_genres(host: Host) -> None:
    assert {f.genres[0] for f in HOST.formats()} >= set(GENRES)


def _penpa_text(genre: str, rows: list[str]) -> str:
    from puzzlekit.formats import penpa

    (puzzle,) = puzzlekit.load(genre, "\n".join(rows) + "\n", host=HOST)
    return "\n".join(penpa.unpack(interchange.encode(puzzle, "penpa", HOST))[0])


PENPA_CHARS = '0123456789[]{}",:-. zZ\n'
JANKO_TOKENS = ["-", ".", "0", "1", "3", "4", "8", "9", "x", "²", "10"]
JANKO_KEYS = ["size 3", "rows x", "cols ²", "problem", "solution", "end", "begin", "info"]
PENPA_TEXTS = {
    "slitherlink": _penpa_text("slitherlink", ["3.2", "...", "2.3"]),
    "hashiwokakero": _penpa_text("hashiwokakero", ["2.2", "...", "?.1"]),
}


@FUZZ
@given(
    genre=st.sampled_from(GENRES),
    cuts=st.lists(st.tuples(st.integers(0, 4000), st.text(alphabet=PENPA_CHARS, max_size=8)), max_size=4),
)
def test_mutated_penpa_boards_are_a_board_or_a_level_error(genre: str, cuts: list[tuple[int, str]]) -> None:
    from puzzlekit.formats import penpa

    text = PENPA_TEXTS[genre]
    for at, piece in cuts:
        at %= len(text) + 1
        text = text[:at] + piece + text[at + len(piece) :]
    url = penpa.CANONICAL + penpa.pack_text(text)
    no_crash(genre, url)
    assert interchange.claimed_genres(url, HOST) is not None


@FUZZ
@given(genre=st.sampled_from(GENRES), data=st.text(alphabet="ABCDEFabcdef0123456789+/=%", max_size=200))
def test_random_penpa_data_is_a_level_error(genre: str, data: str) -> None:
    no_crash(genre, "https://swaroopg92.github.io/penpa-edit/#m=edit&p=" + data)


@FUZZ
@given(
    genre=st.sampled_from(GENRES),
    kind=st.sampled_from(["slitherlink", "hashi", "nurikabe", ""]),
    size=SIZES,
    rows=st.lists(st.lists(st.sampled_from(JANKO_TOKENS), max_size=6), max_size=6),
    keys=st.lists(st.sampled_from(JANKO_KEYS), max_size=3),
)
def test_structured_janko_text_is_a_board_or_a_level_error(
    genre: str, kind: str, size: int, rows: list[list[str]], keys: list[str]
) -> None:
    grid = "\n".join(" ".join(row) for row in rows)
    text = f"begin\npuzzle {kind}\nsize {size}\n" + "\n".join(keys) + f"\nproblem\n{grid}\nend\n"
    no_crash(genre, text)
    assert interchange.claimed_genres(text, HOST) is not None


@pytest.mark.parametrize("genre", GENRES)
def test_huge_penpa_and_janko_claims_are_refused_quickly(genre: str) -> None:
    from puzzlekit.formats import penpa

    start = time.perf_counter()
    lines = PENPA_TEXTS[genre].split("\n")
    header = lines[0].split(",")
    header[1] = header[2] = "100000"
    lines[0] = ",".join(header)
    deep = list(lines)
    deep[3] = "[" * 100000
    for text in ("\n".join(lines), "\n".join(deep), "z" * (1 << 16), "x" * (5 << 20)):  # the last unpacks past the cap
        no_crash(genre, penpa.CANONICAL + penpa.pack_text(text))
    no_crash(genre, "begin\npuzzle slitherlink\nsize 100000\nproblem\n- -\nend\n")
    assert time.perf_counter() - start < 2 * SLOW


# -- every registered genre (benchmarks/fuzz.py runs the long campaign) -------------------

ALL_GENRES = sorted(e.genre.name for e in HOST.genres())
SMALL = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
"""The same examples on every run (18 genres x 12 is a smoke test, and a run of the suite is
no place to discover): finding new inputs is benchmarks/fuzz.py's job, and what it finds
comes back here as a regression case."""
ODD_CHARS = ["²", "¹", "٣", "\x00", "\ufeff", "é", "?", "--5", "100000", "10000000000000"]


def _written(genre: str) -> list[tuple[str, str]]:
    """(format name, source) for each bundled example written by each format that can."""
    g = HOST.genre(genre)
    out = []
    for path in g.example_paths()[:2]:
        for p in puzzlekit.load(g, path.read_text(), host=HOST)[:1]:
            for fmt in HOST.formats(genre):
                if fmt.can_write:
                    with contextlib.suppress(PuzzlekitError):
                        out.append((fmt.name, fmt.write(p)))
    return out


WRITTEN = {genre: _written(genre) for genre in ALL_GENRES}


def test_every_genre_has_examples_written_in_its_formats() -> None:
    assert len(ALL_GENRES) >= 17
    assert all(WRITTEN[genre] for genre in ALL_GENRES)


@pytest.mark.parametrize("genre", ALL_GENRES)
@SMALL
@given(source=st.text(max_size=80))
def test_every_genre_reads_arbitrary_text_as_a_board_or_a_level_error(genre: str, source: str) -> None:
    no_crash(genre, source)
    with contextlib.suppress(LevelError):
        puzzlekit.load(genre, source, host=HOST)


@pytest.mark.parametrize("genre", ALL_GENRES)
@SMALL
@given(data=st.data())
def test_every_genre_reads_mutated_sources_as_a_board_or_a_level_error(genre: str, data: st.DataObject) -> None:
    _, text = data.draw(st.sampled_from(WRITTEN[genre]))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        piece = data.draw(st.sampled_from([*ODD_CHARS, "", "0", "9", "\n", " "]))
        cut = data.draw(st.integers(0, 3))
        text = text[:at] + piece + text[at + cut :]
    no_crash(genre, text)


@pytest.mark.parametrize("genre", ALL_GENRES)
def test_every_genres_examples_and_odd_boards_survive_every_codec(genre: str) -> None:
    g = HOST.genre(genre)
    levels = [path.read_text() for path in g.example_paths()[:2]] + [".\n", ".\n" * 5, ".....\n"]
    for level in levels:
        with contextlib.suppress(LevelError):
            (p, *_) = puzzlekit.load(g, level, host=HOST)
            for fmt in HOST.formats(genre):
                if not fmt.can_write:
                    continue
                try:
                    written = fmt.write(p)
                except PuzzlekitError:  # the format cannot express it, and says so
                    continue
                (again,) = puzzlekit.load(g, fmt.read(written, g), host=HOST)
                assert (
                    read_blocks("\n".join(g.write(again.instance)))[0].rows
                    == read_blocks("\n".join(g.write(p.instance)))[0].rows
                ), (fmt.name, level)


# -- regressions found by benchmarks/fuzz.py on 2026-12-06 ------------------------------


@pytest.mark.parametrize("genre", ["numberlink", "hitori", "nurikabe", "fillomino", "kurodoko"])
def test_a_superscript_digit_in_level_text_is_a_level_error(genre: str) -> None:
    with pytest.raises(LevelError, match=r"<string>:2:"):
        puzzlekit.load(genre, "1..\n.².\n...\n", host=HOST)  # '²'.isdigit(), but int('²') raised


@pytest.mark.parametrize(
    ("genre", "source"),
    [
        ("sudoku", "pzprv3\nsudoku\n4\n. . . . \n. 3¹ . . \n. . . . \n. . . . \n"),
        ("nurikabe", "pzprv3\nnurikabe\n2\n2\n1 . \n. 1¹ \n"),
        ("kurodoko", "pzprv3\nkurodoko\n2\n2\n2 . \n. 4¹1 \n"),
        ("shikaku", "pzprv3\nshikaku\n2\n2\n2 . \n. ²2 \n"),
        ("numberlink", "pzprv3\nnumlin\n2\n2\n1 . \n. ²1 \n"),
        ("starbattle", "pzprv3\nstarbattle\n2\n2\n1\n2²\n0 0 \n1 1 \n"),
    ],
)
def test_a_superscript_digit_in_a_pzprjs_file_is_a_located_level_error(genre: str, source: str) -> None:
    with pytest.raises(LevelError, match=r"pzprv3.*:\d+:\d+: "):
        puzzlekit.load(genre, source, host=HOST)


def test_a_kakuro_board_of_clues_only_cannot_be_written_for_pzprjs() -> None:
    (p,) = puzzlekit.load("kakuro", ".\n" * 7, host=HOST)
    for kind in ("url", "pzpr"):
        with pytest.raises(CannotWrite, match="1x7 board"):
            interchange.encode(p, kind, HOST)  # an IndexError before


@pytest.mark.parametrize("game_id", ["1x1:a", "3x2:2e", "1x7:g"])
def test_filling_ids_of_fewer_than_nine_cells_read(game_id: str) -> None:
    (p,) = puzzlekit.load("fillomino", game_id, host=HOST)  # '# largest: 9' on 1 cell was refused
    assert p.instance.largest == min(9, p.instance.grid.n_cells)
    assert interchange.encode(p, "tatham", HOST) == game_id


@pytest.mark.parametrize("genre", ["numberlink", "yajilin"])
def test_a_one_column_pzprjs_file_with_lines_is_one_board(genre: str) -> None:
    (p,) = puzzlekit.load(genre, ".\n" * 5, host=HOST)
    written = interchange.encode(p, "pzpr", HOST)
    assert len(puzzlekit.load(genre, written, host=HOST)) == 1  # blank rows between cells split it in five


@pytest.mark.parametrize("engine", ["propagation", "sat"])
def test_a_one_cell_masyu_with_a_pearl_has_no_solution(engine: str) -> None:
    if engine == "sat":
        pytest.importorskip("pysat")
    for level in ("B\n", "W\n"):  # a TypeError (itemgetter of no edge) before
        assert puzzlekit.solve("masyu", level, engine=engine, host=HOST).status == puzzlekit.Status.NONE


@pytest.mark.parametrize("source", ["|x", "| 3", "|"])
def test_a_shikaku_first_row_with_no_cells_is_a_level_error(source: str) -> None:
    """Found by Hypothesis in a CI run: the first row held nothing before its '|' (a
    ValueError from the grid of 0 columns)."""
    with pytest.raises(LevelError, match="1:1: expected a row of cells"):
        puzzlekit.load("shikaku", source, host=HOST)
