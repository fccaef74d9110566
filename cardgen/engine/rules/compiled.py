"""Compile a validated :class:`Content` once into plain ints and tuples.

The engine's hot loop must not touch pydantic objects or dicts keyed by
strings: every rule number it needs is copied here, by index, from the one
place the content writes it. Nothing in this module (or the engine) types a
rule number itself; if the content changes, the compiled rules change with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from cardgen.engine.rules.runs import Runs, free_runs
from cardgen.model import Content
from cardgen.model.content import next_clock
from cardgen.model.deck_cards import card_of
from cardgen.model.effects import BUILT_IN, DISPATCH_TIMINGS, HEADINGS, PLACES, STANDING_FIELDS

RIGHT = 1
LEFT = -1
#: Deadline used for freight (unlimited slack): later than any clock value.
NEVER_LATE = 1 << 30


#: a dispatch kind's window in the round: its content timing (cardgen/model/effects.py DISPATCH_TIMINGS, in
#: that order): with the operation reveal, after the train's own move, at the start of its stop (ruling R7)
WITH_REVEAL, AFTER_MOVE, AT_STOP = 0, 1, 2
#: a load condition that every train meets
ANY_LOAD = 1 << 30
#: where a train stands and heads, by bit (the model's PLACES and HEADINGS, written once there): a condition
#: holds when the train shares a position bit and a heading bit with it
ON_STATION, IN_SECTION, ON_TERMINAL, POSITIONS = PLACES["station"], PLACES["section"], PLACES["terminal"], \
    PLACES["anywhere"]
HEADING_RIGHT, HEADING_LEFT, HEADINGS_ALL = HEADINGS["right"], HEADINGS["left"], HEADINGS["any"]
ANYWHERE = POSITIONS | HEADINGS_ALL
#: where a train stands carries its cell above the position and heading bits, plus one (0: not known, as in ANYWHERE)
CELL_SHIFT = 8
#: what a bot picks for a chosen train or section (cardgen/model/effects.py HINT): a boon goes to its own other train
#: (or a section one stands in); a closure goes against a foe, the section a rival still to move runs into
FRIEND, FOE = 1, 2
HINTS = {"": 0, "friend": FRIEND, "foe": FOE}
#: the card a train played, or its owner's score or deliveries, when the caller does not know it (a bot predicting):
#: a condition on it holds
UNKNOWN = -(1 << 30)
#: how long a train carries a held effect (cardgen/model/durations.py): until its next stop, or to the game's end;
#: otherwise a number of rounds, this one included
UNTIL_STOP, WHOLE_GAME = -1, NEVER_LATE


@dataclass(frozen=True, slots=True)
class Standing:
    """The conditions of one effect on the operation card the train played (`played`) and on its owner's score and
    deliveries (cardgen/model/effects.py STANDING_FIELDS); an effect without them has None in their place."""

    cards: int                # bit k set: a train that played operation kind k qualifies
    min_score: int
    max_score: int
    min_deliveries: int
    max_deliveries: int

    def holds(self, card: int, score: int, delivered: int) -> bool:
        """Whether a train that played ``card`` (-1: none yet) for an owner with ``score`` and ``delivered``
        qualifies; an UNKNOWN value qualifies."""
        if card != UNKNOWN and (card < 0 or not (self.cards >> card) & 1):
            return False
        if score != UNKNOWN and not self.min_score <= score <= self.max_score:
            return False
        return delivered == UNKNOWN or self.min_deliveries <= delivered <= self.max_deliveries


@dataclass(frozen=True, slots=True)
class EventEffect:
    """One round's event, its effect primitives (cardgen/model/effects.py) flattened: every field is
    neutral when it does not apply."""

    kind: int                 # index into Rules.event_ids
    festival_station: int     # station index receiving extra tickets, or -1
    closed_cell: int          # section cell closed on both lines, or -1
    propulsion: int = 0       # added to R of every train whose load is in propulsion_min_load..max_load
    wait_gain: int = 0        # added to W of every train whose load is in wait_min_load..max_load
    festival_amount: int = 0
    clock_hold: bool = False
    order_reversed: bool = False
    boarding_limit: int = 0   # most tickets boarded per stop, or 0 for no limit
    capacity: int = 0         # added to the composition cap for boarding this round
    platform_size: int = 0    # added to the size platforms are refilled to this round
    propulsion_min_load: int = 0
    propulsion_max_load: int = ANY_LOAD
    wait_min_load: int = 0
    wait_max_load: int = ANY_LOAD
    propulsion_at: int = ANYWHERE   # where a train must stand for the R change (bits of ON_STATION...)
    wait_at: int = ANYWHERE
    limit_station: int = -1   # the boarding limit holds at this station index only, or -1 at every stop
    delivery_bonus: int = 0   # added to the points of each delivery this round (open scoring)
    propulsion_who: Optional[Standing] = None   # the R change's conditions on the card played, score, deliveries
    wait_who: Optional[Standing] = None
    propulsion_cell: int = -1  # the R change holds for trains in this section cell only (`target: section`), or -1
    wait_cell: int = -1
    no_stop: bool = False     # no train stops this round ...
    force_stop: bool = False  # ... unless forced: every train ends its move at the first station it reaches
    held: int = -1            # the card's `until_stop` effects, which each train that has not stopped by the round's
                              # end carries on (index into Rules.holds), or -1
    units: tuple[Any, ...] = ()   # registered primitives (cardgen/model/effects.py register_primitive), played
                                  # for each train as the round begins through their own apply()
    unit_target: int = -1         # what the card names, for a registered primitive with a TARGET: the station's
                                  # index or the section's cell, or -1


@dataclass(frozen=True, slots=True)
class DispatchEffect:
    """One dispatch kind, its effect primitives flattened like :class:`EventEffect`'s: played at ``window``
    for the player's own train; every field is neutral when it does not apply."""

    window: int               # WITH_REVEAL, AFTER_MOVE or AT_STOP
    propulsion: int = 0       # added to R (ruling R18) when the train's load is in propulsion_min_load..max_load
    wait_gain: int = 0        # added to W when the train's load is in wait_min_load..max_load
    swap: bool = False        # Passing Swap with an adjacent train (ruling R6)
    ignore_blocking: bool = False    # this round the train runs past trains on its line
    ignore_closure: bool = False     # this round a closed section is open to the train
    draw: int = 0             # Group Booking: tickets drawn (0: not a booking) ...
    keep: int = 0             # ... and kept (ruling R7)
    capacity: int = 0         # added to the train's composition cap for boarding this round
    propulsion_min_load: int = 0
    propulsion_max_load: int = ANY_LOAD
    wait_min_load: int = 0
    wait_max_load: int = ANY_LOAD
    propulsion_at: int = ANYWHERE
    wait_at: int = ANYWHERE
    propulsion_who: Optional[Standing] = None
    wait_who: Optional[Standing] = None
    propulsion_cell: int = -1  # never set on a dispatch card: read with an event's by propulsion_change
    wait_cell: int = -1
    no_stop: bool = False     # the train does not stop this round ...
    force_stop: bool = False  # ... unless forced: it ends its move at the first station it reaches and stops
    move_count: int = 0       # tickets moved from the train onto the platform where it stops (keeping their time)
    festival_amount: int = 0  # tickets dealt from the pile the player picks onto its platform
    wait_range: int = 0       # the W gain goes to a train the player picks within this many cells (0: its own)
    section_range: int = 0    # the player names a section within this many cells (0: none) ...
    section_closed: bool = False   # ... closed for the trains still to move this round (ruling R26); a W gain
                                   # goes to the trains standing in it
    hint: int = 0             # which train or section a bot picks: FRIEND or FOE
    pick_train: bool = False  # the player names a train (a swap, a chosen train's W gain)
    pick_section: bool = False   # the player names a section (section_range)
    pick_pile: bool = False   # the player names a station's pile (a booking, a festival)
    #: the effects that last beyond the round played, each (UNTIL_STOP, WHOLE_GAME or rounds, index into Rules.holds)
    lasting: tuple[tuple[int, int], ...] = ()
    units: tuple[Any, ...] = ()   # registered primitives, played through their own apply() at ``window``
    unit_chooses: str = ""        # what the player names for them: "train", "pile" or "" (one per card)


def propulsion_change(effect: EventEffect | DispatchEffect | None, load: int, place: int = ANYWHERE,
                      card: int = UNKNOWN, score: int = UNKNOWN, delivered: int = UNKNOWN) -> int:
    """The R change ``effect`` gives a train carrying ``load`` places standing at ``place`` (bits), having played
    operation kind ``card``, its owner at ``score`` with ``delivered`` tickets: its amount when the train meets
    the effect's conditions (cardgen/model/effects.py CONDITION_FIELDS), else 0. A bot predicting leaves out
    what it does not know (ANYWHERE, UNKNOWN): the effect counts."""
    if effect is None or not effect.propulsion_min_load <= load <= effect.propulsion_max_load \
            or not meets(effect.propulsion_at, place) or not in_cell(effect.propulsion_cell, place):
        return 0
    who = effect.propulsion_who
    if who is not None and not who.holds(card, score, delivered):
        return 0
    return effect.propulsion


def wait_change(effect: EventEffect | DispatchEffect | None, load: int, place: int = ANYWHERE,
                card: int = UNKNOWN, score: int = UNKNOWN, delivered: int = UNKNOWN) -> int:
    """The W gain ``effect`` gives a train (as :func:`propulsion_change` reads it), under its conditions, else 0."""
    if effect is None or not effect.wait_min_load <= load <= effect.wait_max_load or not meets(effect.wait_at, place) \
            or not in_cell(effect.wait_cell, place):
        return 0
    who = effect.wait_who
    if who is not None and not who.holds(card, score, delivered):
        return 0
    return effect.wait_gain


def meets(condition: int, place: int) -> bool:
    """Whether a train at ``place`` (its position and heading bits) meets a position-and-heading ``condition``."""
    return bool(condition & place & POSITIONS) and bool(condition & place & HEADINGS_ALL)


def trains_within(cells: list[int], t: int, reach: int) -> list[int]:
    """The trains other than ``t`` standing within ``reach`` cells of it (cells by train): those a card played for
    ``t`` may choose (Core.card_targets, and the bots through their view)."""
    c = cells[t]
    return [u for u in range(len(cells)) if u != t and abs(cells[u] - c) <= reach]


def sections_within(rules: "Rules", cell: int, reach: int) -> list[int]:
    """The section cells within ``reach`` cells of ``cell``: those a card played for a train there may choose
    (Core.card_sections, and the bots)."""
    return [c for c in range(max(rules.first_cell, cell - reach), min(rules.last_cell, cell + reach) + 1)
            if rules.station_of_cell[c] < 0]


def in_cell(cell: int, place: int) -> bool:
    """Whether a train at ``place`` stands on ``cell`` (-1: any cell; a place without its cell, ANYWHERE: yes)."""
    return cell < 0 or (place >> CELL_SHIFT) in (0, cell + 1)


def clock_after(clock: int, event: EventEffect | None) -> int:
    """Phase 5: the clock after a round with ``event`` (:func:`cardgen.model.content.next_clock`)."""
    return next_clock(clock, event is not None and event.clock_hold)


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything the engine reads, indexed by small ints."""

    variant: str | None
    # map
    first_cell: int
    last_cell: int
    station_of_cell: tuple[int, ...]      # station index, or -1 on a section
    station_ids: tuple[str, ...]
    station_cells: tuple[int, ...]
    section_ids: tuple[str, ...]          # by cell ("" on stations)
    is_terminal: tuple[bool, ...]         # by cell
    double_track: bool
    line_capacity: int
    # sidings (ruling R25), by siding index; none on the base map
    siding_of_cell: tuple[int, ...]       # by cell: the siding beside that section, or -1
    siding_ids: tuple[str, ...]
    siding_capacity: tuple[int, ...]      # trains it holds at once
    siding_wait_gain: tuple[int, ...]     # W a train gains as it pulls in
    # operation cards
    op_ids: tuple[str, ...]
    op_values: tuple[int, ...]
    # by kind: its value_when cases, each (min_load, max_load, min_clock, max_clock, value), tried in order
    op_cases: tuple[tuple[tuple[int, int, int, int, int], ...], ...]
    op_no_stop: tuple[bool, ...]
    op_force_stop: tuple[bool, ...]
    op_ignore_limit: tuple[bool, ...]
    op_capacity: tuple[int, ...]          # added to the cap of the train that plays it, this round
    op_wait_gain: tuple[int, ...]
    op_units: tuple[tuple[Any, ...], ...]   # by kind: its registered primitives, played at the reveal (apply())
    deck: tuple[int, ...]                 # one player's set, as kind indices
    best_op_value: int
    # tickets (one entry per kind; physical cards refer to a kind)
    ticket_ids: tuple[str, ...]
    ticket_origin: tuple[int, ...]        # station index
    ticket_dest: tuple[int, ...]          # station index
    ticket_dest_cell: tuple[int, ...]
    ticket_dir: tuple[int, ...]           # RIGHT or LEFT
    ticket_span: tuple[int, ...]
    ticket_fare: tuple[int, ...]
    ticket_late_fare: tuple[int, ...]
    ticket_slack: tuple[int, ...]         # NEVER_LATE for freight
    ticket_fare_cases: tuple[tuple[tuple[int, int, int], ...], ...]   # by kind: (min_clock, max_clock, fare) cases
    ticket_seats: tuple[int, ...]
    ticket_freight: tuple[bool, ...]
    card_kind: tuple[int, ...]            # physical card -> ticket kind
    piles: tuple[tuple[int, ...], ...]    # physical cards by origin station, content order
    # events
    event_ids: tuple[str, ...]
    track: dict[int, EventEffect]         # round -> effect
    track_rounds: int                     # last round that has a card
    regular_rounds: int                   # rounds without a clock hold (Content.regular_rounds)
    track_hidden: bool
    best_propulsion_after: tuple[int, ...]   # by round: best propulsion event still to come (>= 0)
    # dispatch
    dispatch_ids: tuple[str, ...]
    dispatch_deck: tuple[int, ...]        # kind indices
    dispatch: tuple[DispatchEffect, ...]  # by kind
    holds: tuple[DispatchEffect, ...]     # effects a train carries beyond their round (Core.held), as one card each
    hold_card: tuple[int, ...]            # by hold: the dispatch kind it comes from, or -1 (an event's)
    units: bool                           # some card has a registered primitive (the kernel looks for them only then)
    stop_rules: bool                      # an event or dispatch card says no stop, or any card forces one: the
                                          # base game has only its operation cards' no-stop (Core.can_stop)
    # numbers
    clock_start: int
    clock_end: int
    cap: int
    max_cap: int                          # the cap with the largest capacity event on the track
    penalty_of: tuple[int, ...]           # by places aboard: Content.penalty, tabulated (rules 6.2)
    propulsion_floor: int
    blocked_wait_gain: int
    wait_start: int
    wait_max: int
    platform_size: int
    dispatch_per_player: int
    trains_per_player: int
    seats: tuple[tuple[int, int], ...]    # (cell, direction) by seat
    late_fare_divisor: int
    no_delay_bonus: int
    worst_delay_penalty: int
    tiebreaks: tuple[str, ...]
    awards: tuple[tuple[bool, int], ...]  # end-of-game awards: (True: most on time, else most deliveries; points)
    players_min: int
    players_max: int
    # geometry: free runs (rules/runs.py) long enough for any R the content allows
    longest_run: int
    # R by places aboard, then C, then modifier - least_modifier: Content.propulsion, tabulated (rules 6.2)
    propulsion_of: tuple[tuple[tuple[int, ...], ...], ...]
    least_modifier: int                   # the most negative modifier an event and a dispatch card give together
    runs_ending: Runs                     # arriving at a terminal ends the move (ruling R1)
    runs_through: Runs                    # ... or spends the cells left in the new direction

    def propulsion(self, value: int, places: int, modifier: int) -> int:
        """Rules 6.2 phase 3: R of a card of value C with N places aboard and the round's modifier, as
        :meth:`Content.propulsion` computes it (the one place the formula is written)."""
        return self.propulsion_of[places][value][modifier - self.least_modifier]

    def op_value(self, card: int, load: int, clock: int) -> int:
        """Propulsion C of operation kind ``card`` for a train carrying ``load`` places at ``clock``: the first of
        its cases the train meets, else its value (:meth:`Content.operation_value`, tabulated)."""
        cases = self.op_cases[card]
        if cases:
            for low, high, early, late, value in cases:
                if low <= load <= high and early <= clock <= late:
                    return value
        return self.op_values[card]

    def event_of(self, rnd: int, repeat_last: bool) -> EventEffect | None:
        """The event of round ``rnd``. Rounds beyond the clock's length exist only because of clock holds; in
        those the content's own card comes first (events.beyond_clock), else ruling R4 applies: no event, or
        with ``repeat_last`` (option ``late_events``) the card of the last regular round again."""
        ev = self.track.get(rnd)
        if rnd <= self.regular_rounds or ev is not None or not repeat_last:
            return ev
        return self.track.get(self.regular_rounds)

    def endless(self, repeat_last: bool) -> bool:
        """Whether the clock would never reach its end: still short of it after the last round that has a card
        of its own, with every later round playing a card that holds it (``repeat_last``)."""
        clock, last = self.clock_start, max(self.track_rounds, self.regular_rounds)
        for rnd in range(1, last + 1):
            if clock >= self.clock_end:
                return False
            clock = clock_after(clock, self.event_of(rnd, repeat_last))
        later = self.event_of(last + 1, repeat_last)
        return clock < self.clock_end and later is not None and later.clock_hold

    def penalty(self, places: int) -> int:
        """Rules 6.2: the places aboard slow a train by this much, as :meth:`Content.penalty` computes it."""
        return self.penalty_of[places]

    def stops(self, cell: int, card: int) -> bool:
        """Rules 6.2 phase 4: a train stops on a station only, and not after playing a no-stop card unless the card
        forces a stop (the round's event and dispatch cards too: Core.can_stop)."""
        return self.station_of_cell[cell] >= 0 and (self.op_force_stop[card] or not self.op_no_stop[card])

    def on_time(self, kind: int, boarded: int, delivered: int) -> bool:
        """Rules 5.2: a ticket is on time when delivered by its boarding time plus its slack U."""
        return delivered <= boarded + self.ticket_slack[kind]

    def points(self, kind: int, on_time: bool, clock: int = -1) -> int:
        """Rules 5.2: the fare F on time, floor(F / divisor) late; F is the first of the kind's `fare_when` cases
        whose clock window holds ``clock``, the delivery's (open scoring), else the kind's fare."""
        cases = self.ticket_fare_cases[kind]
        if cases and clock >= 0:
            for early, late, fare in cases:
                if early <= clock <= late:
                    return fare if on_time else fare // self.late_fare_divisor
        return self.ticket_fare[kind] if on_time else self.ticket_late_fare[kind]

    def runs(self, terminal_ends_move: bool) -> Runs:
        """The free-run table for ruling R1's setting."""
        return self.runs_ending if terminal_ends_move else self.runs_through


def _direction(name: str) -> int:
    return RIGHT if name == "right" else LEFT


def _standing(effect: Any, op_index: dict[str, int]) -> Optional[Standing]:
    """``effect``'s conditions on the card played and the owner's standing, or None when it has none."""
    if not any(name in effect.model_fields_set for name in STANDING_FIELDS):
        return None
    # a kind named plays for its cards of their own numbers too (`rapid` names `rapid.2`: deck_cards.card_of)
    cards = sum(1 << op_index[k] for k in card_of(effect.played, list(op_index))) if effect.played else -1
    return Standing(cards, effect.min_score, effect.max_score, effect.min_deliveries, effect.max_deliveries)


def _flatten(effects: Any, op_index: dict[str, int]) -> dict[str, Any]:
    """Map one kind's effect primitives onto :class:`EventEffect` or :class:`DispatchEffect` fields (the
    validator lets each primitive appear once, and only at a timing whose class has its fields); ``op_index``
    numbers the operation kinds a condition names."""
    out: dict[str, Any] = {}
    for e in effects:
        if getattr(e, "section", "card") == "chosen":
            out.update(section_range=e.range, hint=HINTS[e.HINT])
        if e.type == "propulsion":
            out.update(propulsion=e.amount, propulsion_min_load=e.min_load, propulsion_max_load=e.max_load,
                       propulsion_at=PLACES[e.at] | HEADINGS[e.heading], propulsion_who=_standing(e, op_index))
        elif e.type == "wait_gain":
            out.update(wait_gain=e.amount, wait_min_load=e.min_load, wait_max_load=e.max_load,
                       wait_at=PLACES[e.at] | HEADINGS[e.heading], wait_who=_standing(e, op_index))
            if e.train == "chosen":
                out.update(wait_range=e.range, hint=HINTS[e.HINT])
        elif e.type == "section_closed":
            out["section_closed"] = True   # only a dispatch card's: an event's is its card's (compile_rules)
        elif e.type == "platform_extra":
            out["festival_amount"] = e.amount
        elif e.type in ("clock_hold", "order_reversed", "ignore_blocking", "ignore_closure", "no_stop", "force_stop"):
            out[e.type] = True
        elif e.type == "swap_adjacent":
            out["swap"] = True
        elif e.type == "group_booking":
            out.update(draw=e.draw, keep=e.keep)
        elif e.type == "move_tickets":
            out["move_count"] = e.count
        elif e.type in ("boarding_limit", "capacity", "platform_size", "delivery_bonus"):
            out[e.type] = e.amount
        elif e.type not in BUILT_IN:
            out["units"] = (*out.get("units", ()), e)
    return out


def _dispatch_effect(kind: Any, holds: list[DispatchEffect], op_index: dict[str, int]) -> DispatchEffect:
    """One dispatch kind flattened, with what its player names when playing it (a train, a pile)."""
    fields = _flatten(kind.effects, op_index)
    chooses = next((u.CHOOSES for u in fields.get("units", ()) if u.CHOOSES), "")
    return DispatchEffect(window=DISPATCH_TIMINGS.index(kind.timing), lasting=_held(kind.effects, holds, op_index),
                          pick_train=bool(fields.get("swap")) or fields.get("wait_range", 0) > 0 or chooses == "train",
                          pick_section=fields.get("section_range", 0) > 0,
                          pick_pile=fields.get("draw", 0) > 0 or fields.get("festival_amount", 0) > 0
                          or chooses == "pile", unit_chooses=chooses, **fields)


def _lasts_code(lasts: Any) -> int:
    """A `lasts` of the content as the engine counts it: UNTIL_STOP, WHOLE_GAME or a number of rounds."""
    return UNTIL_STOP if lasts == "until_stop" else WHOLE_GAME if lasts == "game" else int(lasts)


def _held(effects: Any, holds: list[DispatchEffect], op_index: dict[str, int]) -> tuple[tuple[int, int], ...]:
    """The effects among ``effects`` that outlast their round, one hold per `lasts` (added to ``holds``), each as
    (its code, its index)."""
    out: list[tuple[int, int]] = []
    for lasts in dict.fromkeys(getattr(e, "lasts", "round") for e in effects):
        if lasts in ("round", 1):
            continue
        holds.append(DispatchEffect(window=WITH_REVEAL, **_flatten([e for e in effects
                                                                    if getattr(e, "lasts", "round") == lasts],
                                                                   op_index)))
        out.append((_lasts_code(lasts), len(holds) - 1))
    return tuple(out)


def _held_extremes(holds: tuple[DispatchEffect, ...], counts: list[int], field: str) -> tuple[int, int]:
    """The most a train can carry of ``field`` from holds, downwards and upwards: each hold ``counts`` times at
    most (a dispatch card is spent once; an event's hold comes once per round it is played)."""
    low = high = 0
    for hold, count in zip(holds, counts):
        amount = getattr(hold, field)
        low, high = low + min(0, amount) * count, high + max(0, amount) * count
    return low, high


def compile_rules(model: Content) -> Rules:
    """Flatten the content into :class:`Rules` (done once per content, not per game)."""
    content: Any = model    # pydantic models: mypyc treats them as plain Python objects
    g, m = content.game, content.map
    first, last = m.cells.min, m.cells.max
    station_index = {st.id: i for i, st in enumerate(m.stations)}
    station_of_cell = [-1] * (last + 1)
    for i, st in enumerate(m.stations):
        station_of_cell[st.cell] = i
    section_ids = [""] * (last + 1)
    for sec in m.sections:
        section_ids[sec.cell] = sec.id
    terminal_cells = {content.stations[t].cell for t in m.terminals}
    siding_of_cell = [-1] * (last + 1)
    for i, sd in enumerate(m.sidings):
        siding_of_cell[sd.cell] = i

    ops = content.operations.kinds
    op_index = {k.id: i for i, k in enumerate(ops)}
    deck = tuple(i for i, k in enumerate(ops) for _ in range(k.copies))

    tickets = content.tickets
    ticket_index = {t.id: i for i, t in enumerate(tickets)}
    card_kind: list[int] = []
    piles: list[list[int]] = [[] for _ in m.stations]
    for t in tickets:
        for _ in range(t.copies):
            piles[station_index[t.origin]].append(len(card_kind))
            card_kind.append(ticket_index[t.id])
    divisor = g.scoring.late_fare_divisor

    ev_kinds = content.events.kinds
    ev_index = {k.id: i for i, k in enumerate(ev_kinds)}
    track: dict[int, EventEffect] = {}
    holds: list[DispatchEffect] = []
    hold_counts: list[int] = []
    rounds, _ = content.lasting   # each round's card, with its own values and the effects lasting into it
    for rnd, played in sorted(rounds.items()):
        card = played.card
        fields = _flatten([e for e in played.effects if e.type != "section_closed"], op_index)
        types = {e.type for e in played.effects}
        festival = station_index[card.station] if "platform_extra" in types and card.station else -1
        aimed = content.sections[card.section].cell if card is not None and card.section else -1
        for e in (content.card_effects(card) if aimed >= 0 else []):   # a section the card names: trains in it
            if e.type in ("propulsion", "wait_gain"):
                fields[f"{'propulsion' if e.type == 'propulsion' else 'wait'}_cell"] = aimed
        closed = content.sections[card.section].cell if "section_closed" in types and card.section else -1
        own = {e.type for e in content.card_effects(card)} if card is not None else set()
        limited = station_index[card.station] if "boarding_limit" in own and card.station else -1
        # the other durations of an event card are in its rounds already (content.lasting)
        held = dict(_held([e for e in content.card_effects(card) if getattr(e, "lasts", "") == "until_stop"],
                          holds, op_index)) if card is not None else {}
        # an event card's hold may come every round past the track too (ruling R4's repeat): once per round
        hold_counts += [1 + (len(rounds) if rnd == content.regular_rounds else 0)] * (len(holds) - len(hold_counts))
        named = -1   # a registered primitive's TARGET: the station or section the round's own card names
        if card is not None and any(type(e).TARGET for e in fields.get("units", ())):
            named = station_index[card.station] if card.station else content.sections[card.section].cell
        track[rnd] = EventEffect(kind=ev_index[played.kind], festival_station=festival, closed_cell=closed,
                                 limit_station=limited, held=held.get(UNTIL_STOP, -1), unit_target=named, **fields)

    dk = content.dispatch.kinds
    dispatch = tuple(_dispatch_effect(k, holds, op_index) for k in dk)
    hold_counts += [0] * (len(holds) - len(hold_counts))
    for k, fx in zip(dk, dispatch):
        for _, index in fx.lasting:
            hold_counts[index] += k.copies
    hold_card = [-1] * len(holds)
    for k, fx in enumerate(dispatch):
        for _, index in fx.lasting:
            hold_card[index] = k
    held_r = _held_extremes(tuple(holds), hold_counts, "propulsion")
    held_cap = _held_extremes(tuple(holds), hold_counts, "capacity")
    origin_cells = [content.stations[t.origin].cell for t in tickets]
    is_terminal = tuple(c in terminal_cells for c in range(last + 1))
    best_value = max(max([k.value] + [case.value for case in k.value_when]) for k in ops)
    event_mods = [0] + [ev.propulsion for ev in track.values()]
    dispatch_mods = [0] + [fx.propulsion for fx in dispatch]
    least = min(event_mods) + min(dispatch_mods) + held_r[0]
    most = max(event_mods) + max(dispatch_mods) + held_r[1]
    # the largest R any train can be given: the best card, the best event, then the best dispatch card (R18 order),
    # and every R change a train can carry (holds)
    longest = content.propulsion(best_value, 0, max(event_mods)) + max(dispatch_mods) + held_r[1]
    op_capacity = tuple(sum(e.amount for e in k.effects if e.type == "capacity") for k in ops)
    # the largest cap a train can have: the largest event, operation card and dispatch card capacity together
    max_cap = g.composition_cap + sum(max([0, *amounts]) for amounts in (
        [ev.capacity for ev in track.values()], op_capacity, [fx.capacity for fx in dispatch])) + held_cap[1]
    dest_cells = [content.stations[t.destination].cell for t in tickets]
    op_units = tuple(tuple(e for e in k.effects if e.type not in BUILT_IN) for k in ops)

    return Rules(
        variant=content.variant.id if content.variant else None,
        first_cell=first, last_cell=last,
        station_of_cell=tuple(station_of_cell),
        station_ids=tuple(st.id for st in m.stations),
        station_cells=tuple(st.cell for st in m.stations),
        section_ids=tuple(section_ids),
        is_terminal=is_terminal,
        double_track=m.double_track,
        line_capacity=m.section_capacity_per_line,
        siding_of_cell=tuple(siding_of_cell),
        siding_ids=tuple(sd.id for sd in m.sidings),
        siding_capacity=tuple(sd.capacity for sd in m.sidings),
        siding_wait_gain=tuple(sd.wait_gain for sd in m.sidings),
        op_ids=tuple(k.id for k in ops),
        op_values=tuple(k.value for k in ops),
        op_cases=tuple(tuple((case.min_load, case.max_load, case.min_clock, case.max_clock, case.value)
                             for case in k.value_when) for k in ops),
        op_no_stop=tuple(any(e.type == "no_stop" for e in k.effects) for k in ops),
        op_force_stop=tuple(any(e.type == "force_stop" for e in k.effects) for k in ops),
        op_ignore_limit=tuple(any(e.type == "ignore_boarding_limit" for e in k.effects) for k in ops),
        op_capacity=op_capacity,
        op_wait_gain=tuple(sum(e.amount for e in k.effects if e.type == "wait_gain") for k in ops),
        op_units=op_units,
        deck=deck,
        best_op_value=best_value,
        ticket_ids=tuple(t.id for t in tickets),
        ticket_origin=tuple(station_index[t.origin] for t in tickets),
        ticket_dest=tuple(station_index[t.destination] for t in tickets),
        ticket_dest_cell=tuple(dest_cells),
        ticket_dir=tuple(RIGHT if d > o else LEFT for o, d in zip(origin_cells, dest_cells)),
        ticket_span=tuple(t.span for t in tickets),
        ticket_fare=tuple(t.fare for t in tickets),
        ticket_late_fare=tuple(t.fare // divisor for t in tickets),
        ticket_slack=tuple(NEVER_LATE if t.slack is None else t.slack for t in tickets),
        ticket_fare_cases=tuple(tuple((c.min_clock, c.max_clock, c.fare) for c in t.kind.fare_when) for t in tickets),
        ticket_seats=tuple(t.seats for t in tickets),
        ticket_freight=tuple(t.freight for t in tickets),
        card_kind=tuple(card_kind),
        piles=tuple(tuple(p) for p in piles),
        event_ids=tuple(k.id for k in ev_kinds),
        track=track,
        track_rounds=max(track) if track else 0,
        regular_rounds=content.regular_rounds,
        track_hidden=content.events.hidden,
        best_propulsion_after=tuple(max([0] + [ev.propulsion for r, ev in track.items() if r > rnd])
                                    for rnd in range(max(track, default=0) + 1)),
        dispatch_ids=tuple(k.id for k in dk),
        dispatch_deck=tuple(i for i, k in enumerate(dk) for _ in range(k.copies)),
        dispatch=dispatch,
        holds=tuple(holds),
        hold_card=tuple(hold_card),
        units=any(op_units) or any(ev.units for ev in track.values()) or any(fx.units for fx in dispatch),
        stop_rules=any(ev.no_stop or ev.force_stop for ev in track.values())
        or any(fx.no_stop or fx.force_stop for fx in dispatch) or any(e.type == "force_stop" for k in ops for e in k.effects),
        clock_start=g.clock.start,
        clock_end=g.clock.end,
        cap=g.composition_cap,
        max_cap=max_cap,
        penalty_of=tuple(content.penalty(places) for places in range(max_cap + 1)),
        propulsion_floor=g.propulsion.floor,
        blocked_wait_gain=g.blocked_wait_gain,
        wait_start=g.setup.wait_start,
        wait_max=g.wait_track.max,
        platform_size=g.setup.platform_size,
        dispatch_per_player=g.setup.dispatch_per_player,
        trains_per_player=g.setup.trains_per_player,
        seats=tuple((s.cell, _direction(s.direction)) for s in g.setup.seats),
        late_fare_divisor=divisor,
        no_delay_bonus=g.scoring.no_delay_bonus,
        worst_delay_penalty=g.scoring.worst_delay_penalty,
        tiebreaks=tuple(g.scoring.tiebreaks),
        awards=tuple((a.most == "on_time", a.points) for a in g.scoring.awards),
        players_min=g.players.min,
        players_max=g.players.max,
        longest_run=longest,
        propulsion_of=tuple(tuple(tuple(content.propulsion(value, places, modifier)
                                        for modifier in range(least, most + 1))
                                  for value in range(best_value + 1))
                            for places in range(max_cap + 1)),
        least_modifier=least,
        runs_ending=free_runs(first, last, is_terminal, longest, True),
        runs_through=free_runs(first, last, is_terminal, longest, False),
    )
