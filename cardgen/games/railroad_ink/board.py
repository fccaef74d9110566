"""One player's board: the grid, what each empty cell sees around it, and the networks drawn so far.

Why: legality only depends on what the four sides of an empty cell face, so each empty cell keeps that
as one small int (its *context*, four 4-bit codes) updated as tiles are drawn; the engine can then look
placements up in tables memoised by context (:mod:`cardgen.games.railroad_ink.rules`). Networks are a
union-find over tile sides and exits that also counts the exits each network reaches, so scoring and
the greedy bot read a network's exits in near-constant time.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from cardgen.games.railroad_ink.model import RailroadInk
from cardgen.games.railroad_ink.tiles import JOIN, NONE, RAIL, ROAD, SIDES, TYPES, Shape, meets

# What one side of an empty cell faces (4 bits): an empty cell, the outer edge, a drawn tile's side of
# type t (FACING + t), a printed exit, or a crater (meteor).
OPEN, EDGE, FACING = 0, 1, 2
EXIT_ROAD, EXIT_RAIL, CRATER_CODE = 8, 9, 10
EMPTY, CRATER = -1, -2


#: JOINS[a][b]: a side of type a facing one of type b joins it (tiles.meets, tabulated)
JOINS = [[meets(a, b) == JOIN for b in range(len(TYPES))] for a in range(len(TYPES))]


@cache
def links(shape: Shape) -> tuple[tuple[int, int], ...]:
    """The pairs of sides to join in the union-find so that each group of ``shape`` is one network."""
    out = []
    for group in shape.groups:
        sides = [s for s in range(4) if group >> s & 1]
        out += [(sides[0], s) for s in sides[1:]]
    return tuple(out)


def digit(ctx: int, side: int) -> int:
    return (ctx >> (4 * side)) & 15


def faced_type(code: int) -> int | None:
    """The edge type a side faces under ``code`` (a tile's side or an exit), or None (empty, edge, crater)."""
    if FACING <= code < EXIT_ROAD:
        return code - FACING
    if code == EXIT_ROAD:
        return ROAD
    if code == EXIT_RAIL:
        return RAIL
    return None


@dataclass(frozen=True)
class Geometry:
    """The board's fixed layout, computed once per content: neighbours, exits, centre, starting contexts."""

    size: int
    cells: int
    #: neighbour[c * 4 + side]: the cell beyond that side, or -1 past the outer edge
    neighbour: tuple[int, ...]
    #: exit_at[c * 4 + side]: index of the exit on that side, or -1
    exit_at: tuple[int, ...]
    exit_type: tuple[int, ...]
    centre: frozenset[int]
    start_ctx: tuple[int, ...]
    #: around[c]: per side (side, node of that side, the cell beyond or -1, the side it faces there, the bit
    #: shift of that side in a context, the exit there or -1), so placing a tile does no index arithmetic
    around: tuple[tuple[tuple[int, int, int, int, int, int], ...], ...] = ()

    @property
    def exit_base(self) -> int:
        """Union-find node of exit 0 (cell sides come first)."""
        return self.cells * 4

    def cell(self, row: int, col: int) -> int:
        return row * self.size + col

    def name(self, cell: int) -> str:
        return f"[{cell // self.size}, {cell % self.size}]"


def geometry(content: RailroadInk) -> Geometry:
    board = content.game.board
    size = board.size
    neighbour = []
    for c in range(size * size):
        row, col = divmod(c, size)
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            r, k = row + dr, col + dc
            neighbour.append(r * size + k if 0 <= r < size and 0 <= k < size else -1)
    exit_at = [-1] * (size * size * 4)
    types = []
    for i, ex in enumerate(board.exits):
        exit_at[(ex.cell[0] * size + ex.cell[1]) * 4 + SIDES.index(ex.side)] = i
        types.append(ROAD if ex.route == "road" else RAIL)
    start = []
    for c in range(size * size):
        ctx = 0
        for s in range(4):
            if neighbour[c * 4 + s] == -1:
                e = exit_at[c * 4 + s]
                code = EDGE if e == -1 else EXIT_ROAD if types[e] == ROAD else EXIT_RAIL
                ctx |= code << (4 * s)
        start.append(ctx)
    around = tuple(tuple((s, c * 4 + s, neighbour[c * 4 + s], (s + 2) & 3, 4 * ((s + 2) & 3), exit_at[c * 4 + s])
                         for s in range(4)) for c in range(size * size))
    return Geometry(size, size * size, tuple(neighbour), tuple(exit_at), tuple(types),
                    frozenset(r * size + k for r, k in board.centre), tuple(start), around)


class Board:
    """Tiles drawn on one player's grid, with contexts, frontier and networks kept up to date."""

    __slots__ = ("geo", "shapes", "cells", "ctx", "parent", "exits_of", "frontier", "joinable")

    def __init__(self, geo: Geometry, shapes: list[Shape], joinable: frozenset[int]):
        self.geo = geo
        self.shapes = shapes
        #: the shape index drawn on each cell, EMPTY or CRATER
        self.cells = [EMPTY] * geo.cells
        self.ctx = list(geo.start_ctx)
        nodes = geo.exit_base + len(geo.exit_type)
        self.parent = list(range(nodes))
        self.exits_of = [0] * geo.exit_base + [1] * len(geo.exit_type)
        #: context codes a route die can join (roads, rails, lakes and exits of both kinds)
        self.joinable = joinable
        #: empty cells a route die can join: next to a drawn route or an exit
        self.frontier = {c for c in range(geo.cells) if self._joins(self.ctx[c])}

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.geo, other.shapes, other.joinable = self.geo, self.shapes, self.joinable
        other.cells, other.ctx = self.cells[:], self.ctx[:]
        other.parent, other.exits_of = self.parent[:], self.exits_of[:]
        other.frontier = set(self.frontier)
        return other

    def _joins(self, ctx: int) -> bool:
        joinable = self.joinable
        return (ctx & 15) in joinable or (ctx >> 4 & 15) in joinable or (ctx >> 8 & 15) in joinable \
            or (ctx >> 12 & 15) in joinable

    def find(self, node: int) -> int:
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def union(self, a: int, b: int) -> None:
        parent = self.parent
        while parent[a] != a:
            parent[a] = a = parent[parent[a]]
        while parent[b] != b:
            parent[b] = b = parent[parent[b]]
        ra, rb = a, b
        if ra != rb:
            self.parent[rb] = ra
            self.exits_of[ra] += self.exits_of[rb]

    def empty_cells(self) -> list[int]:
        return [c for c, v in enumerate(self.cells) if v == EMPTY]

    def place(self, cell: int, index: int) -> None:
        """Draw shape ``index`` on the empty ``cell`` (legality is the caller's: rules.refusal)."""
        geo = self.geo
        shape = self.shapes[index]
        edges = shape.edges
        self.cells[cell] = index
        self.frontier.discard(cell)
        base = cell * 4
        union = self.union
        for a, b in links(shape):
            union(base + a, base + b)
        cells, ctxs, shapes = self.cells, self.ctx, self.shapes
        for s, node, nb, back, shift, ex in geo.around[cell]:
            e = edges[s]
            if nb == -1:
                if ex >= 0 and e == geo.exit_type[ex]:  # an exit joins its own route type only
                    union(node, geo.exit_base + ex)
                continue
            there = cells[nb]
            if there == EMPTY:
                ctx = ctxs[nb] & ~(15 << shift) | (FACING + e) << shift
                ctxs[nb] = ctx
                if e != NONE and self._joins(ctx):
                    self.frontier.add(nb)
            elif there >= 0 and JOINS[e][shapes[there].edges[back]]:
                union(node, nb * 4 + back)

    def erase(self, cell: int, crater: bool) -> None:
        """Clear a cell (a meteor leaves a crater there): contexts and networks are rebuilt from the tiles left."""
        tiles = [(c, v) for c, v in enumerate(self.cells) if v >= 0 and c != cell]
        craters = [c for c, v in enumerate(self.cells) if v == CRATER and c != cell] + ([cell] if crater else [])
        fresh = Board(self.geo, self.shapes, self.joinable)
        for c in craters:
            fresh.mark_crater(c)
        for c, v in tiles:
            fresh.place(c, v)
        self.cells, self.ctx, self.parent = fresh.cells, fresh.ctx, fresh.parent
        self.exits_of, self.frontier = fresh.exits_of, fresh.frontier

    def mark_crater(self, cell: int) -> None:
        self.cells[cell] = CRATER
        self.frontier.discard(cell)
        for s in range(4):
            nb = self.geo.neighbour[cell * 4 + s]
            if nb >= 0 and self.cells[nb] == EMPTY:
                back = (s + 2) & 3
                self.ctx[nb] = self.ctx[nb] & ~(15 << (4 * back)) | CRATER_CODE << (4 * back)
