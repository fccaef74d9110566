"""Bots: archetype targets come from the content, each archetype keeps to its rule, all bots are legal."""

from __future__ import annotations

import pytest

from cardgen.engine import BOTS, GameState, Options
from cardgen.engine.bots import _targets
from cardgen.engine.play import make_bots, run_fast
from cardgen.errors import UsageError
from tests.engine.conftest import variant_rules


def test_archetype_targets_reproduce_section_7_from_the_content(rules):
    # Section 7: light keeps <= 2, balanced targets 5, heavy targets 8, long boards span >= 3.
    assert _targets(rules) == {"light": 2, "balanced": 5, "heavy": 8, "long_span": 3}


def test_targets_follow_the_content_when_it_changes():
    beginner = variant_rules("beginner")          # cap 6: heavy cannot aim above the cap
    assert _targets(beginner)["heavy"] <= beginner.cap


@pytest.mark.parametrize("name", ["heavy", "light", "balanced", "long", "lookahead"])
def test_archetypes_never_board_past_their_target(rules, name):
    limit = {"lookahead": rules.cap, "long": _targets(rules)["heavy"]}.get(name)
    limit = limit if limit is not None else _targets(rules)[name]
    for seed in range(5):
        state = GameState(rules, 4, seed)
        seen = []
        state.on_round_end = lambda st: seen.append(st.places[0])
        run_fast(state, make_bots(rules, [name, "balanced", "heavy", "light"], seed))
        assert max(seen) <= limit


def test_long_only_boards_long_tickets(rules):
    span = _targets(rules)["long_span"]
    state = GameState(rules, 4, 2)
    aboard = []
    state.on_round_end = lambda st: aboard.extend(st.aboard[0])
    run_fast(state, make_bots(rules, ["long", "heavy", "light", "balanced"], 2))
    assert aboard and all(rules.ticket_span[rules.card_kind[c]] >= span for c in aboard)


def test_registry_names_and_unknown_bot(rules):
    assert set(BOTS) == {"heavy", "light", "balanced", "long", "random", "lookahead"}
    with pytest.raises(UsageError, match="unknown bot"):
        make_bots(rules, ["heavy", "nobody"], 0)


def test_random_bot_exercises_every_decision(rules):
    """Over a few games with every option on, the random bot uses each dispatch kind."""
    used = {k: 0 for k in rules.dispatch_ids}
    for seed in range(12):
        state = GameState(rules, 4, seed, Options(stop_short=True, hand_size=2))
        run_fast(state, make_bots(rules, ["random"] * 4, seed), check_invariants=True)
        for k, n in zip(rules.dispatch_ids, state.dispatch_used):
            used[k] += n
    assert all(used.values()), used


def test_lookahead_sizes_its_load_to_the_cards_left(rules):
    from cardgen.engine import PlayerView
    from cardgen.engine.bots import Lookahead

    state = GameState(rules, 2, 0)
    bot, view = Lookahead(rules, 0), PlayerView(state, 0)
    full = bot.best_load(view, 0)
    assert full == _targets(rules)["balanced"]      # a fresh deck: the balanced peak
    slow = [k for k in rules.deck if rules.op_values[k] <= min(rules.op_values) + 1]
    state.deck[0] = slow                              # only the slowest cards left
    assert bot.best_load(view, 0) < full
