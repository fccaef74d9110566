"""Tiles as small integers: edges per side, the groups of sides joined inside, rotations and mirrors.

Why: the engine weighs thousands of placements a game, so a tile is a tuple of four small ints (one
edge type per side) plus a tuple of side bitmasks (one per group of joined sides); its eight
orientations are made once and deduplicated, and two sides facing each other are judged by one
function, :func:`meets`, that every legality and scoring question calls.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.games.railroad_ink.model import Tile

SIDES = ("n", "e", "s", "w")
SIDE_NAMES = ("north", "east", "south", "west")
TYPES = ("none", "road", "rail", "river", "lake", "lava")
NONE, ROAD, RAIL, RIVER, LAKE, LAVA = range(len(TYPES))
ROUTES = (ROAD, RAIL)

#: what two facing sides do: join (one network), leave a route end open (allowed, an error at the end),
#: or refuse the placement
JOIN, OPEN, REFUSED, NOTHING = "join", "open", "refused", "nothing"


def meets(a: int, b: int) -> str:
    """What happens where a side of type ``a`` faces a side of type ``b`` of a drawn tile.

    The same types join; a road or rail also joins a lake (a route that reaches a lake and leaves it
    again stays one network, seed: lake); a road, rail, lake or lava side facing a blank side is an
    open end; a river meets only a river (seed: river); anything else (a road meeting a rail without a
    station, a road meeting lava) is refused.

    >>> meets(ROAD, ROAD), meets(ROAD, RAIL), meets(RAIL, NONE), meets(RIVER, NONE), meets(ROAD, LAKE)
    ('join', 'refused', 'open', 'refused', 'join')
    """
    if a == NONE and b == NONE:
        return NOTHING
    if a == b:
        return JOIN
    if LAKE in (a, b) and (a in ROUTES or b in ROUTES):
        return JOIN
    if NONE in (a, b) and RIVER not in (a, b):
        return OPEN
    return REFUSED


def opposite(side: int) -> int:
    return (side + 2) & 3


@dataclass(frozen=True)
class Shape:
    """One orientation of a tile: edge type per side (n, e, s, w) and the joined groups as side bitmasks."""

    edges: tuple[int, int, int, int]
    groups: tuple[int, ...]
    station: bool = False

    def rotated(self, turns: int) -> Shape:
        """Turned clockwise ``turns`` quarter turns: what faced north faces east after one."""
        turns &= 3
        edges = tuple(self.edges[(s - turns) & 3] for s in range(4))
        groups = tuple(sorted(((g << turns) | (g >> (4 - turns))) & 15 for g in self.groups))
        return Shape(edges, groups, self.station)  # type: ignore[arg-type]

    def mirrored(self) -> Shape:
        """Flipped left to right: east and west swap."""
        swap = (0, 3, 2, 1)
        edges = tuple(self.edges[swap[s]] for s in range(4))
        groups = tuple(sorted(sum(1 << swap[s] for s in range(4) if g >> s & 1) for g in self.groups))
        return Shape(edges, groups, self.station)  # type: ignore[arg-type]

    def oriented(self, orientation: int) -> Shape:
        """Orientation 0..7: mirrored first when ``orientation >= 4``, then turned ``orientation % 4`` times."""
        return (self.mirrored() if orientation >= 4 else self).rotated(orientation & 3)

    def has(self, kinds: tuple[int, ...]) -> bool:
        return any(e in kinds for e in self.edges)


def shape_of(tile: Tile) -> Shape:
    """A content tile as a :class:`Shape` (its north side up, unmirrored)."""
    edges = tuple(TYPES.index(getattr(tile.edges, s)) for s in SIDES)
    groups = tuple(sorted(sum(1 << SIDES.index(s) for s in set(group)) for group in tile.joins))
    return Shape(edges, groups, tile.station)  # type: ignore[arg-type]


def orientations(shape: Shape) -> tuple[tuple[int, Shape], ...]:
    """The distinct orientations of a shape, each with the smallest orientation number that makes it.

    >>> straight = Shape((ROAD, NONE, ROAD, NONE), (0b0101,))
    >>> [o for o, _ in orientations(straight)]
    [0, 1]
    """
    seen: dict[Shape, int] = {}
    for o in range(8):
        seen.setdefault(shape.oriented(o), o)
    return tuple((o, s) for s, o in seen.items())

