"""What the command line reads and writes: size caps, missing or closed standard
streams, odd file names, OS errors named by path, atomic ``-o``, escaped messages."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from puzzlekit.cli.main import main
from puzzlekit.cli.writing import write_output
from puzzlekit.pictures import pictures_problem

UNIQUE = "31\n..\n"
EXAMPLE = Path(__file__).resolve().parents[1] / "plugins" / "puzzlekit_slitherlink" / "examples" / "first.txt"


def run(*args: str, stdin: str | bytes | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def cli(*args: str | bytes, **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    """The installed command in its own process, for what CliRunner cannot fake (no stdin at all)."""
    command = [sys.executable, "-c", "from puzzlekit.cli.main import main; main()", *args]
    return subprocess.run(command, capture_output=True, timeout=60, **kwargs)  # type: ignore[call-overload, no-any-return]


def test_stdin_past_one_mebibyte_is_one_error_line() -> None:
    result = run("solve", "slitherlink", "-", stdin="3\n" * (1 << 20))
    assert result.exit_code == 1
    assert result.stderr == (
        "puzzlekit: error: <stdin>: more than 1,048,576 bytes; puzzlekit reads at most 1 MiB from a file "
        "(a janko.at collection, up to 64 MiB)\n"
    )


def test_a_file_past_one_mebibyte_is_one_error_line(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("." * (1 << 20) + "\n")
    result = run("solve", "slitherlink", str(big))
    assert result.exit_code == 1 and "big.txt: more than 1,048,576 bytes" in result.stderr


def test_dev_zero_is_read_no_further_than_the_cap() -> None:
    result = run("solve", "slitherlink", "/dev/zero")
    assert result.exit_code == 1 and "/dev/zero: more than 1,048,576 bytes" in result.stderr


@pytest.mark.parametrize("closed", ["stdin", "stdout", "both"])
def test_no_standard_stream_attached_is_no_traceback(closed: str) -> None:
    """Started with a standard stream closed (as some schedulers do), Python has None there."""
    close = {"stdin": "0<&-", "stdout": "1>&-", "both": "0<&- 1>&-"}[closed]
    entry = f'"{sys.executable}" -c "from puzzlekit.cli.main import main; main()"'
    script = f'{entry} solve slitherlink "{EXAMPLE}" {close}'
    done = subprocess.run(["sh", "-c", script], capture_output=False, stderr=subprocess.PIPE, timeout=60)
    assert b"Traceback" not in done.stderr, done.stderr
    if closed == "stdin":
        assert done.returncode == 0, done.stderr
    else:  # the solution cannot be written: an error, not output quietly thrown away (issue 21)
        assert done.returncode == 1
        assert done.stderr == b"puzzlekit: error: standard output: closed, so the output cannot be written\n"


def test_stdin_as_source_without_a_standard_input_is_one_line() -> None:
    script = f'"{sys.executable}" -c "from puzzlekit.cli.main import main; main()" solve slitherlink - 0<&-'
    done = subprocess.run(["sh", "-c", script], capture_output=True, timeout=60)
    assert b"Traceback" not in done.stderr
    assert done.returncode in (1, 2) and done.stderr.count(b"\n") == 1


def test_a_file_name_that_is_not_utf8_is_read_and_named_escaped(tmp_path: Path) -> None:
    name = os.fsdecode(b"lev\xffel.txt")
    (tmp_path / name).write_text("4\n")
    done = cli("solve", "slitherlink", os.fsencode(str(tmp_path / name)))
    assert b"Traceback" not in done.stderr
    assert done.returncode == 1 and done.stderr.count(b"\n") == 1
    assert b"lev\\xffel.txt:1:1:" in done.stderr
    (tmp_path / name).write_text(UNIQUE)
    done = cli("check", "slitherlink", os.fsencode(str(tmp_path / name)), "--state", os.fsencode(str(tmp_path / name)))
    assert b"Traceback" not in done.stderr and done.returncode == 1


def test_a_seed_that_is_not_utf8_is_refused_in_one_line() -> None:
    done = cli("generate", "slitherlink", "--size", "4", "--seed", b"a\xffb")
    assert b"Traceback" not in done.stderr
    assert done.returncode == 2 and done.stderr.count(b"\n") == 1


def test_control_characters_in_source_are_escaped_in_errors() -> None:
    result = run("solve", "slitherlink", "https://puzz.link/p?slither/5/5/\x1b[31m\x0c")
    assert result.exit_code != 0
    assert "\x1b" not in result.stderr and "\x0c" not in result.stderr
    assert "\\x1b[31m" in result.stderr and result.stderr.count("\n") == 1


def test_os_errors_name_the_path_and_the_problem(tmp_path: Path) -> None:
    source = tmp_path / "level.txt"
    source.write_text(UNIQUE)
    result = run("convert", "slitherlink", str(source), "-o", str(tmp_path))
    assert result.exit_code == 1
    assert result.stderr == f"puzzlekit: error: {tmp_path}: is a directory; give -o a file name\n"
    result = run("render", "slitherlink", str(source), "-o", str(tmp_path))
    assert result.stderr == f"puzzlekit: error: {tmp_path}: is a directory; give -o a file name\n"
    result = run("convert", "slitherlink", str(source), "-o", str(tmp_path / "no" / "such" / "dir.txt"))
    assert result.exit_code == 1 and "[Errno" not in result.stderr
    assert "no such file or directory" in result.stderr


def test_output_replaces_a_file_atomically_and_leaves_nothing_behind(tmp_path: Path) -> None:
    source = tmp_path / "level.txt"
    source.write_text(UNIQUE)
    target = tmp_path / "out.txt"
    target.write_text("old")
    target.chmod(0o640)
    assert run("convert", "slitherlink", str(source), "--to", "url", "-o", str(target)).exit_code == 0
    assert target.read_text().startswith("https://puzz.link/p?slither/2/2/")
    assert target.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["level.txt", "out.txt"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "out.svg"
    target.write_text("old")

    def broken(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device", str(dst))

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        write_output(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.svg"]


@pytest.mark.parametrize(
    "command",
    [
        ["render", "slitherlink", str(EXAMPLE)],
        ["daily", "slitherlink", "--date", "2026-12-01"],
        ["solve", "slitherlink", str(EXAMPLE)],
        ["convert", "slitherlink", str(EXAMPLE), "--to", "url"],
    ],
)
def test_output_into_a_missing_folder_names_the_file_asked_for(tmp_path: Path, command: list[str]) -> None:
    """The error named the temporary file beside the target (``.x.svg.7h6sg49l.part``), or
    the journal of a batch's ``--output`` (``x.svg.resume``)."""
    target = tmp_path / "no-such-folder" / "x.svg"
    result = run(*command, "-o", str(target))
    assert result.exit_code == 1, result.output
    assert result.stderr == f"puzzlekit: error: {target}: no such file or directory\n"


def test_a_write_that_fails_names_the_file_asked_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "out.svg"

    def full(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OSError) as caught:
        write_output(target, "new")
    assert caught.value.filename == str(target) and caught.value.errno == 28
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize(
    "command",
    [["render", "slitherlink", str(EXAMPLE), "--format", "svg"], ["solve", "slitherlink", str(EXAMPLE)]],
)
def test_a_full_device_is_named_in_the_error(command: list[str]) -> None:
    """``-o /dev/full`` said only "no space left on device"."""
    result = run(*command, "-o", "/dev/full")
    assert result.exit_code == 1, result.output
    assert result.stderr == "puzzlekit: error: /dev/full: no space left on device\n"


def test_output_to_a_device_is_written_in_place() -> None:
    write_output("/dev/null", "anything")
    assert Path("/dev/null").exists() and not Path("/dev/null").is_file()


@pytest.mark.skipif(pictures_problem() is not None, reason=f"the pictures extra is unusable here: {pictures_problem()}")
@pytest.mark.parametrize("title", ["a\x0cb\x1bc", "x\udcffy\x01"])
def test_a_sheet_title_with_control_characters_or_bad_bytes_still_draws(tmp_path: Path, title: str) -> None:
    source = tmp_path / "level.txt"
    source.write_text(f"# title: {title.encode('utf-8', 'replace').decode()}\n{UNIQUE}")
    out = tmp_path / "sheet.pdf"
    result = run("render", "slitherlink", str(source), "--sheet", "-o", str(out), "--title", title)
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes().startswith(b"%PDF")


def test_a_drawing_the_converter_cannot_read_is_one_error_line(capfd: pytest.CaptureFixture[str]) -> None:
    from puzzlekit.errors import PuzzlekitError
    from puzzlekit.pictures.convert import pages_to_pdf

    if pictures_problem() is not None:
        pytest.skip(f"the pictures extra is unusable here: {pictures_problem()}")
    with pytest.raises(PuzzlekitError, match="could not draw this picture"):
        pages_to_pdf(['<svg xmlns="http://www.w3.org/2000/svg" width="nan" height="1"><rect/></svg>'])
    import gc

    gc.collect()
    assert "closed file" not in capfd.readouterr().err


@pytest.mark.skipif(pictures_problem() is not None, reason=f"the pictures extra is unusable here: {pictures_problem()}")
def test_a_png_too_large_to_draw_is_refused_before_drawing(tmp_path: Path) -> None:
    source = tmp_path / "big.txt"
    source.write_text(("." * 200 + "\n") * 200)
    result = run("render", "slitherlink", str(source), "-o", str(tmp_path / "big.png"), "--scale", "4")
    assert result.exit_code == 1
    assert "a PNG of 32160x32160 pixels is too large" in result.stderr
    assert not (tmp_path / "big.png").exists()


@pytest.mark.parametrize("args", [["solve", "--json"], ["check", "--json"], ["check"], ["grade", "--json"]])
def test_a_file_name_that_is_not_utf8_reaches_json_and_plain_output(tmp_path: Path, args: list[str]) -> None:
    name = tmp_path / os.fsdecode(b"att\xff.txt")
    name.write_text((EXAMPLE.parent / "first.attempt.txt").read_text())
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    done = cli(args[0], "slitherlink", os.fsencode(str(name)), *args[1:], env=env)
    assert b"Traceback" not in done.stderr, done.stderr
    assert done.returncode in (0, 6)
    if "--json" in args:
        import json

        assert json.loads(done.stdout.splitlines()[0])["source"].endswith("att\\xff.txt")
    else:
        assert b"att\\xff.txt" in done.stdout  # escaped, as every name in the output (a raw byte may be a C1 control)
