"""Slitherlink's deduction rules, one module per rung of the ladder.

- ``counting``: rung 1, clue counting and vertex degree (local, event driven);
- ``colouring``: rung 2, inside/outside parity colouring of the cells;
- ``loop``: rung 3, loop connectivity (no early loop, no bridges, one inside, one outside).
"""
