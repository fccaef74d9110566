"""One player's factory: floors, the tiles on them, the placement rules and the specs they give.

Why: the factory is where the game's spatial rules live (black squares, colour-matched connection to a
mainline, one station of a kind per area, indicators with research access, keep-clear zones). Each
check returns the reason a placement is refused (or None), so the engine, the bots and the tests share
one statement of each rule. Research access is asked of the caller (``access(dim, station)``), which
knows the tracks and the patents.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from cardgen.games.horseless_carriage.rules import NEIGHBOURS, Floor, Rules

Cell = tuple[int, int]
#: tile kinds: (MAINLINE, car), (DEALERSHIP,), (MARKETING,), (RESEARCH,), (PLANNING,), (STATION, name, step),
#: (INDICATOR, dim, step, target cell)
MAINLINE, DEALERSHIP, MARKETING, RESEARCH, PLANNING, STATION, INDICATOR = range(7)
DEPARTMENTS = {"research": RESEARCH, "planning": PLANNING, "marketing": MARKETING}
#: tiles that make up a manufacturing area
AREA = (MAINLINE, STATION, INDICATOR)
Tile = tuple


@lru_cache(maxsize=65_536)
def around(cell: Cell) -> tuple[Cell, ...]:
    """The four squares next to ``cell`` (remembered: the placement rules ask it of the same squares often)."""
    x, y = cell
    return tuple((x + dx, y + dy) for dx, dy in NEIGHBOURS)


@dataclass
class Dealer:
    """What phase 4 publishes for one dealership: its spec per dimension, car types, adjacent mainlines, window."""

    cell: Cell
    spec: list[int]
    cars: list[int]
    mainlines: list[Cell]
    marketing: int


@dataclass
class Factory:
    floor: dict[Cell, str] = field(default_factory=dict)
    tiles: dict[Cell, Tile] = field(default_factory=dict)
    extensions: list[int] = field(default_factory=list)  #: extension floors still to lay (indexes into rules)
    laid: int = 0                                         #: extension floors laid

    @classmethod
    def start(cls, rules: Rules) -> Factory:
        factory = cls(extensions=list(range(len(rules.extensions))))
        factory.floor = {cell: ch for cell, ch in rules.main_floor.squares}
        return factory

    def copy(self) -> Factory:
        return Factory(dict(self.floor), dict(self.tiles), self.extensions[:], self.laid)

    # ------------------------------------------------------------ reading

    def free(self, cell: Cell) -> bool:
        return self.floor.get(cell) == "#" and cell not in self.tiles

    def free_squares(self) -> set[Cell]:
        return {c for c, ch in self.floor.items() if ch == "#"} - self.tiles.keys()

    def count(self, kind: int) -> int:
        return sum(1 for t in self.tiles.values() if t[0] == kind)

    def next_to(self, cell: Cell, kind: int, tiles: dict[Cell, Tile] | None = None) -> list[Cell]:
        tiles = self.tiles if tiles is None else tiles
        return [n for n in around(cell) if n in tiles and tiles[n][0] == kind]

    def step_group(self, start: Cell, step: int, tiles: dict[Cell, Tile]) -> set[Cell]:
        """The squares joined to ``start`` by stations and indicators of ``step`` (empty if ``start`` is none)."""
        t = tiles.get(start)
        if t is None or t[0] not in (STATION, INDICATOR) or t[2] != step:
            return set()
        seen, todo = {start}, [start]
        while todo:
            for n in around(todo.pop()):
                if n not in seen:
                    u = tiles.get(n)
                    if u is not None and u[0] in (STATION, INDICATOR) and u[2] == step:
                        seen.add(n)
                        todo.append(n)
        return seen

    def connected(self, cells: set[Cell], step: int, rules: Rules, tiles: dict[Cell, Tile]) -> bool:
        """Whether a group of one step's squares touches a mainline on that step's side."""
        dx, dy = rules.step_side[step]
        for x, y in cells:
            t = tiles.get((x - dx, y - dy))
            if t is not None and t[0] == MAINLINE:
                return True
        return False

    def area_clash(self, starts: Iterable[Cell], tiles: dict[Cell, Tile]) -> str | None:
        """The station kind held twice in the manufacturing area around ``starts``, or None."""
        seen: set[Cell] = set()
        names: set[str] = set()
        todo = [c for c in starts if c in tiles and tiles[c][0] in AREA]
        seen.update(todo)
        while todo:
            cell = todo.pop()
            t = tiles[cell]
            if t[0] == STATION:
                if t[1] in names:
                    return t[1]
                names.add(t[1])
            for n in around(cell):
                if n not in seen and n in tiles and tiles[n][0] in AREA:
                    seen.add(n)
                    todo.append(n)
        return None

    def mainline_spec(self, cell: Cell, rules: Rules) -> list[int]:
        """A mainline's spec: the indicators of each dimension connected to it, over its four sides."""
        spec = [0] * len(rules.dims)
        x, y = cell
        for step, (dx, dy) in enumerate(rules.step_side):
            for c in self.step_group((x + dx, y + dy), step, self.tiles):
                t = self.tiles[c]
                if t[0] == INDICATOR:
                    spec[t[1]] += 1
        return spec

    def dealers(self, rules: Rules) -> list[Dealer]:
        """Every dealership's published data (phase 4): the minimum spec over its mainlines, their car types."""
        specs: dict[Cell, list[int]] = {}
        out = []
        for cell in sorted(c for c, t in self.tiles.items() if t[0] == DEALERSHIP):
            lines = sorted(self.next_to(cell, MAINLINE))
            for m in lines:
                if m not in specs:
                    specs[m] = self.mainline_spec(m, rules)
            spec = [min(specs[m][d] for m in lines) for d in range(len(rules.dims))] if lines else \
                [0] * len(rules.dims)
            cars = sorted({self.tiles[m][1] for m in lines})
            out.append(Dealer(cell, spec, cars, lines, len(self.next_to(cell, MARKETING))))
        return out

    # ------------------------------------------------------------ placement rules (None: legal)

    def why_not_mainline(self, rules: Rules, car: int, cell: Cell, dealer: Cell | None) -> str | None:
        if not self.free(cell):
            return "a tile goes only on a free black square"
        if not any(self.floor.get(n) == "L" for n in around(cell)) and not self.next_to(cell, MAINLINE):
            return "a mainline starts next to a loading zone or one of your mainlines"
        new: dict[Cell, Tile] = {cell: (MAINLINE, car)}
        if dealer is None:
            if not self.next_to(cell, DEALERSHIP):
                return "a mainline must touch a dealership"
        else:
            reason = self._dealer_room(rules, dealer)
            if reason:
                return reason
            if dealer not in around(cell):
                return "the new dealership must touch the new mainline"
            new[dealer] = (DEALERSHIP,)
        clash = self.area_clash([cell], {**self.tiles, **new})
        return f"an area may hold one {clash} station" if clash else None

    def _dealer_room(self, rules: Rules, cell: Cell) -> str | None:
        if not self.free(cell):
            return "a tile goes only on a free black square"
        if self.count(DEALERSHIP) >= rules.dealerships:
            return f"at most {rules.dealerships} dealerships"
        return None

    def why_not_dealership(self, rules: Rules, cell: Cell) -> str | None:
        reason = self._dealer_room(rules, cell)
        if reason:
            return reason
        return None if self.next_to(cell, MAINLINE) else "a dealership must touch a mainline"

    def why_not_department(self, rules: Rules, kind: int, cell: Cell) -> str | None:
        if not self.free(cell):
            return "a tile goes only on a free black square"
        if kind == MARKETING:
            if self.count(MARKETING) >= rules.marketing:
                return f"at most {rules.marketing} marketing departments"
            if not self.next_to(cell, DEALERSHIP):
                return "a marketing department must touch a dealership"
        return None

    def why_not_station(self, rules: Rules, name: str, cell: Cell, indicator: Cell, dim: int,
                        access: Callable[[int, str], bool]) -> str | None:
        """A new tech station with its first indicator (every station needs one pointing at it)."""
        if not any(access(d, name) for d in range(len(rules.dims))):
            return f"no research access to the {name}"
        if not self.free(cell) or not self.free(indicator) or cell == indicator:
            return "a tile goes only on a free black square"
        step = rules.station_step[name]
        new = {cell: (STATION, name, step), indicator: (INDICATOR, dim, step, cell)}
        return self._indicator_rules(rules, name, cell, indicator, dim, access) or self._joined(rules, new, step)

    def why_not_indicator(self, rules: Rules, station: Cell, indicator: Cell, dim: int,
                          access: Callable[[int, str], bool]) -> str | None:
        """Another indicator for a station already built (its access is asked again: the indicator is new)."""
        t = self.tiles.get(station)
        if t is None or t[0] != STATION:
            return "an indicator points at a tech station"
        if not self.free(indicator):
            return "a tile goes only on a free black square"
        new = {indicator: (INDICATOR, dim, t[2], station)}
        return self._indicator_rules(rules, t[1], station, indicator, dim, access) or self._joined(rules, new, t[2])

    def _indicator_rules(self, rules: Rules, name: str, station: Cell, indicator: Cell, dim: int,
                         access: Callable[[int, str], bool]) -> str | None:
        if indicator not in around(station):
            return "an indicator goes next to the station it points at"
        if not access(dim, name):
            return f"no {rules.dims[dim]} research access to the {name}"
        return None

    def _joined(self, rules: Rules, new: dict[Cell, Tile], step: int) -> str | None:
        tiles = {**self.tiles, **new}
        first = next(iter(new))
        if not self.connected(self.step_group(first, step, tiles), step, rules, tiles):
            return f"not connected to a mainline's {rules.steps[step]} side through {rules.steps[step]} tiles"
        clash = self.area_clash(new, tiles)
        return f"an area may hold one {clash} station" if clash else None

    # ------------------------------------------------------------ floors

    def why_not_extension(self, floor: Floor, ox: int, oy: int) -> str | None:
        """An extension floor touches the factory, covers no floor, and blocks no keep-clear zone."""
        touches = False
        for (dx, dy), ch in floor.squares:
            cell = (ox + dx, oy + dy)
            if cell in self.floor:
                return "an extension may not cover floor"
            for n in around(cell):
                near = self.floor.get(n)
                if near is None:
                    continue
                touches = True
                if near == "K":
                    return "an extension may not touch a keep-clear zone"
                if ch == "K":
                    return "an extension's keep-clear zone must stay open"
        return None if touches else "an extension must touch the factory"

    def extension_anchors(self, floor: Floor) -> list[Cell]:
        """Every corner worth trying for ``floor``: those where it could touch the factory."""
        xs = [x for x, _ in self.floor]
        ys = [y for _, y in self.floor]
        w = 1 + max(dx for (dx, _), _ in floor.squares)
        h = 1 + max(dy for (_, dy), _ in floor.squares)
        return [(x, y) for y in range(min(ys) - h, max(ys) + 2) for x in range(min(xs) - w, max(xs) + 2)]

    def lay(self, floor: Floor, ox: int, oy: int, index: int) -> None:
        for (dx, dy), ch in floor.squares:
            self.floor[(ox + dx, oy + dy)] = ch
        self.extensions.remove(index)
        self.laid += 1
