"""Bots: archetype targets come from the content, each archetype keeps to its rule, all bots are legal."""

from __future__ import annotations

import pytest

from cardgen.engine import BOTS, GameState, Options, PlayerView
from cardgen.engine.bots.archetypes import archetype_targets
from cardgen.engine.bots.lookahead import Lookahead
from cardgen.engine.play.games import make_bots, run_fast
from cardgen.errors import UsageError
from tests.engine.conftest import variant_rules


def test_archetype_targets_reproduce_section_7_from_the_content(rules):
    # Section 7: light keeps <= 2, balanced targets 5, heavy targets 8, long boards span >= 3.
    assert archetype_targets(rules) == {"light": 2, "balanced": 5, "heavy": 8, "long_span": 3}


def test_targets_follow_the_content_when_it_changes():
    beginner = variant_rules("beginner")          # cap 6: heavy cannot aim above the cap
    assert archetype_targets(beginner)["heavy"] <= beginner.cap


@pytest.mark.parametrize("name", ["heavy", "light", "balanced", "long", "lookahead"])
def test_archetypes_never_board_past_their_target(rules, name):
    limit = {"lookahead": rules.cap, "long": archetype_targets(rules)["heavy"]}.get(name)
    limit = limit if limit is not None else archetype_targets(rules)[name]
    for seed in range(5):
        state = GameState(rules, 4, seed)
        seen = []
        state.on_round_end = lambda st: seen.append(st.places[0])
        run_fast(state, make_bots(rules, [name, "balanced", "heavy", "light"], seed))
        assert max(seen) <= limit


def test_long_only_boards_long_tickets(rules):
    span = archetype_targets(rules)["long_span"]
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


def _boarding_point(rules, seed):
    """A state where train 0 stops with a real boarding choice (more than two sets of tickets fit)."""
    state = GameState(rules, 4, seed)
    bots = make_bots(rules, ["balanced"] * 4, seed)
    found = []

    def look(st):
        if not found and st.clock < rules.clock_end - 2 and rules.station_of_cell[st.cell[0]] >= 0:
            eligible = st.eligible(0)
            if len(Lookahead(rules, 0)._choices(eligible, rules.cap - st.places[0], 0)) > 2:
                found.append(st.to_dict())

    state.on_round_end = look
    run_fast(state, bots)
    return GameState.from_dict(rules, found[0]) if found else None


def test_lookahead_decides_from_its_view_only(rules):
    """Reordering everything hidden from player 0 (every deck's order, the piles' order) cannot change
    its choice: it only knows which cards are left, never their order."""
    checked = 0
    for seed in range(6):
        state = _boarding_point(rules, seed)
        if state is None:
            continue
        shuffled = GameState.from_dict(rules, state.to_dict())
        for cards in shuffled.deck + shuffled.piles:
            cards.reverse()
        room = rules.cap - state.places[0]
        picks = [Lookahead(rules, 9).board(PlayerView(st, 0), 0, st.eligible(0), room, 0) for st in (state, shuffled)]
        assert picks[0] == picks[1]
        checked += 1
    assert checked >= 3


def test_lookahead_boards_nothing_when_the_game_ends_this_round(rules):
    state = _boarding_point(rules, 1)
    state.clock = rules.clock_end - 1
    state.event = None
    state.round = rules.clock_end - rules.clock_start + 5        # past the track: no hold to come
    eligible = state.eligible(0)
    assert eligible
    assert Lookahead(rules, 0).board(PlayerView(state, 0), 0, eligible, rules.cap - state.places[0], 0) == []


def test_lookahead_choice_respects_room_and_the_crowded_train_limit(rules):
    state = _boarding_point(rules, 2)
    eligible = state.eligible(0)
    for room, limit in ((rules.cap - state.places[0], 0), (1, 0), (rules.cap, 1)):
        picks = Lookahead(rules, 0).board(PlayerView(state, 0), 0, eligible, room, limit)
        assert set(picks) <= set(eligible) and len(set(picks)) == len(picks)
        assert sum(rules.ticket_seats[rules.card_kind[c]] for c in picks) <= room
        assert not limit or len(picks) <= limit
