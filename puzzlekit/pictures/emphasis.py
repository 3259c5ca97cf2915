"""Which variables a picture emphasises, and how: from violations and a hint.

``Violation.variables`` names the variables a broken rule involves; a picture
colours those marks.  Genres place the rest (a clue, a dot, an island) from
the violation's ``kind``; this module only settles the tone each variable
gets, so every genre ranks them the same way: a hinted move first, then a
rule broken for good, then a rule still short of marks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from puzzlekit.core.model import Violation
from puzzlekit.pictures.theme import Tone

_RANK: dict[Tone, int] = {"normal": 0, "unfinished": 1, "wrong": 2, "hint": 3}


def tone_of(violation: Violation) -> Tone:
    """``unfinished`` for a violation more marks could mend, else ``wrong``."""
    return "unfinished" if violation.unfinished else "wrong"


def strongest(tones: Iterable[Tone]) -> Tone:
    """The tone that wins where several apply to one mark."""
    return max(tones, key=_RANK.__getitem__, default="normal")


@dataclass(frozen=True)
class Emphasis:
    """The tone of every emphasised variable; the rest are ``normal``."""

    tones: dict[int, Tone]

    @classmethod
    def of(cls, violations: Sequence[Violation] = (), hint: Sequence[int] = ()) -> Emphasis:
        tones: dict[int, Tone] = {}
        for violation in violations:
            tone = tone_of(violation)
            for var in violation.variables:
                tones[var] = strongest((tones.get(var, "normal"), tone))
        for var in hint:
            tones[var] = "hint"
        return cls(tones)

    def tone(self, var: int) -> Tone:
        return self.tones.get(var, "normal")

    def __bool__(self) -> bool:
        return bool(self.tones)
