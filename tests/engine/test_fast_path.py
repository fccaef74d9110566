"""The inlined kernel plays exactly the game the generic loop and the checked path play for a seed."""

from __future__ import annotations

import pytest

from cardgen.engine import GameState, Options
from cardgen.engine.play.fast import kernel_plays
from cardgen.engine.play.games import make_bots, run_checked, run_fast, run_generic
from tests.engine.conftest import VARIANTS, variant_rules

ARCHETYPES = ["heavy", "light", "balanced", "long"]
#: rulings the kernel implements itself (the others send a game to the generic loop)
KERNEL_OPTIONS = [
    Options(),
    Options(terminal_ends_move=False, cap_wait=False),
    Options(late_events="repeat_last", rotate_first_player=True, seating="round_robin"),
    Options(terminal_short_counts=False, closure_short_counts=False),
]


def _lineup(seed: int, players: int) -> list[str]:
    step = seed % 3 + 1        # mixes, and sometimes repeats, archetypes across seats
    return [ARCHETYPES[(seed + i * step) % len(ARCHETYPES)] for i in range(players)]


def _player_counts(rules) -> list[int]:
    return [p for p in range(rules.players_min, rules.players_max + 1)
            if p * rules.trains_per_player <= len(rules.seats)]


@pytest.mark.parametrize("variant", VARIANTS)
def test_kernel_equals_generic_loop_for_many_seeds(variant):
    rules = variant_rules(variant)
    games = 0
    for players in _player_counts(rules):
        for seed in range(12):
            lineup = _lineup(seed, players)
            options = KERNEL_OPTIONS[seed % len(KERNEL_OPTIONS)]
            bots = make_bots(rules, lineup, seed)
            kernel = GameState(rules, players, seed, options)
            assert kernel_plays(kernel, bots)
            run_fast(kernel, bots, check_invariants=seed % 4 == 0)
            generic = GameState(rules, players, seed, options)
            run_generic(generic, make_bots(rules, lineup, seed))
            assert kernel.to_dict() == generic.to_dict(), (variant, players, seed, options)
            games += 1
    assert games >= 12


@pytest.mark.parametrize("variant", VARIANTS)
def test_kernel_equals_checked_path(variant):
    """The validated driver, asking the same bots, reaches the same final state."""
    rules = variant_rules(variant)
    players = _player_counts(rules)[-1]
    for seed in range(4):
        lineup = _lineup(seed, players)
        kernel = GameState(rules, players, seed)
        run_fast(kernel, make_bots(rules, lineup, seed))
        checked = GameState(rules, players, seed)
        run_checked(checked, make_bots(rules, lineup, seed))
        assert kernel.to_dict() == checked.to_dict()


def test_kernel_reports_every_round_like_the_generic_loop(rules):
    """on_round_end sees the same clock, positions and scores after every round on both paths."""
    def trace(run):
        state = GameState(rules, 4, 5)
        seen = []
        state.on_round_end = lambda st: seen.append((st.round, st.clock, tuple(st.cell), tuple(st.score),
                                                     tuple(st.places), st.effective))
        run(state, make_bots(rules, ARCHETYPES, 5))
        return seen

    fast, generic = trace(run_fast), trace(run_generic)
    assert fast == generic and len(fast) >= rules.clock_end - rules.clock_start


def test_other_bots_and_options_use_the_generic_loop(rules):
    state = GameState(rules, 4, 0)
    assert not kernel_plays(state, make_bots(rules, ["random"] + ARCHETYPES[1:], 0))
    assert not kernel_plays(GameState(rules, 4, 0, Options(stop_short=True)), make_bots(rules, ARCHETYPES, 0))
    assert not kernel_plays(GameState(rules, 4, 0, Options(hand_size=2)), make_bots(rules, ARCHETYPES, 0))


def test_free_runs_turn_at_terminals_and_stop_there_under_ruling_r1(rules):
    from cardgen.engine.rules.runs import free_runs

    first, last = rules.first_cell, rules.last_cell
    ends, through = free_runs(rules, 3, True), free_runs(rules, 3, False)
    right_from_first = first * 2 + 1
    assert ends[right_from_first][2] == ((first + 1, 1), (first + 2, 1))
    near_end = (last - 1) * 2 + 1                 # one cell before the right terminal, heading right
    assert ends[near_end][3] == ((last, -1),)     # arrives, turns round, and the move ends
    assert through[near_end][3] == ((last, -1), (last - 1, -1), (last - 2, -1))
