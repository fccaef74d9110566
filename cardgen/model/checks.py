"""Named cross-checks: the rules' facts that span more than one value or file.

Each check is a function registered with :func:`check`; it receives the
:class:`Content` and a locator, and returns the problems it found (empty when
it passes). The clean-run summary lists the checks by name.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Iterator

from cardgen.errors import Problem
from cardgen.model.content import Content

Locate = Callable[..., Problem]
CheckFn = Callable[[Content, Locate], Iterator[Problem]]

CHECKS: list[tuple[str, CheckFn]] = []


def check(name: str) -> Callable[[CheckFn], CheckFn]:
    def register(fn: CheckFn) -> CheckFn:
        CHECKS.append((name, fn))
        return fn
    return register


def run_all(content: Content, where: Locate) -> list[tuple[str, list[Problem]]]:
    return [(name, list(fn(content, where))) for name, fn in CHECKS]


def _dupes(ids: list[str]) -> set[str]:
    return {i for i, n in Counter(ids).items() if n > 1}


@check("ids are unique")
def unique_ids(c: Content, where: Locate) -> Iterator[Problem]:
    groups = {
        "map": [("stations", [s.id for s in c.map.stations]), ("sections", [s.id for s in c.map.sections]),
                ("lines", [ln.id for ln in c.map.lines])],
        "tickets": [("kinds", [k.id for k in c.tickets_file.kinds])],
        "operations": [("kinds", [k.id for k in c.operations.kinds])],
        "dispatch": [("kinds", [k.id for k in c.dispatch.kinds])],
        "events": [("kinds", [k.id for k in c.events.kinds])],
        "variants": [("variants", [v.id for v in c.variants.variants])],
        "game": [("colours", [col.id for col in c.game.colours])],
    }
    for stem, lists in groups.items():
        for key, ids in lists:
            for dup in sorted(_dupes(ids)):
                index = len(ids) - 1 - ids[::-1].index(dup)
                yield where(stem, (key, index, "id"), f"id '{dup}' is used more than once")
    place_ids = [s.id for s in c.map.stations] + [s.id for s in c.map.sections]
    for dup in sorted(_dupes(place_ids)):
        index = [s.id for s in c.map.sections].index(dup)
        yield where("map", ("sections", index, "id"), f"id '{dup}' names both a station and a section")


@check("map geometry: stations on even cells, sections between them, terminals at the ends")
def map_geometry(c: Content, where: Locate) -> Iterator[Problem]:
    m = c.map
    first, last = m.cells.min, m.cells.max
    cells = sorted([s.cell for s in m.stations] + [s.cell for s in m.sections])
    if cells != list(range(first, last + 1)):
        yield where("map", ("cells",), f"stations and sections must cover cells {first}..{last} once each")
    for i, st in enumerate(m.stations):
        if i and st.cell <= m.stations[i - 1].cell:
            yield where("map", ("stations", i, "cell"), "stations must be listed left to right")
    for i, sec in enumerate(m.sections):
        a, b = sec.between
        for j, sid in enumerate(sec.between):
            if sid not in c.stations:
                yield where("map", ("sections", i, "between", j), f"unknown station '{sid}'")
        if a in c.stations and b in c.stations and not c.stations[a].cell < sec.cell < c.stations[b].cell:
            yield where("map", ("sections", i, "cell"), f"cell {sec.cell} is not between {a} and {b}")
    ends = {first, last}
    for i, tid in enumerate(m.terminals):
        if tid not in c.stations:
            yield where("map", ("terminals", i), f"unknown station '{tid}'")
        elif c.stations[tid].cell not in ends:
            yield where("map", ("terminals", i), f"terminal '{tid}' is not at cell {first} or {last}")
    if m.stations and {m.stations[0].cell, m.stations[-1].cell} != ends:
        yield where("map", ("stations",), f"the line must start and end with a station (cells {first} and {last})")
    directions = sorted(ln.direction for ln in m.lines)
    if m.double_track and directions != ["left", "right"]:
        yield where("map", ("lines",), "double track needs exactly one 'right' line and one 'left' line")


@check("every ticket's fare and slack follow the span table")
def ticket_spans(c: Content, where: Locate) -> Iterator[Problem]:
    spans = c.fares.spans
    longest = c.span(c.map.stations[0].id, c.map.stations[-1].id)
    missing = [k for k in range(1, longest + 1) if k not in spans]
    for k in missing:
        yield where("fares", ("spans",), f"no fare row for span {k}")
    for k in spans:
        if k > longest:
            yield where("fares", ("spans", k), f"span {k} is longer than the line ({longest})", key=True)
    for i, kind in enumerate(c.tickets_file.kinds):
        ok = True
        for field in ("origin", "destination"):
            sid = getattr(kind, field)
            if sid not in c.stations:
                ok = False
                yield where("tickets", ("kinds", i, field), f"unknown station '{sid}'")
        if not ok:
            continue
        if kind.origin == kind.destination:
            yield where("tickets", ("kinds", i, "destination"), "destination equals origin")
            continue
        expected = f"{kind.origin}-{kind.destination}"
        if kind.id != expected:
            yield where("tickets", ("kinds", i, "id"), f"id must be '{expected}' (origin-destination)")
        k = c.span(kind.origin, kind.destination)
        if k not in spans:
            yield where("tickets", ("kinds", i), f"span {k} has no fare row")
    previous = None
    for k in sorted(spans):
        row = spans[k]
        if previous and (row.fare < previous.fare or row.slack < previous.slack):
            yield where("fares", ("spans", k), "fare and slack must not fall as the span grows")
        previous = row


@check("ride tickets: one kind per ordered station pair, totals as the rules state")
def ticket_totals(c: Content, where: Locate) -> Iterator[Problem]:
    kinds = c.tickets_file.kinds
    declared = c.tickets_file.totals
    pairs = [(k.origin, k.destination) for k in kinds]
    for i, pair in enumerate(pairs):
        if pairs.index(pair) != i:
            yield where("tickets", ("kinds", i), f"pair {pair[0]}->{pair[1]} is listed twice")
    ids = list(c.stations)
    expected = {(a, b) for a in ids for b in ids if a != b}
    for a, b in sorted(expected - set(pairs)):
        yield where("tickets", ("kinds",), f"no ticket kind for {a}->{b}")
    if len(kinds) != declared.kinds:
        yield where("tickets", ("totals", "kinds"), f"{len(kinds)} kinds listed, totals say {declared.kinds}")
    total = sum(k.copies for k in kinds)
    if total != declared.cards:
        yield where("tickets", ("totals", "cards"), f"copies add up to {total} cards, totals say {declared.cards}")


@check("each origin pile can fill its platform")
def origin_piles(c: Content, where: Locate) -> Iterator[Problem]:
    need = c.game.setup.platform_size
    for i, st in enumerate(c.map.stations):
        have = c.pile_size(st.id)
        if have < need:
            yield where("tickets", ("kinds",), f"pile {st.id} holds {have} tickets; its platform needs {need}")


@check("each operation set matches its stated card count and propulsion total")
def operation_sets(c: Content, where: Locate) -> Iterator[Problem]:
    t = c.operations.set_totals
    if c.operation_set_size != t.cards:
        yield where("operations", ("set_totals", "cards"), f"kinds add up to {c.operation_set_size} cards, set_totals say {t.cards}")
    if c.operation_set_propulsion != t.propulsion:
        yield where("operations", ("set_totals", "propulsion"),
                    f"values add up to {c.operation_set_propulsion}, set_totals say {t.propulsion}")
    for i, kind in enumerate(c.operations.kinds):
        for j, eff in enumerate(kind.effects):
            if eff.type not in ("ignore_boarding_limit", "no_stop", "wait_gain", "propulsion"):
                yield where("operations", ("kinds", i, "effects", j, "type"), f"effect '{eff.type}' cannot be on an operation card")


@check("dispatch deck: totals and equal copies per kind")
def dispatch_deck(c: Content, where: Locate) -> Iterator[Problem]:
    t = c.dispatch.totals
    kinds = c.dispatch.kinds
    if len(kinds) != t.kinds:
        yield where("dispatch", ("totals", "kinds"), f"{len(kinds)} kinds listed, totals say {t.kinds}")
    if c.dispatch_count != t.cards:
        yield where("dispatch", ("totals", "cards"), f"copies add up to {c.dispatch_count} cards, totals say {t.cards}")
    for i, kind in enumerate(kinds):
        if kind.copies != kinds[0].copies:
            yield where("dispatch", ("kinds", i, "copies"), f"{kind.copies} copies; every kind has {kinds[0].copies}")
    allowed = {"swap_adjacent", "propulsion", "group_booking"}
    for i, kind in enumerate(kinds):
        if kind.effect.type not in allowed:
            yield where("dispatch", ("kinds", i, "effect", "type"), f"effect '{kind.effect.type}' cannot be on a dispatch card")
    most = max(c.variant.players) if c.variant and c.variant.players else c.game.players.max
    need = c.game.setup.dispatch_per_player * most
    if need > c.dispatch_count:
        yield where("game", ("setup", "dispatch_per_player"),
                    f"{most} players need {need} dispatch cards; the deck holds {c.dispatch_count}")


@check("event track: one card per round within the clock, totals and targets as stated")
def event_track(c: Content, where: Locate) -> Iterator[Problem]:
    ev = c.events
    end = c.game.clock.end
    for rnd, card in sorted(ev.track.items()):
        if rnd > end:
            yield where("events", ("track", rnd), f"round {rnd} is after the clock ends at {end}", key=True)
        kind = c.event_kinds.get(card.kind)
        if kind is None:
            yield where("events", ("track", rnd, "kind"), f"unknown event kind '{card.kind}'")
            continue
        if kind.target == "station":
            if card.station is None:
                yield where("events", ("track", rnd), f"a '{kind.id}' card must name a station")
            elif card.station not in c.stations:
                yield where("events", ("track", rnd, "station"), f"unknown station '{card.station}'")
        elif card.station is not None:
            yield where("events", ("track", rnd, "station"), f"a '{kind.id}' card takes no station")
        if kind.target == "section":
            if card.section is None:
                yield where("events", ("track", rnd), f"a '{kind.id}' card must name a section")
            elif card.section not in c.sections:
                yield where("events", ("track", rnd, "section"), f"unknown section '{card.section}'")
        elif card.section is not None:
            yield where("events", ("track", rnd, "section"), f"a '{kind.id}' card takes no section")
    for i, kind in enumerate(ev.kinds):
        needs = {"platform_extra": "station", "section_closed": "section"}.get(kind.effect.type)
        if needs != kind.target:
            yield where("events", ("kinds", i, "target"), f"effect '{kind.effect.type}' needs target {needs!r}")
    if len(ev.track) != ev.totals.cards:
        yield where("events", ("totals", "cards"), f"the track holds {len(ev.track)} cards, totals say {ev.totals.cards}")
    used = {card.kind for card in ev.track.values()}
    if len(used) != ev.totals.kinds:
        yield where("events", ("totals", "kinds"), f"the track uses {len(used)} kinds, totals say {ev.totals.kinds}")


@check("setup: a seat and a colour per player, start cells on the line")
def setup_seats(c: Content, where: Locate) -> Iterator[Problem]:
    g = c.game
    if not 1 <= g.players.min <= g.players.best <= g.players.max:
        yield where("game", ("players",), "players must satisfy 1 <= min <= best <= max")
    trains = g.players.max * g.setup.trains_per_player
    # With several trains each, seats are reused in order (see docs/rulings.md).
    if len(g.setup.seats) < min(trains, g.players.max):
        yield where("game", ("setup", "seats"), f"{len(g.setup.seats)} seats for {g.players.max} players")
    for i, seat in enumerate(g.setup.seats):
        if seat.seat != i + 1:
            yield where("game", ("setup", "seats", i, "seat"), f"seats must be numbered 1, 2, ... in order (expected {i + 1})")
        if not c.map.cells.min <= seat.cell <= c.map.cells.max:
            yield where("game", ("setup", "seats", i, "cell"), f"cell {seat.cell} is off the line")
        elif seat.cell not in c.station_at_cell:
            yield where("game", ("setup", "seats", i, "cell"), f"cell {seat.cell} is not a station")
        elif seat.cell == c.map.cells.min and seat.direction == "left" or seat.cell == c.map.cells.max and seat.direction == "right":
            yield where("game", ("setup", "seats", i, "direction"), "a train may not start facing off the end of the line")
    if len(g.colours) < g.players.max:
        yield where("game", ("colours",), f"{len(g.colours)} colours for {g.players.max} players")
    for i, col in enumerate(g.colours):
        if col.seat != i + 1:
            yield where("game", ("colours", i, "seat"), f"colours must follow seat order (expected {i + 1})")
    if g.clock.start >= g.clock.end:
        yield where("game", ("clock", "end"), "the clock must end after it starts")
    if g.setup.platform_size > g.composition_cap:
        yield where("game", ("setup", "platform_size"), "platform larger than the composition cap")
    if g.wait_track.min != g.setup.wait_start and not g.wait_track.min <= g.setup.wait_start <= g.wait_track.max:
        yield where("game", ("setup", "wait_start"), "W starts off the printed wait track")


@check("printing table covers every player count and matches the decks")
def printing_table(c: Content, where: Locate) -> Iterator[Problem]:
    if c.variant is not None:
        return  # a variant is played with the printed base set; the table describes that set
    p = c.printing
    g = c.game
    for n in range(g.players.min, g.players.max + 1):
        if n not in p.by_players:
            yield where("printing", ("by_players",), f"no printing row for {n} players")
    for n, row in sorted(p.by_players.items()):
        if not g.players.min <= n <= g.players.max:
            yield where("printing", ("by_players", n), f"{n} players is outside {g.players.min}..{g.players.max}", key=True)
            continue
        checks_ = [
            ("operation_sets", n), ("tickets", c.ticket_count), ("events", len(c.events.track)),
            ("dispatch", n * g.setup.dispatch_per_player), ("train_tokens", n), ("wait_tracks", n),
            ("station_mats", len(c.map.stations)),
        ]
        for field, want in checks_:
            if getattr(row, field) != want:
                yield where("printing", ("by_players", n, field), f"{getattr(row, field)} printed, the rules give {want}")
    full = p.full_set
    for field, want in [("operation_sets", g.players.max), ("tickets", c.ticket_count), ("dispatch", c.dispatch_count),
                        ("events", len(c.events.track)), ("station_mats", len(c.map.stations)),
                        ("train_tokens", g.players.max), ("wait_tracks", g.players.max)]:
        if getattr(full, field) != want:
            yield where("printing", ("full_set", field), f"{getattr(full, field)} printed, the content has {want}")


@check("strings: every phase present once, in order")
def strings_complete(c: Content, where: Locate) -> Iterator[Problem]:
    order = ["event", "operation", "movement", "stop", "clock"]
    got = [ph.id for ph in c.strings.phases]
    if got != order:
        yield where("strings", ("phases",), f"phases must be {', '.join(order)} in that order")


def counts(c: Content) -> dict:
    """Figures for the summary and for ``--json``."""
    return {
        "stations": len(c.map.stations),
        "sections": len(c.map.sections),
        "fare_rows": len(c.fares.spans),
        "ticket_kinds": len(c.tickets),
        "tickets": c.ticket_count,
        "piles": {sid: c.pile_size(sid) for sid in c.stations},
        "operation_kinds": len(c.operations.kinds),
        "operation_cards_per_set": c.operation_set_size,
        "operation_propulsion_per_set": c.operation_set_propulsion,
        "operation_sets": c.printing.full_set.operation_sets,
        "dispatch_kinds": len(c.dispatch.kinds),
        "dispatch_cards": c.dispatch_count,
        "event_kinds": len({card.kind for card in c.events.track.values()}),
        "events": len(c.events.track),
        "variants": len(c.variants.variants),
    }
