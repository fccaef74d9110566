"""The validated game: every file's model plus the facts derived from them.

:class:`Content` is what the engine and the renderer consume. Derived facts
(a ticket's span, fare and slack; the origin piles; the cliff table) are
computed here from the one place each number is written, never copied.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from cardgen.model.deck_cards import card_kinds
from cardgen.model import schema as s
from cardgen.model.durations import Round, lasting_track
from cardgen.model.phrases import card_text
from cardgen.model.values import card_effects, case_value


@dataclass(frozen=True)
class Ticket:
    """One ticket kind with its derived span, fare and slack."""

    kind: s.TicketKind
    span: int
    fare: int
    slack: int | None  # None: never late (freight)
    seats: int
    freight: bool

    @property
    def id(self) -> str:
        return self.kind.id

    @property
    def origin(self) -> str:
        return self.kind.origin

    @property
    def destination(self) -> str:
        return self.kind.destination

    @property
    def copies(self) -> int:
        return self.kind.copies


def ticket_terms(kind: s.TicketKind, row: s.Span) -> tuple[int, int | None]:
    """Rules 5.2: a ticket kind's fare F and slack U (None: never late). The span table's row gives them; a kind
    that states its own ``fare`` or ``slack`` overrides the row (issue 23), a stated slack even on a freight row.

    >>> row = s.Span(fare=14, slack=7)
    >>> ticket_terms(s.TicketKind(id="S1-S6", origin="S1", destination="S6", copies=1), row)
    (14, 7)
    >>> ticket_terms(s.TicketKind(id="S1-S6.x", origin="S1", destination="S6", copies=1, fare=20), row)
    (20, 7)
    """
    fare = row.fare if kind.fare is None else kind.fare
    if kind.slack is not None:
        return fare, kind.slack
    return fare, None if row.freight else row.slack


#: File stem -> the :class:`Content` attribute holding that file's model.
FILE_ATTR = {"game": "game", "map": "map", "fares": "fares", "tickets": "tickets_file", "operations": "operations",
             "dispatch": "dispatch", "events": "events", "printing": "printing", "variants": "variants",
             "strings": "strings"}


def next_clock(clock: int, held: bool) -> int:
    """Rules 6.2 phase 5: the clock moves one hour on after each round, unless the round's event holds it.

    >>> next_clock(9, False), next_clock(9, True)
    (10, 9)
    """
    return clock if held else clock + 1


@dataclass(frozen=True)
class Content:
    """A whole validated content folder (optionally with a variant applied)."""

    folder: Path
    game: s.GameFile
    map: s.MapFile
    fares: s.FaresFile
    tickets_file: s.TicketsFile
    operations: s.OperationsFile
    dispatch: s.DispatchFile
    events: s.EventsFile
    printing: s.PrintingFile
    variants: s.VariantsFile
    strings: s.StringsFile
    variant: s.Variant | None = None
    raw: dict = field(default_factory=dict, repr=False, compare=False)

    @cached_property
    def pack(self):
        """The pack this content is (cardgen.model.pack.PackInfo), or None for a plain content folder."""
        from cardgen.model.pack import pack_info
        return pack_info(self.folder)

    # ------------------------------------------------------------ what is in play
    def out_of_play(self, card) -> bool:
        """True for a dispatch kind, event kind or track card of an optional module that is not enabled (a track
        card also when its kind is). The one place that decides (docs/rulings.md, R23)."""
        module = getattr(card, "module", None)
        if module is not None and not self._enabled(module):
            return True
        kind = self.event_kinds.get(card.kind) if isinstance(card, s.EventCard) else None
        return kind is not None and self.out_of_play(kind)

    def _enabled(self, module: str) -> bool:
        found = self.game.modules.get(module)
        return found is not None and found.enabled

    def expects_effect(self, card) -> bool:
        """Whether the rules expect ``card`` (a kind, or a track card) to take effect in some game: in play and
        not a spare (a track card: neither it nor its kind)."""
        if self.out_of_play(card) or card.spare:
            return False
        kind = self.event_kinds.get(card.kind) if isinstance(card, s.EventCard) else None
        return kind is None or not kind.spare

    @cached_property
    def in_play(self) -> "Content":
        """This content without what is out of play (:meth:`out_of_play`): what the engine plays. A round whose
        card is out of play has no event. Itself when every card is in play."""
        dispatch = [k for k in self.dispatch.kinds if not self.out_of_play(k)]
        kinds = [k for k in self.events.kinds if not self.out_of_play(k)]
        track = {r: card for r, card in self.events.track.items() if not self.out_of_play(card)}
        if len(dispatch) == len(self.dispatch.kinds) and len(kinds) == len(self.events.kinds) \
                and len(track) == len(self.events.track):
            return self
        return replace(self, dispatch=self.dispatch.model_copy(update={"kinds": dispatch}),
                       events=self.events.model_copy(update={"kinds": kinds, "track": track}))

    # ------------------------------------------------------------ map facts
    @cached_property
    def stations(self) -> dict[str, s.Station]:
        return {st.id: st for st in self.map.stations}

    @cached_property
    def sections(self) -> dict[str, s.Section]:
        return {sec.id: sec for sec in self.map.sections}

    @cached_property
    def station_at_cell(self) -> dict[int, s.Station]:
        return {st.cell: st for st in self.map.stations}

    @cached_property
    def section_at_cell(self) -> dict[int, s.Section]:
        return {sec.cell: sec for sec in self.map.sections}

    def span(self, origin: str, destination: str) -> int:
        """Sections crossed between two stations.

        >>> from cardgen.model import load
        >>> load().span("S2", "S5")
        3
        """
        a, b = self.stations[origin].cell, self.stations[destination].cell
        lo, hi = min(a, b), max(a, b)
        return sum(1 for sec in self.map.sections if lo < sec.cell < hi)

    # ------------------------------------------------------------ tickets
    @cached_property
    def tickets(self) -> list[Ticket]:
        out = []
        for kind in self.tickets_file.kinds:
            k = self.span(kind.origin, kind.destination)
            row = self.fares.spans[k]
            out.append(Ticket(kind, k, *ticket_terms(kind, row), row.seats, row.freight))
        return out

    @cached_property
    def ticket_by_id(self) -> dict[str, Ticket]:
        return {t.id: t for t in self.tickets}

    @cached_property
    def piles(self) -> dict[str, list[Ticket]]:
        """Ticket kinds by origin pile, in station order."""
        out: dict[str, list[Ticket]] = {st.id: [] for st in self.map.stations}
        for t in self.tickets:
            out.setdefault(t.origin, []).append(t)
        return out

    def pile_size(self, origin: str) -> int:
        # From the kinds, not the derived tickets: checks count piles before fares are known to be complete.
        return sum(k.copies for k in self.tickets_file.kinds if k.origin == origin)

    @property
    def ticket_count(self) -> int:
        return sum(k.copies for k in self.tickets_file.kinds)

    # ------------------------------------------------------------ decks
    @property
    def operation_set_size(self) -> int:
        return sum(k.copies for k in self.operations.kinds)

    @property
    def operation_set_propulsion(self) -> int:
        return sum(card.value * card.copies for k in self.operations.kinds for card in card_kinds(k))

    @property
    def operation_mean(self) -> float:
        return self.operation_set_propulsion / self.operation_set_size

    @property
    def dispatch_count(self) -> int:
        return sum(k.copies for k in self.dispatch.kinds)

    @cached_property
    def event_kinds(self) -> dict[str, s.EventKind]:
        return {k.id: k for k in self.events.kinds}

    @cached_property
    def event_track(self) -> list[tuple[int, s.EventCard]]:
        return sorted(self.events.track.items())

    def card_effects(self, card: s.EventCard) -> list:
        """The effects a card on the track plays: its kind's, with the card's own ``values`` in their place
        (a value with a problem is the validator's to report and leaves the kind's)."""
        kind = self.event_kinds[card.kind]
        if not card.values:
            return list(kind.effects)
        return card_effects(kind.effects, card.values)[0]

    @cached_property
    def lasting(self) -> tuple[dict[int, Round], list[tuple[int, str]]]:
        """Each round's effects with the lasting effects of earlier cards (:mod:`cardgen.model.durations`), up
        to the later of the track's last round and the clock's, and what cannot be combined. Cards of an unknown
        kind are the validator's to report and play nothing here."""
        track = [(r, card) for r, card in self.event_track if card.kind in self.event_kinds]
        return lasting_track(track, self.card_effects, max(self.track_rounds(), self.regular_rounds))

    def kind_holds_clock(self, kind_id: str) -> bool:
        """True when events of ``kind_id`` hold the clock (🕐, rules 5.4 and 6.2 phase 5); unknown kinds do not."""
        kind = self.event_kinds.get(kind_id)  # an unknown kind is the validator's to report
        return kind is not None and any(e.type == "clock_hold" for e in kind.effects)

    def holds_clock(self, round_no: int) -> bool:
        """True when the event card of ``round_no`` holds the clock."""
        card = self.events.track.get(round_no)
        return card is not None and self.kind_holds_clock(card.kind)

    def round_schedule(self) -> list[tuple[int, int, bool]]:
        """Every round a game lasts: (round, clock after its phase 5, whether its event holds the clock).

        The clock starts at ``clock.start`` and the game ends when it reaches
        ``clock.end``; each hold adds a round (appendix B identity A: 22 rounds
        for 20 hours and two holds), so rounds past the event track exist.
        """
        clock = self.game.clock.start
        rounds: list[tuple[int, int, bool]] = []
        while clock < self.game.clock.end:
            round_no = len(rounds) + 1
            hold = self.holds_clock(round_no)
            clock = next_clock(clock, hold)
            rounds.append((round_no, clock, hold))
        return rounds

    @property
    def regular_rounds(self) -> int:
        """Rounds the clock lasts without a hold (``clock.end`` − ``clock.start``), one event card each (5.4)."""
        return self.game.clock.end - self.game.clock.start

    def total_rounds(self) -> int:
        return len(self.round_schedule())

    def track_rounds(self) -> int:
        """The last round that has an event card."""
        return max(self.events.track, default=0)

    def late_rounds_key(self) -> str:
        """The ``strings.yaml`` rule naming the rounds past the event track: ``late_rounds`` when the clock
        holds made them all (rules 5.4: 22 rounds for 20 hours), else ``rounds_without_event`` (a variant with
        a shorter track, 9.1: only its last round comes from a hold)."""
        return "late_rounds" if self.track_rounds() >= self.regular_rounds else "rounds_without_event"

    def event_text(self, card: s.EventCard, lang: str) -> str:
        """The card text with its target and numbers filled in: the kind's own or the one its effects generate
        (see :mod:`cardgen.model.phrases`)."""
        return card_text(self, self.event_kinds[card.kind], lang, card)

    # ------------------------------------------------------------ formulas
    def operation_value(self, kind: s.OperationKind, load: int, clock: int) -> int:
        """Propulsion C of an operation card played by a train carrying ``load`` places at ``clock``: the first
        of its ``value_when`` cases the train meets, else its ``value``."""
        return case_value(kind.value_when, kind.value, load, clock)

    def penalty(self, composition: int) -> int:
        return composition // self.game.propulsion.penalty_divisor

    def propulsion(self, value: int, composition: int, modifier: int = 0) -> int:
        """R = max(floor, C - floor(N / divisor) + modifier).

        >>> from cardgen.model import load
        >>> c = load(); c.propulsion(3, 7, -1)
        0
        """
        return max(self.game.propulsion.floor, value - self.penalty(composition) + modifier)

    def cliff_table(self) -> list[dict]:
        """Rules 6.5, computed: per composition, the penalty and R of each operation kind."""
        rows = []
        for n in range(self.game.composition_cap + 1):
            rows.append({
                "composition": n,
                "penalty": self.penalty(n),
                "r": {k.id: self.propulsion(k.value, n) for k in self.operations.kinds},
            })
        return rows

    def fare_table(self) -> list[dict]:
        """Rules 5.2, computed: fare, slack, cells occupied and fare per cell by span."""
        first = self.map.stations[0].cell
        rows = []
        for k, row in sorted(self.fares.spans.items()):
            cells = self.map.stations[k].cell - first  # cells a train covers to cross k sections
            rows.append({"span": k, "fare": row.fare, "slack": row.slack, "cells": cells,
                         "efficiency": row.fare / cells, "freight": row.freight, "seats": row.seats})
        return rows

