"""The project's own errors: every failure a user can cause is one of these."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


class PuzzlekitError(Exception):
    """Base of every error puzzlekit raises on purpose; the CLI prints it in one line."""


class LevelError(PuzzlekitError):
    """Bad level text, located as ``file:line:col: what was expected``."""

    def __init__(self, source: str, line: int, col: int, message: str) -> None:
        self.source = source
        self.line = line
        self.col = col
        self.message = message
        super().__init__(f"{source}:{line}:{col}: {message}")


class LevelErrors(LevelError):
    """Every error found in one level text, in file order (up to :data:`MAX_REPORTED`),
    so a user mends a file in one pass; it reads as its first error plus a count."""

    MAX_REPORTED = 20

    def __init__(self, errors: list[LevelError], more: int = 0) -> None:
        first = errors[0]
        super().__init__(first.source, first.line, first.col, first.message)
        self.errors = errors
        self.more = more
        """Errors found past the cap, not kept."""
        self.args = (f"{first} (and {len(errors) - 1 + more} more error(s) in this text)",)

    def __str__(self) -> str:
        return str(self.args[0])

    @staticmethod
    def collect(errors: list[LevelError]) -> LevelError | None:
        """One error for ``errors`` (flattening nested collections, capped), None for none."""
        flat = [e for err in errors for e in (err.errors if isinstance(err, LevelErrors) else [err])]
        more = sum(err.more for err in errors if isinstance(err, LevelErrors))
        if not flat:
            return None
        if len(flat) == 1 and not more:
            return flat[0]
        cap = LevelErrors.MAX_REPORTED
        return LevelErrors(flat[:cap], more + max(0, len(flat) - cap))

    @staticmethod
    def raise_any(errors: list[LevelError]) -> None:
        """Raise what :meth:`collect` makes of ``errors``; nothing when there are none."""
        failed = LevelErrors.collect(errors)
        if failed is not None:
            raise failed

    @staticmethod
    def run(parse: Callable[[], T], *checks: Callable[[], object]) -> T:
        """``parse()``, with every one of ``checks`` (a block's metadata, say) tried as well
        even when another fails, so the errors of all of them are reported together."""
        errors: list[LevelError] = []
        for check in checks:
            try:
                check()
            except LevelError as err:
                errors.append(err)
        try:
            result = parse()
        except LevelError as err:
            errors.append(err)
            LevelErrors.raise_any(errors)
            raise  # not reached: raise_any raised
        LevelErrors.raise_any(errors)
        return result


class UnknownGenre(PuzzlekitError):
    """A genre name no installed plugin registered."""


class PluginError(PuzzlekitError):
    """A plugin that failed to load or registered something invalid."""


class DuplicateName(PluginError):
    """Two plugins claim one genre, format or command name: the host cannot choose."""


class UsageError(PuzzlekitError):
    """Arguments that cannot work together (a state without a puzzle, say)."""


class CannotDraw(PuzzlekitError):
    """A genre that does not implement drawing (``Genre.draw_svg``) was asked for a picture."""


class MissingExtra(PuzzlekitError):
    """A feature needs an optional extra (``pip install 'puzzlekit-engine[pictures]'``) that is absent."""


class BudgetSpent(PuzzlekitError):
    """The time or node budget ran out before an answer could be given (a hint needs
    the solution first); the CLI exits 5, undecided, as solve does."""


def escaped(text: str) -> str:
    """``text`` safe for one line on a terminal: control characters (a form feed, an ESC
    that would start a terminal escape, a newline, a C1 control such as the one-byte CSI)
    and bytes that were not UTF-8 in a file name or an argument (surrogate escapes) are
    written as ``\\x..`` escapes.  Applied to everything a user's input puts into output:
    metadata values and comments as they are read, and the names of sources."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        code = ord(ch)
        if code < 0x20 or code == 0x7F or 0x80 <= code < 0xA0:
            out.append(f"\\x{code:02x}")
        elif 0xDC80 <= code <= 0xDCFF:  # a byte os.fsdecode could not decode
            out.append(f"\\x{code - 0xDC00:02x}")
        elif 0xD800 <= code <= 0xDFFF:
            out.append(f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)


def an(word: str) -> str:
    """``word`` with its article: "an akari", "a slitherlink", "an 'iso'" (quotes skipped),
    so a message naming any genre or format reads right."""
    first = word.lstrip("'\"(")[:1].lower()
    return f"{'an' if first and first in 'aeiou' else 'a'} {word}"
