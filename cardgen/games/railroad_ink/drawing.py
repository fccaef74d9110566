"""Railroad Ink's pictures as inline SVG, drawn from the content's tile data alone.

Why: every picture on a board, a die net, a sticker or the quick reference is a tile of the content
(its four edges and the groups of sides joined inside), so a changed die face is printed changed
everywhere and nothing is drawn twice by hand. The seed's symbols: a road is two lines with a dashed
line between them, a rail a line with cross ties, a station a black square, an overpass one route
passing over the other (drawn with a gap), an exit a red arrow. Sizes are fractions of the tile's side;
the colours are design choices.

Coordinates are millimetres inside an ``<svg>`` whose ``viewBox`` is in millimetres too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from markupsafe import Markup, escape

INK = "#22262b"
PAPER = "#ffffff"
RIVER = "#2f7fc1"
LAKE = "#9fd0f0"
LAVA = "#3b2521"
LAVA_EDGE = "#e4622a"
EXIT = "#d2372c"
GRID = "#9aa1a9"

#: Widths as fractions of the side: the road's outer and inner strokes, its centre dash, the rail's line and
#: ties, the river, the gap an overpass leaves, the station square.
ROAD_OUTER, ROAD_INNER, ROAD_DASH = 0.30, 0.22, 0.02
RAIL_LINE, RAIL_TIES, RAIL_TIE_DASH = 0.04, 0.22, (0.035, 0.085)
RIVER_WIDTH = 0.24
GAP = 0.40
STATION = 0.30
#: Direction die arrows: which way each face points, in degrees clockwise from north.
HEADINGS = {"n": 0, "e": 90, "s": 180, "w": 270}


def _n(value: float) -> str:
    return f"{round(value, 3):g}"


def side_mid(side: str, s: float) -> tuple[float, float]:
    """The midpoint of a tile's side, in a tile of side ``s`` whose top-left corner is 0, 0."""
    return {"n": (s / 2, 0.0), "e": (s, s / 2), "s": (s / 2, s), "w": (0.0, s / 2)}[side]


def _segment(sides: Sequence[str], s: float) -> str:
    """The path a group of joined sides of one route type draws: a curve through the centre for two sides,
    spokes from the centre for one, three or four."""
    c = s / 2
    if len(sides) == 2:
        (x1, y1), (x2, y2) = side_mid(sides[0], s), side_mid(sides[1], s)
        return f"M{_n(x1)} {_n(y1)}Q{_n(c)} {_n(c)} {_n(x2)} {_n(y2)}"
    return "".join(f"M{_n(x)} {_n(y)}L{_n(c)} {_n(c)}" for x, y in (side_mid(side, s) for side in sides))


def _stroke(path: str, colour: str, width: float, dash: tuple[float, float] | None = None,
            cap: str = "butt") -> str:
    extra = f' stroke-dasharray="{_n(dash[0])} {_n(dash[1])}"' if dash else ""
    return (f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="{_n(width)}" '
            f'stroke-linecap="{cap}"{extra}/>')


def route(kind: str, path: str, s: float) -> str:
    """One route type drawn along ``path``: road, rail or river."""
    if kind == "road":
        return (_stroke(path, INK, ROAD_OUTER * s) + _stroke(path, PAPER, ROAD_INNER * s)
                + _stroke(path, INK, ROAD_DASH * s, (0.06 * s, 0.06 * s)))
    if kind == "rail":
        return (_stroke(path, INK, RAIL_TIES * s, (RAIL_TIE_DASH[0] * s, RAIL_TIE_DASH[1] * s))
                + _stroke(path, INK, RAIL_LINE * s))
    if kind == "river":
        return _stroke(path, RIVER, RIVER_WIDTH * s, cap="round")
    return ""


#: A lake's or a lava flow's body: the middle of the tile, as a fraction of the side from its edge.
INNER = 0.25
#: Each piece of a body is stroked in its own colour this wide, so no light seam shows where two pieces meet.
SEAM = 0.02


def _area(side: str, s: float, colour: str) -> str:
    """The water or rock reaching ``side``: a trapezoid from that whole side to the tile's middle (so a strait
    leaves land on its other two sides, and a full lake covers the tile)."""
    a, b = INNER * s, (1 - INNER) * s
    points = {"n": ((0, 0), (s, 0), (b, a), (a, a)), "e": ((s, 0), (s, s), (b, b), (b, a)),
              "s": ((s, s), (0, s), (a, b), (b, b)), "w": ((0, s), (0, 0), (a, a), (a, b))}[side]
    return (f'<polygon points="{" ".join(f"{_n(x)},{_n(y)}" for x, y in points)}" fill="{colour}" '
            f'stroke="{colour}" stroke-width="{_n(SEAM * s)}" stroke-linejoin="round"/>')


def _body(kinds: set[str], s: float) -> str:
    """The middle of a tile with water or rock, the colour of the first such kind (a tile holds one)."""
    if not kinds:
        return ""
    a, w = INNER * s, (1 - 2 * INNER) * s
    colour = AREAS[sorted(kinds)[0]]
    return (f'<rect x="{_n(a)}" y="{_n(a)}" width="{_n(w)}" height="{_n(w)}" fill="{colour}" stroke="{colour}" '
            f'stroke-width="{_n(SEAM * s)}"/>')


#: The edge types drawn as a body of water or rock, and its colour.
AREAS = {"lake": LAKE, "lava": LAVA}


def tile_body(tile: Any, s: float) -> str:
    """The inside of one tile of side ``s`` (no frame): its areas, then each group of joined sides, a later
    group passing over the earlier ones with a gap (an overpass, a bridge), then a station's square."""
    edges = {side: getattr(tile.edges, side) for side in ("n", "e", "s", "w")}
    parts = [_area(side, s, AREAS[kind]) for side, kind in edges.items() if kind in AREAS]
    parts.append(_body({kind for kind in edges.values() if kind in AREAS}, s))
    for index, group in enumerate(tile.joins):
        kinds = {edges[side] for side in group} - set(AREAS) - {"none"}
        if not kinds:
            continue
        if index and not tile.station:  # passes over what is drawn already
            parts.append(_stroke(_segment([g for g in group if edges[g] in kinds], s), PAPER, GAP * s))
        if len(kinds) == 1 and len(group) == 2 and edges[group[0]] == edges[group[1]]:
            parts.append(route(kinds.pop(), _segment(group, s), s))
        else:
            parts += [route(edges[side], _segment([side], s), s) for side in group if edges[side] in kinds]
        if len(group) == 1 and edges[group[0]] == "river":  # a spring
            parts.append(f'<circle cx="{_n(s / 2)}" cy="{_n(s / 2)}" r="{_n(0.16 * s)}" fill="{RIVER}"/>')
    if tile.station:
        side = STATION * s
        parts.append(f'<rect x="{_n((s - side) / 2)}" y="{_n((s - side) / 2)}" width="{_n(side)}" '
                     f'height="{_n(side)}" fill="{INK}"/>')
    return "".join(parts)


def volcano(s: float) -> str:
    """The volcano's mark over a full lava tile: a cone with its crater."""
    return (f'<path d="M{_n(0.2 * s)} {_n(0.78 * s)}L{_n(0.42 * s)} {_n(0.3 * s)}L{_n(0.58 * s)} {_n(0.3 * s)}'
            f'L{_n(0.8 * s)} {_n(0.78 * s)}Z" fill="{LAVA_EDGE}"/>'
            f'<ellipse cx="{_n(0.5 * s)}" cy="{_n(0.3 * s)}" rx="{_n(0.09 * s)}" ry="{_n(0.04 * s)}" fill="{LAVA}"/>')


def crater(s: float) -> str:
    """A crater: a ring with its pit."""
    return (f'<circle cx="{_n(s / 2)}" cy="{_n(s / 2)}" r="{_n(0.3 * s)}" fill="#d9d2c5" stroke="{INK}" '
            f'stroke-width="{_n(0.04 * s)}"/><circle cx="{_n(s / 2)}" cy="{_n(s / 2)}" r="{_n(0.12 * s)}" '
            f'fill="{INK}"/>')


def arrow(heading: str, s: float, colour: str = INK) -> str:
    """An arrow across a tile pointing to ``heading`` (n, e, s, w), or four arrows for ``any``."""
    c = s / 2
    shaft = (f'<path d="M{_n(c)} {_n(0.8 * s)}L{_n(c)} {_n(0.3 * s)}" stroke="{colour}" '
             f'stroke-width="{_n(0.09 * s)}"/><path d="M{_n(0.3 * s)} {_n(0.36 * s)}L{_n(c)} {_n(0.12 * s)}'
             f'L{_n(0.7 * s)} {_n(0.36 * s)}Z" fill="{colour}"/>')
    if heading == "any":
        small = "".join(f'<g transform="rotate({deg} {_n(c)} {_n(c)})"><path d="M{_n(c)} {_n(0.5 * s)}'
                        f'L{_n(c)} {_n(0.22 * s)}" stroke="{colour}" stroke-width="{_n(0.07 * s)}"/>'
                        f'<path d="M{_n(0.38 * s)} {_n(0.25 * s)}L{_n(c)} {_n(0.08 * s)}L{_n(0.62 * s)} '
                        f'{_n(0.25 * s)}Z" fill="{colour}"/></g>' for deg in HEADINGS.values())
        return small
    return f'<g transform="rotate({HEADINGS[heading]} {_n(c)} {_n(c)})">{shaft}</g>'


def numeral(value: int, s: float, font_family: str) -> str:
    """A die face's number, centred (SVG text is a picture: no fit check needed, the font has digits)."""
    return (f'<text x="{_n(s / 2)}" y="{_n(0.5 * s)}" font-size="{_n(0.62 * s)}" text-anchor="middle" '
            f'dominant-baseline="central" font-family="{escape(font_family)}" font-weight="bold" '
            f'fill="{INK}">{int(value)}</text>')


def placed(body: str, x: float, y: float, s: float, frame: bool = True) -> Markup:
    """``body`` (drawn in a tile of side ``s`` at 0, 0) moved to ``x``, ``y``, with a thin frame."""
    border = (f'<rect x="0" y="0" width="{_n(s)}" height="{_n(s)}" fill="none" stroke="{GRID}" '
              f'stroke-width="0.2"/>' if frame else "")
    return Markup(f'<g transform="translate({_n(x)} {_n(y)})">{body}{border}</g>')
