"""Cross-checks of Horseless Carriage content: relations the per-file schema cannot see.

Why: a track naming a station that does not exist, a price segment list that leaves diagonals out
or a demand card marking a cell outside its quadrant would only fail in the middle of a game; here
each is a located problem (``file:line:col``) found before anything is played or printed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardgen.games.horseless_carriage.model import HorselessContent

Where = Callable[..., None]


def run(content: HorselessContent, where: Where) -> None:
    """Run every check; each problem goes to ``where(stem, path, message)``."""
    for check in (_game, _market, _research, _planning, _factory, _demand, _strings):
        check(content, where)


def _duplicates(ids: Iterable[Any], stem: str, base: tuple, where: Where, what: str) -> None:
    seen: set = set()
    for i, value in enumerate(ids):
        if value in seen:
            where(stem, base + (i,), f"{what} '{value}' is listed twice")
        seen.add(value)


def _game(c: HorselessContent, where: Where) -> None:
    players = c.game.players
    if players.min > players.max:
        where("game", ("players", "min"), f"fewest players ({players.min}) is more than most ({players.max})")
    wanted = set(range(players.min, players.max + 1))
    for count in sorted(set(c.game.clock.start) - wanted):
        where("game", ("clock", "start", count), f"the game takes {players.min}-{players.max} players, not {count}",
              key=True)
    for count in sorted(wanted - set(c.game.clock.start)):
        where("game", ("clock", "start"), f"no starting time-card value for {count} players")
    if players.max > c.planning.focus.spaces:
        where("planning", ("focus", "spaces"), f"{c.planning.focus.spaces} focus spaces cannot hold "
                                               f"{players.max} players")
    if players.max > len(c.demand.industrialists):
        where("demand", ("industrialists",), f"{len(c.demand.industrialists)} industrialists cannot serve "
                                             f"{players.max} players")


def _market(c: HorselessContent, where: Where) -> None:
    m = c.market
    if len(m.axis.steps) * m.axis.slot_width != m.size:
        where("market", ("axis", "steps"), f"{len(m.axis.steps)} slots of {m.axis.slot_width} cells do not span "
                                           f"the {m.size} cells of a side")
    if len(set(m.axis.sides)) != 2:
        where("market", ("axis", "sides"), "the two in-play tracks lie along bottom and left, one each")
    last = -1
    for i, seg in enumerate(m.segments):
        if seg.last_diagonal <= last:
            where("market", ("segments", i, "last_diagonal"), f"must be more than the previous segment's ({last})")
        last = seg.last_diagonal
    if last != 2 * (m.size - 1):
        where("market", ("segments",), f"the last segment must end on the top right cell's diagonal "
                                       f"{2 * (m.size - 1)}, not {last}")
    _duplicates((s.id for s in m.segments), "market", ("segments",), where, "segment")
    if len(m.prices) != len(m.segments):
        where("market", ("prices",), f"{len(m.prices)} price markers for {len(m.segments)} segments")
    for i in range(1, len(m.prices)):
        if m.prices[i] >= m.prices[i - 1]:
            where("market", ("prices", i), "price markers go from the highest down")
    _duplicates((q.id for q in m.quadrants), "market", ("quadrants",), where, "quadrant")
    for i, q in enumerate(m.quadrants):
        if max(q.origin) + m.quadrant_size > m.size:
            where("market", ("quadrants", i, "origin"), f"a {m.quadrant_size}x{m.quadrant_size} quadrant at "
                                                        f"{q.origin} leaves the {m.size}x{m.size} board")
    quadrants = {q.id for q in m.quadrants}
    if m.neutral.setup_quadrant not in quadrants:
        where("market", ("neutral", "setup_quadrant"), f"no quadrant '{m.neutral.setup_quadrant}'")
    for i, draw in enumerate(m.neutral.yearly):
        if draw.quadrant not in quadrants:
            where("market", ("neutral", "yearly", i, "quadrant"), f"no quadrant '{draw.quadrant}'")
        if (draw.cards is None) == (draw.players_minus is None):
            where("market", ("neutral", "yearly", i), "give either cards or players_minus")
    _duplicates((car.id for car in m.cars), "market", ("cars",), where, "car type")
    _duplicates((w.id for w in m.windows), "market", ("windows",), where, "window")
    for i, w in enumerate(m.windows):
        if w.marketing != i:
            where("market", ("windows", i, "marketing"), f"windows go by 0, 1, 2... marketing departments; "
                                                         f"this one must be {i}")
        if max(w.size) > m.size:
            where("market", ("windows", i, "size"), f"a window larger than the {m.size}x{m.size} board")


def _research(c: HorselessContent, where: Where) -> None:
    r = c.research
    _duplicates(r.dimensions, "research", ("dimensions",), where, "dimension")
    tracked = [t.dimension for t in r.tracks]
    _duplicates(tracked, "research", ("tracks",), where, "track of dimension")
    for i, t in enumerate(r.tracks):
        if t.dimension not in r.dimensions:
            where("research", ("tracks", i, "dimension"), f"no dimension '{t.dimension}'")
    for dim in r.dimensions:
        if dim not in tracked:
            where("research", ("tracks",), f"no track for the dimension '{dim}'")
    for step in r.steps:
        if step not in r.stations:
            where("research", ("stations",), f"no tech stations for step {step}")
    for step in r.stations:
        if step not in r.steps:
            where("research", ("stations", step), f"step {step} is not in steps", key=True)
    seen: set[str] = set()
    for step, names in r.stations.items():
        for i, s in enumerate(names):
            if s in seen:
                where("research", ("stations", step, i), f"tech station '{s}' is listed twice")
            seen.add(s)
    on_tracks: set[str] = set()
    for i, t in enumerate(r.tracks):
        _duplicates(t.stations, "research", ("tracks", i, "stations"), where, "tech station")
        for j, s in enumerate(t.stations):
            if s not in seen:
                where("research", ("tracks", i, "stations", j), f"no tech station '{s}'")
            on_tracks.add(s)
        for j, pos in enumerate(t.clocks):
            if pos > len(t.stations):
                where("research", ("tracks", i, "clocks", j), f"the track has {len(t.stations)} spaces after "
                                                              f"the start, not {pos}")
        for key in ("in_play", "off_market", "innovation"):
            if getattr(r.start, key) > len(t.stations):
                where("research", ("start", key), f"past the end of the {t.dimension} track "
                                                  f"({len(t.stations)} spaces)")
    for step, names in r.stations.items():
        for i, s in enumerate(names):
            if s not in on_tracks:
                where("research", ("stations", step, i), f"tech station '{s}' is on no research track, so nobody "
                                                         "can build it")
    for j, pos in enumerate(r.assembly.clocks):
        if pos >= len(r.assembly.values):
            where("research", ("assembly", "clocks", j), f"the track's last position is "
                                                         f"{len(r.assembly.values) - 1}, not {pos}")
    if len(r.tracks) < len(c.market.axis.sides):
        where("research", ("tracks",), "fewer tracks than spec-axis slots")


def _planning(c: HorselessContent, where: Where) -> None:
    g = c.planning.gantt
    for j, pos in enumerate(g.clocks):
        if pos > g.most:
            where("planning", ("gantt", "clocks", j), f"the track ends at {g.most}, not {pos}")
    if g.setup_last + c.game.players.max - 1 > g.most:
        where("planning", ("gantt", "setup_last"), f"{c.game.players.max} players would start past the track's "
                                                   f"end ({g.most})")


def _floor(rows: list[str], stem: str, base: tuple, where: Where) -> None:
    for i, row in enumerate(rows):
        if len(row) != len(rows[0]):
            where(stem, base + ("rows", i), f"row is {len(row)} squares long, the first row {len(rows[0])}")
    if ("K" in "".join(rows)) != ("L" in "".join(rows)):
        where(stem, base + ("rows",), "a floor with a keep-clear zone needs a loading zone, and the reverse")


def _factory(c: HorselessContent, where: Where) -> None:
    f = c.factory
    _floor(f.floors.main.rows, "factory", ("floors", "main"), where)
    if "L" not in "".join(f.floors.main.rows):
        where("factory", ("floors", "main", "rows"), "the main floor needs a loading zone (L): every mainline "
                                                     "starts from one")
    for i, ext in enumerate(f.floors.extensions):
        _floor(ext.rows, "factory", ("floors", "extensions", i), where)
    _duplicates((e.id for e in f.floors.extensions), "factory", ("floors", "extensions"), where, "extension")
    sides = list(f.mainline_sides.values())
    if sorted(sides) != sorted(c.research.steps) or len(f.mainline_sides) != 4:
        where("factory", ("mainline_sides",), f"the four sides must carry the steps {', '.join(c.research.steps)} "
                                              "once each")
    if f.marketing < len(c.market.windows) - 1:
        where("factory", ("marketing",), f"{f.marketing} marketing departments never reach the "
                                         f"{c.market.windows[-1].id} window")
    for kind in ("research", "planning"):
        need = f.start_departments.count(kind) * c.game.players.max
        if getattr(f.supply, kind) < need:
            where("factory", ("supply", kind), f"{c.game.players.max} players place {need} {kind} departments at "
                                               "setup")
    if any(w.per_player < f.dealerships for w in c.market.windows):
        where("market", ("windows",), f"each size needs a window per dealership ({f.dealerships})")


def _cells(cells: list[list[int]], size: int, base: tuple, where: Where) -> None:
    for k, cell in enumerate(cells):
        if max(cell) >= size:
            where("demand", base + ("cells", k), f"cell {cell} is outside the {size}x{size} quadrant")
    _duplicates((tuple(cell) for cell in cells), "demand", base + ("cells",), where, "cell")


def _demand(c: HorselessContent, where: Where) -> None:
    cars = {car.id for car in c.market.cars}
    size = c.market.quadrant_size
    _duplicates((i.id for i in c.demand.industrialists), "demand", ("industrialists",), where, "industrialist")
    for i, ind in enumerate(c.demand.industrialists):
        for j, card in enumerate(ind.cards):
            base = ("industrialists", i, "cards", j)
            if card.car not in cars:
                where("demand", base + ("car",), f"no car type '{card.car}'")
            _cells(card.cells, size, base, where)
    for j, ncard in enumerate(c.demand.neutral):
        if ncard.car not in cars:
            where("demand", ("neutral", j, "car"), f"no car type '{ncard.car}'")
        _cells(ncard.cells, size, ("neutral", j), where)


def string_ids(c: HorselessContent) -> list[str]:
    """Every name the content uses, as its strings.yaml key."""
    r = c.research
    return ([f"dimension.{d}" for d in r.dimensions] + [f"step.{s}" for s in r.steps]
            + [f"station.{s}" for names in r.stations.values() for s in names]
            + [f"car.{car.id}" for car in c.market.cars] + [f"window.{w.id}" for w in c.market.windows]
            + [f"industrialist.{i.id}" for i in c.demand.industrialists]
            + [f"phase.{p}" for p in c.game.phases])


def _strings(c: HorselessContent, where: Where) -> None:
    for sid in string_ids(c):
        if sid not in c.strings:
            where("strings", (), f"no name for '{sid}' (write {sid}: {{zh: ..., en: ...}})")
