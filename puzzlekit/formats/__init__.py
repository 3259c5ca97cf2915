"""Reading and writing puzzles as text."""

from puzzlekit.formats.level import Block, read_blocks, write_block

__all__ = ["Block", "read_blocks", "write_block"]
