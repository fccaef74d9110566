"""The content compiled into flat tables the engine reads in its inner loops.

Why: a whole game is played in milliseconds, so the engine reads tuples and ints, not pydantic models;
every number still comes from the content folder (this module only rearranges it).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.games.horseless_carriage.model import HorselessContent

#: A mainline's side names and the step of the square beside it, as (dx, dy).
SIDE_OFFSETS = {"up": (0, 1), "right": (1, 0), "down": (0, -1), "left": (-1, 0)}
NEIGHBOURS = tuple(SIDE_OFFSETS.values())


@dataclass(frozen=True)
class Floor:
    """A factory floor as squares relative to its lower left corner: (dx, dy) -> '#', 'L', 'K' or '.'."""

    id: str
    squares: tuple[tuple[tuple[int, int], str], ...]


@dataclass(frozen=True)
class Card:
    """A demand card (sparks) or, with ``year`` and ``clocks`` 0, a neutral card (buyers)."""

    car: int
    year: int
    clocks: int
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Rules:
    """Everything the engine needs, as plain values; ids are turned into indexes where loops read them."""

    players: tuple[int, int]
    years: int
    clock_start: dict[int, int]
    # market
    size: int
    slot_width: int
    axis_steps: tuple[int, ...]
    segment_of: tuple[int, ...]          #: cell index (x + y * size) -> segment index
    segments: int
    prices: tuple[int, ...]
    quadrants: tuple[tuple[int, int], ...]  #: origins, in order I, II...
    quadrant_ids: tuple[str, ...]
    quadrant_size: int
    cars: tuple[str, ...]
    bonus: tuple[int, ...]
    most_sparks: int
    buyers_per_spark: int
    setup_quadrant: int
    setup_extra: int
    yearly_neutral: tuple[tuple[int, int | None, int | None], ...]  #: (quadrant, cards, players_minus)
    windows: tuple[tuple[str, int, int], ...]   #: (id, width, height) by marketing count
    # research
    dims: tuple[str, ...]
    track_stations: tuple[tuple[str, ...], ...]    #: by dimension index
    track_clocks: tuple[frozenset[int], ...]
    station_pos: tuple[dict[str, int], ...]        #: by dimension: station -> position (1-based)
    start_in_play: int
    start_off_market: int
    start_innovation: int
    steps: tuple[str, ...]
    station_step: dict[str, int]                   #: station -> step index
    station_copies: int
    assembly_values: tuple[int, ...]
    assembly_clocks: frozenset[int]
    # planning
    focus_spaces: int
    gantt_most: int
    gantt_clocks: frozenset[int]
    gantt_setup_last: int
    # factory
    main_floor: Floor
    extensions: tuple[Floor, ...]
    step_side: tuple[tuple[int, int], ...]          #: by step index: offset of the mainline side of that step
    dealerships: int
    marketing: int
    start_departments: tuple[str, ...]
    indicator_copies: int
    mainline_copies: int                           #: of each car type
    department_copies: dict[str, int]              #: research and planning departments in the supply
    # demand
    industrialists: tuple[str, ...]
    decks: tuple[tuple[Card, ...], ...]
    neutral: tuple[Card, ...]

    def cell(self, x: int, y: int) -> int:
        return x + y * self.size


def _floor(fid: str, rows: list[str]) -> Floor:
    height = len(rows)
    return Floor(fid, tuple(((x, height - 1 - r), ch) for r, row in enumerate(rows) for x, ch in enumerate(row)))


def compile_rules(content: HorselessContent) -> Rules:
    """The flat tables of a validated content folder."""
    g, m, r, p, f, d = (content.game, content.market, content.research, content.planning, content.factory,
                        content.demand)
    size = m.size
    bounds = [s.last_diagonal for s in m.segments]
    segment_of = tuple(next(i for i, last in enumerate(bounds) if (c % size) + (c // size) <= last)
                       for c in range(size * size))
    cars = tuple(car.id for car in m.cars)
    quadrant_ids = tuple(q.id for q in m.quadrants)
    dims = tuple(r.dimensions)
    tracks = {t.dimension: t for t in r.tracks}
    steps = tuple(r.steps)
    station_step = {s: steps.index(step) for step, names in r.stations.items() for s in names}
    side_of_step = {step: SIDE_OFFSETS[side] for side, step in f.mainline_sides.items()}

    def card(c, year=0, clocks=0) -> Card:
        return Card(cars.index(c.car), year, clocks, tuple((x, y) for x, y in c.cells))

    return Rules(
        players=(g.players.min, g.players.max), years=g.years, clock_start=dict(g.clock.start),
        size=size, slot_width=m.axis.slot_width, axis_steps=tuple(m.axis.steps), segment_of=segment_of,
        segments=len(m.segments), prices=tuple(m.prices),
        quadrants=tuple((q.origin[0], q.origin[1]) for q in m.quadrants), quadrant_ids=quadrant_ids,
        quadrant_size=m.quadrant_size, cars=cars, bonus=tuple(car.bonus for car in m.cars),
        most_sparks=m.sparks.most_per_type, buyers_per_spark=m.sparks.buyers_per_spark,
        setup_quadrant=quadrant_ids.index(m.neutral.setup_quadrant), setup_extra=m.neutral.setup_extra,
        yearly_neutral=tuple((quadrant_ids.index(n.quadrant), n.cards, n.players_minus) for n in m.neutral.yearly),
        windows=tuple((w.id, w.size[0], w.size[1]) for w in m.windows),
        dims=dims, track_stations=tuple(tuple(tracks[dim].stations) for dim in dims),
        track_clocks=tuple(frozenset(tracks[dim].clocks) for dim in dims),
        station_pos=tuple({s: i + 1 for i, s in enumerate(tracks[dim].stations)} for dim in dims),
        start_in_play=r.start.in_play, start_off_market=r.start.off_market, start_innovation=r.start.innovation,
        steps=steps, station_step=station_step, station_copies=r.station_copies,
        assembly_values=tuple(r.assembly.values), assembly_clocks=frozenset(r.assembly.clocks),
        focus_spaces=p.focus.spaces, gantt_most=p.gantt.most, gantt_clocks=frozenset(p.gantt.clocks),
        gantt_setup_last=p.gantt.setup_last,
        main_floor=_floor("main", f.floors.main.rows),
        extensions=tuple(_floor(e.id, e.rows) for e in f.floors.extensions),
        step_side=tuple(side_of_step[step] for step in steps),
        dealerships=f.dealerships, marketing=f.marketing, start_departments=tuple(f.start_departments),
        indicator_copies=f.indicator_copies, mainline_copies=f.supply.mainline,
        department_copies={"research": f.supply.research, "planning": f.supply.planning},
        industrialists=tuple(i.id for i in d.industrialists),
        decks=tuple(tuple(card(c, c.year, c.clocks) for c in i.cards) for i in d.industrialists),
        neutral=tuple(card(c) for c in d.neutral),
    )
