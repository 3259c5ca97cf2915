"""The genre-agnostic engine: domains, propagation, union-find and search."""

from puzzlekit.core.engine import DECISION, Engine, LogEntry
from puzzlekit.core.graph import find_bridges
from puzzlekit.core.lookahead import Lookahead
from puzzlekit.core.loops import (
    LOOP_REACH,
    NO_EARLY_LOOP,
    NODE_DEGREE,
    NOT_ONE_LOOP,
    LoopGraph,
    add_single_loop,
    line_pieces,
    loop_violations,
)
from puzzlekit.core.model import (
    BOOL,
    FALSE,
    TRUE,
    Model,
    Propagator,
    Rule,
    Rung,
    Violation,
    domains_of,
    is_fixed,
    mask_of,
    value_of,
    values_of,
)
from puzzlekit.core.search import (
    DEFAULT_LIMIT,
    DEFAULT_MAX_NODES,
    DEFAULT_TIMEOUT,
    SearchOutcome,
    Status,
    count_solutions,
    smallest_domain,
)
from puzzlekit.core.unionfind import ParityUnionFind, TrailedParityUnionFind, UnionFind

__all__ = [
    "BOOL",
    "DECISION",
    "DEFAULT_LIMIT",
    "DEFAULT_MAX_NODES",
    "DEFAULT_TIMEOUT",
    "FALSE",
    "LOOP_REACH",
    "NODE_DEGREE",
    "NOT_ONE_LOOP",
    "NO_EARLY_LOOP",
    "TRUE",
    "Engine",
    "LogEntry",
    "Lookahead",
    "LoopGraph",
    "Model",
    "ParityUnionFind",
    "Propagator",
    "Rule",
    "Rung",
    "SearchOutcome",
    "Status",
    "TrailedParityUnionFind",
    "UnionFind",
    "Violation",
    "add_single_loop",
    "count_solutions",
    "domains_of",
    "find_bridges",
    "is_fixed",
    "line_pieces",
    "loop_violations",
    "mask_of",
    "smallest_domain",
    "value_of",
    "values_of",
]
