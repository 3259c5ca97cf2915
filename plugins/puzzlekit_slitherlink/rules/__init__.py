"""Slitherlink's deduction rules, one module per rung of the ladder.

- ``counting``: rung 1, clue counting (dot degree and no early loop come from
  the core's ``puzzlekit.core.loops``, as for any loop genre);
- ``colouring``: rung 2, inside/outside parity colouring of the cells;
- ``corners``: rung 3, what the two edges at a corner hold (Tatham's "dlines"),
  carried through dots and clues and tied to the colouring;
- ``regions``: rung 4, the inside and the outside each stay connected (loop
  reach, the other rung-4 rule, is the core's, put on rung 4).
"""
