"""An independent Shikaku oracle for the tests: plain backtracking over rectangles, sharing
nothing with the genre (the first open cell in reading order is a rectangle's top left)."""

from __future__ import annotations

import random

Clues = dict[tuple[int, int], int]


def solutions(clues: Clues, rows: int, cols: int, limit: int = 3) -> list[tuple[int, ...]]:
    """Up to ``limit`` partitions, each as the owner (index of the clue in sorted order) per cell."""
    order = sorted(clues)
    owner = [-1] * (rows * cols)
    out: list[tuple[int, ...]] = []

    def fill(start: int) -> None:
        while start < rows * cols and owner[start] >= 0:
            start += 1
        if start == rows * cols:
            out.append(tuple(owner))
            return
        r0, c0 = divmod(start, cols)
        for h in range(1, rows - r0 + 1):
            for w in range(1, cols - c0 + 1):
                cells = [(r0 + r, c0 + c) for r in range(h) for c in range(w)]
                if any(owner[r * cols + c] >= 0 for r, c in cells):
                    break
                inside = [cell for cell in cells if cell in clues]
                if len(inside) != 1 or clues[inside[0]] != h * w:
                    continue
                for r, c in cells:
                    owner[r * cols + c] = order.index(inside[0])
                fill(start + 1)
                for r, c in cells:
                    owner[r * cols + c] = -1
                if len(out) >= limit:
                    return

    fill(0)
    return out


def sample(rng: random.Random, rows: int, cols: int) -> Clues:
    """Numbers read off a random cut into rectangles, sometimes moved or changed."""
    owner = [-1] * (rows * cols)
    clues: Clues = {}
    for start in range(rows * cols):
        if owner[start] >= 0:
            continue
        r0, c0 = divmod(start, cols)
        width = next((w for w in range(cols - c0) if owner[start + w] >= 0), cols - c0)
        h, w = rng.randint(1, rows - r0), rng.randint(1, width)
        cells = [(r0 + r, c0 + c) for r in range(h) for c in range(w)]
        for r, c in cells:
            owner[r * cols + c] = start
        clues[rng.choice(cells)] = h * w
    if rng.random() < 0.3:
        cell = rng.choice(sorted(clues))
        clues[cell] = max(1, clues[cell] + rng.choice((-1, 1)))
    return clues


def text(clues: Clues, rows: int, cols: int) -> str:
    return "\n".join(" ".join(str(clues.get((r, c), ".")) for c in range(cols)) for r in range(rows)) + "\n"
