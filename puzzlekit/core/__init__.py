"""The genre-agnostic engine: domains, propagation, union-find and search."""

from puzzlekit.core.engine import DECISION, Engine, LogEntry
from puzzlekit.core.lookahead import Lookahead
from puzzlekit.core.model import (
    BOOL,
    FALSE,
    TRUE,
    Model,
    Propagator,
    Rule,
    Rung,
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
    "TRUE",
    "Engine",
    "LogEntry",
    "Lookahead",
    "Model",
    "ParityUnionFind",
    "Propagator",
    "Rule",
    "Rung",
    "SearchOutcome",
    "Status",
    "TrailedParityUnionFind",
    "UnionFind",
    "count_solutions",
    "is_fixed",
    "mask_of",
    "smallest_domain",
    "value_of",
    "values_of",
]
