"""Yajilin: shade cells, none touching, and draw one loop through every other cell; an
arrow clue counts the shaded cells in its direction."""
