"""Slitherlink's deduction rules, one module per rung of the ladder.

- ``counting``: rung 1, clue counting (dot degree and no early loop come from
  the core's ``puzzlekit.core.loops``, as for any loop genre);
- ``colouring``: rung 2, inside/outside parity colouring of the cells;
- ``regions``: rung 3, the inside and the outside each stay connected (loop
  reach, the other rung-3 rule, is the core's).
"""
