"""Bots: the four archetypes of rules section 7, a random legal bot and a lookahead bot.

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
from typing import Callable

from cardgen.engine.rules import Rules
from cardgen.engine.view import PlayerView


class Bot:
    """Default decisions shared by the rule-following bots; subclasses override boarding."""

    name = "bot"

    def __init__(self, rules: Rules, rng: random.Random):
        self.rules = rules
        self.rng = rng
        values = rules.op_values
        copies = [rules.deck.count(k) for k in range(len(values))]
        #: the commonest card (highest value among equals): the yardstick for load targets
        self.common_value = values[max(range(len(values)), key=lambda k: (copies[k], values[k]))]

    # -- operation phase
    def operation(self, view: PlayerView, t: int) -> tuple[int, bool]:
        """(hand slot, use Signal Priority). With a hand, play the card that ends on a station."""
        slot = self.best_slot(view, t) if view.options.hand_size > 1 else 0
        sig = self.rules.dispatch_signal
        return slot, sig >= 0 and sig in view.dispatch() and self.wants_signal(view, t)

    def wants_signal(self, view: PlayerView, t: int) -> bool:
        """Spend Signal Priority once the load costs more than one cell a round."""
        return view.places[t] // self.rules.penalty_divisor >= 2

    def best_slot(self, view: PlayerView, t: int) -> int:
        hand = view.hand(t)
        rules = self.rules
        best, best_key = 0, None
        for i, k in enumerate(hand):
            r = rules.propulsion(rules.op_values[k], view.places[t], 0)
            lands = rules.station_of_cell[self.landing(view, t, r)] >= 0
            key = (lands, r)
            if best_key is None or key > best_key:
                best, best_key = i, key
        return best

    def landing(self, view: PlayerView, t: int, r: int) -> int:
        """Cell reached after ``r`` free cells (terminal reversal included; blocking ignored)."""
        rules = self.rules
        c, d = view.cell[t], view.dir[t]
        for _ in range(r):
            c += d
            if rules.is_terminal[c]:
                d = -d
                if view.options.terminal_ends_move:
                    break
        return c

    # -- movement phase
    def move(self, view: PlayerView, t: int, r: int) -> int:
        """When stopping short is allowed: the most cells that still end on a station, else all of R."""
        rules = self.rules
        for want in range(r, 0, -1):
            if rules.station_of_cell[self.landing(view, t, want)] >= 0:
                return want
        return r

    def swap(self, view: PlayerView, t: int, targets: list[int]) -> int | None:
        """Swap with the train that blocked us from just ahead."""
        if view._state.moved[t] >= view.r(t):
            return None
        ahead = view.cell[t] + view.dir[t]
        for u in targets:
            if view.cell[u] == ahead:
                return u
        return None

    # -- stop phase
    def booking(self, view: PlayerView, t: int) -> int | None:
        """Book from the pile of the station we stop at, so the ticket lands where we can board it."""
        rules = self.rules
        s = rules.station_of_cell[view.cell[t]]
        if s < 0 or rules.op_no_stop[view.card(t)] or not view.pile_size(s):
            return None
        return s

    def keep(self, view: PlayerView, t: int, drawn: list[int]) -> tuple[int, ...]:
        """Keep the best fares heading our way."""
        rules = self.rules
        d = view.dir[t]
        order = sorted(range(len(drawn)), key=lambda i: (rules.ticket_dir[rules.card_kind[drawn[i]]] == d,
                                                          rules.ticket_fare[rules.card_kind[drawn[i]]]),
                       reverse=True)
        return tuple(sorted(order[:min(rules.booking_keep, len(drawn))]))

    def board(self, view: PlayerView, t: int, eligible: list[int], room: int, limit: int) -> list[int]:
        return []


class Archetype(Bot):
    """Boards the best fares until the load reaches ``target`` places; skips spans below ``min_span``."""

    def __init__(self, rules: Rules, rng: random.Random, name: str, target: int, min_span: int = 0):
        super().__init__(rules, rng)
        self.name, self.target, self.min_span = name, min(target, rules.cap), min_span

    def board(self, view: PlayerView, t: int, eligible: list[int], room: int, limit: int) -> list[int]:
        rules = self.rules
        kind_of, fare, seats, span = rules.card_kind, rules.ticket_fare, rules.ticket_seats, rules.ticket_span
        free = min(room, self.target - view.places[t])
        if free <= 0:
            return []
        cands = [c for c in eligible if span[kind_of[c]] >= self.min_span]
        if len(cands) > 1:
            cands.sort(key=lambda c: fare[kind_of[c]], reverse=True)
        out = []
        for c in cands:
            need = seats[kind_of[c]]
            if need <= free:
                out.append(c)
                free -= need
                if len(out) == limit:
                    break
        return out


class RandomBot(Bot):
    """Any legal choice, uniformly; a baseline and a fuzzer for the invariant tests."""

    name = "random"

    def operation(self, view: PlayerView, t: int) -> tuple[int, bool]:
        slot = self.rng.randrange(len(view.hand(t))) if view.options.hand_size > 1 else 0
        return slot, view.rules.dispatch_signal in view.dispatch() and self.rng.random() < 0.3

    def move(self, view: PlayerView, t: int, r: int) -> int:
        return self.rng.randint(0, r)

    def swap(self, view: PlayerView, t: int, targets: list[int]) -> int | None:
        return self.rng.choice(targets + [None])

    def booking(self, view: PlayerView, t: int) -> int | None:
        piles = [s for s in range(len(view.platforms)) if view.pile_size(s)]
        if not piles or self.rng.random() < 0.5:
            return None
        return self.rng.choice(piles)

    def keep(self, view: PlayerView, t: int, drawn: list[int]) -> tuple[int, ...]:
        return tuple(sorted(self.rng.sample(range(len(drawn)), min(self.rules.booking_keep, len(drawn)))))

    def board(self, view: PlayerView, t: int, eligible: list[int], room: int, limit: int) -> list[int]:
        seats, kind_of = self.rules.ticket_seats, self.rules.card_kind
        cands = list(eligible)
        self.rng.shuffle(cands)
        want = self.rng.randint(0, len(cands))
        out = []
        for c in cands[:want]:
            if seats[kind_of[c]] <= room and (not limit or len(out) < limit):
                out.append(c)
                room -= seats[kind_of[c]]
        return out


class Lookahead(Bot):
    """Fills to the balanced load, choosing tickets by expected points.

    It estimates its speed from the cards left in its own deck (known as a
    multiset, never their order) and the public events of the next rounds
    (none when the track is hidden), turns each ticket's distance into an
    expected delivery hour, values it at the full or the late fare
    accordingly, and boards the best value first. Measured: about as strong
    as "balanced", not stronger (see the engine report).
    """

    name = "lookahead"

    def __init__(self, rules: Rules, rng: random.Random):
        super().__init__(rules, rng)
        self.target = _targets(rules)["balanced"]

    def expected_speed(self, view: PlayerView, t: int, places: int) -> float:
        rules = self.rules
        left = view.deck_left(t)
        n = sum(left)
        if n:
            mean = sum(v * c for v, c in zip(rules.op_values, left)) / n
        else:
            mean = sum(rules.op_values[k] for k in rules.deck) / len(rules.deck)
        soon = [view.event(r) for r in range(view.round + 1, view.round + 4)]
        mod = sum(ev.propulsion for ev in soon if ev is not None) / len(soon)
        return max(mean - places // rules.penalty_divisor + mod, 0.25)

    def board(self, view: PlayerView, t: int, eligible: list[int], room: int, limit: int) -> list[int]:
        rules = self.rules
        kind_of, dest, fare, late, slack, seats = (rules.card_kind, rules.ticket_dest_cell, rules.ticket_fare,
                                                   rules.ticket_late_fare, rules.ticket_slack, rules.ticket_seats)
        c0 = view.cell[t]
        places = view.places[t]
        free = min(room, self.target - places)
        if free <= 0:
            return []
        speed = self.expected_speed(view, t, min(self.target, places + free))

        def value(c: int) -> float:
            k = kind_of[c]
            dist = abs(dest[k] - c0)
            points = fare[k] if dist / speed <= slack[k] else late[k]
            return points

        out: list[int] = []
        for c in sorted(eligible, key=value, reverse=True):
            need = seats[kind_of[c]]
            if need <= free:
                out.append(c)
                free -= need
                if len(out) == limit:
                    break
        return out


_TARGETS: dict[int, tuple[Rules, dict[str, int]]] = {}


def _targets(rules: Rules) -> dict[str, int]:
    """Archetype parameters derived from the content (see module docstring), cached per compiled rules."""
    hit = _TARGETS.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    probe = Bot(rules, random.Random(0)).common_value
    loads = range(rules.cap + 1)
    light = min(rules.penalty_divisor - 1, rules.cap)
    balanced = max(loads, key=lambda n: (n * rules.propulsion(probe, n, 0), -n))
    heavy = max(n for n in loads if rules.propulsion(probe, n, 0) > rules.propulsion_floor)
    spans = sorted(set(rules.ticket_span))
    out = {"light": light, "balanced": balanced, "heavy": heavy, "long_span": spans[len(spans) // 2]}
    _TARGETS[id(rules)] = (rules, out)
    return out


BotFactory = Callable[[Rules, random.Random], Bot]

BOTS: dict[str, BotFactory] = {
    "heavy": lambda rules, rng: Archetype(rules, rng, "heavy", _targets(rules)["heavy"]),
    "light": lambda rules, rng: Archetype(rules, rng, "light", _targets(rules)["light"]),
    "balanced": lambda rules, rng: Archetype(rules, rng, "balanced", _targets(rules)["balanced"]),
    "long": lambda rules, rng: Archetype(rules, rng, "long", _targets(rules)["heavy"], _targets(rules)["long_span"]),
    "random": RandomBot,
    "lookahead": Lookahead,
}
