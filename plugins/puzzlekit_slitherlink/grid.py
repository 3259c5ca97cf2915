"""Lattice topology of an R x C Slitherlink board, built once as flat tuples.

Edges are the variables.  Horizontal edges come first, row by row
(``h(r, c) = r*C + c`` for r in 0..R), then vertical ones
(``v(r, c) = H + r*(C+1) + c`` for c in 0..C).  Faces are the cells
(``r*C + c``) plus one outside face, ``OUTSIDE = R*C``.  Vertices (the dots)
are ``r*(C+1) + c``.  Rules only index these tuples; nothing is recomputed.
"""

from __future__ import annotations

from functools import cached_property, lru_cache

from puzzlekit.core import LoopGraph


class Grid:
    """Indices and neighbourhoods of the lattice; names of places in words."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows = rows
        self.cols = cols
        R, C = rows, cols
        self.n_horizontal = (R + 1) * C
        self.n_edges = self.n_horizontal + R * (C + 1)
        self.n_cells = R * C
        self.outside = R * C
        self.n_faces = R * C + 1
        self.n_vertices = (R + 1) * (C + 1)

        edge_faces: list[tuple[int, int]] = []
        edge_vertices: list[tuple[int, int]] = []
        for r in range(R + 1):
            for c in range(C):
                above = (r - 1) * C + c if r > 0 else self.outside
                below = r * C + c if r < R else self.outside
                edge_faces.append((above, below))
                edge_vertices.append((r * (C + 1) + c, r * (C + 1) + c + 1))
        for r in range(R):
            for c in range(C + 1):
                left = r * C + c - 1 if c > 0 else self.outside
                right = r * C + c if c < C else self.outside
                edge_faces.append((left, right))
                edge_vertices.append((r * (C + 1) + c, (r + 1) * (C + 1) + c))
        self.edge_faces: tuple[tuple[int, int], ...] = tuple(edge_faces)
        self.edge_vertices: tuple[tuple[int, int], ...] = tuple(edge_vertices)

        cell_edges = []
        cell_neighbours = []
        for r in range(R):
            for c in range(C):
                top, bottom = self.h(r, c), self.h(r + 1, c)
                left, right = self.v(r, c), self.v(r, c + 1)
                sides = (top, right, bottom, left)
                cell = r * C + c
                cell_edges.append(sides)
                cell_neighbours.append(tuple(self._across(e, cell) for e in sides))
        self.cell_edges: tuple[tuple[int, int, int, int], ...] = tuple(cell_edges)
        self.cell_neighbours: tuple[tuple[int, ...], ...] = tuple(cell_neighbours)
        """Face across the top, right, bottom and left edge of each cell."""

        vertex_edges = []
        vertex_faces = []
        for r in range(R + 1):
            for c in range(C + 1):
                edges = []
                if r > 0:
                    edges.append(self.v(r - 1, c))
                if c < C:
                    edges.append(self.h(r, c))
                if r < R:
                    edges.append(self.v(r, c))
                if c > 0:
                    edges.append(self.h(r, c - 1))
                vertex_edges.append(tuple(edges))
                vertex_faces.append(
                    (
                        self.cell(r - 1, c - 1),
                        self.cell(r - 1, c),
                        self.cell(r, c),
                        self.cell(r, c - 1),
                    )
                )
        self.vertex_edges: tuple[tuple[int, ...], ...] = tuple(vertex_edges)
        self.vertex_faces: tuple[tuple[int, int, int, int], ...] = tuple(vertex_faces)
        """The four faces around each vertex, clockwise from the top-left."""

    # -- indices -------------------------------------------------------------

    def h(self, r: int, c: int) -> int:
        """The horizontal edge on top of cell (r, c); r may be R for the bottom row."""
        return r * self.cols + c

    def v(self, r: int, c: int) -> int:
        """The vertical edge left of cell (r, c); c may be C for the right column."""
        return self.n_horizontal + r * (self.cols + 1) + c

    def cell(self, r: int, c: int) -> int:
        """The face at (r, c): a cell inside the board, else the outside face."""
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return r * self.cols + c
        return self.outside

    def vertex(self, r: int, c: int) -> int:
        return r * (self.cols + 1) + c

    def _across(self, edge: int, face: int) -> int:
        a, b = self.edge_faces[edge]
        return b if a == face else a

    @cached_property
    def cell_adjacent(self) -> tuple[tuple[int, ...], ...]:
        """Faces sharing an edge with each face (the outside face last)."""
        adjacent: list[list[int]] = [[] for _ in range(self.n_faces)]
        for a, b in self.edge_faces:
            if b not in adjacent[a]:
                adjacent[a].append(b)
            if a not in adjacent[b]:
                adjacent[b].append(a)
        return tuple(tuple(x) for x in adjacent)

    @cached_property
    def face_edges(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """(edge, face across it) pairs for each face, the outside face included."""
        out: list[list[tuple[int, int]]] = [[] for _ in range(self.n_faces)]
        for e, (a, b) in enumerate(self.edge_faces):
            out[a].append((e, b))
            out[b].append((e, a))
        return tuple(tuple(x) for x in out)

    @cached_property
    def loop(self) -> LoopGraph:
        """The dots and the edges between them, as the core's loop machinery sees them."""
        return LoopGraph(
            self.n_vertices,
            self.edge_vertices,
            node_name=lambda v: f"the {self.vertex_name(v)}",
            edge_name=lambda e: f"the {self.edge_name(e)}",
        )

    # -- words ---------------------------------------------------------------

    def cell_name(self, cell: int) -> str:
        if cell == self.outside:
            return "the outside"
        r, c = divmod(cell, self.cols)
        return f"r{r + 1}c{c + 1}"

    def edge_name(self, edge: int) -> str:
        """Edges named by the cell side they are: "top of r2c3"."""
        R, C = self.rows, self.cols
        if edge < self.n_horizontal:
            r, c = divmod(edge, C)
            return f"top of r{r + 1}c{c + 1}" if r < R else f"bottom of r{R}c{c + 1}"
        r, c = divmod(edge - self.n_horizontal, C + 1)
        return f"left of r{r + 1}c{c + 1}" if c < C else f"right of r{r + 1}c{C}"

    def vertex_name(self, vertex: int) -> str:
        """Dots named as a corner of a cell: "top-left corner of r2c3"."""
        R, C = self.rows, self.cols
        r, c = divmod(vertex, C + 1)
        vertical = "top" if r < R else "bottom"
        horizontal = "left" if c < C else "right"
        return f"{vertical}-{horizontal} corner of r{min(r, R - 1) + 1}c{min(c, C - 1) + 1}"


@lru_cache(maxsize=32)
def grid_for(rows: int, cols: int) -> Grid:
    """Grids are immutable, so boards of one size share one."""
    return Grid(rows, cols)
