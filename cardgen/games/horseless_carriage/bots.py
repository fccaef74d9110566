"""Bots that play whole games: a random one (any legal action) and a greedy one (the best action by a short
look at its value now).

Why: the simulator needs strategies to measure the game with, and the random bot drives the invariant
harness through every kind of position. The random bot never lists every build or window action (there
are thousands); it draws candidates and keeps the first legal one, so every action it plays is legal and
a whole game takes milliseconds.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardgen.games.horseless_carriage import market as mk
from cardgen.games.horseless_carriage.factory import DEALERSHIP, MARKETING, PLANNING, RESEARCH
from cardgen.games.horseless_carriage.state import (ASSEMBLY, BUILD, BUILD_KINDS, DEMAND, FLOOR, FOCUS, RESEARCH_PHASE,
                                                    SELL, Action, State, rotated)

Bot = Callable[[State, random.Random], Action]
#: candidates a bot draws before it gives up building this turn
TRIES = 6
#: how often the random bot draws each kind of build action (BUILD_KINDS): stations need the most tries
KIND_WEIGHTS = (2, 1, 1, 1, 4)


def random_window(state: State, p: int, rng: random.Random) -> Action | None:
    """A random legal window for a random dealership that can still lay one, or None."""
    rules = state.rules
    dealers = [i for i, ok in enumerate(state.eligible[p]) if ok and i not in state.windows[p]]
    rng.shuffle(dealers)
    for i in dealers:
        dealer = state.dealers[p][i]
        w, h = rng.choice(mk.window_shapes(rules, dealer.marketing))
        for x, y in rotated(mk.window_anchors(rules, w, h), rng):
            if mk.window_legal(rules, state.market, dealer.spec, x, y, w, h):
                return ("window", i, x, y, w, h)
    return None


def random_bot(state: State, rng: random.Random) -> Action:
    """Any legal action, drawn at random (build and window actions by drawing candidates)."""
    p = state.current_player()
    if state.phase == BUILD:
        for _ in range(TRIES):
            if rng.random() < 0.3:
                break
            candidates = state.build_candidates(p, (rng.choices(BUILD_KINDS, KIND_WEIGHTS)[0],))
            if candidates:
                action = rng.choice(candidates)
                if state.why_not(action) is None:
                    return action
        return ("done",)
    if state.phase == FLOOR:
        assert state.floor_option is not None  # the state asks only when one exists
        return state.floor_option
    if state.phase == SELL:
        sales = state.sell_actions(p)
        if sales and rng.random() < 0.8:
            return rng.choice(sales)
        window = random_window(state, p, rng)
        return window or (rng.choice(sales) if sales else ("pass",))
    return rng.choice(state.legal_actions())


def _sale_value(state: State, p: int, i: int, cell: int) -> int:
    return sum(mk.sale_value(state.rules, state.market, cell, car, n) for car, n, _ in state.sale(p, i, cell))


def _build_score(state: State, p: int, action: Action) -> float:
    """How much a build action helps a seller now: a first line of production, then specs that are asked for,
    then marketing, then departments."""
    f = state.players[p].factory
    name = action[0]
    dealers = f.count(DEALERSHIP)
    if name == "mainline":
        return (10 if dealers == 0 else 3 if dealers < 2 else 0) if action[3] is not None else 0
    if name in ("station", "indicator"):
        dim = action[-1]
        wanted = 3 * (dim in state.in_play) + 4 * (state.minimum[dim] > 0)
        return 4 + wanted - (name == "station")
    if name == "department":
        kind = action[1]
        if kind == MARKETING:
            return 4 if f.count(MARKETING) < 2 * dealers else 0
        if kind == RESEARCH:
            return 2 if f.count(RESEARCH) < 2 else 0
        if kind == PLANNING:
            return 1 if f.count(PLANNING) < 1 else 0
    return 0


def greedy_bot(state: State, rng: random.Random) -> Action:
    """Research its own in-play tracks and capacity, sell for the most money, build what raises sales."""
    p = state.current_player()
    player = state.players[p]
    if state.phase == RESEARCH_PHASE:
        def value(a: Action) -> float:
            if a[0] != "research" or a[2] != p:
                return 0
            return 2 if a[1] == ASSEMBLY else 3 if a[1] in state.in_play else 1
        best = max(state.legal_actions(), key=lambda a: (value(a), rng.random()))
        return best if value(best) > 0 else ("done",)
    if state.phase == FOCUS:
        spaces = [a for a in state.legal_actions() if a[0] == "focus"]
        return max(spaces, key=lambda a: a[1]) if spaces and player.gantt > 0 else ("pass",)
    if state.phase == BUILD:
        legal = [a for a in state.build_candidates(p) if state.why_not(a) is None]
        scored = [(_build_score(state, p, a), rng.random(), a) for a in legal]
        if not scored:
            return ("done",)
        score, _, action = max(scored)
        return action if score > 0 else ("done",)
    if state.phase == FLOOR:
        assert state.floor_option is not None
        return state.floor_option
    if state.phase == SELL:
        return _greedy_sell(state, p, rng)
    if state.phase == DEMAND:
        return _greedy_card(state, p, rng)
    return rng.choice(state.legal_actions())


def _greedy_sell(state: State, p: int, rng: random.Random) -> Action:
    sales = state.sell_actions(p)
    if sales:
        return max(sales, key=lambda a: (_sale_value(state, p, a[1], a[2]), rng.random()))
    rules = state.rules

    def reach(a: Action) -> int:
        _, i, x, y, w, h = a
        return sum(_sale_value(state, p, i, cell) for cell in mk.window_cells(rules, x, y, w, h))
    windows = state.window_actions(p)
    if windows:
        best = max(windows, key=lambda a: (reach(a), rng.random()))
        if reach(best) > 0:
            return best
    return ("pass",)


def _greedy_card(state: State, p: int, rng: random.Random) -> Action:
    """The card and quadrant whose sparks land where this player's dealerships can sell, dearest first."""
    rules = state.rules
    deck = rules.decks[state.players[p].industrialist]
    dealers = state.dealers[p]
    size = rules.size

    def value(a: Action) -> float:
        card = deck[a[1]]
        total = 0.0
        for cell in mk.quadrant_cells(rules, a[2], card):
            need = mk.requirement(rules, state.market, cell % size, cell // size)
            if any(card.car in d.cars and need[0] <= d.spec[state.market.axis_dims[0]]
                   and need[1] <= d.spec[state.market.axis_dims[1]] for d in dealers):
                total += (state.market.prices[rules.segment_of[cell]] or rules.prices[-1]) + rules.bonus[card.car]
        return total
    return max(state.legal_actions(), key=lambda a: (value(a), rng.random()))


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
