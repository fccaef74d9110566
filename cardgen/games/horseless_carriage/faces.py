"""Horseless Carriage's printables, through the component kit: what the templates read of the content.

Why: every printable kind (the market board, the planning office, research tracks, factory floors and
tiles, windows, demand cards, tokens, the player aid) is declared in the content's ``components.yaml``
and drawn by a template of ``templates/``; this module hands the kit the collections those kinds are
printed from, with their print counts computed from the rules (so no count is typed twice), and the
geometry a template cannot compute. The scale of the market grid and of the factory floors is read from
the declared sizes of the window and the factory tile, so a window fits the grid and a tile a square.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from cardgen.errors import BuildError, ContentError
from cardgen.games.horseless_carriage.model import HorselessContent
from cardgen.games.horseless_carriage.rules import Rules, compile_rules
from cardgen.games.horseless_carriage.plugin import TEMPLATES  # the game's own (its components.yaml names them)
from cardgen.render.components.declared import DeclaredSet, GameContext, declaration_problems
from cardgen.render.components.schema import load_components
from cardgen.render.faces.facekit import SAFE_MARGIN_MM, Face

#: The declared sizes the drawing scale is read from: a factory tile covers one floor square, and the
#: window is the largest window's frame at the market grid's scale.
SQUARE_SIZE, WINDOW_SIZE, FLOOR_SIZE = "square", "window", "floor"

# Colours: design choices of the printables, not rules of the game.
STEP_COLOURS = ("#c8553d", "#3d7cc8", "#5aa35a", "#c89b3d")               #: A, B, C, D
DIMENSION_COLOURS = ("#d64545", "#6a6a6a", "#b05cc8", "#3da0a0", "#e0a020")  #: in research.yaml's order
CAR_COLOURS = ("#2f4f7f", "#c0392b", "#7a5a2f")                           #: in market.yaml's order
SEGMENT_COLOURS = ("#f4efe4", "#eae0c8", "#dccba4", "#cdb47f")            #: lowest first
PLAYER_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")


def _cycle(colours: tuple[str, ...], i: int) -> str:
    return colours[i % len(colours)]


@dataclass(frozen=True)
class Item:
    """One printed thing of a collection: its id, its name (a {zh, en} text or None), its print count and
    whatever its template draws."""

    id: str
    copies: int
    name: Any = None
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Cell:
    """A square of a drawing, in mm from the drawing's top left corner."""

    x: float
    y: float
    fill: str
    mark: str = ""


class Printables:
    """The content as the templates draw it (``hc`` in a template)."""

    def __init__(self, content: HorselessContent, rules: Rules, square_mm: float, cell_mm: float):
        self.content = content
        self.rules = rules
        self.strings = content.strings
        self.square = square_mm
        self.cell = cell_mm
        self.steps = rules.steps
        self.bonus = dict(zip(rules.cars, rules.bonus))
        self.step_colours = STEP_COLOURS
        self.car_colours = CAR_COLOURS
        self.dimension_colours = DIMENSION_COLOURS

    @staticmethod
    def star(cx: float, cy: float, r: float) -> str:
        """A four-pointed spark's outline as SVG polygon points (drawn: no font has the sign)."""
        points = []
        for i in range(8):
            radius = r if i % 2 == 0 else r * 0.35
            angle = math.pi / 4 * i - math.pi / 2
            points.append(f"{cx + radius * math.cos(angle):.2f},{cy + radius * math.sin(angle):.2f}")
        return " ".join(points)

    def name(self, key: str) -> Any:
        return self.strings[key]

    # ------------------------------------------------------------ the market board

    def market(self) -> dict[str, Any]:
        """The grid's cells (top row first on paper), each with its segment's colour, and the axis slots."""
        r, size, cell = self.rules, self.rules.size, self.cell
        cells = [Cell(x * cell, (size - 1 - y) * cell, SEGMENT_COLOURS[r.segment_of[r.cell(x, y)] % 4])
                 for y in range(size) for x in range(size)]
        slots = [{"at": i * r.slot_width * cell, "width": r.slot_width * cell, "step": step}
                 for i, step in enumerate(r.axis_steps)]
        quadrants = [{"id": q, "x": (ox + r.quadrant_size / 2) * cell, "y": (size - oy - r.quadrant_size / 2) * cell}
                     for q, (ox, oy) in zip(r.quadrant_ids, r.quadrants)]
        return {"size": size, "span": size * cell, "cells": cells, "slots": slots, "quadrants": quadrants,
                "segments": [{"colour": SEGMENT_COLOURS[i % 4], "index": i + 1} for i in range(r.segments)]}

    # ------------------------------------------------------------ factory floors

    def floor(self, squares: tuple) -> dict[str, Any]:
        """A floor's squares at the tile scale, with its width and height in mm."""
        s = self.square
        height = 1 + max(dy for (_, dy), _ in squares)
        width = 1 + max(dx for (dx, _), _ in squares)
        fills = {"#": "#1d1d1d", "L": "#6b6b6b", "K": "#e6e6e6", ".": "#ffffff"}
        cells = [Cell(dx * s, (height - 1 - dy) * s, fills[ch], ch if ch in "LK" else "")
                 for (dx, dy), ch in squares]
        return {"cells": cells, "width": width * s, "height": height * s}

    # ------------------------------------------------------------ demand cards

    def quadrant(self, cells: tuple, side: float) -> list[Cell]:
        """A demand card's 4x4 picture: every cell, the marked ones filled, ``side`` mm a cell."""
        n = self.rules.quadrant_size
        marked = set(cells)
        return [Cell(x * side, (n - 1 - y) * side, "#333333" if (x, y) in marked else "#ffffff")
                for y in range(n) for x in range(n)]


def collections(content: HorselessContent, rules: Rules, players: int) -> dict[str, list[Item]]:
    """Every collection a ``copies: {each: ...}`` of components.yaml prints from, with its print counts."""
    s = content.strings
    f = content.factory
    tracks = [Item(d, 1, s[f"dimension.{d}"], {"stations": rules.track_stations[i], "clocks": rules.track_clocks[i],
                                                "colour": DIMENSION_COLOURS[i % 5]})
              for i, d in enumerate(rules.dims)]
    floors = [Item(fl.id, players, None, {"squares": fl.squares}) for fl in (rules.main_floor, *rules.extensions)]
    tiles = [Item(f"mainline-{car}", rules.mainline_copies, s[f"car.{car}"],
                  {"kind": "mainline", "car": i, "sides": f.mainline_sides}) for i, car in enumerate(rules.cars)]
    tiles += [Item("dealership", f.dealerships * players, s["component.dealership"], {"kind": "dealership"}),
              Item("marketing", f.marketing * players, s["component.marketing"], {"kind": "marketing"})]
    tiles += [Item(k, n, s[f"component.{k}"], {"kind": k}) for k, n in rules.department_copies.items()]
    tiles += [Item(f"station-{name}", rules.station_copies, s[f"station.{name}"],
                   {"kind": "station", "step": step}) for name, step in rules.station_step.items()]
    indicators = [Item(f"{d}-{step}", rules.indicator_copies, s[f"dimension.{d}"],
                       {"dim": i, "step": j, "step_id": step})
                  for i, d in enumerate(rules.dims) for j, step in enumerate(rules.steps)]
    windows = [Item(w.id, w.per_player * players, s[f"window.{w.id}"], {"w": w.size[0], "h": w.size[1]})
               for w in content.market.windows]
    cards = [Item(f"{ind}-{j + 1:02d}", 1, s[f"industrialist.{ind}"],
                  {"car": c.car, "year": c.year, "clocks": c.clocks, "cells": c.cells})
             for ind, deck in zip(rules.industrialists, rules.decks) for j, c in enumerate(deck)]
    neutral = [Item(f"neutral-{j + 1:02d}", 1, None, {"car": c.car, "cells": c.cells})
               for j, c in enumerate(rules.neutral)]
    printed = content.market.printed
    tokens = [Item(f"buyer-{car}", printed.buyers, s[f"car.{car}"], {"kind": "buyer", "car": i})
              for i, car in enumerate(rules.cars)]
    tokens += [Item(f"spark-{car}", printed.sparks, s[f"car.{car}"], {"kind": "spark", "car": i})
               for i, car in enumerate(rules.cars)]
    tokens += [Item(f"price-{p}", 1, None, {"kind": "price", "price": p}) for p in rules.prices]
    tokens += [Item(f"innovation-{d}", 1, s[f"dimension.{d}"], {"kind": "innovation", "dim": i})
               for i, d in enumerate(rules.dims)]
    tokens += [Item(f"minimum-{d}", 1, s[f"dimension.{d}"], {"kind": "minimum", "dim": i})
               for i, d in enumerate(rules.dims)]
    tokens += [Item("obsolescence", 1, None, {"kind": "obsolescence"}), Item("time", 1, None, {"kind": "time"})]
    tokens += [Item(f"brand-{p + 1}", content.game.brand_markers, None,
                    {"kind": "brand", "player": p + 1, "colour": _cycle(PLAYER_COLOURS, p)}) for p in range(players)]
    return {"tracks": tracks, "floors": floors, "factory_tiles": tiles, "indicators": indicators, "windows": windows,
            "demand_cards": cards, "neutral_cards": neutral, "tokens": tokens}


def _scale(content: HorselessContent, rules: Rules, sizes: dict) -> tuple[Printables | None, list[str]]:
    """The drawing helpers at the declared scale, or the reasons there is none (sizes the scale is read from
    that components.yaml lacks); then whether each floor fits its face."""
    missing = [name for name in (SQUARE_SIZE, WINDOW_SIZE, FLOOR_SIZE) if name not in sizes]
    if missing:
        return None, [f"no size '{name}' (the drawings' scale is read from it)" for name in missing]
    largest = max(max(w.size) for w in content.market.windows)
    return Printables(content, rules, sizes[SQUARE_SIZE].width, sizes[WINDOW_SIZE].width / largest), []


def floor_misfits(hc: Printables, sizes: dict) -> list[tuple[int, str]]:
    """Each floor (0 the main floor, then the extensions) too large for the floor face, with the reason."""
    room = (sizes[FLOOR_SIZE].width - 2 * SAFE_MARGIN_MM, sizes[FLOOR_SIZE].height - 2 * SAFE_MARGIN_MM)
    out = []
    for i, floor in enumerate((hc.rules.main_floor, *hc.rules.extensions)):
        drawn = hc.floor(floor.squares)
        need = (drawn["width"], drawn["height"])
        if need[0] > room[0] + 1e-9 or need[1] > room[1] + 1e-9:
            out.append((i, f"the floor {floor.id} needs {need[0]:g} x {need[1]:g} mm at the declared scale, its "
                           f"face is {room[0]:g} x {room[1]:g} mm"))
    return out


def game_context(content: HorselessContent, players: int) -> GameContext:
    """What Horseless Carriage hands the component kit: its strings, collections and drawing helpers."""
    declared = load_components(content.game_folder)
    sizes = declared.model.sizes if declared is not None else {}
    rules = compile_rules(content)
    hc, reasons = _scale(content, rules, sizes)
    misfits = floor_misfits(hc, sizes) if hc is not None else []
    if hc is None or misfits:
        raise BuildError("; ".join(f"components.yaml: {r}" for r in reasons + [m for _, m in misfits]))
    return GameContext(strings=content.strings, collections=collections(content, rules, players),
                       values={"hc": hc})


def printables(content: HorselessContent, where: Any) -> None:
    """The validator's check of components.yaml, each problem located: the sizes the scale is read from,
    floors that fit their face, and what the declarations name (strings, collections, templates)."""
    folder = content.game_folder
    try:
        declared = load_components(folder)
    except ContentError as exc:
        where.add(exc.problems)
        return
    if declared is None:
        return
    sizes = declared.model.sizes
    hc, reasons = _scale(content, compile_rules(content), sizes)
    if hc is None:
        where.add([declared.smap.problem(("sizes",), reason) for reason in reasons])
        return
    misfits = floor_misfits(hc, sizes)
    for i, reason in misfits:
        where("factory", ("floors", "main", "rows") if i == 0 else ("floors", "extensions", i - 1, "rows"), reason)
    if not misfits:
        where.add(declaration_problems(folder, game_context(content, content.game.players.max), TEMPLATES))


def declared_set(content: HorselessContent) -> DeclaredSet:
    """Horseless Carriage as the component kit prints it."""
    return DeclaredSet.of(content, strings=content.strings, templates=TEMPLATES,
                          context=lambda players: game_context(content, players))


def faces(content: HorselessContent, *, lang: str, players: int, bleed_mm: float) -> list[Face]:
    """Every printable of Horseless Carriage for ``players`` players in ``lang``, as components.yaml declares."""
    return declared_set(content).faces(lang=lang, players=players, bleed_mm=bleed_mm)
