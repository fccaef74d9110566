"""Random games for every player count and variant, checked after every round."""

from __future__ import annotations

import json

import pytest

from cardgen.engine import BOTS, GameState, Options, play_game
from cardgen.engine.rules.actions import IllegalAction
from cardgen.engine.rules.invariants import check_state
from cardgen.engine.play.games import make_bots, run_checked, run_fast
from tests.engine.conftest import VARIANTS, variant_rules


def _players(rules, variant):
    """Every player count whose trains fit the start seats (two locomotives each: 2 players only)."""
    counts = range(rules.players_min, rules.players_max + 1)
    return [p for p in counts if p * rules.trains_per_player <= len(rules.seats)]


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_games_keep_every_invariant(variant):
    rules = variant_rules(variant)
    names = list(BOTS)
    games = 0
    for players in _players(rules, variant):
        for seed in range(6):
            lineup = [names[(seed + i) % len(names)] for i in range(players)]
            result = play_game(rules, lineup, seed=seed, check_invariants=True)
            games += 1
            assert result.final_clock == rules.clock_end
            assert result.variant == variant
            assert len(result.players) == players
            assert result.winners
    assert games >= 6


OPTION_SETS = [
    Options(terminal_ends_move=False), Options(stop_short=True), Options(late_events="repeat_last"),
    Options(hand_size=3), Options(rotate_first_player=True), Options(cap_wait=False),
    Options(terminal_short_counts=False, closure_short_counts=False),
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: repr(o)[8:60])
def test_every_option_keeps_invariants(options, rules):
    for seed in range(4):
        play_game(rules, ["random", "lookahead", "heavy", "light"], seed=seed, options=options,
                  check_invariants=True)


def test_same_seed_same_game_different_seed_different_game(rules):
    lineup = ["heavy", "light", "balanced", "long"]
    a = play_game(rules, lineup, seed=7)
    b = play_game(rules, lineup, seed=7)
    assert a == b
    others = [play_game(rules, lineup, seed=s) for s in range(8, 14)]
    assert len({tuple(p.score for p in r.players) for r in others}) > 1


@pytest.mark.parametrize("variant", [None, "two_locomotives", "single_line", "freight"])
def test_checked_path_plays_the_same_game_as_the_fast_path(variant):
    """The validated driver and the fast driver are two ways through one rule set."""
    rules = variant_rules(variant)
    players = _players(rules, variant)[-1]
    for seed in range(3):
        lineup = [list(BOTS)[(seed + i) % len(BOTS)] for i in range(players)]
        for options in (Options(), Options(stop_short=True, hand_size=2)):
            fast = GameState(rules, players, seed, options)
            run_fast(fast, make_bots(rules, lineup, seed))
            checked = GameState(rules, players, seed, options)
            run_checked(checked, make_bots(rules, lineup, seed))
            assert fast.to_dict() == checked.to_dict()


def test_state_round_trips_through_json_mid_game(rules):
    """to_dict / from_dict at a decision point: the restored game finishes exactly like the original."""
    lineup = ["random", "balanced", "lookahead", "heavy"]
    original = GameState(rules, 4, 3, Options(stop_short=True)).start()
    bots = make_bots(rules, lineup, 3)
    while original.round < 9:  # play into the middle of the game through the checked path
        legal = original.legal_actions()
        original.apply(legal[len(legal) // 2])
    saved = json.loads(json.dumps(original.to_dict()))
    restored = GameState.from_dict(rules, saved)
    assert restored.to_dict() == original.to_dict()
    check_state(restored)
    run_checked(original, bots)
    run_checked(restored, make_bots(rules, lineup, 3))
    assert restored.to_dict() == original.to_dict()
    assert restored.over


def test_too_many_trains_for_the_seats_is_refused():
    rules = variant_rules("two_locomotives")
    with pytest.raises(IllegalAction, match="start seats"):
        GameState(rules, 3, 0)


@pytest.mark.parametrize("corrupt, needle", [
    (lambda st: st.piles[0].pop(), "tickets accounted"),
    (lambda st: st.wait.__setitem__(0, -1), "negative W"),
    (lambda st: st.score.__setitem__(1, st.score[1] + 1), "score"),
    (lambda st: st.places.__setitem__(0, st.places[0] + 1), "composition"),
    (lambda st: st.deck[0].pop(), "operation cards"),
])
def test_the_checker_catches_a_broken_state(rules, corrupt, needle):
    from cardgen.engine.rules.invariants import InvariantError

    state = GameState(rules, 3, 1)
    check_state(state)
    corrupt(state)
    with pytest.raises(InvariantError, match=needle):
        check_state(state)


def test_the_checker_catches_two_trains_on_one_line(rules):
    from cardgen.engine.rules.invariants import InvariantError

    state = GameState(rules, 3, 1)
    section = next(c for c, s in enumerate(rules.station_of_cell) if s < 0)
    for t in (0, 1):
        state._occupy(t, -1)
        state.cell[t], state.dir[t] = section, 1
        state._occupy(t, 1)
    with pytest.raises(InvariantError, match="holds"):
        check_state(state)
