"""The game state and every rule of a round, written once.

Two drivers share these rule methods: the checked path for people and
scripts (:class:`cardgen.engine.rules.checked.CheckedDriver`, whose
``legal_actions`` / ``apply`` stop at every real decision and validate the
answer), and the fast path for bots (:func:`cardgen.engine.play.games.run_fast`,
which calls the same methods in a tight loop without building action lists). State is plain lists of ints so
a round costs microseconds, and it serialises to JSON-ready dicts.
"""

from __future__ import annotations

import functools
import random
from typing import Callable

from cardgen.engine.rules.actions import IllegalAction, SetupRefused
from cardgen.engine.rules.checked import OPERATION, OVER, CheckedDriver
from cardgen.engine.rules.options import Options
from cardgen.engine.rules.compiled import EventEffect, Rules

# Why a train moved fewer cells than its R.
SHORT_NONE, SHORT_TRAIN, SHORT_CLOSED, SHORT_TERMINAL, SHORT_CHOICE = 0, 1, 2, 3, 4


def shuffle(rng: random.Random, items: list) -> None:
    """Shuffle in place by sorting on random keys: one C call per item instead of Python's
    rejection sampling, which dominated set-up time. Deterministic for a seeded ``rng``.

    >>> deck = [1, 2, 3, 4]; shuffle(random.Random(5), deck); sorted(deck) == [1, 2, 3, 4]
    True
    """
    rnd = rng.random
    items.sort(key=lambda _: rnd())   # stable sort on distinct floats: the order sorted((rnd(), x)) gave


def seat_owners(players: int, trains_per_player: int, seating: str) -> list[int]:
    """Owner (player index) of each train, trains numbered by seat (ruling R10).

    >>> seat_owners(2, 2, "snake"), seat_owners(2, 2, "round_robin")
    ([0, 1, 1, 0], [0, 1, 0, 1])
    """
    owners = []
    for s in range(players * trains_per_player):
        lap, pos = divmod(s, players)
        owners.append(players - 1 - pos if seating == "snake" and lap % 2 else pos)
    return owners


@functools.cache
def _seating(players: int, trains_per_player: int, seating: str) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """(owner of each train, trains of each player), computed once per table shape."""
    owner = seat_owners(players, trains_per_player, seating)
    return tuple(owner), tuple(tuple(t for t, p in enumerate(owner) if p == q) for q in range(players))


#: rules as written; Options is frozen, so one instance serves every game
_DEFAULT_OPTIONS = Options()


class GameState(CheckedDriver):
    """One game in progress. Trains are numbered by seat; players own one or more trains."""

    def __init__(self, rules: Rules, players: int, seed: int | None = 0, options: Options | None = None,
                 arrange=None):
        """Set up a game. ``arrange(state)``, if given, runs after the shuffles and the dispatch deal and
        before the platforms are filled: a scripted game reorders piles, hands and draws there."""
        opts = options or _DEFAULT_OPTIONS
        self.rules, self.options = rules, opts
        if not rules.players_min <= players <= rules.players_max:
            raise SetupRefused(f"{players} players; this game takes {rules.players_min}-{rules.players_max}")
        if opts.hand_size > len(rules.deck):
            raise SetupRefused(f"hand_size {opts.hand_size} is larger than the {len(rules.deck)}-card operation set",
                               "hand_size")
        n = players * rules.trains_per_player
        if n > len(rules.seats):
            raise SetupRefused(f"{n} trains need {n} start seats; the content defines {len(rules.seats)}")
        self.rng = random.Random(seed)
        self.players = players
        owner, trains_of = _seating(players, rules.trains_per_player, opts.seating)
        self.owner = list(owner)
        self.trains_of = [list(group) for group in trains_of]
        self.n = n
        self.round = 1
        self.clock = rules.clock_start
        self.cell = [rules.seats[t][0] for t in range(n)]
        self.dir = [rules.seats[t][1] for t in range(n)]
        self.places = [0] * n
        self.aboard: list[list[int]] = [[] for _ in range(n)]
        self.boarded: list[list[int]] = [[] for _ in range(n)]   # clock at boarding, parallel to aboard
        self.wait = [rules.wait_start] * n
        self.deck: list[list[int]] = []
        for _ in range(n):
            d = list(rules.deck)
            shuffle(self.rng, d)
            self.deck.append(d)
        self.discard: list[list[int]] = [[] for _ in range(n)]
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.forced: list[list[int]] = [[] for _ in range(n)]     # scripted draws, consumed front first
        self.score = [0] * players
        self.delivered = [0] * players
        self.late = [0] * players
        self.bonus = [0] * players
        self.penalty = [0] * players
        self.blocked = [0] * n
        self.blocked_by_train = [0] * n
        self.piles: list[list[int]] = []
        for pile in rules.piles:
            p = list(pile)
            shuffle(self.rng, p)
            self.piles.append(p)                                 # top of a pile = end of the list
        self.platforms: list[list[int]] = [[] for _ in rules.station_ids]
        self.discarded: list[int] = []
        self.delivered_cards: list[int] = []
        self.delivery_log: list[list[int]] = []                  # [player, boarded, delivered, points] per card
        dispatch = list(rules.dispatch_deck)
        shuffle(self.rng, dispatch)
        self.dispatch: list[list[int]] = [[] for _ in range(players)]
        for _ in range(rules.dispatch_per_player):
            for p in range(players):
                if dispatch:
                    self.dispatch[p].append(dispatch.pop())
        self.dispatch_deck = dispatch
        self.first_player = 0
        # occupancy of each section line: trains heading right / left per cell
        self.occ_right = [0] * (rules.last_cell + 1)
        self.occ_left = [0] * (rules.last_cell + 1)
        for t in range(n):
            self._occupy(t, 1)
        # statistics
        self.cards_played = [0] * len(rules.op_ids)
        self.dispatch_used = [0] * len(rules.dispatch_ids)
        self.events_effective = [0] * len(rules.event_ids)
        self.pile_empty_round: list[int | None] = [None] * len(rules.station_ids)
        self.stalled_round: int | None = None
        # round temporaries
        self.event: EventEffect | None = None
        self.effective = False
        self.card = [-1] * n
        self.r = [0] * n
        self.moved = [0] * n
        self.signal = [False] * n
        self.order: list[int] = list(range(n))
        # checked driver
        self.phase = OPERATION
        self.cursor = 0
        self.drawn: list[int] = []
        self._stopping = False
        if arrange is not None:
            arrange(self)
        #: called with the state after each round's clock step, before final scoring (replay prints here)
        self.on_round_end: Callable[[GameState], None] | None = None
        for s in range(len(self.platforms)):
            self.refill(s)
        if opts.hand_size > 1:
            for t in range(n):
                for _ in range(opts.hand_size):
                    self.hand[t].append(self._draw(t))
        self.begin_round()

    # ================================================================ rule pieces
    def _occupy(self, t: int, delta: int) -> None:
        c = self.cell[t]
        if self.rules.station_of_cell[c] < 0:
            if self.dir[t] > 0:
                self.occ_right[c] += delta
            else:
                self.occ_left[c] += delta

    def line_full(self, c: int, direction: int) -> bool:
        """True when section cell ``c`` cannot take one more train heading ``direction``."""
        if self.rules.double_track:
            used = self.occ_right[c] if direction > 0 else self.occ_left[c]
        else:
            used = self.occ_right[c] + self.occ_left[c]
        return used >= self.rules.line_capacity

    def _draw(self, t: int) -> int:
        """Take the top card of train ``t``'s deck, reshuffling the discard when it is empty."""
        deck = self.deck[t]
        if not deck:
            deck.extend(self.discard[t])
            self.discard[t].clear()
            shuffle(self.rng, deck)
        forced = self.forced[t]
        if forced:
            k = forced.pop(0)
            if k not in deck:
                left = ", ".join(sorted(self.rules.op_ids[c] for c in deck))
                exc = IllegalAction(f"round {self.round}: train {t + 1} cannot draw "
                                    f"'{self.rules.op_ids[k]}': not left in its deck (left: {left})")
                exc.train = t
                raise exc
            deck.remove(k)
            return k
        return deck.pop()

    def refill(self, s: int) -> None:
        """Top the platform of station ``s`` up to the platform size from its own pile."""
        plat, pile, size = self.platforms[s], self.piles[s], self.rules.platform_size
        while len(plat) < size and pile:
            plat.append(pile.pop())

    def event_for(self, rnd: int) -> EventEffect | None:
        """The event of round ``rnd``. Rounds beyond the clock's length exist only because of clock holds;
        in those, ruling R4 applies: no event, or the card of the last regular round again."""
        rules = self.rules
        regular = rules.clock_end - rules.clock_start
        if rnd <= regular or self.options.late_events == "none":
            return rules.track.get(rnd)
        return rules.track.get(regular)

    def begin_round(self) -> None:
        """Phase 1 (event): global W gain and festival tickets; remember the rest for later phases."""
        ev = self.event = self.event_for(self.round)
        self.effective = False
        if ev is None:
            return
        if ev.clock_hold:
            self.effective = True
        if ev.wait_gain:
            for t in range(self.n):
                if self._gain_wait(t, ev.wait_gain):
                    self.effective = True
        if ev.festival_station >= 0:
            s = ev.festival_station
            pile, plat = self.piles[s], self.platforms[s]
            for _ in range(ev.festival_amount):
                if pile:
                    plat.append(pile.pop())
                    self.effective = True

    def _gain_wait(self, t: int, amount: int) -> bool:
        w = self.wait[t] + amount
        if self.options.cap_wait and w > self.rules.wait_max:
            w = self.rules.wait_max
        changed = w != self.wait[t]
        self.wait[t] = w
        return changed

    def signal_allowed(self, t: int) -> bool:
        return self.rules.dispatch_signal >= 0 and self.rules.dispatch_signal in self.dispatch[self.owner[t]]

    def reveal(self, choices: list[tuple[int, bool]]) -> None:
        """Phase 2 and 3a: play each train's card, apply Signal Priority, compute R and the move order."""
        rules, ev = self.rules, self.event
        mod = ev.propulsion if ev is not None else 0
        divisor, floor = rules.penalty_divisor, rules.propulsion_floor
        values, gains = rules.op_values, rules.op_wait_gain
        use_hand = self.options.hand_size > 1
        decks, forced, discard, played = self.deck, self.forced, self.discard, self.cards_played
        card, rr, places, signal = self.card, self.r, self.places, self.signal
        later_gain, signal_outside = self.options.wait_card_gain == "after_order", self.options.signal_after_floor
        changed = False
        for t in range(self.n):
            slot, use_signal = choices[t]
            if use_hand:
                k = self.hand[t].pop(slot)
            elif decks[t] and not forced[t]:
                k = decks[t].pop()
            else:
                k = self._draw(t)
            card[t] = k
            discard[t].append(k)
            played[k] += 1
            if gains[k] and not later_gain:
                self._gain_wait(t, gains[k])
            base = values[k] - places[t] // divisor
            boost = 0
            if use_signal:
                self.dispatch[self.owner[t]].remove(rules.dispatch_signal)
                self.dispatch_used[rules.dispatch_signal] += 1
                boost = rules.dispatch_signal_amount
            if not signal_outside:   # ruling R18: +2 inside max(floor, ...) by default
                base, boost = base + boost, 0
            signal[t] = use_signal
            r = base + mod
            if r < floor:
                r = floor
            if mod and r != (base if base > floor else floor):
                changed = True
            rr[t] = r + boost
        self.moved = [0] * self.n
        if changed:
            self.effective = True
        self.order = self.move_order()
        if later_gain:   # ruling R17 option: the wait card's W gain orders the next round only
            for t in range(self.n):
                if gains[card[t]]:
                    self._gain_wait(t, gains[card[t]])
        if ev is not None and ev.order_reversed and self.order != self.move_order(reverse=False):
            self.effective = True

    def move_order(self, reverse: bool | None = None) -> list[int]:
        """W descending (ascending on an order-reversed round); ties by first-player marker order."""
        if reverse is None:
            reverse = self.event is not None and self.event.order_reversed
        p, first, owner, wait, n = self.players, self.first_player, self.owner, self.wait, self.n
        sign = 1 if reverse else -1
        # one int key per train: W first, then marker order, then seat (n * p bounds the tie part)
        span = n * p
        keys = sorted([(sign * wait[t] * span + ((owner[t] - first) % p) * n + t, t) for t in range(n)])
        return [t for _, t in keys]

    def move(self, t: int, want: int | None = None) -> int:
        """Phase 3: run train ``t`` cell by cell, up to ``want`` (default R) cells; return cells moved."""
        r = self.r[t]
        if not r and not want:
            self.moved[t] = 0     # nothing to run and nothing missed
            return 0
        rules, opts = self.rules, self.options
        want = r if want is None else want
        closed = self.event.closed_cell if self.event is not None else -1
        station_of_cell, is_terminal = rules.station_of_cell, rules.is_terminal
        c, d = self.cell[t], self.dir[t]
        moved, why = 0, SHORT_NONE
        occ_r, occ_l = self.occ_right, self.occ_left
        if station_of_cell[c] < 0:
            if d > 0:
                occ_r[c] -= 1
            else:
                occ_l[c] -= 1
        double, capacity = rules.double_track, rules.line_capacity
        while moved < want:
            nxt = c + d
            if station_of_cell[nxt] < 0:
                if nxt == closed:
                    why = SHORT_CLOSED
                    break
                if double:
                    used = occ_r[nxt] if d > 0 else occ_l[nxt]
                else:
                    used = occ_r[nxt] + occ_l[nxt]
                if used >= capacity:
                    why = SHORT_TRAIN
                    break
            c = nxt
            moved += 1
            if is_terminal[c]:
                d = -d
                if opts.terminal_ends_move and moved < want:
                    why = SHORT_TERMINAL
                    break
        self.cell[t], self.dir[t] = c, d
        if station_of_cell[c] < 0:
            if d > 0:
                occ_r[c] += 1
            else:
                occ_l[c] += 1
        self.moved[t] = moved
        if moved < r:
            if why == SHORT_NONE:
                why = SHORT_CHOICE
            counts = (why == SHORT_TRAIN or (why == SHORT_CLOSED and opts.closure_short_counts)
                      or (why == SHORT_TERMINAL and opts.terminal_short_counts))
            if counts:
                self._gain_wait(t, rules.blocked_wait_gain)
                self.blocked[t] += 1
                if why == SHORT_TRAIN:
                    self.blocked_by_train[t] += 1
            if why == SHORT_CLOSED:
                self.effective = True
        return moved

    def swap_targets(self, t: int) -> list[int]:
        """Trains on a neighbouring cell that ``t`` may swap with without overfilling a line (ruling R6)."""
        if self.rules.dispatch_swap < 0 or self.rules.dispatch_swap not in self.dispatch[self.owner[t]]:
            return []
        out = []
        c = self.cell[t]
        for u in range(self.n):
            if u != t and abs(self.cell[u] - c) == 1 and self._swap_fits(t, u):
                out.append(u)
        return out

    def _swap_fits(self, t: int, u: int) -> bool:
        self._occupy(t, -1)
        self._occupy(u, -1)
        ct, cu = self.cell[t], self.cell[u]
        sec = self.rules.station_of_cell
        ok = ((sec[cu] >= 0 or not self.line_full(cu, self.dir[t]))
              and (sec[ct] >= 0 or not self.line_full(ct, self.dir[u])))
        self._occupy(t, 1)
        self._occupy(u, 1)
        return ok

    def swap(self, t: int, u: int) -> None:
        """Passing Swap: exchange cells with ``u``; a train landing on a terminal faces back into the line."""
        rules = self.rules
        self._occupy(t, -1)
        self._occupy(u, -1)
        self.cell[t], self.cell[u] = self.cell[u], self.cell[t]
        for v in (t, u):
            c = self.cell[v]
            if (c == rules.first_cell and self.dir[v] < 0) or (c == rules.last_cell and self.dir[v] > 0):
                self.dir[v] = -self.dir[v]
        self._occupy(t, 1)
        self._occupy(u, 1)
        self.dispatch[self.owner[t]].remove(rules.dispatch_swap)
        self.dispatch_used[rules.dispatch_swap] += 1

    def booking_allowed(self, t: int) -> bool:
        b = self.rules.dispatch_booking
        return b >= 0 and b in self.dispatch[self.owner[t]] and any(self.piles)

    def booking_draw(self, t: int, pile: int) -> list[int]:
        """Group Booking, first half: spend the card and draw from the top of pile ``pile``."""
        rules = self.rules
        self.dispatch[self.owner[t]].remove(rules.dispatch_booking)
        self.dispatch_used[rules.dispatch_booking] += 1
        src = self.piles[pile]
        drawn = []
        for _ in range(rules.booking_draw):
            if src:
                drawn.append(src.pop())
        return drawn

    def booking_keep(self, drawn: list[int], picks: tuple[int, ...], platform: int | None = None) -> None:
        """Group Booking, second half: kept tickets go onto their origin platform (ruling R7), or onto
        ``platform`` under ``booking_platform="any"``; the rest are discarded."""
        rules = self.rules
        anywhere = platform is not None and self.options.booking_platform == "any"
        for i, card in enumerate(drawn):
            if i in picks:
                self.platforms[platform if anywhere else rules.ticket_origin[rules.card_kind[card]]].append(card)
            else:
                self.discarded.append(card)

    def can_stop(self, t: int) -> bool:
        return self.rules.station_of_cell[self.cell[t]] >= 0 and not self.rules.op_no_stop[self.card[t]]

    def alight(self, t: int) -> None:
        """Stop step 1: every ticket for this station leaves the train and scores (on time or late)."""
        rules = self.rules
        c = self.cell[t]
        aboard, boarded = self.aboard[t], self.boarded[t]
        kind_of, dest_cell = rules.card_kind, rules.ticket_dest_cell
        here = [i for i, card in enumerate(aboard) if dest_cell[kind_of[card]] == c]
        p = self.owner[t]
        for i in reversed(here):     # pop from the back so earlier positions stay valid
            card = aboard[i]
            k = kind_of[card]
            if self.clock <= boarded[i] + rules.ticket_slack[k]:
                points = rules.ticket_fare[k]
            else:
                points = rules.ticket_late_fare[k]
                self.late[p] += 1
            self.score[p] += points
            self.delivered[p] += 1
            self.places[t] -= rules.ticket_seats[k]
            self.delivered_cards.append(card)
            self.delivery_log.append([p, boarded[i], self.clock, points])
            aboard.pop(i)
            boarded.pop(i)

    def boarding_limit(self, t: int) -> int:
        """Most tickets this stop may board (0 = no limit)."""
        ev = self.event
        if ev is None or not ev.boarding_limit or self.rules.op_ignore_limit[self.card[t]]:
            return 0
        return ev.boarding_limit

    def eligible(self, t: int) -> list[int]:
        """Platform tickets whose destination lies ahead in the train's current direction."""
        rules = self.rules
        s = rules.station_of_cell[self.cell[t]]
        d = self.dir[t]
        kind_of, tdir = rules.card_kind, rules.ticket_dir
        if self.options.booking_platform == "any":   # R7 option: a ticket may wait away from its origin
            c, dest = self.cell[t], rules.ticket_dest_cell
            return [card for card in self.platforms[s] if (dest[kind_of[card]] - c) * d > 0]
        return [card for card in self.platforms[s] if tdir[kind_of[card]] == d]

    def board(self, t: int, cards) -> None:
        """Stop step 2 (unchecked): move ``cards`` from the platform onto the train."""
        rules = self.rules
        plat = self.platforms[rules.station_of_cell[self.cell[t]]]
        ev = self.event
        limit = self.boarding_limit(t) if ev is not None and ev.boarding_limit else 0
        if limit and not self.effective:
            room = rules.cap - self.places[t]
            fits = sum(1 for c in self.eligible(t) if rules.ticket_seats[rules.card_kind[c]] <= room)
            if fits > limit:
                self.effective = True
        for card in cards:
            plat.remove(card)
            self.aboard[t].append(card)
            self.boarded[t].append(self.clock)
            self.places[t] += rules.ticket_seats[rules.card_kind[card]]

    def end_round(self) -> None:
        """Phase 5: clock, statistics, and the next round's event (or the end of the game)."""
        ev = self.event
        if ev is not None and self.effective:
            self.events_effective[ev.kind] += 1
        for s, pile in enumerate(self.piles):
            if not pile and self.pile_empty_round[s] is None:
                self.pile_empty_round[s] = self.round
        if self.stalled_round is None and self._stalled():
            self.stalled_round = self.round
        if ev is None or not ev.clock_hold:
            self.clock += 1
        if self.options.hand_size > 1:
            for t in range(self.n):
                self.hand[t].append(self._draw(t))
        if self.on_round_end is not None:
            self.on_round_end(self)
        if self.clock >= self.rules.clock_end:
            self.finish()
            return
        if self.options.rotate_first_player:
            self.first_player = (self.first_player + 1) % self.players
        self.round += 1
        self.begin_round()

    def _stalled(self) -> bool:
        """True when no train can ever move again (every R is at the floor whatever card or event comes)."""
        rules = self.rules
        boost = rules.best_propulsion_after[min(self.round, rules.track_rounds)]
        repeated = self.event_for(rules.clock_end - rules.clock_start + 1)   # R4: a card that comes back
        if repeated is not None and repeated.propulsion > boost:
            boost = repeated.propulsion
        best = rules.best_op_value + boost
        divisor, floor = rules.penalty_divisor, rules.propulsion_floor
        for t in range(self.n):
            r = best - self.places[t] // divisor
            if r > floor or (self.signal_allowed(t) and r + rules.dispatch_signal_amount > floor):
                return False
        return True

    def finish(self) -> None:
        """Final scoring: tickets still aboard or waiting score nothing; bonus and penalty by L."""
        rules = self.rules
        worst = max(self.late)
        for p in range(self.players):
            if self.late[p] == 0:
                self.bonus[p] = rules.no_delay_bonus
            if (worst > 0 or self.options.penalty_without_delays) and self.late[p] == worst:   # ruling R8
                self.penalty[p] = rules.worst_delay_penalty
            self.score[p] += self.bonus[p] + self.penalty[p]
        self.phase = OVER

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def is_terminal(self) -> bool:
        """OpenSpiel name for :attr:`over`."""
        return self.phase == OVER

    def returns(self) -> list[int]:
        """Final score per player (bonus and penalty included) once the game is over; zeros before."""
        return list(self.score) if self.phase == OVER else [0] * self.players

    def winners(self) -> tuple[int, ...]:
        """Players ranked first after score and the content's tie-breaks (a tie shares the win)."""
        best = max(self.score)
        if self.score.count(best) == 1:        # the usual case: no tie-break needed
            return (self.score.index(best),)
        columns = [self.score] + [self.delivered if tb == "delivered_desc" else [-x for x in self.late]
                                  for tb in self.rules.tiebreaks]
        keys = list(zip(*columns))
        best = max(keys)
        return tuple(p for p, key in enumerate(keys) if key == best)

    # ================================================================ serialisation
    _LISTS = ("owner", "cell", "dir", "places", "aboard", "boarded", "wait", "deck", "discard", "hand", "forced",
              "score", "delivered", "late", "bonus", "penalty", "blocked", "blocked_by_train", "piles",
              "platforms", "discarded", "delivered_cards", "delivery_log", "dispatch", "dispatch_deck",
              "occ_right", "occ_left",
              "cards_played", "dispatch_used", "events_effective", "pile_empty_round", "card", "r", "moved",
              "signal", "order", "drawn")
    _SCALARS = ("players", "n", "round", "clock", "first_player", "stalled_round", "effective", "phase", "cursor")

    def to_dict(self) -> dict:
        """Everything needed to continue the game exactly, as JSON-ready values."""
        out = {name: _copy(getattr(self, name)) for name in self._LISTS + self._SCALARS}
        out["stopping"] = getattr(self, "_stopping", False)
        out["options"] = self.options.to_dict()
        out["variant"] = self.rules.variant
        version, internal, gauss = self.rng.getstate()
        out["rng"] = [version, list(internal), gauss]
        return out

    @classmethod
    def from_dict(cls, rules: Rules, data: dict) -> "GameState":
        """Rebuild a state written by :meth:`to_dict` for the same compiled rules."""
        if data.get("variant") != rules.variant:
            raise IllegalAction(f"state is for variant {data.get('variant')!r}, rules are {rules.variant!r}")
        self = cls.__new__(cls)
        self.rules = rules
        self.options = Options.from_dict(data["options"])
        for name in cls._LISTS + cls._SCALARS:
            setattr(self, name, _copy(data[name]))
        self._stopping = data["stopping"]
        self.trains_of = [[t for t in range(self.n) if self.owner[t] == p] for p in range(self.players)]
        self.event = self.event_for(self.round)
        self.on_round_end = None
        self.rng = random.Random()
        version, internal, gauss = data["rng"]
        self.rng.setstate((version, tuple(internal), gauss))
        return self


def _copy(value):
    """Deep copy of nested lists of plain values (faster than copy.deepcopy, and JSON-safe)."""
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value

