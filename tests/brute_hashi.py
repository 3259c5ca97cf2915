"""Every Hashiwokakero solution of a small board, enumerated without the solver.

Standard library only, and nothing shared with puzzlekit's Hashiwokakero code.
A *pair* is two islands in one row or column with only water between them
(islands that touch are a pair too, with no water between).  Two pairs *cross*
when one is horizontal, the other vertical, and their water squares meet.  A
solution gives every pair 0, 1 or 2 bridges so that each numbered island's
bridges add up to its number, no two crossing pairs both carry bridges, and all
islands form one group through the pairs that carry bridges.  Try every such
assignment, pair by pair, stopping early when an island has more bridges than
its number, or ends with fewer.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

Island = tuple[int, int]  # (row, column), from the top left, 0-based
Pair = tuple[Island, Island]  # the upper or left island first

ISLAND_CHARS = "12345678?"


def islands(rows: Sequence[str]) -> dict[Island, int | None]:
    """Every island and its number (None for ``?``); refuses characters other than 1-8, ``?``, ``.``."""
    found: dict[Island, int | None] = {}
    for r, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise ValueError(f"row {r + 1} has {len(row)} characters, row 1 has {len(rows[0])}")
        for c, ch in enumerate(row):
            if ch in ISLAND_CHARS:
                found[(r, c)] = None if ch == "?" else int(ch)
            elif ch != ".":
                raise ValueError(f"unexpected {ch!r} at row {r + 1}, column {c + 1}")
    return found


def pairs(rows: Sequence[str]) -> list[Pair]:
    """Each island with the next island to its right and the next one below, if any."""
    found: list[Pair] = []
    for a in islands(rows):
        for dr, dc in ((0, 1), (1, 0)):
            r, c = a[0] + dr, a[1] + dc
            while r < len(rows) and c < len(rows[0]):
                if rows[r][c] != ".":
                    found.append((a, (r, c)))
                    break
                r, c = r + dr, c + dc
    return found


def water(pair: Pair) -> set[tuple[int, int]]:
    """The squares strictly between the two islands of a pair."""
    (ra, ca), (rb, cb) = pair
    if ra == rb:
        return {(ra, c) for c in range(ca + 1, cb)}
    return {(r, ca) for r in range(ra + 1, rb)}


def crossings(all_pairs: Sequence[Pair]) -> set[frozenset[Pair]]:
    """Every two pairs whose water squares meet (only a horizontal and a vertical one can)."""
    return {frozenset((p, q)) for i, p in enumerate(all_pairs) for q in all_pairs[i + 1 :] if water(p) & water(q)}


def _connected(everyone: Sequence[Island], bridged: Sequence[Pair]) -> bool:
    """Do the pairs that carry bridges join every island into one group?"""
    if not everyone:
        return True
    links: dict[Island, list[Island]] = {i: [] for i in everyone}
    for a, b in bridged:
        links[a].append(b)
        links[b].append(a)
    seen = {everyone[0]}
    todo = [everyone[0]]
    while todo:
        for nb in links[todo.pop()]:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(everyone)


def _assignments(rows: Sequence[str]) -> Iterator[dict[Pair, int]]:
    """Every solution, as a bridge count for every pair (0 included)."""
    clues = islands(rows)
    all_pairs = pairs(rows)
    crossed = crossings(all_pairs)
    earlier_crossing = [  # for each pair, the pairs before it that it crosses
        [j for j in range(k) if frozenset((all_pairs[j], p)) in crossed] for k, p in enumerate(all_pairs)
    ]
    last_pair: dict[Island, int] = {}  # island -> index of the last pair that touches it
    for k, (a, b) in enumerate(all_pairs):
        last_pair[a] = last_pair[b] = k
    total = dict.fromkeys(clues, 0)
    counts: list[int] = []

    def fits(k: int) -> bool:
        """Can pair k carry counts[k], given the pairs before it?"""
        a, b = all_pairs[k]
        for island in (a, b):
            clue = clues[island]
            if clue is not None and (total[island] > clue or (last_pair[island] == k and total[island] != clue)):
                return False
        return counts[k] == 0 or not any(counts[j] for j in earlier_crossing[k])

    def extend(k: int) -> Iterator[dict[Pair, int]]:
        if k == len(all_pairs):
            if all(n is None or total[i] == n for i, n in clues.items()) and _connected(
                list(clues), [p for p, n in zip(all_pairs, counts) if n]
            ):
                yield dict(zip(all_pairs, counts))
            return
        a, b = all_pairs[k]
        for n in (0, 1, 2):
            counts.append(n)
            total[a] += n
            total[b] += n
            if fits(k):
                yield from extend(k + 1)
            total[a] -= n
            total[b] -= n
            counts.pop()

    yield from extend(0)


def solutions(rows: Sequence[str]) -> list[dict[Pair, int]]:
    """Every solution: for each pair ``((row, col), (row, col))``, its number of bridges (0-2)."""
    return list(_assignments(rows))


def count_solutions(rows: Sequence[str], limit: int | None = None) -> int:
    """How many solutions, stopping once ``limit`` are found (when given)."""
    found = 0
    for _ in _assignments(rows):
        found += 1
        if limit is not None and found >= limit:
            break
    return found
