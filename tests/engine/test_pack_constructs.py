"""Issue 23: the sample pack's new constructs play on both drivers and matter: a boarding limit at one station,
a dispatch card's own capacity, a lasting effect, a track card's own values, an operation value with cases."""

from __future__ import annotations

from cardgen.engine import GameState, compile_rules
from cardgen.engine.play.games import make_bots, run_checked, run_fast
from cardgen.engine.rules.compiled import (ANYWHERE, HEADING_LEFT, HEADING_RIGHT, IN_SECTION, ON_STATION, ON_TERMINAL,
                                           propulsion_change)
from cardgen.model import load
from cardgen.resources import bundled_path
from tests.engine.drivers import tally

SAMPLE = bundled_path("content", "packs", "onsen-line")
LINEUP = ["heavy", "light", "balanced", "long"]


def test_both_drivers_play_the_same_games():
    rules = compile_rules(load(SAMPLE))
    for seed in range(4):
        fast, checked = GameState(rules, 4, seed), GameState(rules, 4, seed)
        run_fast(fast, make_bots(rules, LINEUP, seed), check_invariants=True)
        run_checked(checked, make_bots(rules, LINEUP, seed))
        assert fast.to_dict() == checked.to_dict()


def test_a_boarding_limit_holds_at_its_station_only():
    content = load(SAMPLE)
    rules = compile_rules(content)
    summit = rules.station_ids.index("S6")
    assert rules.track[8].limit_station == summit and rules.track[8].boarding_limit == 1
    state = GameState(rules, 4, 0)
    while state.round < 8:
        run_round(state)
    local = [k for k, lifted in enumerate(rules.op_ignore_limit) if not lifted][0]
    state.card[0] = local
    state.cell[0] = rules.station_cells[summit]
    assert state.boarding_limit(0) == 1
    state.cell[0] = rules.station_cells[summit - 1]
    assert state.boarding_limit(0) == 0


def run_round(state: GameState) -> None:
    """One round of the fast loop's questions answered by the first bots (the round number moves on)."""
    bots = make_bots(state.rules, LINEUP, 0)
    start = state.round
    while state.round == start and not state.over:
        run_fast_round(state, bots)


def run_fast_round(state: GameState, bots) -> None:
    state.reveal([(0, -1)] * state.n)
    for t in state.order:
        state.move(t)
    for t in state.order:
        if state.can_stop(t):
            state.alight(t)
            state.refill(state.rules.station_of_cell[state.cell[t]])
    state.end_round()


def test_a_dispatch_card_changes_its_own_trains_cap():
    content = load(SAMPLE)
    rules = compile_rules(content)
    carriage = rules.dispatch_ids.index("extra_carriage")
    assert rules.dispatch[carriage].capacity == 2 and rules.max_cap >= rules.cap + 2
    state = GameState(rules, 4, 0)
    state.dispatch[state.owner[0]].append(carriage)
    state.reveal([(0, carriage)] + [(0, -1)] * (state.n - 1))
    assert state.cap_now(0) == rules.cap + 2 and state.cap_now(1) == rules.cap


def test_every_new_construct_matters_in_play():
    # the archetypes play Extra Carriage near their cap, where two more places seldom change what boards; a
    # lookahead bot's loads make it matter (its cap carried to the next stop counts too)
    counts = tally(load(SAMPLE), [(LINEUP, 40), (["lookahead", "heavy", "random", "heavy"], 20)], {
        "events_effective": ["ski_crowd", "snow_chains", "heavy_snow", "mountain_wind", "hot_spring_day",
                             "inspection"],
        "dispatch_effective": ["extra_carriage", "banking_engine"]})
    assert all(counts.values()), counts


def test_an_effect_holds_where_the_train_stands_and_heads():
    rules = compile_rules(load(SAMPLE))
    wind = rules.track[15]
    assert wind.propulsion == -1 and wind.propulsion_at == IN_SECTION | HEADING_RIGHT
    state = GameState(rules, 4, 0)
    section = next(c for c in range(rules.first_cell, rules.last_cell + 1) if rules.station_of_cell[c] < 0)
    state.cell[0], state.cell[1], state.dir[0], state.dir[1] = section, rules.first_cell, 1, 1
    assert (state.place_of(0) & ANYWHERE, state.place_of(1) & ANYWHERE) == (IN_SECTION | HEADING_RIGHT,
                                                      ON_STATION | ON_TERMINAL | HEADING_RIGHT)
    assert propulsion_change(wind, 0, state.place_of(0)) == -1
    assert propulsion_change(wind, 0, state.place_of(1)) == 0
    state.dir[0] = -1
    assert state.place_of(0) & ANYWHERE == IN_SECTION | HEADING_LEFT and propulsion_change(wind, 0, state.place_of(0)) == 0
    assert propulsion_change(wind, 0) == -1     # a bot predicting without a place: the effect counts
