"""Draw Masyu examples: a random loop through cell centres, every pearl it allows,
then pearls removed while the puzzle stays unique.  Deterministic for a seed.

    python contrib/puzzlekit-masyu/make_examples.py SEED COLSxROWS OUT

writes OUT.txt and OUT.solution.txt (the loop it was drawn from).
"""

from __future__ import annotations

import random
import sys

import puzzlekit

Cell = tuple[int, int]


def region(rows: int, cols: int, rng: random.Random, fill: float) -> set[Cell]:
    """A simply connected set of the (rows-1) x (cols-1) squares between cell centres."""
    h, w = rows - 1, cols - 1
    inside = {(rng.randrange(h), rng.randrange(w))}
    for _ in range(20000):
        if len(inside) >= h * w * fill:
            break
        r, c = rng.choice(sorted(inside))
        dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
        cell = (r + dr, c + dc)
        if 0 <= cell[0] < h and 0 <= cell[1] < w and cell not in inside and simple(inside | {cell}, h, w):
            inside.add(cell)
    return inside


def simple(inside: set[Cell], h: int, w: int) -> bool:
    outside = {(r, c) for r in range(h) for c in range(w)} - inside
    seen = {x for x in outside if x[0] in (0, h - 1) or x[1] in (0, w - 1)}
    todo = list(seen)
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in outside and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    if seen != outside:
        return False
    for r in range(h - 1):
        for c in range(w - 1):
            a, b, d, e = ((r, c) in inside, (r, c + 1) in inside, (r + 1, c) in inside, (r + 1, c + 1) in inside)
            if a == e and b == d and a != b:
                return False
    return True


def loop_edges(inside: set[Cell], rows: int, cols: int) -> set[tuple[Cell, Cell]]:
    """Edges between cell centres on the boundary of the region of squares."""
    edges = set()
    for r in range(rows):
        for c in range(cols - 1):  # between (r,c) and (r,c+1): squares above and below
            if ((r - 1, c) in inside) != ((r, c) in inside):
                edges.add(((r, c), (r, c + 1)))
    for r in range(rows - 1):
        for c in range(cols):
            if ((r, c - 1) in inside) != ((r, c) in inside):
                edges.add(((r, c), (r + 1, c)))
    return edges


def pearls(edges: set[tuple[Cell, Cell]], rows: int, cols: int) -> dict[Cell, str]:
    def on(a: Cell, b: Cell) -> bool:
        return (min(a, b), max(a, b)) in edges

    steps = ((-1, 0), (0, 1), (1, 0), (0, -1))
    out = {}
    for r in range(rows):
        for c in range(cols):
            arms = [on((r, c), (r + dr, c + dc)) for dr, dc in steps]
            if sum(arms) != 2:
                continue
            beyond = [on((r + dr, c + dc), (r + 2 * dr, c + 2 * dc)) for dr, dc in steps]
            straight = (arms[0] and arms[2]) or (arms[1] and arms[3])
            legs_straight = all(beyond[d] for d in range(4) if arms[d])
            if not straight and legs_straight:
                out[(r, c)] = "B"
            elif straight and not legs_straight:
                out[(r, c)] = "W"
    return out


def text(p: dict[Cell, str], rows: int, cols: int) -> str:
    return "\n".join("".join(p.get((r, c), ".") for c in range(cols)) for r in range(rows)) + "\n"


def drawing(edges: set[tuple[Cell, Cell]], p: dict[Cell, str], rows: int, cols: int) -> str:
    out = []
    for r in range(rows):
        row = []
        for c in range(cols):
            row.append(p.get((r, c), "."))
            if c + 1 < cols:
                row.append("-" if ((r, c), (r, c + 1)) in edges else " ")
        out.append("".join(row).rstrip())
        if r + 1 < rows:
            out.append("+".join("|" if ((r, c), (r + 1, c)) in edges else " " for c in range(cols)).rstrip())
    return "\n".join(out) + "\n"


def main() -> None:
    seed, size, stem = sys.argv[1], sys.argv[2], sys.argv[3]
    cols, rows = (int(x) for x in size.split("x"))
    rng = random.Random(seed)
    while True:
        edges = loop_edges(region(rows, cols, rng, 0.5), rows, cols)
        chosen = pearls(edges, rows, cols)
        if chosen and puzzlekit.solve("masyu", text(chosen, rows, cols)).status == puzzlekit.Status.UNIQUE:
            break
    for cell in sorted(chosen, key=lambda _: rng.random()):
        kept = dict(chosen)
        del kept[cell]
        if kept and puzzlekit.solve("masyu", text(kept, rows, cols)).status == puzzlekit.Status.UNIQUE:
            chosen = kept
    head = f"# title: {seed}\n# seed: {seed}\n# generator: make_examples.py (puzzlekit-masyu)\n"
    with open(f"{stem}.txt", "w", encoding="utf-8") as out:
        out.write(head + "# expect: unique\n" + text(chosen, rows, cols))
    with open(f"{stem}.solution.txt", "w", encoding="utf-8") as out:
        out.write(head + drawing(edges, chosen, rows, cols))


if __name__ == "__main__":
    main()
