"""Batch work at scale: many items through one ordered, streaming engine.

``ordered`` runs a function over items in this process, on local processes (``jobs``)
or on a Dask cluster (``cluster``), and hands outcomes back in input order as they
finish; ``batch`` is the same for library callers, raising on a failed item.  The
commands build on it with ``sources`` (which files to read), ``output`` (a file written
item by item, resumable) and ``progress`` (a bar on stderr).
"""

from puzzlekit.batching.events import Done, Failed, Progress
from puzzlekit.batching.executor import MAX_JOBS, BatchError, batch, every_core, ordered, resolve_jobs

__all__ = ["MAX_JOBS", "BatchError", "Done", "Failed", "Progress", "batch", "every_core", "ordered", "resolve_jobs"]
