"""End-of-game scoring of one board, and the quick estimate of what one placement adds (for the greedy bot).

Why: every number comes from scoring.yaml (via :class:`rules.Tables`); rows are named as that file names
them so a simulation can report each row's mean and a replay can compare each row with its script.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.games.railroad_ink.board import CRATER, EMPTY, FACING, JOINS, OPEN, Board
from cardgen.games.railroad_ink.tiles import JOIN, NONE, RAIL, ROAD, ROUTES, meets, opposite

if TYPE_CHECKING:
    from cardgen.games.railroad_ink.expansions import ExpansionRules
    from cardgen.games.railroad_ink.rules import Player, Tables

#: the base rows, in scoring.yaml's order
ROWS = ("exits", "longest_road", "longest_rail", "centre", "errors")


def row_names(expansion: str | None) -> tuple[str, ...]:
    """The rows a game with ``expansion`` scores, in order (an expansion adds its own row, named as it is)."""
    return ROWS if expansion is None else ROWS + (expansion,)


def exit_score(tab: Tables, board: Board) -> int:
    """Each network scores the exit table's points for the exits it connects."""
    base = board.geo.exit_base
    roots = {board.find(base + i) for i in range(len(board.geo.exit_type))}
    return sum(tab.exit_points[board.exits_of[r]] for r in roots)


def route_parts(tab: Tables, board: Board, kind: int) -> tuple[list[list[int]], list[list[int]]]:
    """The parts of tiles carrying ``kind`` (one node per joined group holding that kind): their adjacency, and
    each node's sides (``cell * 4 + side``)."""
    neighbour = board.geo.neighbour
    kind_groups = tab.kind_groups
    node_of: dict[int, int] = {}  # cell * 4 + side -> node
    parts: list[list[int]] = []
    for c, v in enumerate(board.cells):
        if v < 0:
            continue
        for sides in kind_groups[v][kind]:
            for s in sides:
                node_of[c * 4 + s] = len(parts)
            parts.append([c * 4 + s for s in sides])
    adj: list[list[int]] = [[] for _ in parts]
    for key, n in node_of.items():
        nb = neighbour[key]
        if nb > key >> 2:  # each pair of neighbours once, from the lower cell
            other = node_of.get(nb * 4 + ((key + 2) & 3))
            if other is not None:
                adj[n].append(other)
                adj[other].append(n)
    return adj, parts


def route_graph(tab: Tables, board: Board, kind: int) -> list[list[int]]:
    return route_parts(tab, board, kind)[0]


def components(adj: list[list[int]]) -> list[list[int]]:
    """The nodes of each connected component."""
    seen: set[int] = set()
    out = []
    for n in range(len(adj)):
        if n in seen:
            continue
        comp = _farthest(adj, n)[2] if adj[n] else [n]
        seen.update(comp)
        out.append(comp)
    return out


def _farthest(adj: list[list[int]], start: int) -> tuple[int, int, list[int]]:
    """(a node farthest from ``start``, nodes on the path to it, every node reached), level by level."""
    seen = {start}
    level = [start]
    depth = 1
    while True:
        nxt = []
        for node in level:
            for m in adj[node]:
                if m not in seen:
                    seen.add(m)
                    nxt.append(m)
        if not nxt:
            return level[-1], depth, list(seen)
        level = nxt
        depth += 1


#: Most paths the exhaustive search extends in one component: boards of the bundled size stay far below it
#: (untrusted content may make a 15x15 board of loops, whose paths are too many to list); past it the
#: longest path found so far is scored (rulings.md: longest routes).
SEARCH_BUDGET = 1_000_000


def _dfs_longest(adj: list[list[int]], nodes: list[int]) -> int:
    best = 0
    size = len(nodes)
    budget = SEARCH_BUDGET
    for start in nodes:
        stack = [(start, 1 << start, 1)]
        while stack:
            budget -= 1
            if budget < 0:
                return best
            node, seen, length = stack.pop()
            if length > best:
                best = length
                if best == size:
                    return best
            for nxt in adj[node]:
                if not seen >> nxt & 1:
                    stack.append((nxt, seen | 1 << nxt, length + 1))
    return best


def longest_in(adj: list[list[int]], comp: list[int]) -> int:
    """Nodes on the longest simple path of one component: two sweeps on a tree, an exhaustive search with a loop."""
    if len(comp) <= 2:
        return len(comp)
    edges = sum(len(adj[x]) for x in comp) // 2
    if edges == len(comp) - 1:
        return _farthest(adj, _farthest(adj, comp[0])[0])[1]
    return _dfs_longest(adj, comp)


def longest_path(adj: list[list[int]]) -> int:
    """Nodes on the longest simple path of the graph."""
    return max((longest_in(adj, comp) for comp in components(adj)), default=0)


def open_ends(tab: Tables, board: Board) -> tuple[int, int]:
    """(route ends left open, route ends meeting a crater): a road or rail side meeting neither its route, a
    lake, an exit of its kind nor the outer edge is open."""
    neighbour = board.geo.neighbour
    shapes, cells, route_sides = board.shapes, board.cells, tab.route_sides
    opened = craters = 0
    for c, v in enumerate(cells):
        if v < 0:
            continue
        edges = shapes[v].edges
        for s in route_sides[v]:
            nb = neighbour[c * 4 + s]
            if nb == -1:
                continue
            there = cells[nb]
            if there == CRATER:
                craters += 1
            elif there == EMPTY or not JOINS[edges[s]][shapes[there].edges[(s + 2) & 3]]:
                opened += 1
    return opened, craters


def centre_cells(board: Board) -> int:
    return sum(1 for c in board.geo.centre if board.cells[c] >= 0 and board.shapes[board.cells[c]].has(ROUTES))


def score(tab: Tables, board: Board, ext: ExpansionRules | None = None, player: Player | None = None
          ) -> dict[str, int]:
    """Every scoring row of one board (the expansion's row too, when one is played), and ``total``."""
    rules = tab.content.scoring
    opened, _ = open_ends(tab, board)
    rows = {
        "exits": exit_score(tab, board),
        "longest_road": longest_path(route_graph(tab, board, ROAD)) * rules.longest_road.points_per_cell,
        "longest_rail": longest_path(route_graph(tab, board, RAIL)) * rules.longest_rail.points_per_cell,
        "centre": centre_cells(board) * rules.centre.points_per_cell,
        "errors": opened * rules.errors.points_per_open_end,
    }
    if ext is not None and player is not None:
        rows[ext.name] = ext.score(board, player)
    rows["total"] = sum(rows.values())
    return rows


def gain(tab: Tables, board: Board, cell: int, index: int) -> int:
    """What drawing shape ``index`` on ``cell`` adds now to exits, centre and open ends (of routes, and of an
    expansion's river or lava; longest routes left out): the greedy bot's measure, read from the same
    numbers the final score uses."""
    geo = board.geo
    shape = board.shapes[index]
    open_points = tab.open_points
    value = 0
    if cell in geo.centre and shape.has(ROUTES):
        value += tab.content.scoring.centre.points_per_cell
    base = cell * 4
    ctx = board.ctx[cell]
    for s in range(4):
        e = shape.edges[s]
        if e not in open_points:
            continue
        code = (ctx >> (4 * s)) & 15
        if code == OPEN or code == FACING + NONE:  # an empty cell or a blank side: a new open end
            value += open_points[e]
        elif code == FACING + e:                   # meets its own kind: closes the open end it met there
            value -= open_points[e]
    points = tab.exit_points
    exits_of = board.exits_of
    for g in shape.groups:
        roots = set()
        for s in range(4):
            if not g >> s & 1 or shape.edges[s] not in ROUTES:
                continue
            nb = geo.neighbour[base + s]
            if nb == -1:
                ex = geo.exit_at[base + s]
                if ex >= 0:
                    roots.add(board.find(geo.exit_base + ex))
            elif board.cells[nb] >= 0 and meets(shape.edges[s], board.shapes[board.cells[nb]].edges[opposite(s)]) == JOIN:
                roots.add(board.find(nb * 4 + opposite(s)))
        if roots:
            value += points[sum(exits_of[r] for r in roots)] - sum(points[exits_of[r]] for r in roots)
    return value
