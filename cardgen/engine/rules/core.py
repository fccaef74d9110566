"""The game's state and every rule of a round, each written once (rules sections 5-6, rulings R1-R20).

Every driver calls these methods: the checked path for people and scripts
(:class:`cardgen.engine.rules.checked.CheckedDriver` stops at each decision and
validates the answer), the fast loop for bots (:func:`cardgen.engine.play.fast.run_fast`,
which calls them in a tight loop without building action lists), and the
invariant checker. State is plain lists of ints, so a round costs microseconds;
``setup.py`` compiles this module with mypyc in place (see
:mod:`cardgen.engine.native`), and the same source runs as Python when it is not built.
"""

from __future__ import annotations

import functools
import random
from typing import Callable, Optional, Sequence

from cardgen.engine.rules.actions import IllegalAction, SetupRefused
from cardgen.engine.rules.compiled import (AFTER_MOVE, ANYWHERE, AT_STOP, CELL_SHIFT, HEADING_LEFT, HEADING_RIGHT, IN_SECTION,
                                           ON_STATION, ON_TERMINAL, UNKNOWN, UNTIL_STOP, WHOLE_GAME, WITH_REVEAL, EventEffect,
                                           Rules, clock_after, propulsion_change, sections_within, trains_within,
                                           wait_change)
from cardgen.engine.rules.options import Options
from cardgen.engine.rules.runs import Runs

# Why a train moved fewer cells than its R.
SHORT_NONE, SHORT_TRAIN, SHORT_CLOSED, SHORT_TERMINAL, SHORT_CHOICE = 0, 1, 2, 3, 4
#: ... before a section a dispatch card closed this round (a closure too, counted for the card, not the event)
SHORT_SHUT = 5
# Phases of the checked driver, in round order (the fast loop only ever sees OPERATION and OVER): PLAY_MOVED and
# PLAY_STOP offer the dispatch cards played after a train's move and at the start of its stop, KEEP a booking's pick.
# SIDING asks whether a train whose move ended beside a siding with room pulls in (ruling R25).
OPERATION, MOVE, SIDING, PLAY_MOVED, PLAY_STOP, KEEP, BOARD, OVER = (
    "operation", "move", "siding", "play_moved", "play_stop", "keep", "board", "over")


def _fitting(sizes: list[int], room: int) -> int:
    """How many of the ascending ``sizes`` fit together in ``room``.

    >>> _fitting([1, 1, 2], 3), _fitting([1, 1, 2], 4), _fitting([2], 1)
    (2, 3, 0)
    """
    used = count = 0
    for size in sizes:
        if used + size > room:
            break
        used += size
        count += 1
    return count


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


#: an empty list that is only ever read (no allocation for what is usually empty)
_NONE: list[int] = []
#: rules as written; Options is frozen, so one instance serves every game
_DEFAULT_OPTIONS = Options()


class Core:
    """One game in progress: its lists and the rules that change them. Trains are numbered by seat;
    players own one or more trains."""

    def __init__(self, rules: Rules, players: int, seed: Optional[int] = 0, options: Optional[Options] = None,
                 arrange: Optional[Callable[["Core"], None]] = None) -> None:
        """Set up a game (rules 6.1). ``arrange(state)``, if given, runs after the shuffles and the dispatch
        deal and before the platforms are filled: a scripted game reorders piles, hands and draws there."""
        opts = options or _DEFAULT_OPTIONS
        self.rules: Rules = rules
        self.options: Options = opts
        if not rules.players_min <= players <= rules.players_max:
            raise SetupRefused(f"{players} players; this game takes {rules.players_min}-{rules.players_max}")
        if opts.hand_size > len(rules.deck):
            raise SetupRefused(f"hand_size {opts.hand_size} is larger than the {len(rules.deck)}-card operation set",
                               "hand_size")
        if rules.endless(opts.late_events == "repeat_last"):
            repeated = rules.track[rules.regular_rounds]
            raise SetupRefused(f"late_events repeat_last would play round {rules.regular_rounds}'s event "
                               f"'{rules.event_ids[repeated.kind]}' in every round past the track, and it holds the "
                               "clock: the game would never end", "late_events")
        n = players * rules.trains_per_player
        if n > len(rules.seats):
            raise SetupRefused(f"{n} trains need {n} start seats; the content defines {len(rules.seats)}")
        self.rng: random.Random = random.Random(seed)
        self.players: int = players
        owner, trains_of = _seating(players, rules.trains_per_player, opts.seating)
        self.owner: list[int] = list(owner)
        self.trains_of: list[list[int]] = [list(group) for group in trains_of]
        self.n: int = n
        self.round: int = 1
        self.clock: int = rules.clock_start
        self.cell: list[int] = [rules.seats[t][0] for t in range(n)]
        self.dir: list[int] = [rules.seats[t][1] for t in range(n)]
        self.places: list[int] = [0] * n
        self.aboard: list[list[int]] = [[] for _ in range(n)]
        self.boarded: list[list[int]] = [[] for _ in range(n)]   # clock at boarding, parallel to aboard
        self.wait: list[int] = [rules.wait_start] * n
        self.deck: list[list[int]] = []
        for _ in range(n):
            d = list(rules.deck)
            shuffle(self.rng, d)
            self.deck.append(d)
        self.discard: list[list[int]] = [[] for _ in range(n)]
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.forced: list[list[int]] = [[] for _ in range(n)]     # scripted draws, consumed front first
        self.score: list[int] = [0] * players
        self.delivered: list[int] = [0] * players
        self.late: list[int] = [0] * players
        self.bonus: list[int] = [0] * players
        self.penalty: list[int] = [0] * players
        self.award: list[int] = [0] * players       # end-of-game awards (open scoring)
        self.blocked: list[int] = [0] * n
        self.blocked_by_train: list[int] = [0] * n
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
            for q in range(players):
                if dispatch:
                    self.dispatch[q].append(dispatch.pop())
        self.dispatch_deck: list[int] = dispatch
        self.first_player: int = 0
        # occupancy of each section line: trains heading right / left per cell
        self.occ_right: list[int] = [0] * (rules.last_cell + 1)
        self.occ_left: list[int] = [0] * (rules.last_cell + 1)
        for t in range(n):
            self._occupy(t, 1)
        # ruling R25: the siding each train stands in (-1: on the line), trains in each siding, pulls made
        self.siding: list[int] = [-1] * n
        self.siding_used: list[int] = [0] * len(rules.siding_ids)
        self.siding_pulls: list[int] = [0] * len(rules.siding_ids)   # times a train pulled into each (statistics)
        self.pulled: list[int] = [0] * n
        self.runs: Runs = rules.runs(opts.terminal_ends_move)
        # statistics
        self.cards_played: list[int] = [0] * len(rules.op_ids)
        self.dispatch_used: list[int] = [0] * len(rules.dispatch_ids)
        self.dispatch_effective: list[int] = [0] * len(rules.dispatch_ids)   # cards played that changed something
        self.events_effective: list[int] = [0] * len(rules.event_ids)
        self.pile_empty_round: list[Optional[int]] = [None] * len(rules.station_ids)
        self.stalled_round: Optional[int] = None
        # round temporaries
        self.event: Optional[EventEffect] = None
        self.effective: bool = False
        self.card: list[int] = [-1] * n
        self.r: list[int] = [0] * n
        self.moved: list[int] = [0] * n
        self.played: list[int] = [-1] * n        # dispatch kind played with this round's reveal, or -1
        self.played_mattered: list[bool] = [False] * n   # ... and whether it changed something yet
        self.order: list[int] = list(range(n))
        # sections dispatch cards closed this round (ruling R26): their cells, the card that closed each, and
        # whether it stopped a train yet (it took effect)
        self.shut: list[int] = []
        self.shut_by: list[int] = []
        self.shut_counted: list[bool] = []
        # effects a train carries beyond their round (`lasts`): indices into rules.holds, and the last round each is
        # in force (UNTIL_STOP: until the train's next stop); the lasting dispatch cards played this round; stops made
        self.held: list[list[int]] = [[] for _ in range(n)]
        self.held_until: list[list[int]] = [[] for _ in range(n)]
        self.held_counted: list[list[bool]] = [[] for _ in range(n)]   # its card counted as taking effect already
        self.lasting_played: list[list[int]] = [[] for _ in range(n)]
        self.stopped: list[bool] = [False] * n
        # a ticket moved from a train onto a platform keeps its boarding time, by physical card (-1: none)
        self.waiting_since: list[int] = [-1] * len(rules.card_kind)
        # checked driver
        self.phase: str = OPERATION
        self.cursor: int = 0
        self.drawn: list[int] = []
        self.booking: int = -1                   # dispatch kind whose Group Booking drew ``drawn``
        self._stopping: bool = False
        if arrange is not None:
            arrange(self)
        #: called with the state after each round's clock step, before final scoring (replay prints here)
        self.on_round_end: Optional[Callable[[Core], None]] = None
        for s in range(len(self.platforms)):
            self.refill(s)
        if opts.hand_size > 1:
            for t in range(n):
                for _ in range(opts.hand_size):
                    self.hand[t].append(self._draw(t))
        self.begin_round()

    # ================================================================ the line
    def _occupy(self, t: int, delta: int) -> None:
        c = self.cell[t]
        if self.rules.station_of_cell[c] < 0:
            if self.dir[t] > 0:
                self.occ_right[c] += delta
            else:
                self.occ_left[c] += delta

    def line_full(self, c: int, direction: int) -> bool:
        """Rules 4.3: True when section cell ``c`` cannot take one more train heading ``direction``
        (one line per direction on double track, one shared line on single track, variant 9.5)."""
        if self.rules.double_track:
            used = self.occ_right[c] if direction > 0 else self.occ_left[c]
        else:
            used = self.occ_right[c] + self.occ_left[c]
        return used >= self.rules.line_capacity

    def siding_open(self, t: int) -> int:
        """Ruling R25: the siding train ``t`` may pull into now, its move over (the one beside the section it
        stands in, with room), or -1."""
        rules = self.rules
        sd = rules.siding_of_cell[self.cell[t]]
        if sd < 0 or self.siding[t] >= 0 or self.siding_used[sd] >= rules.siding_capacity[sd]:
            return -1
        return sd

    def pull_off(self, t: int) -> None:
        """Ruling R25: train ``t`` leaves its section's line for the siding beside it, freeing the line for the
        trains behind, and gains the siding's W; it leaves the siding with its next move."""
        sd = self.siding_open(t)
        if sd < 0:
            raise IllegalAction(f"round {self.round}: train {t + 1} at cell {self.cell[t]} has no siding with room "
                                "to pull into")
        self._occupy(t, -1)
        self.siding[t] = sd
        self.siding_used[sd] += 1
        self.siding_pulls[sd] += 1
        self.pulled[t] += 1
        gain = self.rules.siding_wait_gain[sd]
        if gain:
            self._gain_wait(t, gain)

    # ================================================================ cards and platforms
    def _draw(self, t: int) -> int:
        """Take the top card of train ``t``'s deck, reshuffling the discard when it is empty (rules 5.1)."""
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
                exc.train = t  # type: ignore[attr-defined]
                raise exc
            deck.remove(k)
            return k
        return deck.pop()

    def refill(self, s: int) -> None:
        """Top the platform of station ``s`` up to the platform size from its own pile (rules 5.5), changed
        by this round's `platform_size` effect."""
        plat, pile, size = self.platforms[s], self.piles[s], self.rules.platform_size
        ev = self.event
        if ev is None or not ev.platform_size:
            while len(plat) < size and pile:
                plat.append(pile.pop())
            return
        before, stock = len(plat), len(pile)
        target = max(0, size + ev.platform_size)
        while len(plat) < target and pile:
            plat.append(pile.pop())
        if len(plat) - before != min(stock, max(0, size - before)):
            self.effective = True              # more, or fewer, tickets than the usual size would deal

    # ================================================================ phase 1: event
    def event_for(self, rnd: int) -> Optional[EventEffect]:
        """The event of round ``rnd`` under this game's option ``late_events`` (:meth:`Rules.event_of`)."""
        return self.rules.event_of(rnd, self.options.late_events == "repeat_last")

    def begin_round(self) -> None:
        """Phase 1 (event): global W gain and festival tickets; remember the rest for later phases."""
        ev = self.event = self.event_for(self.round)
        self.effective = False
        if self.shut:
            self.shut.clear()
            self.shut_by.clear()
            self.shut_counted.clear()
        if self.rules.holds:
            for t in range(self.n):
                if self.held[t]:
                    self._carry(t)
        if ev is None:
            return
        if ev.clock_hold:
            self.effective = True
        if ev.wait_gain:
            for t in range(self.n):
                p = self.owner[t]
                gain = wait_change(ev, self.places[t], self.place_of(t), self.card[t], self.score[p], self.delivered[p])
                if gain and self._gain_wait(t, gain):
                    self.effective = True
        s = ev.festival_station
        if s >= 0:
            pile, plat = self.piles[s], self.platforms[s]
            for _ in range(ev.festival_amount):
                if pile:
                    plat.append(pile.pop())
                    self.effective = True
        for unit in ev.units:   # registered primitives: each train in turn, through the primitive's own apply(),
            named = ev.unit_target if unit.TARGET else -1   # with the station or section the card names
            for t in range(self.n):
                if unit.apply(self, t, named):
                    self.effective = True

    def _carry(self, t: int) -> None:
        """As a round begins, train ``t`` drops the effects it held whose last round is past, and the W gain of
        those it still holds counts again."""
        held, until, counted, rnd = self.held[t], self.held_until[t], self.held_counted[t], self.round
        for i in range(len(held) - 1, -1, -1):
            if 0 <= until[i] < rnd:
                del held[i]
                del until[i]
                del counted[i]
        holds = self.rules.holds
        p = self.owner[t]
        for h in held:
            gain = wait_change(holds[h], self.places[t], self.place_of(t), self.card[t], self.score[p],
                               self.delivered[p])
            if gain:
                self._gain_wait(t, gain)

    def held_propulsion(self, t: int, load: int, place: int, card: int) -> int:
        """The R change the effects train ``t`` carries give it, having played ``card`` (each under its own
        conditions; UNKNOWN: whatever the card and the owner's standing)."""
        holds = self.rules.holds
        p = self.owner[t]
        score, delivered = (UNKNOWN, UNKNOWN) if card == UNKNOWN else (self.score[p], self.delivered[p])
        total = 0
        for h in self.held[t]:
            total += propulsion_change(holds[h], load, place, card, score, delivered)
        return total

    def _hold(self, t: int, hold: int, lasts: int, counted: bool = False) -> None:
        """Train ``t`` carries ``hold`` from the next round on: until its next stop (none made this round), to the
        game's end, or to the last of ``lasts`` rounds counted from this one; ``counted``: its card took effect
        already."""
        if lasts == UNTIL_STOP:
            if self.stopped[t]:
                return
            until = UNTIL_STOP
        else:
            until = WHOLE_GAME if lasts >= WHOLE_GAME else self.round + lasts - 1
        self.held[t].append(hold)
        self.held_until[t].append(until)
        self.held_counted[t].append(counted)

    def _uncounted(self, t: int, capacity: bool) -> list[tuple[int, int]]:
        """(position, amount) of each hold of train ``t`` from a dispatch card not yet counted as taking effect,
        with a cap change (``capacity``) or else an R change."""
        rules = self.rules
        out: list[tuple[int, int]] = []
        counted = self.held_counted[t]
        for i, h in enumerate(self.held[t]):
            amount = rules.holds[h].capacity if capacity else rules.holds[h].propulsion
            if amount and rules.hold_card[h] >= 0 and not counted[i]:
                out.append((i, amount))
        return out

    def _count_carried(self, t: int, i: int) -> None:
        """Hold ``i`` of train ``t`` made a difference: its dispatch card took effect (counted once)."""
        self.held_counted[t][i] = True
        self.dispatch_effective[self.rules.hold_card[self.held[t][i]]] += 1

    def place_of(self, t: int) -> int:
        """Where train ``t`` stands and heads, as the bits a condition (`at`, `heading`) is tested against."""
        c = self.cell[t]
        heading = HEADING_RIGHT if self.dir[t] > 0 else HEADING_LEFT
        here = (c + 1) << CELL_SHIFT
        if self.rules.station_of_cell[c] < 0:
            return IN_SECTION | heading | here
        return (ON_STATION | ON_TERMINAL if self.rules.is_terminal[c] else ON_STATION) | heading | here

    def _waited(self, t: int, amount: int) -> int:
        """Train ``t``'s W after rising by ``amount``: capped at the printed track's top under ruling R11."""
        w = self.wait[t] + amount
        return self.rules.wait_max if self.options.cap_wait and w > self.rules.wait_max else w

    def _gain_wait(self, t: int, amount: int) -> bool:
        """W rises by ``amount`` (:meth:`_waited`); True if W changed."""
        w = self._waited(t, amount)
        changed = w != self.wait[t]
        self.wait[t] = w
        return changed

    # ================================================================ phases 2-3: reveal, R, order
    def holds_for(self, p: int, window: int) -> bool:
        """True when player ``p`` holds a dispatch card played at ``window`` (compiled.WITH_REVEAL...)."""
        fx = self.rules.dispatch
        for k in self.dispatch[p]:
            if fx[k].window == window:
                return True
        return False

    def reveal(self, choices: list[tuple[int, int]]) -> None:
        """Phase 2 and 3a: play each train's (hand slot, dispatch card or -1), apply the dispatch card played with
        it, compute R and the move order."""
        rules, ev, opts = self.rules, self.event, self.options
        gains = rules.op_wait_gain
        use_hand = opts.hand_size > 1
        later_gain, signal_outside = opts.wait_card_gain == "after_order", opts.signal_after_floor
        later: list[int] = [0] * self.n if later_gain else _NONE
        changed = False
        for t in range(self.n):
            slot, played = choices[t]
            deck = self.deck[t]
            if use_hand:
                k = self.hand[t].pop(slot)
            elif deck and not self.forced[t]:
                k = deck.pop()
            else:
                k = self._draw(t)
            self.card[t] = k
            self.stopped[t] = False
            self.discard[t].append(k)
            self.cards_played[k] += 1
            load, place = self.places[t], self.place_of(t)
            p = self.owner[t]
            score, delivered = self.score[p], self.delivered[p]
            value = rules.op_value(k, load, self.clock)
            gain, boost, raised = gains[k], 0, False
            if played >= 0:
                fx = rules.dispatch[played]
                self._spend(t, played)
                boost = propulsion_change(fx, load, place, k, score, delivered)
                extra = wait_change(fx, load, place, k, score, delivered)
                if extra:
                    gain += extra
                    raised = self._waited(t, extra) != self.wait[t]
                self.played_mattered[t] = False
            self.played[t] = played
            if gain:   # ruling R17: W gained with the card counts at the reveal (option: after the order)
                if later_gain:
                    later[t] = gain
                else:
                    self._gain_wait(t, gain)
            mod = propulsion_change(ev, load, place, k, score, delivered)
            held = self.held_propulsion(t, load, place, k) if self.held[t] else 0   # counted with the event's
            if signal_outside:   # ruling R18 option: a dispatch card's R change after max(floor, ...)
                r = rules.propulsion(value, load, mod + held)
                if mod and r != rules.propulsion(value, load, held):
                    changed = True
                r += boost
            else:                # ruling R18: inside max(floor, ...)
                r = rules.propulsion(value, load, mod + held + boost)
                if mod and r != rules.propulsion(value, load, held + boost):
                    changed = True
            self.r[t] = r
            if held:
                outside = boost if signal_outside else 0
                for i, amount in self._uncounted(t, False):
                    if r != rules.propulsion(value, load, mod + held - amount + boost - outside) + outside:
                        self._count_carried(t, i)
            if played >= 0 and (raised or (boost and r != rules.propulsion(value, load, mod + held))):
                self._took_effect(t)
            if rules.units:   # registered primitives of the operation card and of the card played with it
                for unit in rules.op_units[k]:
                    unit.apply(self, t, -1)
                if played >= 0:
                    for unit in rules.dispatch[played].units:
                        if unit.apply(self, t, -1):
                            self._took_effect(t)
        self.moved = [0] * self.n
        if changed:
            self.effective = True
        reverse = ev is not None and ev.order_reversed
        self.order = self.move_order(reverse)
        for t, gain in enumerate(later):
            if gain:
                self._gain_wait(t, gain)
        if reverse and self.order != self.move_order(False):
            self.effective = True

    def move_order(self, reverse: Optional[bool] = None) -> list[int]:
        """Rules 6.2 phase 3 step 2: W descending (ascending on an order-reversed round, the default when
        ``reverse`` is None); ties by the first-player marker's order (ruling R9)."""
        if reverse is None:
            reverse = self.event is not None and self.event.order_reversed
        p, first, owner, wait, n = self.players, self.first_player, self.owner, self.wait, self.n
        sign = 1 if reverse else -1
        # one int key per train: W first, then marker order, then seat; key % n is the train
        span = n * p
        keys = sorted([sign * wait[t] * span + ((owner[t] - first) % p) * n + t for t in range(n)])
        return [key % n for key in keys]

    # ================================================================ phase 3: movement
    def move(self, t: int, want: int = -1) -> int:
        """Phase 3: run train ``t`` cell by cell, up to ``want`` (default -1: all of R) cells; return the
        cells moved. Blocking (4.3), closures, terminals (R1) and the W gain for a short move (R2); a dispatch
        card played with the reveal may let the train run past trains (it still never ends on a full line) or
        into a closed section."""
        r = self.r[t]
        if want < 0:
            want = r
        if not want:
            self.moved[t] = 0
            if r:
                self._fell_short(t, SHORT_CHOICE)
            return 0
        rules = self.rules
        ev = self.event
        closed = ev.closed_cell if ev is not None else -1
        shut = self.shut                     # sections dispatch cards closed this round (ruling R26)
        any_shut = len(shut) > 0
        stopped_at = -1                      # the closed section the train stopped before
        passing = opened = passed = False    # a dispatch card's way past trains or into the closure; it was used
        played = self.played[t]
        if played >= 0:
            fx = rules.dispatch[played]
            passing, opened = fx.ignore_blocking, fx.ignore_closure
        forced = rules.stop_rules and self._forced(t)   # the move ends at the first station reached
        halted = False
        station_of_cell = rules.station_of_cell
        c, d = self.cell[t], self.dir[t]
        occ_r, occ_l = self.occ_right, self.occ_left
        sd = self.siding[t]
        if sd >= 0:               # ruling R25: out of the siding onto the cell ahead; it held no line
            self.siding[t] = -1
            self.siding_used[sd] -= 1
        elif station_of_cell[c] < 0:
            if d > 0:
                occ_r[c] -= 1
            else:
                occ_l[c] -= 1
        double, capacity = rules.double_track, rules.line_capacity
        moved, why = 0, SHORT_NONE
        over = 0      # full section cells a passing train has run over since the last cell it may stand on
        opened_at = 0     # the step of the run that entered a closed section opened to the train
        for nxt, nd in self.runs[c * 2 + (1 if d > 0 else 0)][want]:
            if station_of_cell[nxt] < 0:
                if nxt == closed or (any_shut and nxt in shut):
                    if not opened:
                        why, stopped_at = SHORT_CLOSED, nxt
                        break
                    opened_at = moved + over + 1
                if double:
                    used = occ_r[nxt] if nd > 0 else occ_l[nxt]
                else:
                    used = occ_r[nxt] + occ_l[nxt]
                if used >= capacity:
                    if not passing:
                        why = SHORT_TRAIN
                        break
                    over += 1
                    continue
            c, d = nxt, nd
            moved += 1
            if over:
                moved += over
                over = 0
                passed = True
            if forced and station_of_cell[c] >= 0 and moved < want:
                halted = True
                break
        else:
            if over:                  # the run ended over a full line: back on the last cell it may stand on
                why = SHORT_TRAIN
            elif moved < want:        # the run was cut at a terminal (ruling R1)
                why = SHORT_TERMINAL
        if over and why == SHORT_CLOSED:
            why = SHORT_TRAIN         # it had stopped behind a train already
        elif why == SHORT_CLOSED and stopped_at != closed:
            why = SHORT_SHUT          # a dispatch card's closure, not the event's
            self._shut_mattered(stopped_at)
        self.cell[t], self.dir[t] = c, d
        if station_of_cell[c] < 0:
            if d > 0:
                occ_r[c] += 1
            else:
                occ_l[c] += 1
        self.moved[t] = moved
        if moved < r:
            self._fell_short(t, why if why != SHORT_NONE else SHORT_CHOICE)
        if passed or 0 < opened_at <= moved:
            self._took_effect(t)
        if halted or (rules.stop_rules and played >= 0 and rules.dispatch[played].no_stop
                      and station_of_cell[c] >= 0):
            self._stop_rule_mattered(t)
        return moved

    def _stop_rule_mattered(self, t: int) -> None:
        """A forced stop cut train ``t``'s move, or a no-stop card kept it from stopping: count the card that did."""
        played = self.played[t]
        if played >= 0 and (self.rules.dispatch[played].force_stop or self.rules.dispatch[played].no_stop):
            self._took_effect(t)
        ev = self.event
        if ev is not None and (ev.force_stop or ev.no_stop):
            self.effective = True

    def _fell_short(self, t: int, why: int) -> None:
        """Step 5: a train that moved fewer cells than R gains W, unless it chose to (rulings R2, R3)."""
        opts = self.options
        if (why == SHORT_TRAIN or (why in (SHORT_CLOSED, SHORT_SHUT) and opts.closure_short_counts)
                or (why == SHORT_TERMINAL and opts.terminal_short_counts)):
            self._gain_wait(t, self.rules.blocked_wait_gain)
            self.blocked[t] += 1
            if why == SHORT_TRAIN:
                self.blocked_by_train[t] += 1
        if why == SHORT_CLOSED:
            self.effective = True

    def _shut_mattered(self, cell: int) -> None:
        """A train stopped before the section a dispatch card closed at ``cell``: the card took effect (once)."""
        i = self.shut.index(cell)
        if not self.shut_counted[i]:
            self.shut_counted[i] = True
            self.dispatch_effective[self.shut_by[i]] += 1

    def closed_now(self, cell: int) -> bool:
        """Whether section ``cell`` is closed at this point of the round: by the event, or by a dispatch card."""
        ev = self.event
        return (ev is not None and ev.closed_cell == cell) or cell in self.shut

    # ================================================================ dispatch cards (5.3)
    def _spend(self, t: int, card: int) -> None:
        """Train ``t``'s owner discards the dispatch card ``card`` as it is played (each is used once)."""
        self.dispatch[self.owner[t]].remove(card)
        self.dispatch_used[card] += 1
        if self.rules.dispatch[card].lasting:
            self.lasting_played[t].append(card)

    def after_move_cards(self, t: int) -> tuple[list[int], list[int]]:
        """The dispatch kinds train ``t``'s owner may play for it after its move, each once, in hand order, and
        the trains a swap may take (:meth:`swap_targets`, found once; a card that names a train needs one)."""
        fx = self.rules.dispatch
        cards: list[int] = []
        targets: list[int] = []
        looked = False
        for k in self.dispatch[self.owner[t]]:
            e = fx[k]
            if e.window != AFTER_MOVE or k in cards:
                continue
            if e.swap:
                if not looked:
                    targets, looked = self.swap_targets(t), True
                if not targets:
                    continue
            elif e.wait_range and not trains_within(self.cell, t, e.wait_range):
                continue
            elif e.unit_chooses and not self.unit_choices(t, k):
                continue
            elif e.section_range and not self.card_sections(t, k):
                continue
            cards.append(k)
        return cards, targets

    def card_targets(self, t: int, card: int) -> list[int]:
        """The trains dispatch card ``card`` played for train ``t`` may name: a swap's (:meth:`swap_targets`), a
        chosen train's within the card's range (:func:`trains_within`), none for other cards."""
        fx = self.rules.dispatch[card]
        if fx.swap:
            return self.swap_targets(t)
        if fx.unit_chooses == "train":
            return self.unit_choices(t, card)
        return trains_within(self.cell, t, fx.wait_range) if fx.wait_range else []

    def card_piles(self, t: int, card: int) -> list[int]:
        """The stations whose pile dispatch card ``card`` played for train ``t`` may name: those its registered
        primitive offers, else every pile that holds a ticket (a booking, a festival)."""
        if self.rules.dispatch[card].unit_chooses == "pile":
            return self.unit_choices(t, card)
        return [s for s, pile in enumerate(self.piles) if pile]

    def unit_choices(self, t: int, card: int) -> list[int]:
        """What the player names for the registered primitive of ``card`` that makes it name something (its
        ``choices()``); [] when there is nothing to name, and the card cannot be played now."""
        for unit in self.rules.dispatch[card].units:
            if unit.CHOOSES:
                return list(unit.choices(self, t))
        return []

    def card_sections(self, t: int, card: int) -> list[int]:
        """The section cells dispatch card ``card`` played for train ``t`` may name (:func:`sections_within` its
        range), none for a card that names no section."""
        fx = self.rules.dispatch[card]
        return sections_within(self.rules, self.cell[t], fx.section_range) if fx.section_range else []

    def stop_cards(self, t: int) -> list[int]:
        """The dispatch kinds train ``t``'s owner may play as its stop begins, each once, in hand order (a booking
        needs a ticket pile that is not empty)."""
        fx = self.rules.dispatch
        cards: list[int] = []
        for k in self.dispatch[self.owner[t]]:
            e = fx[k]
            if e.window == AT_STOP and k not in cards \
                    and (not e.pick_pile or (bool(self.unit_choices(t, k)) if e.unit_chooses else self._any_pile())) \
                    and (not e.move_count or (bool(self.aboard[t]) and self.can_stop(t))):
                cards.append(k)
        return cards

    def play(self, t: int, card: int, target: int = -1, pile: int = -1, section: int = -1) -> list[int]:
        """Spend dispatch card ``card`` for train ``t`` after its move or at its stop and apply its effects: W gain
        (to train ``target`` when the card gives it to a chosen train, to the trains standing in section cell
        ``section`` when it names a section), a Passing Swap with train ``target``, ``section`` closed for the
        trains still to move (ruling R26), extra tickets onto ``pile``'s platform, a Group Booking's draw from
        ``pile``'s top (returned: the caller keeps some with :meth:`booking_keep`)."""
        rules = self.rules
        fx = rules.dispatch[card]
        self._spend(t, card)
        mattered = False
        if fx.wait_gain:
            gainers = [u for u in range(self.n) if self.cell[u] == section] if fx.section_range \
                else [target if fx.wait_range else t]
            for gets in gainers:
                p = self.owner[gets]
                gain = wait_change(fx, self.places[gets], self.place_of(gets), self.card[gets], self.score[p],
                                   self.delivered[p])
                if gain and self._gain_wait(gets, gain):
                    mattered = True
        if fx.section_closed and section not in self.shut:   # it takes effect when it stops a train (move)
            self.shut.append(section)
            self.shut_by.append(card)
            self.shut_counted.append(False)
        if fx.move_count:
            mattered = self._move_tickets(t, fx.move_count) or mattered
        if fx.festival_amount:
            src, plat = self.piles[pile], self.platforms[pile]
            for _ in range(fx.festival_amount):
                if src:
                    plat.append(src.pop())
                    mattered = True
        if fx.swap:
            self._swap(t, target)
            mattered = True
        drawn: list[int] = []
        if fx.draw:
            src = self.piles[pile]
            for _ in range(fx.draw):
                if src:
                    drawn.append(src.pop())
            mattered = mattered or bool(drawn)
        if fx.units:   # registered primitives, through their own apply(), with what the player named for them
            named = target if fx.unit_chooses == "train" else pile if fx.unit_chooses == "pile" else -1
            for unit in fx.units:
                if unit.apply(self, t, named if unit.CHOOSES else -1):
                    mattered = True
        if mattered:
            self.dispatch_effective[card] += 1
        return drawn

    def _move_tickets(self, t: int, count: int) -> bool:
        """Up to ``count`` tickets aboard train ``t``, those going farthest, go onto the platform where it stops,
        keeping their boarding time (:attr:`waiting_since`); True if any moved."""
        rules = self.rules
        c = self.cell[t]
        aboard, boarded = self.aboard[t], self.boarded[t]
        far = sorted(range(len(aboard)), key=lambda i: -abs(rules.ticket_dest_cell[rules.card_kind[aboard[i]]] - c))
        chosen = sorted(far[:count], reverse=True)          # from the back so earlier positions stay valid
        plat = self.platforms[rules.station_of_cell[c]]
        for i in chosen:
            card = aboard[i]
            self.waiting_since[card] = boarded[i]
            self.places[t] -= rules.ticket_seats[rules.card_kind[card]]
            plat.append(card)
            del aboard[i]
            del boarded[i]
        return bool(chosen)

    def _took_effect(self, t: int) -> None:
        """The dispatch card train ``t`` played with this round's reveal changed something: count it once."""
        if not self.played_mattered[t]:
            self.played_mattered[t] = True
            self.dispatch_effective[self.played[t]] += 1

    def swap_targets(self, t: int) -> list[int]:
        """Trains on a neighbouring cell that ``t`` may swap with without overfilling a line (ruling R6)."""
        out: list[int] = []
        c, siding = self.cell[t], self.siding
        if siding[t] >= 0:        # ruling R25: a train in a siding is off the line
            return out
        for u in range(self.n):
            if u != t and abs(self.cell[u] - c) == 1 and siding[u] < 0 and self._swap_fits(t, u):
                out.append(u)
        return out

    def _swap_fits(self, t: int, u: int) -> bool:
        """Neither train lands in this round's closed section (the card ignores blocking, not closures: rules
        5.4, ruling R6) nor on a section line already holding a train."""
        if self.closed_now(self.cell[t]) or self.closed_now(self.cell[u]):
            return False
        self._occupy(t, -1)
        self._occupy(u, -1)
        ct, cu = self.cell[t], self.cell[u]
        sec = self.rules.station_of_cell
        ok = ((sec[cu] >= 0 or not self.line_full(cu, self.dir[t]))
              and (sec[ct] >= 0 or not self.line_full(ct, self.dir[u])))
        self._occupy(t, 1)
        self._occupy(u, 1)
        return ok

    def _swap(self, t: int, u: int) -> None:
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

    def _any_pile(self) -> bool:
        for pile in self.piles:
            if pile:
                return True
        return False

    def booking_keep(self, drawn: list[int], picks: Sequence[int], platform: Optional[int] = None) -> None:
        """Group Booking, second half: kept tickets go onto their origin platform (ruling R7), or onto
        ``platform`` under ``booking_platform="any"``; the rest are discarded."""
        rules = self.rules
        anywhere = platform is not None and self.options.booking_platform == "any"
        for i, card in enumerate(drawn):
            if i in picks:
                where = platform if anywhere and platform is not None else rules.ticket_origin[rules.card_kind[card]]
                self.platforms[where].append(card)
            else:
                self.discarded.append(card)

    # ================================================================ phase 4: stops
    def can_stop(self, t: int) -> bool:
        """Rules 6.2 phase 4: only a train on a station stops, and not one that played a no-stop card or whose round
        says no stop (event, dispatch card), unless a card of its round forces the stop."""
        rules = self.rules
        if not rules.stop_rules:
            return rules.stops(self.cell[t], self.card[t])
        if rules.station_of_cell[self.cell[t]] < 0:
            return False
        k, ev, played = self.card[t], self.event, self.played[t]
        if self._forced(t):
            return True
        return not (rules.op_no_stop[k] or (ev is not None and ev.no_stop)
                    or (played >= 0 and rules.dispatch[played].no_stop))

    def _forced(self, t: int) -> bool:
        """Whether train ``t``'s round forces it to stop at the first station it reaches (`force_stop` on its
        operation card, the event or the dispatch card played with it)."""
        ev, played = self.event, self.played[t]
        return (self.rules.op_force_stop[self.card[t]] or (ev is not None and ev.force_stop)
                or (played >= 0 and self.rules.dispatch[played].force_stop))

    def alight(self, t: int) -> None:
        """Stop step 1: every ticket for this station leaves the train and scores (on time or late)."""
        rules = self.rules
        c = self.cell[t]
        aboard, boarded = self.aboard[t], self.boarded[t]
        kind_of, dest_cell = rules.card_kind, rules.ticket_dest_cell
        p = self.owner[t]
        for i in range(len(aboard) - 1, -1, -1):     # from the back so earlier positions stay valid
            card = aboard[i]
            k = kind_of[card]
            if dest_cell[k] != c:
                continue
            on_time = rules.on_time(k, boarded[i], self.clock)
            points = rules.points(k, on_time, self.clock)
            ev = self.event
            if ev is not None and ev.delivery_bonus:   # a round bonus (open scoring)
                points += ev.delivery_bonus
                self.effective = True
            if not on_time:
                self.late[p] += 1
            self.score[p] += points
            self.delivered[p] += 1
            self.places[t] -= rules.ticket_seats[k]
            self.delivered_cards.append(card)
            self.delivery_log.append([p, boarded[i], self.clock, points])
            del aboard[i]
            del boarded[i]

    def own_capacity(self, t: int) -> int:
        """The cap change train ``t`` brought itself this round: its operation card's, the dispatch card
        played with it (`capacity` at those timings) and those it carries (`lasts`)."""
        played = self.played[t]
        own = self.rules.op_capacity[self.card[t]] if self.card[t] >= 0 else 0
        if self.held[t]:
            holds = self.rules.holds
            for h in self.held[t]:
                own += holds[h].capacity
        return own + self.rules.dispatch[played].capacity if played >= 0 else own

    def cap_now(self, t: int) -> int:
        """The composition cap for train ``t``'s boarding this round: the content's, changed by a `capacity`
        event, operation card or dispatch card (never below 0)."""
        ev = self.event
        cap = self.rules.cap + self.own_capacity(t)
        return max(0, cap + ev.capacity if ev is not None else cap)

    def room(self, t: int) -> int:
        """Places train ``t`` may still fill at this stop (never below 0)."""
        return max(0, self.cap_now(t) - self.places[t])

    def boarding_limit(self, t: int) -> int:
        """Most tickets this stop may board (0 = no limit): the event's limit, at every stop or at its station."""
        ev = self.event
        if ev is None or not ev.boarding_limit or self.rules.op_ignore_limit[self.card[t]]:
            return 0
        if ev.limit_station >= 0 and self.rules.station_of_cell[self.cell[t]] != ev.limit_station:
            return 0
        return ev.boarding_limit

    def _fits_differ(self, t: int, room: int, other: int) -> bool:
        """Whether the tickets waiting for train ``t`` that fit together in ``room`` places (smallest first) are
        more or fewer than in ``other``: a cap change mattered."""
        seats, kind_of = self.rules.ticket_seats, self.rules.card_kind
        sizes = sorted(seats[kind_of[c]] for c in self.eligible(t))
        return _fitting(sizes, room) != _fitting(sizes, other)

    def eligible(self, t: int) -> list[int]:
        """Platform tickets whose destination lies ahead in the train's current direction."""
        rules = self.rules
        s = rules.station_of_cell[self.cell[t]]
        d = self.dir[t]
        kind_of = rules.card_kind
        if self.options.booking_platform == "any":   # R7 option: a ticket may wait away from its origin
            c, dest = self.cell[t], rules.ticket_dest_cell
            return [card for card in self.platforms[s] if (dest[kind_of[card]] - c) * d > 0]
        tdir = rules.ticket_dir
        return [card for card in self.platforms[s] if tdir[kind_of[card]] == d]

    def board(self, t: int, cards: Sequence[int]) -> None:
        """Stop step 2 (unchecked): move ``cards`` from the platform onto the train."""
        rules = self.rules
        plat = self.platforms[rules.station_of_cell[self.cell[t]]]
        limit = self.boarding_limit(t)
        if limit and not self.effective:
            room = self.room(t)
            seats, kind_of = rules.ticket_seats, rules.card_kind
            fits = 0
            for c in self.eligible(t):
                if seats[kind_of[c]] <= room:
                    fits += 1
            if fits > limit:
                self.effective = True
        ev = self.event
        if ev is not None and ev.capacity and not self.effective:
            # the capacity change mattered if the tickets that fit differ from what the cap without it allows
            without = max(0, rules.cap + self.own_capacity(t) - self.places[t])
            if self._fits_differ(t, without, self.room(t)):
                self.effective = True
        played = self.played[t]
        if played >= 0 and rules.dispatch[played].capacity and not self.played_mattered[t]:
            without = max(0, self.cap_now(t) - rules.dispatch[played].capacity - self.places[t])
            if self._fits_differ(t, without, self.room(t)):
                self._took_effect(t)
        if self.held[t]:
            room, cap = self.room(t), self.cap_now(t)
            for i, amount in self._uncounted(t, True):
                if self._fits_differ(t, max(0, cap - amount - self.places[t]), room):
                    self._count_carried(t, i)
        for card in cards:
            plat.remove(card)
            self.aboard[t].append(card)
            since = self.waiting_since[card]      # a ticket moved off a train keeps its boarding time
            self.boarded[t].append(since if since >= 0 else self.clock)
            if since >= 0:
                self.waiting_since[card] = -1
            self.places[t] += rules.ticket_seats[rules.card_kind[card]]

    def end_stop(self, t: int) -> None:
        """The stop's last step: the platform is refilled, and the train drops the effects it carried until this
        stop (`lasts: until_stop`)."""
        self.refill(self.rules.station_of_cell[self.cell[t]])
        self.stopped[t] = True
        until = self.held_until[t]
        if until:
            held, counted = self.held[t], self.held_counted[t]
            for i in range(len(until) - 1, -1, -1):
                if until[i] == UNTIL_STOP:
                    del held[i]
                    del until[i]
                    del counted[i]

    # ================================================================ phase 5: clock
    def end_round(self) -> None:
        """Phase 5: clock, statistics, and the next round's event (or the end of the game)."""
        ev = self.event
        if ev is not None and ev.no_stop and not ev.force_stop and not self.effective:
            for t in range(self.n):
                if self.rules.station_of_cell[self.cell[t]] >= 0:
                    self.effective = True                # a train on a station did not stop
        if ev is not None and self.effective:
            self.events_effective[ev.kind] += 1
        if self.rules.holds:
            self._hand_on(ev)
        for s, pile in enumerate(self.piles):
            if not pile and self.pile_empty_round[s] is None:
                self.pile_empty_round[s] = self.round
        if self.stalled_round is None and self._stalled():
            self.stalled_round = self.round
        self.clock = clock_after(self.clock, ev)
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

    def _hand_on(self, ev: Optional[EventEffect]) -> None:
        """The round's lasting effects go with the trains into the next rounds: each lasting dispatch card played,
        and the event's `until_stop` effects for every train that has not stopped."""
        fx = self.rules.dispatch
        event_hold = ev.held if ev is not None else -1
        for t in range(self.n):
            played = self.lasting_played[t]
            if played:
                for k in played:
                    for lasts, hold in fx[k].lasting:
                        self._hold(t, hold, lasts, k == self.played[t] and self.played_mattered[t])
                played.clear()
            if event_hold >= 0:
                self._hold(t, event_hold, UNTIL_STOP)

    def _stalled(self) -> bool:
        """True when no train can ever move again (every R is at the floor whatever card, event or dispatch
        card comes)."""
        rules = self.rules
        boost = rules.best_propulsion_after[min(self.round, rules.track_rounds)]
        repeated = self.event_for(rules.regular_rounds + 1)   # R4: a card that comes back
        if repeated is not None and repeated.propulsion > boost:
            boost = repeated.propulsion
        floor = rules.propulsion_floor
        for t in range(self.n):
            load = self.places[t]
            carried = self.held_propulsion(t, load, ANYWHERE, UNKNOWN) if self.held[t] else 0
            if rules.propulsion(rules.best_op_value, load, boost + max(0, carried)) > floor:
                return False
            for k in self.dispatch[self.owner[t]]:
                fx = rules.dispatch[k]
                if (fx.window == WITH_REVEAL
                        and rules.propulsion(rules.best_op_value, load, boost + propulsion_change(fx, load)) > floor):
                    return False
        return True

    def finish(self) -> None:
        """Final scoring (rules 6.3): tickets still aboard or waiting score nothing; bonus and penalty by L."""
        rules = self.rules
        worst = max(self.late)
        for p in range(self.players):
            if self.late[p] == 0:
                self.bonus[p] = rules.no_delay_bonus
            if (worst > 0 or self.options.penalty_without_delays) and self.late[p] == worst:   # ruling R8
                self.penalty[p] = rules.worst_delay_penalty
            self.score[p] += self.bonus[p] + self.penalty[p]
        for on_time_only, points in rules.awards:   # open scoring: the most deliveries (or on-time ones), all tied
            tally = [self.delivered[p] - self.late[p] if on_time_only else self.delivered[p]
                     for p in range(self.players)]
            most = max(tally)
            for p in range(self.players):
                if most > 0 and tally[p] == most:
                    self.score_points(p, points)
        self.phase = OVER

    def score_points(self, p: int, points: int) -> None:
        """Player ``p`` scores ``points`` beyond its deliveries (an end-of-game award, a registered primitive's),
        kept apart in ``award`` so that a score stays the sum of its parts (the invariants check it)."""
        self.award[p] += points
        self.score[p] += points

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
        top = max(keys)
        return tuple(p for p, key in enumerate(keys) if key == top)
