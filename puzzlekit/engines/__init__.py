"""Engines other than the propagation engine (``puzzlekit.core``): independent checks."""
