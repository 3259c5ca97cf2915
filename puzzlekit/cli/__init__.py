"""The ``puzzlekit`` command line."""
