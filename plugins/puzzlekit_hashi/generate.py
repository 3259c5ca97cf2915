"""Making Hashiwokakero boards: grow a bridge network, write down the numbers.

Islands are added one at a time, each joined to one already placed by a bridge
of one or two that crosses nothing, so the network is connected and legal by
construction; an island stays only if the board so far is still unique at the
requested difficulty.  Then a few more bridges join islands that already face
each other, so the network has cycles and the puzzle needs more than counting.
The numbers are read off the network; the core stamps and checks the rung the
board needs.  Islands never touch, as in published puzzles.
"""

from __future__ import annotations

from puzzlekit import Genre
from puzzlekit.core.rng import Rng
from puzzlekit.errors import UsageError
from puzzlekit.generation import GenerateRequest, out_of_time, target_rung, unique_at
from puzzlekit_hashi.board import NO_CLUE, Board

Cell = tuple[int, int]
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
DEFAULT_DENSITY = 0.2


def grow_network(genre: Genre, request: GenerateRequest, count: int, rung: int, rng: Rng) -> dict[Cell, int] | None:
    """Island -> its number, for a connected crossing-free network of about ``count`` islands.

    Each new island (and each extra bridge closing a cycle) stays only if the board
    drawn so far is still unique at ``rung``: growing a board that is unique all the
    way is far likelier to end unique than drawing a whole network and hoping."""
    rows, cols = request.rows, request.cols
    islands: dict[Cell, int] = {(rng.below(rows), rng.below(cols)): 0}
    under: set[Cell] = set()  # water squares a bridge passes over
    bridged: set[frozenset[Cell]] = set()
    for _ in range(20 * count):
        out_of_time(request.deadline)
        if len(islands) >= count:
            break
        r, c = rng.choice(sorted(islands))
        dr, dc = rng.choice(STEPS)
        length = rng.between(2, 5)
        end = (r + dr * length, c + dc * length)
        path = [(r + dr * k, c + dc * k) for k in range(1, length)]
        if not _free(end, islands, under, rows, cols) or any(cell in islands or cell in under for cell in path):
            continue
        n = 1 + rng.chance(1, 3)
        islands[end] = n
        islands[r, c] += n
        if len(islands) > 2 and (
            islands[r, c] > 8 or not unique_at(genre, _board(islands, rows, cols), rung, deadline=request.deadline)
        ):
            del islands[end]
            islands[r, c] -= n
            continue
        under.update(path)
        bridged.add(frozenset(((r, c), end)))
    if len(islands) < 2:
        return None
    _add_cycles(genre, request, islands, under, bridged, rung, rng)
    return islands


def _board(islands: dict[Cell, int], rows: int, cols: int) -> Board:
    cells = sorted(islands)
    return Board(rows, cols, tuple(cells), tuple(islands[cell] for cell in cells))


def _free(cell: Cell, islands: dict[Cell, int], under: set[Cell], rows: int, cols: int) -> bool:
    """A square an island may take: on the board, not water under a bridge, touching no island."""
    r, c = cell
    if not (0 <= r < rows and 0 <= c < cols) or cell in islands or cell in under:
        return False
    return all((r + dr, c + dc) not in islands for dr, dc in STEPS)


def _add_cycles(
    genre: Genre,
    request: GenerateRequest,
    islands: dict[Cell, int],
    under: set[Cell],
    bridged: set[frozenset[Cell]],
    rung: int,
    rng: Rng,
) -> None:
    """Join some islands that face each other across open water, closing cycles, where
    the board stays unique."""
    rows, cols = request.rows, request.cols
    for r, c in sorted(islands):
        for dr, dc in ((0, 1), (1, 0)):
            path: list[Cell] = []
            rr, cc = r + dr, c + dc
            while 0 <= rr < rows and 0 <= cc < cols and (rr, cc) not in islands and (rr, cc) not in under:
                path.append((rr, cc))
                rr, cc = rr + dr, cc + dc
            other = (rr, cc)
            if other not in islands or not path or frozenset(((r, c), other)) in bridged or not rng.chance(1, 3):
                continue
            n = 1 + rng.chance(1, 4)
            islands[r, c] += n
            islands[other] += n
            if max(islands[r, c], islands[other]) > 8 or not unique_at(
                genre, _board(islands, rows, cols), rung, deadline=request.deadline
            ):
                islands[r, c] -= n
                islands[other] -= n
                continue
            under.update(path)
            bridged.add(frozenset(((r, c), other)))


MIN_LOOKAHEAD_ISLANDS = 7
"""Islands a board needs before lookahead can be needed at all: of 6,000 random networks
of 5 islands (and of 6) none needed it, of 7 islands 10 did (7x7 boards, benchmarks-style
sampling); and the generator found no hard board of 6 islands in 2,000 attempts at any
size tried (6x6 to 10x10)."""


def island_count(genre: Genre, request: GenerateRequest) -> int:
    """How many islands to grow: ``--density`` of the squares (20% when not given); at
    least ``MIN_LOOKAHEAD_ISLANDS`` when the difficulty needs lookahead (a 5x5 board at
    20% has 5, which can never make a hard board), and a density that gives fewer is
    refused with the reason."""
    density = request.density if request.density is not None else DEFAULT_DENSITY
    count = max(2, round(request.cols * request.rows * density))
    if target_rung(genre, request.difficulty) < 3 or count >= MIN_LOOKAHEAD_ISLANDS:
        return count
    if request.density is None:
        return MIN_LOOKAHEAD_ISLANDS
    raise UsageError(
        f"a {request.difficulty} hashiwokakero needs at least {MIN_LOOKAHEAD_ISLANDS} islands (fewer never need "
        f"lookahead), and --density {request.density:g} gives {count} on {request.cols}x{request.rows}: "
        "ask for a higher density or a bigger board"
    )


FULL_DENSITY = 0.3
"""The most islands per square a network reliably grows to (Tatham's most, 30%): a 7x7
network ends at 9-15 islands whether 30%, 40% or 50% are asked for."""
SHORTEST_SHARE = 2 / 3
"""The least share of the islands asked for (counted at ``FULL_DENSITY`` at most) that a
board must have: a network that stalls early (7 islands where 15 were asked for on 7x7,
one daily in ten) is a sparse board no published puzzle looks like."""


def looks_whole(network: dict[Cell, int], count: int, rows: int, cols: int) -> bool:
    """Whether a grown network looks like a published board: it reached most of its
    islands (``SHORTEST_SHARE``), and it fills the grid, an island on each of its four
    sides, as Tatham's generator asks (else it is a smaller board in a wide frame)."""
    wanted = min(count, rows * cols * FULL_DENSITY)
    if len(network) < SHORTEST_SHARE * wanted:
        return False
    return (
        any(r == 0 for r, _ in network)
        and any(r == rows - 1 for r, _ in network)
        and any(c == 0 for _, c in network)
        and any(c == cols - 1 for _, c in network)
    )


def generate(genre: Genre, request: GenerateRequest, rng: Rng) -> Board | None:
    """One attempt: a board unique at the requested difficulty, or None."""
    rung = target_rung(genre, request.difficulty)
    count = island_count(genre, request)
    network = grow_network(genre, request, count, rung, rng)
    if network is None or not looks_whole(network, count, request.rows, request.cols):
        return None
    board = _board(network, request.rows, request.cols)
    return board if unique_at(genre, board, rung, request.max_nodes, request.deadline) else None


def with_clue(board: Board, island: int, clue: int | None) -> Board:
    clues = list(board.clues)
    clues[island] = NO_CLUE if clue is None else clue
    return Board(board.rows, board.cols, board.islands, tuple(clues))
