"""Reading and writing puzzles as text."""

from puzzlekit.formats.level import Block, is_number, read_blocks, write_block

__all__ = ["Block", "is_number", "read_blocks", "write_block"]
