"""The lookahead bot: chooses each boarding by rolling its own train forward under sampled card orders.

What it may know (its :class:`PlayerView`, nothing more): its position,
direction and tickets aboard; which operation cards are left in its deck but
not their order; the public event track (only up to this round when the track
is hidden, variant 9.2); the platforms, which everyone sees.

How it decides. At a stop it lists every set of the (at most four) best-paying
eligible tickets that fits the room and the crowded-train limit, and scores
each by the same sampled futures (common random numbers): its own remaining
cards in a random order, then reshuffled full sets. In each future its train
runs these cards for up to twelve rounds with the known events (propulsion
changes, closed sections, clock holds), stops only where a move ends on a
station, delivers what is due there (a late delivery is charged half the
worst-delay penalty on top of its halved fare), and later boards what the
platforms show now, up to the balanced archetype's load. Load matters twice:
it slows the train, and its penalty decides whether each card's R ends on a
station (stations and sections alternate) -- knowing which cards are left is
what makes that predictable. Other trains (blocking) and other players'
boarding are not modelled: their decks are hidden, and leaving them out keeps
a game near 20 ms.

Measured (tests/engine/bench_lookahead.py, 1,000 games, rules as written):
30% of wins against three balanced bots (fair share 25%; balanced itself 25%),
43% against the four-archetype mix (balanced in its place: 35%).
"""

from __future__ import annotations

from typing import Optional

from cardgen.engine.bots.archetypes import Bot, archetype_targets
from cardgen.engine.bots.rollout import best_play
from cardgen.engine.rules.compiled import EventEffect, Rules, clock_after, propulsion_change
from cardgen.engine.rules.core import shuffle
from cardgen.engine.rules.runs import Runs, run_index
from cardgen.engine.rules.view import PlayerView

#: a ticket as a rollout carries it: (kind, clock at boarding, places)
Ticket = tuple[int, int, int]

#: sampled futures per decision and rounds each is rolled forward (1,500-game trials vs 3 balanced:
#: 12 futures won 28.5%, 24 won 29.1%, 40 won 30.5% at 31 ms a game; 32 keeps a game near 20 ms)
SAMPLES = 32
HORIZON = 12
#: at most this many eligible tickets (the best fares) are combined into choices
MAX_CHOICE = 4
#: share of its late fare credited for a ticket still aboard when a rollout stops before the game does
RESIDUAL = 1.0


class Lookahead(Bot):
    """Boarding by Monte Carlo rollouts of its own train; Signal Priority at the first chance."""

    def __init__(self, rules: Rules, seed: int = 0) -> None:
        super().__init__(rules, seed)
        self.name = "lookahead"
        #: the load it keeps when boarding later in a rollout: the balanced archetype's (best N x R)
        self.target: int = archetype_targets(rules)["balanced"]
        # a late delivery adds to L, which risks the worst-delay penalty (charged at half: it falls on one
        # player in several); the no-delay bonus is seldom kept for a whole game anyway. Trials of 1,500
        # games vs 3 balanced: charging the bonus too (4.5) won 31.5%, half the penalty (1.5) 33.5%.
        self.late_cost: float = -rules.worst_delay_penalty / 2
        self.residual: float = RESIDUAL

    def wants_signal(self, view: PlayerView, t: int) -> bool:
        """Play Signal Priority at once: holding it for a heavy load gains nothing (800-game trials)."""
        return True

    def unit_play(self, view: PlayerView, t: int, k: int) -> Optional[int]:
        """A card with registered primitives is valued by rollouts of the whole game, played and kept
        (cardgen/engine/bots/rollout.py): no hint of its primitives is needed."""
        fx = self.rules.dispatch[k]
        choices = view.card_choices(t, k) if fx.unit_chooses else []
        if fx.unit_chooses and not choices:
            return None
        return best_play(view, t, k, choices, self.rng)

    def board(self, view: PlayerView, t: int, eligible: list[int], room: int, limit: int) -> list[int]:
        choices = self._choices(eligible, room, limit)
        if len(choices) == 1:
            return choices[0]
        futures = self._futures(view, t)
        if not futures:
            return []                          # the game ends with this round: nothing boarded scores
        base = self._setting(view, t)
        best: list[int] = []
        best_value: Optional[float] = None
        for picks in choices:
            value = 0.0
            for cards in futures:
                value += self._rollout(base, picks, cards)
            if best_value is None or value > best_value:
                best, best_value = picks, value
        return best

    def _choices(self, eligible: list[int], room: int, limit: int) -> list[list[int]]:
        """Every set of the best-paying eligible tickets that fits (best fares first, at most MAX_CHOICE)."""
        rules = self.rules
        fare, seats, kind_of = rules.ticket_fare, rules.ticket_seats, rules.card_kind
        top = sorted(eligible, key=lambda c: fare[kind_of[c]], reverse=True)[:MAX_CHOICE]
        out = []
        for mask in range(1 << len(top)):
            picks = [c for i, c in enumerate(top) if mask >> i & 1]
            if sum(seats[kind_of[c]] for c in picks) <= room and (not limit or len(picks) <= limit):
                out.append(picks)
        return out

    # -- the model
    def _futures(self, view: PlayerView, t: int) -> list[list[int]]:
        """Sampled card sequences for the coming rounds: the cards left in random order, then full sets."""
        rules = self.rules
        if clock_after(view.clock, view.event(view.round)) >= rules.clock_end:
            return []
        left = [k for k, count in enumerate(view.deck_left(t)) for _ in range(count)]
        rng = self.rng
        out = []
        for _ in range(SAMPLES):
            seq = list(left)
            shuffle(rng, seq)
            while len(seq) < HORIZON:
                full = list(rules.deck)
                shuffle(rng, full)
                seq.extend(full)
            out.append(seq[:HORIZON])
        return out

    def _setting(self, view: PlayerView, t: int) -> "Setting":
        """Everything a rollout starts from, computed once per decision."""
        rules = self.rules
        kind_of = rules.card_kind
        clock = clock_after(view.clock, view.event(view.round))
        aboard: dict[int, list[Ticket]] = {}
        for card, boarded in view.aboard(t):
            k = kind_of[card]
            aboard.setdefault(rules.ticket_dest_cell[k], []).append((k, boarded, rules.ticket_seats[k]))
        events: list[Optional[EventEffect]] = [view.event(view.round + i) for i in range(1, HORIZON + 1)]
        # what each platform shows now, best fare first, split by the direction the tickets head
        shown: list[tuple[list[int], list[int]]] = []
        for plat in view.platforms:
            left: list[int] = []
            right: list[int] = []
            for card in sorted(plat, key=lambda c: -rules.ticket_fare[kind_of[c]]):
                k = kind_of[card]
                (right if rules.ticket_dir[k] > 0 else left).append(k)
            shown.append((left, right))
        return Setting(view.cell[t], view.dir[t], view.places[t], view.clock, clock, aboard, events,
                       [e.closed_cell if e is not None else -1 for e in events],
                       [clock_after(0, e) for e in events], shown, rules.runs(view.options.terminal_ends_move))

    def _rollout(self, base: "Setting", picks: list[int], cards: list[int]) -> float:
        """Points one choice earns over one sampled future (own train only; see module docstring)."""
        rules = self.rules
        c, d, places, clock = base.cell, base.direction, base.places, base.clock
        kind_of, dest_cell, seats = rules.card_kind, rules.ticket_dest_cell, rules.ticket_seats
        load = {dest: tickets[:] for dest, tickets in base.aboard.items()}
        for card in picks:
            k = kind_of[card]
            load.setdefault(dest_cell[k], []).append((k, base.now, seats[k]))
            places += seats[k]
        station_of_cell = rules.station_of_cell
        clock_end, runs = rules.clock_end, base.runs
        late_cost, target = self.late_cost, self.target
        value = 0.0
        for i, k in enumerate(cards):
            if clock >= clock_end:
                return value
            r = rules.propulsion(rules.op_value(k, places, clock), places, propulsion_change(base.events[i], places))
            if r:
                closed = base.closures[i]
                for nxt, nd in runs[run_index(c, d)][r]:
                    if nxt == closed:
                        break
                    c, d = nxt, nd
            if rules.stops(c, k):
                s = station_of_cell[c]
                due = load.pop(c, None)
                if due:
                    for kind, boarded, need in due:
                        on_time = rules.on_time(kind, boarded, clock)
                        value += rules.points(kind, on_time, clock) - (0 if on_time else late_cost)
                        places -= need
                if places < target:
                    for kind in base.shown[s][1 if d > 0 else 0]:
                        need = seats[kind]
                        if places + need <= target:
                            load.setdefault(dest_cell[kind], []).append((kind, clock, need))
                            places += need
            clock += base.hours[i]
        # rolled out of the horizon with the game still on: tickets aboard will mostly still arrive
        if clock >= clock_end:
            return value
        return value + self.residual * sum(rules.points(ticket[0], False)
                                           for tickets in load.values() for ticket in tickets)


class Setting:
    """Where a rollout starts: the train, the tickets aboard by destination cell, the known events."""

    def __init__(self, cell: int, direction: int, places: int, now: int, clock: int,
                 aboard: dict[int, list[Ticket]], events: list[Optional[EventEffect]], closures: list[int],
                 hours: list[int], shown: list[tuple[list[int], list[int]]], runs: Runs) -> None:
        self.cell, self.direction, self.places, self.now, self.clock = cell, direction, places, now, clock
        self.aboard, self.events, self.closures, self.shown, self.runs = aboard, events, closures, shown, runs
        self.hours = hours  # how far each known round moves the clock on (clock_after: 0 in a hold)
