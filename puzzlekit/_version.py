"""The version, in one place (pyproject.toml repeats it; a test keeps them equal)."""

__version__ = "0.1.0"
