"""The ASCII level format: blocks, metadata, comments, line numbers, limits, and fuzzing."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import puzzlekit
from puzzlekit.errors import LevelError
from puzzlekit.formats.level import MAX_COLUMNS, MAX_ROWS, Block, has_word, is_comment, read_blocks, write_block


def rows_of(text: str) -> list[list[str]]:
    return [b.rows for b in read_blocks(text)]


def one_block(text: str) -> Block:
    blocks = read_blocks(text)
    assert len(blocks) == 1
    return blocks[0]


# -- blocks --------------------------------------------------------------------


def test_blank_lines_separate_blocks() -> None:
    assert rows_of("12\n34\n\n56\n") == [["12", "34"], ["56"]]


def test_whitespace_only_lines_separate_blocks_too() -> None:
    assert rows_of("12\n \t \n34\n") == [["12"], ["34"]]


def test_runs_of_blank_lines_and_leading_or_trailing_blanks_make_no_empty_blocks() -> None:
    assert rows_of("\n\n12\n\n\n\n34\n\n") == [["12"], ["34"]]


def test_empty_text_has_no_blocks() -> None:
    assert read_blocks("") == []
    assert read_blocks("\n \n") == []


def test_blocks_know_their_position_among_puzzle_blocks() -> None:
    blocks = read_blocks("# header only\n\n1\n\n# a comment\n\n2\n")
    assert [b.index for b in blocks] == [0, 1]
    assert [b.rows for b in blocks] == [["1"], ["2"]]


def test_rows_keep_leading_spaces_and_lose_trailing_ones() -> None:
    assert one_block("  1 2  \n3\n").rows == ["  1 2", "3"]


def test_a_file_without_a_final_newline_keeps_its_last_row() -> None:
    assert rows_of("12\n34") == [["12", "34"]]


def test_block_remembers_its_source() -> None:
    assert one_block("1\n").source == "<string>"
    assert read_blocks("1\n", "levels/a.txt")[0].source == "levels/a.txt"


# -- metadata and comments -----------------------------------------------------


def test_key_value_comments_are_metadata() -> None:
    block = one_block("# title: First one\n# author:Ann\n12\n")
    assert block.meta == {"title": "First one", "author": "Ann"}
    assert block.comments == []


def test_metadata_keys_are_lower_cased_and_values_stripped() -> None:
    block = one_block("#TITLE :   spaced out   \n#  Difficulty:hard\t\n1\n")
    assert block.meta == {"title": "spaced out", "difficulty": "hard"}


def test_unknown_metadata_keys_are_kept() -> None:
    block = one_block("# my-own_key2: something\n1\n")
    assert block.meta == {"my-own_key2": "something"}


def test_plain_comments_are_comments_not_metadata() -> None:
    block = one_block("# just a remark\n# 3 is not a key: value\n1\n")
    assert block.meta == {}
    assert block.comments == ["just a remark", "3 is not a key: value"]


def test_metadata_may_have_an_empty_value() -> None:
    assert one_block("# source:\n1\n").meta == {"source": ""}


def test_metadata_remembers_the_line_it_came_from() -> None:
    block = one_block("\n# title: t\n# expect: unique\n1\n")
    assert block.meta_lines == {"title": 2, "expect": 3}


def test_a_later_metadata_line_overrides_an_earlier_one() -> None:
    block = one_block("# title: one\n# title: two\n1\n")
    assert block.meta == {"title": "two"}
    assert block.meta_lines == {"title": 2}


def test_metadata_belongs_to_its_own_block() -> None:
    first, second = read_blocks("# title: a\n1\n\n# title: b\n2\n")
    assert first.meta == {"title": "a"}
    assert second.meta == {"title": "b"}


def test_comment_only_blocks_are_skipped_with_their_metadata() -> None:
    blocks = read_blocks("# title: the collection\n# by someone\n\n# expect: none\n1\n")
    assert len(blocks) == 1
    assert blocks[0].meta == {"expect": "none"}
    assert blocks[0].comments == []


def test_indented_comments_are_still_comments() -> None:
    block = one_block("   # title: indented\n1\n")
    assert block.meta == {"title": "indented"}
    assert block.rows == ["1"]


# -- line numbers and errors ---------------------------------------------------


def test_rows_remember_the_files_line_numbers() -> None:
    text = "# intro\n\n# title: x\n12\n34\n\n\n56\n"
    first, second = read_blocks(text)
    assert first.lines == [4, 5]
    assert first.first_line == 4
    assert second.lines == [8]


def test_error_points_at_file_line_and_one_based_column() -> None:
    block = read_blocks("\n# title: x\n12\n3x\n", "lvl.txt")[0]
    error = block.error(1, 1, "expected a digit")
    assert isinstance(error, LevelError)
    assert (error.source, error.line, error.col) == ("lvl.txt", 4, 2)
    assert str(error) == "lvl.txt:4:2: expected a digit"


def test_error_outside_the_rows_points_at_the_first_row() -> None:
    block = read_blocks("\n\n12\n34\n", "f")[0]
    assert block.error(7, 0, "too short").line == 3


def test_crlf_line_endings_are_read_like_lf() -> None:
    crlf = read_blocks("# title: t\r\n12\r\n34\r\n\r\n56\r\n")
    lf = read_blocks("# title: t\n12\n34\n\n56\n")
    assert crlf == lf
    assert crlf[0].meta == {"title": "t"}


def test_a_utf8_byte_order_mark_is_ignored() -> None:
    block = one_block("\ufeff# title: t\n12\n")
    assert block.meta == {"title": "t"}
    assert block.rows == ["12"]
    assert block.lines == [2]


def test_a_byte_order_mark_before_a_row_does_not_reach_the_row() -> None:
    assert one_block("\ufeff12\n").rows == ["12"]


def test_only_newlines_end_lines() -> None:
    # A form feed is no line break to an editor: "34" is on the file's line 2.
    block = one_block("1\x0c2\n34\n")
    assert block.lines == [1, 2]
    assert block.rows[1] == "34"


# -- block helpers -------------------------------------------------------------


def test_padded_rows_share_the_blocks_width() -> None:
    block = one_block("123\n1\n12 \n")
    assert block.width == 3
    assert block.height == 3
    assert block.padded() == ["123", "1  ", "12 "]
    assert block.rows == ["123", "1", "12"]  # the rows themselves are untouched


@pytest.mark.parametrize("value", ["unique", "multiple", "none", "  Unique ", "NONE"])
def test_expect_accepts_the_three_answers(value: str) -> None:
    block = one_block(f"# expect: {value}\n1\n")
    assert block.expect() == value.strip().lower()


def test_expect_is_none_when_absent() -> None:
    assert one_block("1\n").expect() is None


def test_a_bad_expect_is_a_level_error_at_its_own_line() -> None:
    block = read_blocks("# title: t\n\n# author: a\n# expect: solvable\n12\n", "lvl.txt")[0]
    with pytest.raises(LevelError) as caught:
        block.expect()
    assert caught.value.line == 4
    assert caught.value.source == "lvl.txt"
    assert "solvable" in caught.value.message


def test_flags_are_words_split_by_commas_or_spaces_and_lower_cased() -> None:
    assert one_block("# flags: Full, diagonal  wrap,,\n1\n").flags() == {"full", "diagonal", "wrap"}
    assert one_block("1\n").flags() == set()
    assert one_block("# flags:\n1\n").flags() == set()


# -- limits --------------------------------------------------------------------


def test_a_block_may_have_max_rows_rows() -> None:
    assert one_block("1\n" * MAX_ROWS).height == MAX_ROWS


def test_one_row_too_many_is_a_level_error_at_that_row() -> None:
    with pytest.raises(LevelError) as caught:
        read_blocks("# title: t\n" + "1\n" * (MAX_ROWS + 1), "big.txt")
    assert caught.value.line == MAX_ROWS + 2
    assert caught.value.source == "big.txt"


def test_the_row_cap_is_per_block() -> None:
    text = "1\n" * MAX_ROWS + "\n" + "2\n" * MAX_ROWS
    assert [b.height for b in read_blocks(text)] == [MAX_ROWS, MAX_ROWS]


def test_a_row_may_have_max_columns_characters_plus_trailing_spaces() -> None:
    assert one_block("1" * MAX_COLUMNS + "   \n").width == MAX_COLUMNS


def test_one_column_too_many_is_a_level_error_at_that_column() -> None:
    with pytest.raises(LevelError) as caught:
        read_blocks("12\n" + "1" * (MAX_COLUMNS + 1) + "\n")
    assert (caught.value.line, caught.value.col) == (2, MAX_COLUMNS + 1)


# -- writing -------------------------------------------------------------------


def test_write_block_puts_metadata_and_comments_before_the_rows() -> None:
    text = write_block(["12  ", "34"], {"title": "t"}, ["made by hand", "", "1 2"])
    assert text == "# title: t\n# made by hand\n12\n34\n"  # a comment without a word would read as a row


def test_write_block_reads_back() -> None:
    text = write_block(["1.2", " 3"], {"title": "A title", "expect": "unique"}, ["note"])
    block = one_block(text)
    assert block.rows == ["1.2", " 3"]
    assert block.meta == {"title": "A title", "expect": "unique"}
    assert block.comments == ["note"]


row_text = st.text(alphabet="0123.+-|x ", min_size=1, max_size=12).filter(lambda r: r.strip() != "")
meta_key = st.from_regex(r"[a-z][a-z0-9_-]{0,8}", fullmatch=True)
meta_value = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=20).map(str.strip)
comment_text = st.text(alphabet="abc xyz!?", max_size=15).map(str.strip)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(row_text, min_size=1, max_size=6),
    st.dictionaries(meta_key, meta_value, max_size=4),
    st.lists(comment_text, max_size=3),
)
def test_write_block_round_trips_through_read_blocks(
    rows: list[str], meta: dict[str, str], comments: list[str]
) -> None:
    block = one_block(write_block(rows, meta, comments))
    assert block.rows == [r.rstrip() for r in rows]
    assert block.meta == meta
    assert block.comments == [c for c in comments if has_word(c)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(row_text, min_size=1, max_size=4), min_size=1, max_size=4))
def test_several_written_blocks_read_back_in_order(blocks: list[list[str]]) -> None:
    text = "\n".join(write_block(rows) for rows in blocks)
    assert rows_of(text) == [[r.rstrip() for r in rows] for rows in blocks]


# -- fuzzing -------------------------------------------------------------------

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.text())
def test_read_blocks_on_any_text_returns_blocks_or_raises_level_error(text: str) -> None:
    try:
        blocks = read_blocks(text)
    except LevelError:
        return
    for block in blocks:
        assert block.rows
        assert len(block.rows) == len(block.lines)
        assert all(row.strip() for row in block.rows)
        assert not is_comment(block.rows[0])


def load_slitherlink(text: str) -> None:
    """Load, and touch what the block says about itself; only LevelError may escape."""
    try:
        for puzzle in puzzlekit.load("slitherlink", text):
            puzzle.expect()
            assert puzzle.size
    except LevelError:
        pass


@FUZZ
@given(st.text())
def test_slitherlink_parser_on_any_text_raises_only_level_errors(text: str) -> None:
    load_slitherlink(text)


@FUZZ
@given(st.text(alphabet="0123.+-|x 4a\n#:", max_size=120))
def test_slitherlink_parser_on_level_like_text_raises_only_level_errors(text: str) -> None:
    load_slitherlink(text)


lattice_line = st.sampled_from(["+-+-+", "+ + +", "+x+ +", "| | |", "|3 2 ", " 1 .", "+-+", "|0|", "+", "|"])
meta_line = st.sampled_from(["# flags: full", "# flags: wrap", "# expect: unique", "# expect: maybe", "#", ""])


@FUZZ
@given(st.lists(st.one_of(lattice_line, meta_line, st.text(alphabet="0123.+-|x 4a#:", max_size=7)), max_size=9))
def test_slitherlink_parser_on_lattice_like_text_raises_only_level_errors(lines: list[str]) -> None:
    load_slitherlink("\n".join(lines))


# -- rows that start with '#' (black cells) ----------------------------------------


def test_a_board_row_may_start_with_a_hash_and_is_never_dropped() -> None:
    block = one_block("# title: dark corners\n#..1\n.2..\n...#\n#.#.\n")
    assert block.rows == ["#..1", ".2..", "...#", "#.#."]
    assert block.meta == {"title": "dark corners"}
    assert block.lines == [2, 3, 4, 5]


def test_after_the_first_row_every_line_is_a_row_even_a_comment_lookalike() -> None:
    block = one_block("..\n# x\n")
    assert block.rows == ["..", "# x"]
    assert block.comments == []


def test_comments_before_the_board_need_a_space_after_the_hash_and_a_word() -> None:
    block = one_block("# a remark\n#title: t\n##.\n")
    assert block.comments == ["a remark"]
    assert block.meta == {"title": "t"}
    assert block.rows == ["##."]


def test_is_comment_tells_comments_from_board_rows() -> None:
    assert is_comment("# note") and is_comment("  # title: x") and is_comment("#title: x") and is_comment("# step 3")
    assert not is_comment("#..1") and not is_comment("##") and not is_comment("..#")
    assert not is_comment("#") and not is_comment("# 12 . #")
    assert not is_comment("# # x *") and not is_comment("# o o 3")


# Issue 21 item 6: a first row starting with '#' was read as a comment and lost.


def test_a_board_one_column_wide_keeps_its_black_first_row() -> None:
    block = one_block("# title: narrow\n#\n.\n#\n")
    assert block.rows == ["#", ".", "#"] and block.meta == {"title": "narrow"} and block.lines == [2, 3, 4]
    (akari,) = puzzlekit.load("akari", "#\n.\n#\n")
    assert akari.size == "1x3"


def test_a_block_of_nothing_but_hash_rows_is_a_board() -> None:
    assert rows_of("# 2 #\n# # #\n") == [["# 2 #", "# # #"]]
    assert rows_of("#\n#\n") == [["#", "#"]]


def test_space_separated_rows_with_a_shaded_first_cell_are_rows() -> None:
    """A Nurikabe answer with a number of 10 or more, its first cell shaded."""
    text = "# title: t\n# # # #\n10  .  .  #\n .  .  .  #\n .  .  .  .\n"
    (p,) = puzzlekit.load("nurikabe", text)
    assert p.size == "4x4"
    assert puzzlekit.check("nurikabe", text).status == "solved"


def test_the_decoders_never_lose_a_row() -> None:
    (p,) = puzzlekit.load("akari", "https://puzz.link/p?lightup/1/3/.g.")
    assert p.genre.write(p.instance) == ["#", ".", "#"]
    answer = "pzprv3/nurikabe/3/4/# # # # /# 10 . . /# . . . /"
    (n,) = puzzlekit.load("nurikabe", answer)
    assert n.size == "4x3" and puzzlekit.check("nurikabe", answer).status == "incomplete"  # read whole: 6 of 10
    solved = "pzprv3/nurikabe/4/4/# # # # /10 . . # /. . . # /. . . . /"
    assert puzzlekit.check("nurikabe", solved).status == "solved"


def test_a_comment_without_a_word_is_a_row_the_genre_points_at() -> None:
    with pytest.raises(LevelError, match=r"<string>:1:1: "):
        puzzlekit.load("slitherlink", "# 2019\n..\n..\n")


def test_a_written_block_with_hash_rows_reads_back() -> None:
    assert read_blocks(write_block(["#.#", "..#", "##."], {"title": "t"}))[0].rows == ["#.#", "..#", "##."]


def _old_comment(line: str) -> bool:
    """The rule before issue 21: ``#`` then whitespace or nothing, or metadata."""
    stripped = line.strip()
    return stripped.startswith("#") and (len(stripped) == 1 or stripped[1].isspace() or is_comment(stripped))


def _misread_lines(text: str) -> list[str]:
    """The lines the old rule took for comments before a board and the new one does not:
    a file reads the same under both rules exactly when there are none."""
    out = []
    for chunk in text.split("\n\n"):
        for line in chunk.split("\n"):
            if not line.strip():
                continue
            if not _old_comment(line):
                break  # the board starts here under both rules
            if not is_comment(line):
                out.append(line)
    return out


def _level_files() -> list[Path]:
    root = Path(__file__).resolve().parents[1]
    found = [*root.glob("plugins/*/examples/*.txt"), *root.glob("contrib/*/src/*/examples/*.txt")]
    found += [*root.glob("tests/fixtures/**/*.txt"), *root.glob("tests/golden/**/*.txt")]
    return sorted(found)


WRITTEN_FOR_THE_WORD_RULE = ("puzzlekit_kakuro",)
"""Genres that came after issue 21: a Kakuro board's top-left cell is always black (``#``)
and its rows are spaced tokens, so its files read only under the word rule, as meant."""


def test_every_bundled_file_reads_the_same_under_the_word_rule() -> None:
    files = [f for f in _level_files() if not set(f.parts) & set(WRITTEN_FOR_THE_WORD_RULE)]
    assert len(files) > 40
    for path in files:
        assert _misread_lines(path.read_text(encoding="utf-8")) == [], path


@pytest.mark.corpus
def test_the_corpus_reads_the_same_under_the_word_rule() -> None:
    import corpus

    files = sorted(corpus.ROOT.glob("**/*.txt"))
    assert files
    for path in files:
        assert _misread_lines(path.read_text(encoding="utf-8")) == [], path


def test_the_old_rule_is_what_lost_rows() -> None:
    assert _misread_lines("#\n.\n#\n") == ["#"]
    assert _misread_lines("# title: t\n# 2 # .\n. . . .\n") == ["# 2 # ."]


def test_a_wordless_comment_that_fails_as_a_row_is_said_to_need_a_word() -> None:
    with pytest.raises(LevelError) as err:
        puzzlekit.load("slitherlink", "# ----\n3.2\n...\n2..\n", source="l.txt")
    assert str(err.value).startswith("l.txt:1:1: this line is read as the board's first row")
    assert "needs a word" in str(err.value)


def test_a_board_whose_first_row_is_cells_gets_no_comment_hint() -> None:
    with pytest.raises(LevelError) as err:
        puzzlekit.load("akari", "#.1\n...\n.\n", source="l.txt")
    assert str(err.value).startswith("l.txt:3:")
    assert "needs a word" not in str(err.value)


def test_a_first_row_as_wide_as_the_next_is_a_board_row_and_gets_no_comment_hint() -> None:
    """Kakuro's first row is '#  #  12\\ ...': an error in it is that error alone."""
    text = "#  #   1x\\  4\\\n#  4\\8  .    .\n\\10 .   .    .\n\\3  .   .    .\n"
    with pytest.raises(LevelError) as err:
        puzzlekit.load("kakuro", text, source="k.txt")
    assert str(err.value) == ("k.txt:1:8: expected '.', '#', a clue like '4\\12' or a digit 1-9, found '1x\\'")
