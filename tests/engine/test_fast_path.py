"""The fast loop plays exactly the game the checked path plays for a seed: two drivers, one set of rules."""

from __future__ import annotations

import pytest

from cardgen.engine import GameState, Options
from cardgen.engine.play.games import make_bots, run_checked, run_fast
from tests.engine.conftest import VARIANTS, variant_rules

ARCHETYPES = ["heavy", "light", "balanced", "long"]
#: rulings mixed across seeds (every option a fast game can meet)
OPTIONS = [
    Options(),
    Options(terminal_ends_move=False, cap_wait=False),
    Options(late_events="repeat_last", rotate_first_player=True, seating="round_robin"),
    Options(terminal_short_counts=False, closure_short_counts=False),
    Options(wait_card_gain="after_order", signal_after_floor=True, booking_platform="any"),
    Options(stop_short=True, hand_size=3, penalty_without_delays=True),
]


def _lineup(seed: int, players: int) -> list[str]:
    step = seed % 3 + 1        # mixes, and sometimes repeats, archetypes across seats
    return [ARCHETYPES[(seed + i * step) % len(ARCHETYPES)] for i in range(players)]


def _player_counts(rules) -> list[int]:
    return [p for p in range(rules.players_min, rules.players_max + 1)
            if p * rules.trains_per_player <= len(rules.seats)]


@pytest.mark.parametrize("variant", VARIANTS)
def test_fast_loop_equals_checked_path_for_many_seeds(variant):
    rules = variant_rules(variant)
    games = 0
    for players in _player_counts(rules):
        for seed in range(8):
            lineup = _lineup(seed, players)
            options = OPTIONS[seed % len(OPTIONS)]
            fast = GameState(rules, players, seed, options)
            run_fast(fast, make_bots(rules, lineup, seed), check_invariants=seed % 4 == 0)
            checked = GameState(rules, players, seed, options)
            run_checked(checked, make_bots(rules, lineup, seed))
            assert fast.to_dict() == checked.to_dict(), (variant, players, seed, options)
            games += 1
    assert games >= 8


def test_other_bots_play_the_same_game_on_both_drivers(rules):
    for seed in range(3):
        lineup = ["random", "lookahead", "balanced", "heavy"]
        fast, checked = GameState(rules, 4, seed), GameState(rules, 4, seed)
        run_fast(fast, make_bots(rules, lineup, seed))
        run_checked(checked, make_bots(rules, lineup, seed))
        assert fast.to_dict() == checked.to_dict()


def test_fast_loop_reports_every_round_like_the_checked_path(rules):
    """on_round_end sees the same clock, positions and scores after every round on both paths."""
    def trace(run):
        state = GameState(rules, 4, 5)
        seen = []
        state.on_round_end = lambda st: seen.append((st.round, st.clock, tuple(st.cell), tuple(st.score),
                                                     tuple(st.places), st.effective))
        run(state, make_bots(rules, ARCHETYPES, 5))
        return seen

    fast, checked = trace(run_fast), trace(run_checked)
    assert fast == checked and len(fast) >= rules.clock_end - rules.clock_start


def test_free_runs_turn_at_terminals_and_stop_there_under_ruling_r1(rules):
    from cardgen.engine.rules.runs import free_runs

    first, last = rules.first_cell, rules.last_cell
    ends = free_runs(first, last, rules.is_terminal, 3, True)
    through = free_runs(first, last, rules.is_terminal, 3, False)
    right_from_first = first * 2 + 1
    assert ends[right_from_first][2] == ((first + 1, 1), (first + 2, 1))
    near_end = (last - 1) * 2 + 1                 # one cell before the right terminal, heading right
    assert ends[near_end][3] == ((last, -1),)     # arrives, turns round, and the move ends
    assert through[near_end][3] == ((last, -1), (last - 1, -1), (last - 2, -1))
    assert rules.runs_ending[near_end][3] == ends[near_end][3] and rules.runs(False)[near_end][3] == through[near_end][3]
