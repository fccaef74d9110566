"""Random games for 2, 3 and 4 players: every action the bots play is legal, every invariant holds after
every action, and every game ends within the years the content allows."""

from __future__ import annotations

import random

import pytest

from cardgen.games.horseless_carriage.bots import BOTS
from cardgen.games.horseless_carriage.invariants import violations
from cardgen.games.horseless_carriage.state import State

#: more actions than any game takes: a game that reaches it is looping
STEPS_CAP = 5000


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_whole_games_keep_every_invariant(rules, players, bot):
    for seed in range(3 if bot == "random" else 1):
        state = State(rules, players, seed)
        rng = random.Random(seed)
        steps = 0
        wealth = [0] * players
        time = state.time
        while not state.is_terminal():
            action = BOTS[bot](state, rng)
            legal = state.legal_actions()
            assert action in legal, (state.phase, action)
            state.apply(action)
            broken = violations(state)
            assert broken == [], (steps, action, broken)
            assert all(p.wealth >= w for p, w in zip(state.players, wealth))
            assert state.time <= time
            wealth, time = [p.wealth for p in state.players], state.time
            steps += 1
            assert steps < STEPS_CAP
        assert 1 <= state.year <= rules.years
        assert state.legal_actions() == [] and state.current_player() == -1


def test_the_invariants_catch_a_broken_position(rules):
    state = State(rules, 2, 0)
    f = state.players[0].factory
    f.tiles[(4, 4)] = (0, 0)                 # a lone mainline
    state.stations["engine"] -= 1            # a station taken from the supply and put nowhere
    assert violations(state) == ["player 0: the mainline at (4, 4) touches no dealership",
                                 "the engine supply is not conserved"]


def test_a_clone_plays_on_alone_and_the_same(rules):
    state = State(rules, 3, 5)
    rng = random.Random(5)
    for _ in range(60):
        state.apply(BOTS["random"](state, rng))
    copy = state.clone()
    before = (state.phase, state.year, state.time, [p.wealth for p in state.players],
              [dict(p.factory.tiles) for p in state.players], [row[:] for row in state.market.buyers])
    ends = []
    for s in (copy, state.clone()):
        r = random.Random(9)
        while not s.is_terminal():
            s.apply(BOTS["random"](s, r))
        ends.append((s.year, s.returns(), s.history_log))
    assert ends[0] == ends[1]
    assert before == (state.phase, state.year, state.time, [p.wealth for p in state.players],
                      [dict(p.factory.tiles) for p in state.players], [row[:] for row in state.market.buyers])
