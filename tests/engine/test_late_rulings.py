"""Rulings R8, R17 and R18 (docs/rulings.md): each default, and the option that reads the text the other way.

Numbers are read from the content: the wait card's gain, Signal Priority's amount, the penalty.
"""

from __future__ import annotations

import shutil

from cardgen.engine import GameState, Options, compile_rules, play_game
from cardgen.engine.rules.compiled import RIGHT
from cardgen.model import DEFAULT_CONTENT, load
from tests.content_copy import edit
from tests.engine.test_rules_unit import kind_index, place, ready


def top_card(st: GameState, t: int, op_id: str) -> None:
    st.deck[t].append(kind_index(st.rules, op_id))
    st.forced[t] = []


def test_r8_nobody_late_nobody_pays_by_default(rules):
    st = ready(rules, players=3)
    st.finish()
    assert st.penalty == [0, 0, 0] and st.bonus == [rules.no_delay_bonus] * 3


def test_r8_literal_option_charges_everybody_when_nobody_was_late(rules):
    st = ready(rules, players=3, options=Options(penalty_without_delays=True))
    st.finish()
    assert st.penalty == [rules.worst_delay_penalty] * 3
    assert st.score == [rules.no_delay_bonus + rules.worst_delay_penalty] * 3


def reveal_wait_card(rules, options):
    """Train 1 plays the wait card with W equal to train 0's; returns (move order, W of train 1)."""
    st = ready(rules, players=2, options=options)
    top_card(st, 0, "rapid")
    top_card(st, 1, "wait")
    st.reveal([(0, -1), (0, -1)])
    return st.order, st.wait[1]


def test_r17_wait_card_gain_counts_at_the_reveal_by_default(rules):
    order, wait = reveal_wait_card(rules, None)
    gain = rules.op_wait_gain[kind_index(rules, "wait")]
    assert wait == rules.wait_start + gain and order == [1, 0]   # its higher W already orders this round


def test_r17_option_the_gain_orders_the_next_round_only(rules):
    order, wait = reveal_wait_card(rules, Options(wait_card_gain="after_order"))
    gain = rules.op_wait_gain[kind_index(rules, "wait")]
    assert wait == rules.wait_start + gain and order == [0, 1]   # equal W: marker order this round


def signal_r(rules, options) -> int:
    """R of a train loaded to two penalty steps playing the local card with Signal Priority."""
    st = ready(rules, players=2, options=options)
    place(st, 0, 4, RIGHT)
    st.places[0] = next(n for n in range(rules.max_cap + 1) if rules.penalty(n) == 2)
    signal = rules.dispatch_ids.index("signal_priority")
    st.dispatch[0] = [signal]
    top_card(st, 0, "local")
    top_card(st, 1, "rapid")
    st.reveal([(0, signal), (0, -1)])
    assert st.dispatch[0] == [] and st.played == [signal, -1]
    return st.r[0]


def signal_amount(rules) -> int:
    return rules.dispatch[rules.dispatch_ids.index("signal_priority")].propulsion


def test_r18_signal_inside_the_floor_by_default(rules):
    local = rules.op_values[kind_index(rules, "local")]
    assert signal_r(rules, None) == max(rules.propulsion_floor, local - 2 + signal_amount(rules))


def test_r18_option_adds_signal_after_the_floor(rules):
    local = rules.op_values[kind_index(rules, "local")]
    assert local - 2 < rules.propulsion_floor   # the case where the two readings differ
    assert signal_r(rules, Options(signal_after_floor=True)) == rules.propulsion_floor + signal_amount(rules)


def test_the_later_rulings_play_whole_games():
    content = load()
    lineup = ["heavy", "light", "balanced", "long"]
    plain = play_game(content, lineup, seed=4)
    for options in (Options(wait_card_gain="after_order"), Options(signal_after_floor=True),
                    Options(penalty_without_delays=True)):
        result = play_game(content, lineup, seed=4, options=options, check_invariants=True)
        assert result.final_clock == plain.final_clock


def test_those_options_are_played_by_the_rule_functions():
    """R17/R18/R7's options live in GameState's rule methods only: play_game and the checked path,
    which both call them, give the same game."""
    from cardgen.engine.play.games import make_bots, result_of, rules_for, run_checked
    content, lineup = load(), ["heavy", "light", "balanced", "long"]
    rules = rules_for(content)
    for seed in range(40):
        options = Options(signal_after_floor=True, wait_card_gain="after_order", booking_platform="any")
        state = GameState(rules, 4, seed, options)
        run_checked(state, make_bots(rules, lineup, seed))
        assert play_game(content, lineup, seed=seed, options=options) == result_of(state, lineup)


def test_cap_message_names_the_load_and_the_sum(rules):
    """Issue 13: 'boarding 4 places exceeds the composition cap 9' hid that 6 + 4 = 10 is the problem."""
    import pytest

    from cardgen.engine.rules.actions import Board, IllegalAction
    from tests.engine.test_rules_unit import _until
    st = GameState(rules, 2, 0).start()
    _until(st, "board")
    t = st.current_train()
    eligible = st.eligible(t)
    seats = sum(rules.ticket_seats[rules.card_kind[c]] for c in eligible)
    st.places[t] = rules.cap - seats + 1
    with pytest.raises(IllegalAction) as exc:
        st.apply(Board(tuple(eligible)))
    assert str(exc.value).endswith(f"boarding {seats} places onto a load of {rules.cap - seats + 1} makes "
                                   f"{rules.cap + 1}, over the composition cap {rules.cap}")


def test_r7_booked_ticket_goes_to_its_origin_by_default(rules):
    st = ready(rules, players=2)
    card = st.piles[0][-1]
    st.booking_keep([card], (0,), platform=3)            # a platform named without the option is ignored
    assert card in st.platforms[rules.ticket_origin[rules.card_kind[card]]] and card not in st.platforms[3]


def test_r7_any_platform_option_lays_it_where_asked_and_boards_by_destination(rules):
    st = ready(rules, players=2, options=Options(booking_platform="any"))
    s1 = rules.station_ids.index("S1")
    card = next(c for c in st.piles[s1] if rules.ticket_ids[rules.card_kind[c]] == "S1-S4")
    s3 = rules.station_ids.index("S3")
    st.booking_keep([card], (0,), platform=s3)
    assert card in st.platforms[s3]
    place(st, 0, rules.station_cells[s3], RIGHT)
    assert card in st.eligible(0)                         # S4 lies ahead of S3 heading right
    place(st, 0, rules.station_cells[s3], -RIGHT)
    assert card not in st.eligible(0)


def test_r7_checked_path_refuses_another_platform_without_the_option(rules):
    import pytest

    from cardgen.engine.rules.actions import IllegalAction, Keep
    st = ready(rules, players=2)
    st.phase, st.drawn = "keep", [st.piles[0][-1]]
    with pytest.raises(IllegalAction, match=r"legal: \[Keep\(picks=\(0,\), platform=None\)\]"):
        st.apply(Keep((0,), 2))
    st = ready(rules, players=2, options=Options(booking_platform="any"))
    st.phase, st.drawn = "keep", [st.piles[0][-1]]
    assert Keep((0,), 2) in st.legal_actions()


def _track_edited(folder, replacements) -> object:
    """The bundled content with texts of its files replaced (every occurrence), compiled."""
    shutil.copytree(DEFAULT_CONTENT, folder)
    for name, old, new in replacements:
        edit(folder / name, old, new, once=False)
    return compile_rules(load(folder))


def test_r4_repeat_last_is_endless_only_when_nothing_lets_the_clock_end(tmp_path):
    """A hold in the last regular round, repeated for ever, would never let the clock end; with cards past
    the clock (events.beyond_clock) that make up for the holds, the repeat never comes and the game ends."""
    hold_last = [("events.yaml", "  19: {kind: extended_operation}\n  20: {kind: rainstorm}",
                  "  19: {kind: rainstorm}\n  20: {kind: extended_operation}")]
    endless = _track_edited(tmp_path / "a", hold_last)
    assert endless.endless(True) and not endless.endless(False)
    beyond = [("events.yaml", "totals: {kinds: 8, cards: 20}", "totals: {kinds: 8, cards: 22}\nbeyond_clock: true"),
              ("events.yaml", "  20: {kind: extended_operation}",
               "  20: {kind: extended_operation}\n  21: {kind: fine_weather}\n  22: {kind: radio_command}"),
              ("printing.yaml", "events: 20", "events: 22")]   # beginner drops every card after round 10's, by id
    ends = _track_edited(tmp_path / "b", hold_last + beyond)
    assert not ends.endless(True)
    result = play_game(ends, ["heavy", "light", "balanced", "long"], 1, Options(late_events="repeat_last"))
    assert result.rounds == 22
    assert not compile_rules(load()).endless(True)   # the bundled track: its last round does not hold the clock
