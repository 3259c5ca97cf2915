"""Sudoku for puzzlekit, built on the public API only."""
