"""Where the pieces of a die net and of a sticker sheet lie, in millimetres from the trim's top-left corner.

Why here and not in a template: the net's squares and tabs are measured by tests
(six faces of the die's edge, a tab on one edge of each glued pair), and a
template only draws what it is handed.

A cube net is the Latin cross: four faces in a row (left, front, right, back),
the top above the front and the bottom below it. Seven pairs of outer edges meet
when it is folded; one edge of each pair carries a glue tab, and each tab lies
in an empty cell of the cross's 4 x 3 box or on its right side, so the net's size
is ``(4 edge + tab) x 3 edge``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Where each of the six faces lies in the cross, (column, row) in edges: top, left, front, right, back, bottom.
NET_CELLS = ((1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2))
#: The glue tabs: (face index in NET_CELLS, side it sticks out of); one per pair of edges glued together.
NET_TABS = ((1, "n"), (1, "s"), (3, "n"), (3, "s"), (4, "n"), (4, "s"), (4, "e"))
#: How much narrower a tab's free end is than its fold line at each end (a trapezoid folds without catching).
TAB_TAPER = 0.25


@dataclass(frozen=True)
class Square:
    """One face of a die on a net or a sticker sheet; ``index`` is the die face it shows."""

    index: int
    x: float
    y: float
    side: float


@dataclass(frozen=True)
class Tab:
    """A glue tab: the four corners of its trapezoid, the first two on the fold line."""

    points: tuple[tuple[float, float], ...]

    @property
    def svg_points(self) -> str:
        return " ".join(f"{round(x, 3):g},{round(y, 3):g}" for x, y in self.points)


@dataclass(frozen=True)
class Net:
    """A cube net: its six faces, its glue tabs and its size."""

    edge: float
    tab: float
    squares: tuple[Square, ...]
    tabs: tuple[Tab, ...]

    @property
    def size(self) -> tuple[float, float]:
        return net_size(self.edge, self.tab)

    @property
    def folds(self) -> tuple[tuple[float, float, float, float], ...]:
        """The lines folded (x1, y1, x2, y2): each edge two faces share, and each tab's base; every other
        edge of the outline is cut.

        >>> len(die_net(16, 5).folds)
        12
        """
        shared = []
        for a in self.squares:
            for b in self.squares:
                if (b.x, b.y) == (a.x + a.side, a.y):
                    shared.append((b.x, b.y, b.x, b.y + b.side))
                elif (b.x, b.y) == (a.x, a.y + a.side):
                    shared.append((b.x, b.y, b.x + b.side, b.y))
        return (*shared, *((t.points[0][0], t.points[0][1], t.points[1][0], t.points[1][1]) for t in self.tabs))


def net_size(edge: float, tab: float) -> tuple[float, float]:
    """Trim size of a die net: the cross's 4 x 3 box and the tab on its right side."""
    return (4 * edge + tab, 3 * edge)


def die_net(edge: float, tab: float) -> Net:
    """The Latin-cross net of a cube of ``edge`` mm with glue tabs ``tab`` mm wide.

    >>> net = die_net(16, 5)
    >>> net.size, len(net.squares), len(net.tabs)
    ((69, 48), 6, 7)
    """
    squares = tuple(Square(i, c * edge, r * edge, edge) for i, (c, r) in enumerate(NET_CELLS))
    tabs = tuple(_tab(squares[face], side, tab) for face, side in NET_TABS)
    return Net(edge, tab, squares, tabs)


def _tab(square: Square, side: str, width: float) -> Tab:
    x, y, e = square.x, square.y, square.side
    inset = e * TAB_TAPER if width else 0.0
    if side == "n":
        return Tab(((x, y), (x + e, y), (x + e - inset, y - width), (x + inset, y - width)))
    if side == "s":
        return Tab(((x, y + e), (x + e, y + e), (x + e - inset, y + e + width), (x + inset, y + e + width)))
    return Tab(((x + e, y), (x + e, y + e), (x + e + width, y + e - inset), (x + e + width, y + inset)))


@dataclass(frozen=True)
class StickerGrid:
    """Stickers for dice laid out in rows: ``squares`` in reading order, each ``side`` mm."""

    side: float
    gap: float
    columns: int
    squares: tuple[Square, ...]


def sticker_grid(count: int, edge: float, tolerance: float, width: float, gap: float) -> StickerGrid:
    """``count`` stickers of ``edge - tolerance`` mm in rows across ``width`` mm, ``gap`` mm apart.

    >>> grid = sticker_grid(7, 16, 1, 60, 4)
    >>> grid.side, grid.columns, grid.squares[-1].x, grid.squares[-1].y
    (15, 3, 0, 38)
    """
    side = edge - tolerance
    columns = max(1, math.floor((width + gap) / (side + gap)))
    squares = tuple(Square(i, (i % columns) * (side + gap), (i // columns) * (side + gap), side) for i in range(count))
    return StickerGrid(side, gap, columns, squares)
