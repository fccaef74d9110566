"""Bots: the four archetypes of rules section 7 and a random legal bot (the lookahead bot: lookahead.py;
all of them by name: registry.py).

A bot only ever gets a :class:`PlayerView`. Archetype targets are derived from
the content, not typed: "light" keeps the largest load with no penalty,
"balanced" the load where N x R of the commonest card peaks, "heavy" the
largest load that card can still move, "long" boards only the longer half of
the spans. With the bundled content these are 2, 5, 8 and span >= 3, the
numbers section 7 gives.

Every decision is simple arithmetic on small lists, because the simulator
plays thousands of games a second with these.
"""

from __future__ import annotations

import random
from typing import Optional

from cardgen.engine.rules.compiled import (FOE, FRIEND, WITH_REVEAL, Rules, propulsion_change,
                                           trains_within, wait_change)
from cardgen.engine.rules.runs import run_index
from cardgen.engine.rules.view import PlayerView

#: tuning, not a rule: the rule-following bots spend a dispatch card's R change (Signal Priority) once their
#: load's penalty (Rules.penalty) costs at least this many cells a round
SIGNAL_AT_PENALTY = 2


class Bot:
    """Default decisions shared by the rule-following bots; subclasses override boarding."""

    def __init__(self, rules: Rules, seed: int = 0) -> None:
        self.rules: Rules = rules
        self.seed: int = seed
        self.name: str = "bot"
        self._rng: Optional[random.Random] = None

    @property
    def rng(self) -> random.Random:
        """This bot's own random stream, created on first use (most bots never draw from it)."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    # -- operation phase
    def operation(self, view: PlayerView, t: int) -> tuple[int, int]:
        """(hand slot, dispatch kind to play with it or -1). With a hand, play the card that ends on a station;
        play the first dispatch card held for the reveal that is worth it (:meth:`worth_playing`)."""
        slot = self.best_slot(view, t) if view.options.hand_size > 1 else 0
        fx = self.rules.dispatch
        for k in view.dispatch():
            if fx[k].window == WITH_REVEAL and self.worth_playing(view, t, k):
                return slot, k
        return slot, -1

    def worth_playing(self, view: PlayerView, t: int, k: int) -> bool:
        """Whether reveal card ``k`` helps train ``t`` this round: an R change its load qualifies for, when
        :meth:`wants_signal`; a way past a train or a closed section within reach (:meth:`in_the_way`); more
        room when its load is within the card's amount of the cap or in the last round; a W gain its load qualifies for, when
        :meth:`wants_wait`."""
        fx = self.rules.dispatch[k]
        load = view.places[t]
        if fx.units and self.unit_play(view, t, k) is not None:
            return True
        if propulsion_change(fx, load) > 0 \
                and (self.wants_signal(view, t) or not self.could_want_signal(fx.propulsion_max_load)):
            return True
        if (fx.ignore_blocking or fx.ignore_closure) and self.in_the_way(view, t, fx.ignore_blocking,
                                                                          fx.ignore_closure):
            return True
        if fx.capacity > 0 and (load + fx.capacity >= self.rules.cap or self.last_round(view)):
            return True   # room beyond the cap the train nears, or a card that would otherwise go unplayed
        if fx.force_stop and (self.due_within_reach(view, t) or self.last_round(view)):
            return True   # a ticket aboard is due at a station the move could run past
        if fx.no_stop and self.last_round(view):
            return True   # never worth a stop missed before: a card that would otherwise go unplayed
        return wait_change(fx, load) > 0 and self.wants_wait(view, t)

    def due_within_reach(self, view: PlayerView, t: int) -> bool:
        """Whether a ticket aboard train ``t`` is for a station on its way this round, short of where it lands."""
        ahead = self.reach(view, t)
        dest_cell, kind_of = self.rules.ticket_dest_cell, self.rules.card_kind
        return any(dest_cell[kind_of[card]] in ahead[:-1] for card, _ in view.aboard(t))

    def last_round(self, view: PlayerView) -> bool:
        """Whether the clock ends the game after this round (unless it is held)."""
        return view.clock + 1 >= self.rules.clock_end

    def wants_signal(self, view: PlayerView, t: int) -> bool:
        """Spend an R change once the load costs SIGNAL_AT_PENALTY cells a round or more."""
        return self.rules.penalty(view.places[t]) >= SIGNAL_AT_PENALTY

    def could_want_signal(self, max_load: int) -> bool:
        """Whether a card usable up to ``max_load`` could ever meet :meth:`wants_signal` (no train carries more
        than the largest composition cap); one that cannot (a boost for light trains, or any boost under a
        low cap) is spent whenever the load qualifies, or it would never be played."""
        return self.rules.penalty(min(max_load, self.rules.max_cap)) >= SIGNAL_AT_PENALTY

    def reach(self, view: PlayerView, t: int) -> list[int]:
        """The cells train ``t`` would run this round with the best card left in its deck (before the reveal
        it does not know which card comes), this round's event included; blocking ignored."""
        rules = self.rules
        left = view.deck_left(t)
        load, clock = view.places[t], view.clock
        best = max([rules.op_value(k, load, clock) for k in range(len(left)) if left[k]] or [rules.best_op_value])
        ev = view.event(view.round)
        run = rules.runs(view.options.terminal_ends_move)[run_index(view.cell[t], view.dir[t])]
        return [c for c, _ in run[min(rules.propulsion(best, load, propulsion_change(ev, load)), len(run) - 1)]]

    def in_the_way(self, view: PlayerView, t: int, trains: bool, closure: bool) -> bool:
        """Within reach of train ``t``'s move: (``closure``) this round's closed section, or (``trains``) a
        section holding a train on its line that moves after it (lower W; higher on an order-reversed round)."""
        rules = self.rules
        ev = view.event(view.round)
        ahead = self.reach(view, t)
        if closure and ev is not None and ev.closed_cell in ahead:
            return True
        if not trains:
            return False
        reverse = ev is not None and ev.order_reversed
        for u in range(view.n_trains):
            c = view.cell[u]
            if u == t or rules.station_of_cell[c] >= 0 or c not in ahead or view.siding[u] >= 0:
                continue
            same_line = view.dir[u] == view.dir[t] or not rules.double_track
            later = view.wait[u] >= view.wait[t] if reverse else view.wait[u] <= view.wait[t]
            if same_line and later:
                return True
        return False

    def wants_wait(self, view: PlayerView, t: int) -> bool:
        """A W gain pays when a train heading our way stands a card's run behind us and would move first: it
        could pass our station and fill the section ahead, or stop before us at a shared platform (R14)."""
        rules = self.rules
        c, d = view.cell[t], view.dir[t]
        for u in range(view.n_trains):
            behind = (c - view.cell[u]) * d
            if u != t and view.dir[u] == d and 0 <= behind <= rules.best_op_value and view.wait[u] >= view.wait[t]:
                return True
        return False

    def best_slot(self, view: PlayerView, t: int) -> int:
        hand = view.hand(t)
        rules = self.rules
        best, best_key = 0, None
        for i, k in enumerate(hand):
            r = rules.propulsion(rules.op_value(k, view.places[t], view.clock), view.places[t], 0)
            lands = rules.station_of_cell[self.landing(view, t, r)] >= 0
            key = (lands, r)
            if best_key is None or key > best_key:
                best, best_key = i, key
        return best

    def landing(self, view: PlayerView, t: int, r: int) -> int:
        """Cell reached after ``r`` free cells (terminal reversal included; blocking ignored)."""
        run = self.rules.runs(view.options.terminal_ends_move)[run_index(view.cell[t], view.dir[t])][r]
        return run[-1][0] if run else view.cell[t]

    # -- movement phase
    def move(self, view: PlayerView, t: int, r: int) -> int:
        """When stopping short is allowed: the most cells that still end on a station, else all of R."""
        rules = self.rules
        for want in range(r, 0, -1):
            if rules.station_of_cell[self.landing(view, t, want)] >= 0:
                return want
        return r

    def siding(self, view: PlayerView, t: int) -> bool:
        """Ruling R25, asked when train ``t``'s move ended beside a siding with room: pull in when the siding gives
        W, or when a train of the same player stands behind on its line, within a run of it (the section it
        fills would stop that train)."""
        rules = self.rules
        c, d = view.cell[t], view.dir[t]
        if rules.siding_wait_gain[rules.siding_of_cell[c]] > 0:
            return True
        for u in view.trains:
            behind = (c - view.cell[u]) * d
            if u != t and view.siding[u] < 0 and view.dir[u] == d and 0 < behind <= rules.longest_run:
                return True
        return False

    def after_move(self, view: PlayerView, t: int, cards: list[int], targets: list[int]) -> tuple[int, int]:
        """(dispatch kind, swap target, chosen train or section cell, or -1) to play after the move, or (-1, -1): the
        first card offered that pays, a swap by :meth:`swap`, a chosen train or section by the card's hint, a W gain
        by :meth:`wants_wait`."""
        fx = self.rules.dispatch
        for k in cards:
            if fx[k].units:
                named = self.unit_play(view, t, k)
                if named is not None:
                    return k, named
            if fx[k].swap:
                u = self.swap(view, t, targets)
                if u is not None:
                    return k, u
            elif fx[k].wait_range:
                chosen = self.chosen_train(view, t, k)
                if chosen is not None:
                    return k, chosen
            elif fx[k].pick_section:
                section = self.chosen_section(view, t, k)
                if section is not None:
                    return k, section
            elif fx[k].wait_gain and self.wants_wait(view, t):
                return k, -1
        return -1, -1

    def unit_play(self, view: PlayerView, t: int, k: int) -> Optional[int]:
        """Whether to play card ``k``, whose kind has registered primitives, for train ``t`` now: what to name
        with it (-1: nothing), or None to keep it. Each primitive's ``hint`` is asked first; when none has an
        opinion, the card is played in the last round (no card goes unplayed)."""
        fx = self.rules.dispatch[k]
        choices = view.card_choices(t, k) if fx.unit_chooses else []
        if fx.unit_chooses and not choices:
            return None
        for unit in fx.units:
            named = unit.hint(view, t, choices)
            if named is not None and (named in choices if fx.unit_chooses else named == -1):
                return named
        if self.last_round(view):
            return choices[0] if choices else -1
        return None

    def chosen_train(self, view: PlayerView, t: int, k: int) -> Optional[int]:
        """The train card ``k`` goes to, by its hint: a boon (FRIEND) to the player's own other train within
        range; in the last round, when the card would otherwise go unplayed, the nearest train."""
        fx = self.rules.dispatch[k]
        near = trains_within(view.cell, t, fx.wait_range)
        for u in near:
            if (view.owner(u) == view.owner(t)) == (fx.hint == FRIEND):
                return u
        if near and self.last_round(view):
            return min(near, key=lambda u: abs(view.cell[u] - view.cell[t]))
        return None

    def chosen_section(self, view: PlayerView, t: int, k: int) -> Optional[int]:
        """The section cell card ``k`` names, by its hint: a closure (FOE) on the first section of the run of a
        rival's train still to move this round, where it would stop short; a boon (FRIEND) where a train of the
        player's own stands; in the last round, when the card would otherwise go unplayed, the nearest section."""
        rules = self.rules
        fx = rules.dispatch[k]
        c0 = view.cell[t]
        near = view.card_choices(t, k)
        me = view.owner(t)
        if fx.hint == FOE:
            runs = rules.runs(view.options.terminal_ends_move)
            for u in view.to_move(t):
                run = runs[run_index(view.cell[u], view.dir[u])]
                if view.owner(u) == me or not run:
                    continue
                for c, _ in run[min(view.r(u), len(run) - 1)]:
                    if rules.station_of_cell[c] < 0:
                        if c in near and not view.closed(c):
                            return c
                        break
        else:
            for c in near:
                for u in range(view.n_trains):
                    if view.cell[u] == c and view.owner(u) == me:
                        return c
        if near and self.last_round(view):
            return min(near, key=lambda c: abs(c - c0))
        return None

    def swap(self, view: PlayerView, t: int, targets: list[int]) -> Optional[int]:
        """Swap with the train that blocked us from just ahead."""
        if view.moved(t) >= view.r(t):
            return None
        ahead = view.cell[t] + view.dir[t]
        for u in targets:
            if view.cell[u] == ahead:
                return u
        return None

    # -- stop phase
    def at_stop(self, view: PlayerView, t: int, cards: list[int]) -> tuple[int, int]:
        """(dispatch kind, pile or -1) to play as the stop begins, or (-1, -1): the first card offered that pays,
        a Group Booking by :meth:`booking`, a W gain by :meth:`wants_wait`."""
        fx = self.rules.dispatch
        for k in cards:
            if fx[k].units:
                named = self.unit_play(view, t, k)
                if named is not None:
                    return k, named
            if fx[k].draw:
                pile = self.booking(view, t)
                if pile is not None:
                    return k, pile
            elif fx[k].festival_amount:
                pile = self.festival(view, t)
                if pile is not None:
                    return k, pile
            elif fx[k].move_count:
                if self.wants_signal(view, t) or self.last_round(view):
                    return k, -1   # the load slows the train: leave the farthest tickets for another one
            elif fx[k].wait_gain and self.wants_wait(view, t):
                return k, -1
        return -1, -1

    def festival(self, view: PlayerView, t: int) -> Optional[int]:
        """Extra tickets onto the platform of the station we stop at, to board some now; in the last round, when
        the card would otherwise go unplayed, any pile that holds tickets."""
        rules = self.rules
        s = rules.station_of_cell[view.cell[t]]
        if s >= 0 and rules.stops(view.cell[t], view.card(t)) and view.pile_size(s):
            return s
        if self.last_round(view):
            for s in range(len(rules.station_ids)):
                if view.pile_size(s):
                    return s
        return None

    def booking(self, view: PlayerView, t: int) -> Optional[int]:
        """Book from the pile of the station we stop at, so the ticket lands where we can board it. Under
        booking_platform="any", from the terminal pile behind us: its tickets all head our way, the longest
        fares, and the kept one is laid on our own platform."""
        rules = self.rules
        if not rules.stops(view.cell[t], view.card(t)):
            return None
        s = rules.station_of_cell[view.cell[t]]
        if view.options.booking_platform == "any":
            behind = 0 if view.dir[t] > 0 else len(rules.station_ids) - 1
            if behind != s and view.pile_size(behind):
                return behind
        return s if view.pile_size(s) else None

    def booking_platform(self, view: PlayerView, t: int) -> Optional[int]:
        """Under booking_platform="any" (R7 as printed): the platform we stand at, to board the ticket now."""
        if view.options.booking_platform != "any":
            return None
        s = self.rules.station_of_cell[view.cell[t]]
        return s if s >= 0 else None

    def keep(self, view: PlayerView, t: int, drawn: list[int], keep: int) -> tuple[int, ...]:
        """Keep the best fares heading our way (under "any": whose destination lies ahead of us)."""
        rules = self.rules
        d, c = view.dir[t], view.cell[t]
        anywhere = view.options.booking_platform == "any"

        def ours(k: int) -> bool:
            return (rules.ticket_dest_cell[k] - c) * d > 0 if anywhere else rules.ticket_dir[k] == d

        order = sorted(range(len(drawn)), key=lambda i: (ours(rules.card_kind[drawn[i]]),
                                                          rules.ticket_fare[rules.card_kind[drawn[i]]]),
                       reverse=True)
        return tuple(sorted(order[:min(keep, len(drawn))]))

    def board(self, view: PlayerView, t: int, eligible: list[int], room: int, limit: int) -> list[int]:
        return []

    def take(self, ordered: list[int], free: int, limit: int) -> list[int]:
        """Board tickets in preference order while they fit in ``free`` places, at most ``limit`` (0: any)."""
        seats, kind_of = self.rules.ticket_seats, self.rules.card_kind
        out: list[int] = []
        for c in ordered:
            need = seats[kind_of[c]]
            if need <= free:
                out.append(c)
                free -= need
                if len(out) == limit:
                    break
        return out


class Archetype(Bot):
    """Boards the best fares until the load reaches ``target`` places; skips spans below ``min_span``."""

    def __init__(self, rules: Rules, seed: int, name: str, target: int, min_span: int = 0) -> None:
        super().__init__(rules, seed)
        self.name = name
        self.target: int = min(target, rules.cap)
        self.min_span: int = min_span

    def board(self, view: PlayerView, t: int, eligible: list[int], room: int, limit: int) -> list[int]:
        rules = self.rules
        kind_of, fare, span = rules.card_kind, rules.ticket_fare, rules.ticket_span
        # a cap raised this round (a card it played, an event, one it carries) raises its target as much
        raised = max(0, view.places[t] + room - rules.cap)
        free = min(room, self.target + raised - view.places[t])
        if free <= 0:
            return []
        cands = [c for c in eligible if span[kind_of[c]] >= self.min_span]
        if len(cands) > 1:
            cands.sort(key=lambda c: fare[kind_of[c]], reverse=True)
        return self.take(cands, free, limit)


class RandomBot(Bot):
    """Any legal choice, uniformly; a baseline and a fuzzer for the invariant tests."""

    def __init__(self, rules: Rules, seed: int = 0) -> None:
        super().__init__(rules, seed)
        self.name = "random"

    def operation(self, view: PlayerView, t: int) -> tuple[int, int]:
        slot = self.rng.randrange(len(view.hand(t))) if view.options.hand_size > 1 else 0
        fx = self.rules.dispatch
        held: list[int] = []
        for k in view.dispatch():
            if fx[k].window == WITH_REVEAL and k not in held:
                held.append(k)
        if not held or self.rng.random() >= 0.3:
            return slot, -1
        return slot, held[0] if len(held) == 1 else self.rng.choice(held)

    def move(self, view: PlayerView, t: int, r: int) -> int:
        return self.rng.randint(0, r)

    def siding(self, view: PlayerView, t: int) -> bool:
        return self.rng.random() < 0.5

    def after_move(self, view: PlayerView, t: int, cards: list[int], targets: list[int]) -> tuple[int, int]:
        fx = self.rules.dispatch
        options: list[tuple[int, int]] = []
        for k in cards:
            if fx[k].pick_train or fx[k].pick_section:
                options += [(k, u) for u in (targets if fx[k].swap else view.card_choices(t, k))]
            else:
                options.append((k, -1))
        options.append((-1, -1))
        return self.rng.choice(options)

    def at_stop(self, view: PlayerView, t: int, cards: list[int]) -> tuple[int, int]:
        fx = self.rules.dispatch
        options: list[tuple[int, int]] = []
        for k in cards:
            options += [(k, s) for s in view.card_choices(t, k)] if fx[k].pick_pile else [(k, -1)]
        if not options or self.rng.random() < 0.5:
            return -1, -1
        return self.rng.choice(options)

    def keep(self, view: PlayerView, t: int, drawn: list[int], keep: int) -> tuple[int, ...]:
        return tuple(sorted(self.rng.sample(range(len(drawn)), min(keep, len(drawn)))))

    def board(self, view: PlayerView, t: int, eligible: list[int], room: int, limit: int) -> list[int]:
        seats, kind_of = self.rules.ticket_seats, self.rules.card_kind
        cands = list(eligible)
        self.rng.shuffle(cands)
        want = self.rng.randint(0, len(cands))
        out: list[int] = []
        for c in cands[:want]:
            if seats[kind_of[c]] <= room and (not limit or len(out) < limit):
                out.append(c)
                room -= seats[kind_of[c]]
        return out


_TARGETS: dict[int, tuple[Rules, dict[str, int]]] = {}


def archetype_targets(rules: Rules) -> dict[str, int]:
    """Archetype parameters derived from the content (see module docstring), cached per compiled rules."""
    hit = _TARGETS.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    values = rules.op_values
    copies = [rules.deck.count(k) for k in range(len(values))]
    # the commonest card (highest value among equals) is the yardstick for load targets
    probe = values[max(range(len(values)), key=lambda k: (copies[k], values[k]))]
    loads = range(rules.cap + 1)
    light = max(n for n in loads if rules.penalty(n) == 0)
    balanced = max(loads, key=lambda n: (n * rules.propulsion(probe, n, 0), -n))
    # no load moves above the floor when every card is worth 0 (degenerate but valid content): load nothing
    heavy = max((n for n in loads if rules.propulsion(probe, n, 0) > rules.propulsion_floor), default=0)
    spans = sorted(set(rules.ticket_span))
    out = {"light": light, "balanced": balanced, "heavy": heavy, "long_span": spans[len(spans) // 2]}
    _TARGETS[id(rules)] = (rules, out)
    return out
