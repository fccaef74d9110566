"""Named cross-checks: the rules' facts that span more than one value or file.

Each check is a function registered with :func:`check`; it receives the
:class:`Content` and a locator, and returns the problems it found (empty when
it passes). The clean-run summary lists the checks by name.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import islice
from typing import Any, Callable, Collection, Iterable, Iterator, Sequence

from pydantic import BaseModel

from cardgen.errors import Problem
from cardgen.model.content import FILE_ATTR, Content, ticket_terms
from cardgen.model.effects import (BOUND_PAIRS, BUILT_IN, DISPATCH_TIMINGS, EVENT, LOAD_FIELDS, OPERATION,
                                   MAX_VALUE, STANDING_FIELDS, LoadCondition, names_something, target_problem, timing_problem,
                                   until_stop_problem)
from cardgen.model import deck_cards
from cardgen.model.messages import suggest
from cardgen.languages import LANGS
from cardgen.model.schema import FILES, PrintRow, Text
from cardgen.model.text import SPECS, effect_values, string_values, text_values, variant_players
from cardgen.model.values import card_effects
from cardgen.model.text import placeholders as text_placeholders_in

Locate = Callable[..., Problem]
CheckFn = Callable[[Content, Locate], Iterator[Problem]]

CHECKS: list[tuple[str, CheckFn]] = []

# When each effect primitive can happen is part of its definition (cardgen/model/effects.py): the
# engine plays each one only there, so anywhere else it would be printed but ignored in play.
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
    groups: dict[str, list[tuple[str, list[str]]]] = {
        "map": [("stations", [s.id for s in c.map.stations]), ("sections", [s.id for s in c.map.sections]),
                ("lines", [ln.id for ln in c.map.lines]), ("sidings", [s.id for s in c.map.sidings])],
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


@check("sidings: each beside a section of the line, one a section, its id not a station's or a section's")
def sidings(c: Content, where: Locate) -> Iterator[Problem]:
    m = c.map
    first, last = m.cells.min, m.cells.max
    taken: dict[int, str] = {}
    for i, sd in enumerate(m.sidings):
        if sd.id in c.stations or sd.id in c.sections:
            kind = "station" if sd.id in c.stations else "section"
            yield where("map", ("sidings", i, "id"), f"id '{sd.id}' names both a {kind} and a siding")
        station = c.station_at_cell.get(sd.cell)
        if not first <= sd.cell <= last:
            yield where("map", ("sidings", i, "cell"), f"cell {sd.cell} is off the line (cells {first}..{last})")
        elif station is not None:
            yield where("map", ("sidings", i, "cell"), f"cell {sd.cell} is station {station.id}: a siding branches "
                        "from a section (a station holds any number of trains already)")
        elif sd.cell in taken:
            yield where("map", ("sidings", i, "cell"), f"section cell {sd.cell} has siding {taken[sd.cell]} already; "
                        "one siding per section (raise its capacity instead)")
        else:
            taken[sd.cell] = sd.id
    if m.sidings and "siding" not in c.strings.rules:
        yield where("strings", ("rules",), "the map has sidings: write rules.siding, the rule the track map's legend "
                    "prints")


@check("map geometry: stations and sections alternate, each section joins its neighbours, terminals exactly at both ends")
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
        elif m.terminals.index(tid) != i:
            yield where("map", ("terminals", i), f"terminal '{tid}' is listed twice")
    # The engine reverses every train at both ends of the line: a missing end would let it run off the map.
    for cell in sorted(ends):
        end = c.station_at_cell.get(cell)
        if end is not None and end.id not in m.terminals:
            yield where("map", ("terminals",), f"the end station '{end.id}' (cell {cell}) must be a terminal: "
                        "trains reverse at both ends of the line")
    if m.stations and {m.stations[0].cell, m.stations[-1].cell} != ends:
        yield where("map", ("stations",), f"the line must start and end with a station (cells {first} and {last})")
    directions = sorted(ln.direction for ln in m.lines)
    if m.double_track and directions != ["left", "right"]:
        yield where("map", ("lines",), "double track needs exactly one 'right' line and one 'left' line")


@check("every ticket's fare and slack follow the span table or its kind's own, no two kinds printing the same card")
def ticket_spans(c: Content, where: Locate) -> Iterator[Problem]:
    spans = c.fares.spans
    longest = c.span(c.map.stations[0].id, c.map.stations[-1].id)
    missing = [k for k in range(1, longest + 1) if k not in spans]
    for k in missing:
        yield where("fares", ("spans",), f"no fare row for span {k}")
    for k in spans:
        if k > longest:
            yield where("fares", ("spans", k), f"span {k} is longer than the line ({longest})", key=True)
    printed: dict[tuple, str] = {}   # what a face prints (pair, fare, slack) -> the first kind printing it
    for i, kind in enumerate(c.tickets_file.kinds):
        if kind.origin not in c.stations or kind.destination not in c.stations:
            continue  # reported by the references check
        if kind.origin == kind.destination:
            yield where("tickets", ("kinds", i, "destination"), "destination equals origin")
            continue
        expected = f"{kind.origin}-{kind.destination}"
        if kind.id != expected and not kind.id.startswith(expected + "."):
            yield where("tickets", ("kinds", i, "id"),
                        f"id must be '{expected}' or '{expected}.NAME' (origin-destination)")
        k = c.span(kind.origin, kind.destination)
        for j, case in enumerate(kind.fare_when):
            if case.min_clock > case.max_clock:
                yield where("tickets", ("kinds", i, "fare_when", j, "max_clock"), "max_clock is below min_clock: "
                            "never true")
        if k not in spans:
            yield where("tickets", ("kinds", i), f"span {k} has no fare row")
            continue
        face = (kind.origin, kind.destination, *ticket_terms(kind, spans[k]), tuple(kind.fare_when))
        if face in printed:
            yield where("tickets", ("kinds", i), f"'{kind.id}' prints the same card as '{printed[face]}' (pair "
                        f"{kind.origin}->{kind.destination}, same fare and slack): give it its own fare or slack, "
                        f"or add copies to '{printed[face]}'")
        printed.setdefault(face, kind.id)
    cap = c.game.composition_cap
    for k, row in sorted(spans.items()):
        if row.seats > cap:  # such a card could never board, so it would sit on its platform all game
            yield where("fares", ("spans", k, "seats"), f"a span-{k} card takes {row.seats} places; "
                        f"the composition cap is {cap}")
    previous = None
    for k in sorted(spans):
        row = spans[k]
        if previous and (row.fare < previous.fare or row.slack < previous.slack):
            yield where("fares", ("spans", k), "fare and slack must not fall as the span grows")
        previous = row


@check("ride tickets: a kind for every ordered station pair, totals as the rules state")
def ticket_totals(c: Content, where: Locate) -> Iterator[Problem]:
    kinds = c.tickets_file.kinds
    declared = c.tickets_file.totals
    pairs = [(k.origin, k.destination) for k in kinds]
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
        if kind is None or card.station not in c.stations:
            continue
        for effect in c.card_effects(card):
            if effect.type != "platform_extra":
                continue
            have, more = c.pile_size(card.station), need + effect.amount
            if have < more:
                yield where("events", ("track", rnd, "station"),
                            f"pile {card.station} holds {have} tickets; this round's platform needs {need} + {effect.amount}")


def _pile_path(c: Content, origin: str) -> tuple:
    """Where a pile is written: its last ticket kind's copies, or the kinds list if it has none."""
    rows = [i for i, k in enumerate(c.tickets_file.kinds) if k.origin == origin]
    return ("kinds", rows[-1], "copies") if rows else ("kinds",)


@check("deck cards with their own numbers: within the kind's copies, each value one of its effects takes")
def own_deck_cards(c: Content, where: Locate) -> Iterator[Problem]:
    decks: list[tuple[str, Sequence[Any], tuple[int, int] | None]] = [
        ("operations", c.operations.kinds, (0, MAX_VALUE)), ("dispatch", c.dispatch.kinds, None)]
    for stem, kinds, bounds in decks:
        ids = {kind.id for kind in kinds}
        for i, kind in enumerate(kinds):
            for path, message in deck_cards.problems(kind, bounds, ids):
                yield where(stem, ("kinds", i, *path), message)


@check("each operation set matches its stated card count and propulsion total")
def operation_sets(c: Content, where: Locate) -> Iterator[Problem]:
    t = c.operations.set_totals
    if c.operation_set_size != t.cards:
        yield where("operations", ("set_totals", "cards"), f"kinds add up to {c.operation_set_size} cards, set_totals say {t.cards}")
    if c.operation_set_propulsion != t.propulsion:
        yield where("operations", ("set_totals", "propulsion"),
                    f"values add up to {c.operation_set_propulsion}, set_totals say {t.propulsion}")
    for i, kind in enumerate(c.operations.kinds):
        yield from _effect_list("operations", i, kind.effects, OPERATION, where)
        for j, case in enumerate(kind.value_when):
            empty = case.empty_problem()
            if empty:
                yield where("operations", ("kinds", i, "value_when", j, empty[0]), empty[1])


def _crossed_bounds(effect: Any) -> tuple[str, str] | None:
    """The first pair of a condition's bounds (min_load, max_load...) whose low end passes its high end."""
    if not isinstance(effect, LoadCondition):
        return None
    return next(((low, high) for low, high in BOUND_PAIRS if getattr(effect, low) > getattr(effect, high)), None)


def _crossed_message(pair: tuple[str, str]) -> str:
    return f"{pair[1]} is below {pair[0]}: no train qualifies"


#: Primitives whose ``amount`` of 0 would change nothing: a kind's effect or a card's own value says so.
AMOUNT_NOT_ZERO = ("capacity", "platform_size", "delivery_bonus")


def _card_values(rnd: int, card: Any, kind: Any, where: Locate) -> Iterator[Problem]:
    """A track card's own ``values``: each names one field of its kind's effects, within that field's bounds,
    and leaves every effect able to apply (a load range some train meets, an amount that changes something)."""
    if not card.values:
        return
    effects, problems = card_effects(kind.effects, card.values)
    for key, message in problems:
        yield where("events", ("track", rnd, "values", key), message)
    bad = {key for key, _ in problems}
    for key in card.values:
        if key in bad:
            continue
        field = key.rpartition(".")[2]
        for eff in effects:
            if field not in type(eff).model_fields or (key != field and not key.startswith(eff.type + ".")):
                continue
            crossed = _crossed_bounds(eff)
            if crossed and field in crossed:
                yield where("events", ("track", rnd, "values", key), _crossed_message(crossed))
            elif field in ("train", "section", "range") and (aimed := target_problem(eff, EVENT)):
                yield where("events", ("track", rnd, "values", key), aimed[1])
            elif field == "lasts" and until_stop_problem(eff):
                yield where("events", ("track", rnd, "values", key), str(until_stop_problem(eff)))
            elif eff.type in AMOUNT_NOT_ZERO and field == "amount" and eff.amount == 0:
                yield where("events", ("track", rnd, "values", key), "an amount of 0 changes nothing")


def _effect_list(stem: str, i: int, effects: list, timing: str, where: Locate) -> Iterator[Problem]:
    """Each effect of one kind can happen at ``timing``; no primitive twice (its numbers would be ambiguous)."""
    seen: list[str] = []
    for j, eff in enumerate(effects):
        problem = mistimed = timing_problem(eff, timing)
        if problem:
            yield where(stem, ("kinds", i, "effects", j, "type"), problem)
        elif eff.type in seen:
            yield where(stem, ("kinds", i, "effects", j, "type"), f"effect '{eff.type}' is listed twice")
        seen.append(eff.type)
        for name in LOAD_FIELDS:
            if timing == OPERATION and name in eff.model_fields_set:
                yield where(stem, ("kinds", i, "effects", j, name), f"'{name}' is a condition on a train's load: "
                            "only an event or a dispatch card can have it")
        for name in ("at", "heading"):
            if timing == OPERATION and name in eff.model_fields_set:
                yield where(stem, ("kinds", i, "effects", j, name), f"'{name}' is a condition on where a train stands "
                            "or heads: only an event or a dispatch card can have it")
        for name in STANDING_FIELDS:
            if timing == OPERATION and name in eff.model_fields_set:
                yield where(stem, ("kinds", i, "effects", j, name), f"'{name}' is a condition on the card a train "
                            "played or its owner's score or deliveries: only an event or a dispatch card can have it")
        if timing == OPERATION and "lasts" in eff.model_fields_set:
            yield where(stem, ("kinds", i, "effects", j, "lasts"), "'lasts' is how long an event or a dispatch "
                        "card's effect lasts: only an event or a dispatch card can have it")
        problem = until_stop_problem(eff)
        if problem:
            yield where(stem, ("kinds", i, "effects", j, "lasts"), problem)
        elif (timing not in (OPERATION, EVENT) and eff.type not in BUILT_IN
              and getattr(eff, "lasts", "round") != "round"):
            yield where(stem, ("kinds", i, "effects", j, "lasts"), f"a '{eff.type}' effect lasts beyond its round "
                        "on an event card only (a registered primitive applies again as each round begins)")
        aimed = None if mistimed else target_problem(eff, timing)   # a primitive out of its timing is said once
        if aimed:
            yield where(stem, ("kinds", i, "effects", j, aimed[0]), aimed[1])
        crossed = _crossed_bounds(eff)
        if crossed:
            yield where(stem, ("kinds", i, "effects", j, crossed[1]), _crossed_message(crossed))
        if eff.type in AMOUNT_NOT_ZERO and eff.amount == 0:
            yield where(stem, ("kinds", i, "effects", j, "amount"), "an amount of 0 changes nothing")
        if eff.type == "group_booking" and eff.keep > eff.draw:
            yield where(stem, ("kinds", i, "effects", j, "keep"), f"keeps {eff.keep} of only {eff.draw} drawn")
    naming = [j for j, eff in enumerate(effects) if names_something(eff)]
    if timing in DISPATCH_TIMINGS and len(naming) > 1 and any(effects[j].CHOOSES for j in naming):
        yield where(stem, ("kinds", i, "effects", naming[1], "type"),
                    f"'{effects[naming[0]].type}' and '{effects[naming[1]].type}' both make the player name "
                    "something: a card with a registered primitive that names one may have no other")
    sections = [j for j in naming if getattr(effects[j], "section", "card") == "chosen"]
    other = next((j for j in naming if j not in sections), None)
    if timing in DISPATCH_TIMINGS and sections and other is not None:
        yield where(stem, ("kinds", i, "effects", max(other, sections[0]), "type"),
                    f"'{effects[other].type}' makes the player name a train or a pile and '{effects[sections[0]].type}' "
                    "a section: a card that names a section names nothing else")
    if "no_stop" in seen and "force_stop" in seen:
        yield where(stem, ("kinds", i, "effects", seen.index("force_stop"), "type"),
                    "'force_stop' and 'no_stop' contradict each other: a card may say one")


@check("dispatch deck: totals as stated, each effect at its kind's timing")
def dispatch_deck(c: Content, where: Locate) -> Iterator[Problem]:
    t = c.dispatch.totals
    kinds = c.dispatch.kinds
    if len(kinds) != t.kinds:
        yield where("dispatch", ("totals", "kinds"), f"{len(kinds)} kinds listed, totals say {t.kinds}")
    if c.dispatch_count != t.cards:
        yield where("dispatch", ("totals", "cards"), f"copies add up to {c.dispatch_count} cards, totals say {t.cards}")
    for i, kind in enumerate(kinds):
        yield from _effect_list("dispatch", i, kind.effects, kind.timing, where)
    most = most_players(c)
    need = c.game.setup.dispatch_per_player * most
    if need > c.dispatch_count:
        yield where("game", ("setup", "dispatch_per_player"),
                    f"{most} players need {need} dispatch cards; the deck holds {c.dispatch_count}")


@check("event track: every round of the clock once, totals and targets as stated")
def event_track(c: Content, where: Locate) -> Iterator[Problem]:
    ev = c.events
    rounds = c.regular_rounds
    for rnd, card in sorted(ev.track.items()):
        if rnd > rounds and not ev.beyond_clock:
            yield where("events", ("track", rnd), f"round {rnd} is after the last round ({rounds}); "
                        "set beyond_clock: true for cards played only after clock holds", key=True)
        kind = c.event_kinds.get(card.kind)
        if kind is None:
            continue  # reported by the references check
        for target in ("station", "section"):
            named = getattr(card, target)
            if kind.target == target and named is None:
                yield where("events", ("track", rnd), f"a '{kind.id}' card must name a {target}")
            elif kind.target != target and named is not None:
                why = f"its kind's target is {kind.target}" if kind.target else f"its kind has no target: {target}"
                yield where("events", ("track", rnd, target), f"a '{kind.id}' card takes no {target} ({why})")
        yield from _card_values(rnd, card, kind, where)
        if kind.target and card.values and any(kind.target in e.TARGETS and getattr(e, "lasts", "round") != "round"
                                               for e in c.card_effects(card)):
            yield where("events", ("track", rnd, "values"), f"an effect at one {kind.target} lasts its round only")
    for start, message in c.lasting[1]:
        yield where("events", ("track", start), message)
    if c.variant is None:  # variants may drop rounds (beginner plays rounds 1-10 only)
        first, total = missing_numbers(1, rounds, ev.track)
        for rnd in first:
            yield where("events", ("track",), f"no event card for round {rnd}")
        if total > len(first):
            yield where("events", ("track",), f"{total - len(first)} more rounds have no event card")
    for i, kind in enumerate(ev.kinds):
        problems = list(_effect_list("events", i, kind.effects, EVENT, where))
        yield from problems
        if problems:
            continue
        needs = sorted({eff.TARGET for eff in kind.effects if eff.TARGET})
        if len(needs) > 1:
            yield where("events", ("kinds", i, "effects"), f"effects need targets {needs}; a card names one place")
        elif (needs[0] if needs else None) != kind.target and not (
                not needs and any(kind.target in eff.TARGETS for eff in kind.effects)):   # a target it may add
            yield where("events", ("kinds", i, "target"), _target_mismatch(kind, needs))
        elif kind.target and not needs:
            for j, eff in enumerate(kind.effects):
                if kind.target in eff.TARGETS and getattr(eff, "lasts", "round") != "round":
                    yield where("events", ("kinds", i, "effects", j, "lasts"), f"a '{eff.type}' at one "
                                f"{kind.target} lasts its round only")
    if len(ev.track) != ev.totals.cards:
        yield where("events", ("totals", "cards"), f"the track holds {len(ev.track)} cards, totals say {ev.totals.cards}")
    used = {card.kind for card in ev.track.values()}
    if len(used) != ev.totals.kinds:
        yield where("events", ("totals", "kinds"), f"the track uses {len(used)} kinds, totals say {ev.totals.kinds}")


def _target_mismatch(kind, needs: list[str]) -> str:
    """Why an event kind's ``target`` is not what its effects need, in words (never Python's None).

    >>> from cardgen.model import load
    >>> kinds = load().event_kinds
    >>> _target_mismatch(kinds["festival"].model_copy(update={"target": None}), ["station"])
    "effect 'platform_extra' needs target 'station'; write target: station"
    >>> _target_mismatch(kinds["festival"].model_copy(update={"target": "section"}), ["station"])
    "effect 'platform_extra' needs target 'station', not 'section'"
    >>> _target_mismatch(kinds["rainstorm"].model_copy(update={"target": "station"}), [])
    "effect 'propulsion' takes no target; remove target: station"
    """
    if not needs:
        return f"effect '{kind.effects[0].type}' takes no target; remove target: {kind.target}"
    named = next(eff.type for eff in kind.effects if eff.TARGET)
    if kind.target is None:
        return f"effect '{named}' needs target '{needs[0]}'; write target: {needs[0]}"
    return f"effect '{named}' needs target '{needs[0]}', not '{kind.target}'"


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
    operations = {k.id: k for k in c.operations.kinds}
    decks: list[tuple[str, Any]] = [("operations", c.operations.kinds), ("dispatch", c.dispatch.kinds),
                                    ("events", c.events.kinds)]
    for stem, kinds in decks:
        for i, kind in enumerate(kinds):
            for j, eff in enumerate(kind.effects):
                for m, kid in enumerate(getattr(eff, "played", ())):
                    if kid not in operations:
                        yield where(stem, ("kinds", i, "effects", j, "played", m),
                                    _unknown("operation kind", kid, operations))
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
                for problem in _dangling_deletes(c.raw.get(stem), patch, ("variants", i, "patch", stem), where):
                    if _written_here(c, problem):
                        yield problem


def _written_here(c: Content, problem: Problem) -> bool:
    """Whether a problem lies in the content being validated: in a pack, not in a base game's or base pack's
    file. A base variant deleting a round the pack removed (the beginner variant's ``12: null``) deletes
    nothing, which the base's own validation checks; the pack's author could not change that line anyway."""
    if c.pack is None:
        return True
    return problem.file.startswith(f"{c.pack.label}/")


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


def placeholders(text: str) -> set[str]:
    """Names written as ``{name}`` (or ``{name:+}``) in a player-visible string.

    >>> sorted(placeholders("{station} platform {amount:+}"))
    ['amount', 'station']
    """
    return {name for name, _, _ in text_placeholders_in(text)}


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


#: Files whose ``kinds.N.text`` is filled from kind N (see :func:`cardgen.model.text.text_values`).
_KIND_FILES = {"operations", "dispatch", "events"}


def known_placeholders(c: Content, stem: str, path: tuple) -> set[str]:
    """What the text at ``path`` in ``stem`` may name: only texts the renderer fills have any."""
    if stem in _KIND_FILES and len(path) == 3 and path[0] == "kinds" and path[2] == "text":
        return set(text_values(c, getattr(c, FILE_ATTR[stem]).kinds[path[1]]))
    if stem == "game" and path[:2] == ("scoring", "awards") and len(path) == 4 and path[3] == "text":
        return {"points"}
    if stem == "strings" and len(path) == 2:
        return set(string_values(c, path[0], path[1]))
    if stem == "variants" and c.variant is not None and len(path) == 3 and path[2] == "summary" \
            and c.variants.variants[path[1]].id == c.variant.id:
        return set(text_values(c, c.variant))
    return set()


def at_text(problem: Problem, where: Locate, needle: str) -> Problem:
    """Move a problem's column onto ``needle`` when it sits on the reported line (a one-line string)."""
    lines = getattr(where, "sources", {}).get(problem.file)  # by the file's own name: a pack's overlay too
    if lines is None:
        smap = getattr(where, "smaps", {}).get(problem.file.rsplit(".", 1)[0])
        lines = smap.lines if smap is not None else []
    if not 0 < problem.line <= len(lines):
        return problem
    col = lines[problem.line - 1].find(needle, problem.col - 1)
    return replace(problem, col=col + 1) if col >= 0 else problem


def _checked_here(c: Content, path: tuple) -> bool:
    """A variant's summary is checked in that variant's run, against the content it produces; other variant texts once."""
    if path[-1] != "summary":
        return c.variant is None
    return c.variant is not None and c.variants.variants[path[1]].id == c.variant.id


@check("modules: every module a card names is defined; the cards in play still make a dispatch deck")
def modules(c: Content, where: Locate) -> Iterator[Problem]:
    defined = c.game.modules
    named: list[tuple[str, tuple[str, int], Any]] = [("dispatch", ("kinds", i), k)
                                                     for i, k in enumerate(c.dispatch.kinds)]
    named += [("events", ("kinds", i), k) for i, k in enumerate(c.events.kinds)]
    named += [("events", ("track", rnd), card) for rnd, card in c.events.track.items()]
    for stem, path, card in named:
        if card.module is not None and card.module not in defined:
            yield where(stem, path + ("module",), f"unknown module '{card.module}'{suggest(card.module, defined)} "
                                                   f"(game.yaml modules: {', '.join(defined) or 'none'})")
    if c.game.setup.dispatch_per_player > 0 and not c.in_play.dispatch.kinds:
        yield where("game", ("modules",), "every dispatch kind is in a module that is not enabled, and each "
                                          "player is dealt dispatch cards: enable one (enabled: true)")


@check("texts: every placeholder is one its object provides, the same in zh and en")
def text_placeholders(c: Content, where: Locate) -> Iterator[Problem]:
    # A variant can only change the texts of the files it patches, and its own summary.
    stems = [stem for stem in FILES if c.variant is None or stem in c.variant.patch or stem == "variants"]
    misspelt: set[tuple] = set()  # texts with an unknown name: one message each, not three
    for stem in stems:
        model = getattr(c, FILE_ATTR[stem])
        for path, text in iter_texts(model):
            if stem == "variants" and not _checked_here(c, path):
                continue
            known = known_placeholders(c, stem, path)
            for lang in LANGS:
                for name, spec, _ in text_placeholders_in(text(lang)):
                    needle = "{" + name + (f":{spec}" if spec else "")
                    if name not in known:
                        misspelt.add((stem, path))
                        yield at_text(where(stem, path + (lang,), f"unknown placeholder '{{{name}}}'"
                                            f"{suggest(name, known) or ';'} known: {', '.join(sorted(known)) or 'none'}"),
                                      where, needle)
                    elif spec not in SPECS:
                        yield at_text(where(stem, path + (lang,), f"placeholder '{{{name}:{spec}}}': the only format "
                                            "is '+' (show a plus sign)"), where, needle)
            zh, en = placeholders(text.zh), placeholders(text.en)
            if zh != en and (stem, path) not in misspelt:
                yield where(stem, path + ("en",), f"placeholders {sorted(en)} differ from zh {sorted(zh)}")
    decks: list[tuple[str, Sequence[Any]]] = [("operations", c.operations.kinds), ("dispatch", c.dispatch.kinds),
                                              ("events", c.events.kinds)]
    for stem, kinds in decks:
        for i, kind in enumerate(kinds):  # two effects with one field: {amount} would be ambiguous
            fields = [name for eff in kind.effects for name in effect_values(eff)]
            if kind.text is None:  # a generated text names no placeholder
                continue
            used = placeholders(kind.text.zh) | placeholders(kind.text.en)
            for name in sorted({f for f in fields if fields.count(f) > 1} & used):
                yield where(stem, ("kinds", i, "text"), f"'{{{name}}}' is ambiguous: several effects have '{name}'")
    for i, kind in enumerate(c.events.kinds):
        if kind.target is None or kind.text is None or ("events", ("kinds", i, "text")) in misspelt:
            continue
        for lang in LANGS:
            if kind.target not in placeholders(kind.text(lang)):
                yield where("events", ("kinds", i, "text", lang), f"text must name its target with {{{kind.target}}}")


def most_players(c: Content) -> int:
    """The largest player count this content is played with: a variant's own list, else the game's maximum.
    Counts outside the game's range are left to the variant's own check."""
    g = c.game.players
    counts = [n for n in variant_players(c) if g.min <= n <= g.max]
    return max(counts, default=g.max)


@check("setup: a seat and a colour per train, start cells on the line")
def setup_seats(c: Content, where: Locate) -> Iterator[Problem]:
    g = c.game
    if not 1 <= g.players.min <= g.players.best <= g.players.max:
        yield where("game", ("players",), "players must satisfy 1 <= min <= best <= max")
    # every train takes its own seat and colour (ruling R10)
    most, per_player = most_players(c), g.setup.trains_per_player
    trains = most * per_player
    need = f"{most} players" if per_player == 1 else f"{trains} trains ({most} players x {per_player} each)"
    if len(g.setup.seats) < trains:
        yield where("game", ("setup", "seats"), f"{len(g.setup.seats)} seats for {need}")
    for i, seat in enumerate(g.setup.seats):
        if seat.seat != i + 1:
            yield where("game", ("setup", "seats", i, "seat"), f"seats must be numbered 1, 2, ... in order (expected {i + 1})")
        if not c.map.cells.min <= seat.cell <= c.map.cells.max:
            yield where("game", ("setup", "seats", i, "cell"), f"cell {seat.cell} is off the line")
        elif seat.cell not in c.station_at_cell:
            yield where("game", ("setup", "seats", i, "cell"), f"cell {seat.cell} is not a station")
        elif seat.cell == c.map.cells.min and seat.direction == "left" or seat.cell == c.map.cells.max and seat.direction == "right":
            yield where("game", ("setup", "seats", i, "direction"), "a train may not start facing off the end of the line")
    if len(g.colours) < trains:
        yield where("game", ("colours",), f"{len(g.colours)} colours for {need}")
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
        # The build prints exactly the row, so it must fit in what the content defines.
        if row.dispatch > c.dispatch_count:
            yield where("printing", ("by_players", n, "dispatch"),
                        f"{row.dispatch} dispatch cards printed, but the deck holds only {c.dispatch_count}")
        for field in PrintRow.PER_TRAIN:
            if getattr(row, field) > len(g.colours):
                yield where("printing", ("by_players", n, field),
                            f"{getattr(row, field)} printed, but game.yaml has only {len(g.colours)} player colours")
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
