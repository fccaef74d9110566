"""Named cross-checks: the rules' facts that span more than one value or file.

Each check is a function registered with :func:`check`; it receives the
:class:`Content` and a locator, and returns the problems it found (empty when
it passes). The clean-run summary lists the checks by name.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import islice
from typing import Any, Callable, Collection, Iterable, Iterator

from pydantic import BaseModel

from cardgen.errors import Problem
from cardgen.model.content import FILE_ATTR, Content
from cardgen.model.messages import suggest
from cardgen.model.schema import FILES, Text

Locate = Callable[..., Problem]
CheckFn = Callable[[Content, Locate], Iterator[Problem]]

CHECKS: list[tuple[str, CheckFn]] = []
#: The check :mod:`cardgen.model.load` runs last, over every variant's result.
VARIANTS_CHECK = "variants overlay cleanly and validate"


def check(name: str) -> Callable[[CheckFn], CheckFn]:
    def register(fn: CheckFn) -> CheckFn:
        CHECKS.append((name, fn))
        return fn
    return register


def run_all(content: Content, where: Locate) -> list[tuple[str, list[Problem]]]:
    return [(name, list(fn(content, where))) for name, fn in CHECKS]


def _dupes(ids: list[str]) -> set[str]:
    return {i for i, n in Counter(ids).items() if n > 1}


def missing_numbers(lo: int, hi: int, present: Collection[int], limit: int = 10) -> tuple[list[int], int]:
    """The first ``limit`` numbers of ``lo..hi`` not in ``present``, and how many are missing in all.

    Never walks further than it must, so an absurd range (a clock ending at
    10**12) costs nothing.

    >>> missing_numbers(1, 10**12, {1, 2, 4}, limit=2)
    ([3, 5], 999999999997)
    """
    total = max(0, hi - lo + 1 - sum(1 for n in present if lo <= n <= hi))
    wanted = min(limit, total)
    return list(islice((n for n in range(lo, hi + 1) if n not in present), wanted)), total


def _unknown(what: str, name: Any, known: Iterable[Any]) -> str:
    return f"unknown {what} '{name}'{suggest(name, known)}"


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
        "strings": [("phases", [ph.id for ph in c.strings.phases])],
    }
    for stem, lists in groups.items():
        for key, ids in lists:
            for dup in sorted(_dupes(ids)):
                index = len(ids) - 1 - ids[::-1].index(dup)
                yield where(stem, (key, index, "id"), f"id '{dup}' is used more than once")
    hexes = [col.hex.lower() for col in c.game.colours]
    for dup in sorted(_dupes(hexes)):
        index = len(hexes) - 1 - hexes[::-1].index(dup)
        yield where("game", ("colours", index, "hex"), f"colour {dup} is used by two seats; trains must be told apart")
    section_ids = [s.id for s in c.map.sections]
    for dup in sorted(set(section_ids) & {s.id for s in c.map.stations}):
        yield where("map", ("sections", section_ids.index(dup), "id"), f"id '{dup}' names both a station and a section")


@check("map geometry: stations and sections alternate, each section joins its neighbours, terminals at the ends")
def map_geometry(c: Content, where: Locate) -> Iterator[Problem]:
    m = c.map
    first, last = m.cells.min, m.cells.max
    cells = sorted([s.cell for s in m.stations] + [s.cell for s in m.sections])
    if len(cells) != last - first + 1 or cells != list(range(first, last + 1)):  # length first: no huge range
        yield where("map", ("cells",), f"stations and sections must cover cells {first}..{last} once each")
    for i, st in enumerate(m.stations):
        if i and st.cell <= m.stations[i - 1].cell:
            yield where("map", ("stations", i, "cell"), "stations must be listed left to right")
    for i, sec in enumerate(m.sections):
        a, b = sec.between
        if a in c.stations and b in c.stations and \
                (c.stations[a].cell, c.stations[b].cell) != (sec.cell - 1, sec.cell + 1):
            yield where("map", ("sections", i, "cell"), f"cell {sec.cell} is not the cell between {a} and {b}")
    ends = {first, last}
    for i, tid in enumerate(m.terminals):
        if tid in c.stations and c.stations[tid].cell not in ends:
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
        if kind.origin not in c.stations or kind.destination not in c.stations:
            continue  # reported by the references check
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


@check("each origin pile can fill its platform, festival extras included")
def origin_piles(c: Content, where: Locate) -> Iterator[Problem]:
    need = c.game.setup.platform_size
    for st in c.map.stations:
        have = c.pile_size(st.id)
        if have < need:
            yield where("tickets", _pile_path(c, st.id), f"pile {st.id} holds {have} tickets; its platform needs {need}")
    for rnd, card in c.event_track:
        kind = c.event_kinds.get(card.kind)
        if kind is None or kind.effect.type != "platform_extra" or card.station not in c.stations:
            continue
        have, more = c.pile_size(card.station), need + kind.effect.amount
        if have < more:
            yield where("events", ("track", rnd, "station"),
                        f"pile {card.station} holds {have} tickets; this round's platform needs {need} + {kind.effect.amount}")


def _pile_path(c: Content, origin: str) -> tuple:
    """Where a pile is written: its last ticket kind's copies, or the kinds list if it has none."""
    rows = [i for i, k in enumerate(c.tickets_file.kinds) if k.origin == origin]
    return ("kinds", rows[-1], "copies") if rows else ("kinds",)


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


@check("event track: every round of the clock once, totals and targets as stated")
def event_track(c: Content, where: Locate) -> Iterator[Problem]:
    ev = c.events
    rounds = c.game.clock.end - c.game.clock.start
    for rnd, card in sorted(ev.track.items()):
        if rnd > rounds:
            yield where("events", ("track", rnd), f"round {rnd} is after the last round ({rounds})", key=True)
        kind = c.event_kinds.get(card.kind)
        if kind is None:
            continue  # reported by the references check
        for target in ("station", "section"):
            named = getattr(card, target)
            if kind.target == target and named is None:
                yield where("events", ("track", rnd), f"a '{kind.id}' card must name a {target}")
            elif kind.target != target and named is not None:
                yield where("events", ("track", rnd, target), f"a '{kind.id}' card takes no {target}")
    if c.variant is None:  # variants may drop rounds (beginner plays rounds 1-10 only)
        first, total = missing_numbers(1, rounds, ev.track)
        for rnd in first:
            yield where("events", ("track",), f"no event card for round {rnd}")
        if total > len(first):
            yield where("events", ("track",), f"{total - len(first)} more rounds have no event card")
    for i, kind in enumerate(ev.kinds):
        needs = {"platform_extra": "station", "section_closed": "section"}.get(kind.effect.type)
        if needs != kind.target:
            yield where("events", ("kinds", i, "target"), f"effect '{kind.effect.type}' needs target {needs!r}")
    if len(ev.track) != ev.totals.cards:
        yield where("events", ("totals", "cards"), f"the track holds {len(ev.track)} cards, totals say {ev.totals.cards}")
    used = {card.kind for card in ev.track.values()}
    if len(used) != ev.totals.kinds:
        yield where("events", ("totals", "kinds"), f"the track uses {len(used)} kinds, totals say {ev.totals.kinds}")


@check("every station, section and card id referenced anywhere exists")
def references(c: Content, where: Locate) -> Iterator[Problem]:
    stations, sections = c.stations, c.sections
    for i, sec in enumerate(c.map.sections):
        for j, sid in enumerate(sec.between):
            if sid not in stations:
                yield where("map", ("sections", i, "between", j), _unknown("station", sid, stations))
    for i, sid in enumerate(c.map.terminals):
        if sid not in stations:
            yield where("map", ("terminals", i), _unknown("station", sid, stations))
    for i, kind in enumerate(c.tickets_file.kinds):
        for field in ("origin", "destination"):
            sid = getattr(kind, field)
            if sid not in stations:
                yield where("tickets", ("kinds", i, field), _unknown("station", sid, stations))
    for rnd, card in sorted(c.events.track.items()):
        if card.kind not in c.event_kinds:
            yield where("events", ("track", rnd, "kind"), _unknown("event kind", card.kind, c.event_kinds))
        if card.station is not None and card.station not in stations:
            yield where("events", ("track", rnd, "station"), _unknown("station", card.station, stations))
        if card.section is not None and card.section not in sections:
            yield where("events", ("track", rnd, "section"), _unknown("section", card.section, sections))
    seats = [seat.seat for seat in c.game.setup.seats]
    for i, col in enumerate(c.game.colours):
        if col.seat not in seats:
            yield where("game", ("colours", i, "seat"), f"unknown seat {col.seat}; setup.seats has seats {', '.join(map(str, seats))}")
    for rule in c.game.scoring.tiebreaks:
        if f"tiebreak_{rule}" not in c.strings.scoring:
            yield where("strings", ("scoring",), f"missing key 'tiebreak_{rule}' (game.scoring.tiebreaks uses '{rule}')")
    if c.variant is None:
        for i, variant in enumerate(c.variants.variants):
            for stem, patch in variant.patch.items():
                yield from _dangling_deletes(c.raw.get(stem), patch, ("variants", i, "patch", stem), where)


def _dangling_deletes(target: Any, patch: Any, path: tuple, where: Locate) -> Iterator[Problem]:
    """A ``null`` in a patch must delete something; else it is a typo that silently does nothing."""
    if not isinstance(patch, dict) or not isinstance(target, dict):
        return
    for key, value in patch.items():
        if value is None and key not in target:
            yield where("variants", path + (key,), f"deletes '{key}', which the base content does not have"
                        f"{suggest(key, target) if isinstance(key, str) else ''}", key=True)
        elif key in target:
            yield from _dangling_deletes(target[key], value, path + (key,), where)


_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def placeholders(text: str) -> set[str]:
    """Names written as ``{name}`` in a player-visible string.

    >>> sorted(placeholders("{station} platform +{amount}"))
    ['amount', 'station']
    """
    return set(_PLACEHOLDER.findall(text))


def iter_texts(value: Any, path: tuple = ()) -> Iterator[tuple[tuple, Text]]:
    """Every :class:`Text` inside a model, with its path in the file."""
    if isinstance(value, Text):
        yield path, value
        return
    if isinstance(value, BaseModel):
        items: Iterable = ((name, getattr(value, name)) for name in type(value).model_fields)
    elif isinstance(value, (list, tuple)):
        items = enumerate(value)
    elif isinstance(value, dict):
        items = value.items()
    else:
        return
    for key, item in items:
        if isinstance(item, (BaseModel, list, tuple, dict)):  # scalars hold no text; skip the call
            yield from iter_texts(item, path + (key,))


@check("texts: zh and en fill the same placeholders; event texts name their target")
def text_placeholders(c: Content, where: Locate) -> Iterator[Problem]:
    event_texts = {("kinds", i, "text") for i in range(len(c.events.kinds))}  # checked against the target below
    # A variant can only change the texts of the files it patches.
    stems = [stem for stem in FILES if c.variant is None or stem in c.variant.patch]
    for stem in stems:
        model = getattr(c, FILE_ATTR[stem])
        for path, text in iter_texts(model):
            if stem == "events" and path in event_texts:
                continue
            zh, en = placeholders(text.zh), placeholders(text.en)
            if zh != en:
                yield where(stem, path + ("en",), f"placeholders {sorted(en)} differ from zh {sorted(zh)}")
    for i, kind in enumerate(c.events.kinds):
        want = {kind.target} if kind.target else set()
        for lang in ("zh", "en"):
            got = placeholders(kind.text(lang))
            if got != want:
                need = f"{{{kind.target}}}" if kind.target else "no placeholder"
                yield where("events", ("kinds", i, "text", lang), f"text must use {need} (target: {kind.target}), "
                            f"found {sorted(got) or 'none'}")


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
    if g.composition_cap > c.ticket_count:  # also keeps per-composition tables (rules 6.5) finite
        yield where("game", ("composition_cap",), f"cap {g.composition_cap} is more than the {c.ticket_count} tickets in the game")
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
    first, total = missing_numbers(g.players.min, g.players.max, p.by_players)
    for n in first:
        yield where("printing", ("by_players",), f"no printing row for {n} players")
    if total > len(first):
        yield where("printing", ("by_players",), f"{total - len(first)} more player counts have no printing row")
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
        "ticket_kinds": len(c.tickets_file.kinds),
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
