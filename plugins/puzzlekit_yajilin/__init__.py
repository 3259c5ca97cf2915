"""Yajilin: shaded cells apart, one loop through the rest, arrows counting shaded cells."""
