"""Hashiwokakero's deduction rules, one module per rung of the ladder.

- ``counting``: rung 1, island sums and crossings (local, event driven);
- ``connectivity``: rung 2, the islands must end up as one group.
"""
