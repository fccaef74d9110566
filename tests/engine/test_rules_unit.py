"""One rule at a time, on hand-placed trains. Numbers are read from the content, never typed."""

from __future__ import annotations

import pytest

from cardgen.engine import GameState, Options, PlayerView
from cardgen.engine.rules.actions import Board, IllegalAction, Move, Reveal
from cardgen.engine.rules.compiled import LEFT, RIGHT, EventEffect, propulsion_change, wait_change
from tests.engine.conftest import variant_rules


def place(state: GameState, t: int, cell: int, direction: int) -> None:
    state._occupy(t, -1)
    state.cell[t], state.dir[t] = cell, direction
    state._occupy(t, 1)


def kind_index(rules, op_id: str) -> int:
    return rules.op_ids.index(op_id)


def ready(rules, players=2, options=None, rnd=None) -> GameState:
    """A state in the operation phase of round ``rnd`` with no event, unless asked."""
    st = GameState(rules, players, 5, options)
    if rnd is None:
        st.event = None
    return st


def set_card(st: GameState, t: int, op_id: str, r: int | None = None) -> None:
    k = kind_index(st.rules, op_id)
    st.card[t] = k
    st.r[t] = st.rules.propulsion(st.rules.op_values[k], st.places[t], 0) if r is None else r


def test_compiled_rules_match_the_content(content, rules):
    assert rules.op_values == tuple(k.value for k in content.operations.kinds)
    assert [rules.ticket_fare[i] for i in range(len(rules.ticket_ids))] == [t.fare for t in content.tickets]
    assert len(rules.card_kind) == content.ticket_count
    assert rules.track_rounds == max(content.events.track)
    assert rules.clock_end == content.game.clock.end
    assert rules.propulsion(3, 7, -1) == content.propulsion(3, 7, -1)


def test_the_engine_reads_r_and_the_penalty_as_the_content_computes_them(content, rules):
    """Rules tabulates Content.propulsion and Content.penalty: every load, card value and modifier an
    event and a dispatch card can give together (the base set has modifiers below 0 and above)."""
    assert rules.least_modifier < 0 < len(rules.propulsion_of[0][0]) + rules.least_modifier - 1
    for places in range(rules.max_cap + 1):
        assert rules.penalty(places) == content.penalty(places)
        for value in range(rules.best_op_value + 1):
            for modifier in range(rules.least_modifier, rules.least_modifier + len(rules.propulsion_of[0][0])):
                assert rules.propulsion(value, places, modifier) == content.propulsion(value, places, modifier)


def test_an_effect_changes_r_and_w_only_inside_its_load_condition():
    heavy_snow = EventEffect(kind=0, festival_station=-1, closed_cell=-1, propulsion=-1, wait_gain=1,
                             propulsion_min_load=5, wait_max_load=2)
    assert [propulsion_change(heavy_snow, load) for load in (0, 4, 5, 9)] == [0, 0, -1, -1]
    assert [wait_change(heavy_snow, load) for load in (0, 2, 3)] == [1, 1, 0]
    assert propulsion_change(None, 5) == wait_change(None, 5) == 0


def test_same_direction_blocks_opposite_does_not(rules):
    st = ready(rules)
    place(st, 0, 4, RIGHT)
    place(st, 1, 5, RIGHT)            # ahead on the up line
    set_card(st, 0, "express", r=3)
    assert st.move(0) == 0 and st.blocked_by_train[0] == 1
    w_before = st.wait[0]
    place(st, 1, 5, LEFT)             # now on the down line
    set_card(st, 0, "express", r=3)
    assert st.move(0) == 3 and st.cell[0] == 7
    assert st.wait[0] == w_before


def test_single_line_blocks_both_directions():
    rules = variant_rules("single_line")
    st = ready(rules, players=5)
    for t, c in enumerate((0, 10, 8, 6, 2)):
        place(st, t, c, RIGHT if c < 10 else LEFT)
    place(st, 1, 5, LEFT)
    place(st, 0, 4, RIGHT)
    set_card(st, 0, "rapid", r=2)
    assert st.move(0) == 0 and st.blocked_by_train[0] == 1


def test_closed_section_stops_and_counts_per_option(rules):
    for counts in (True, False):
        st = ready(rules, options=Options(closure_short_counts=counts))
        st.event = rules.track[next(r for r, ev in rules.track.items() if ev.closed_cell >= 0)]
        closed = st.event.closed_cell
        place(st, 0, closed - 1, RIGHT)
        place(st, 1, rules.last_cell, LEFT)
        w = st.wait[0]
        set_card(st, 0, "express", r=3)
        assert st.move(0) == 0
        assert st.wait[0] == w + (rules.blocked_wait_gain if counts else 0)


def test_terminal_reverses_and_ends_the_move_by_default(rules):
    st = ready(rules)
    place(st, 0, rules.last_cell - 1, RIGHT)
    set_card(st, 0, "express", r=3)
    assert st.move(0) == 1
    assert (st.cell[0], st.dir[0]) == (rules.last_cell, LEFT)
    assert st.blocked[0] == 1                       # ruling R2: short at a terminal counts
    st2 = ready(rules, options=Options(terminal_ends_move=False))
    place(st2, 0, rules.last_cell - 1, RIGHT)
    set_card(st2, 0, "express", r=3)
    assert st2.move(0) == 3
    assert (st2.cell[0], st2.dir[0]) == (rules.last_cell - 2, LEFT)


def _board_kind(st: GameState, t: int, station_cell: int, kind_id: str) -> int:
    """Put one ticket of ``kind_id`` aboard train ``t`` (taken from wherever it is)."""
    rules = st.rules
    k = rules.ticket_ids.index(kind_id)
    for group in st.piles + st.platforms:
        for c in group:
            if rules.card_kind[c] == k:
                group.remove(c)
                st.aboard[t].append(c)
                st.boarded[t].append(st.clock)
                st.places[t] += rules.ticket_seats[k]
                return c
    raise AssertionError(kind_id)


def test_on_time_and_late_deliveries_score_fare_and_half(rules):
    st = ready(rules)
    k = rules.ticket_ids.index("S1-S3")
    _board_kind(st, 0, 0, "S1-S3")
    _board_kind(st, 0, 0, "S1-S3")
    st.boarded[0] = [0, 0]
    place(st, 0, rules.ticket_dest_cell[k], RIGHT)
    set_card(st, 0, "rapid")
    st.clock = rules.ticket_slack[k]                 # the last on-time hour
    st.alight(0)
    assert st.score[0] == 2 * rules.ticket_fare[k] and st.late[0] == 0
    _board_kind(st, 0, 0, "S1-S3")
    st.boarded[0] = [0]
    st.clock = rules.ticket_slack[k] + 1             # one hour too late
    st.alight(0)
    assert st.score[0] == 2 * rules.ticket_fare[k] + rules.ticket_fare[k] // rules.late_fare_divisor
    assert st.late[0] == 1 and st.places[0] == 0


def test_freight_takes_more_places_and_is_never_late():
    rules = variant_rules("freight")
    st = ready(rules)
    k = next(i for i, f in enumerate(rules.ticket_freight) if f)
    _board_kind(st, 0, 0, rules.ticket_ids[k])
    assert st.places[0] == rules.ticket_seats[k] > 1
    dest = rules.ticket_dest_cell[k]
    arriving = rules.ticket_dir[k]
    place(st, 0, dest, -arriving if dest in (rules.first_cell, rules.last_cell) else arriving)
    st.boarded[0] = [0]
    st.clock = rules.clock_end * 10
    set_card(st, 0, "rapid")
    st.alight(0)
    assert st.late[0] == 0 and st.score[0] == rules.ticket_fare[k]


def test_crowded_train_limits_boarding_except_for_the_local_card(rules):
    st = ready(rules)
    st.event = rules.track[next(r for r, ev in rules.track.items() if ev.boarding_limit)]
    limit = st.event.boarding_limit
    place(st, 0, 0, RIGHT)
    set_card(st, 0, "rapid")
    assert len(st.eligible(0)) > limit
    assert max(len(b.cards) for b in st.board_options(0)) == limit
    set_card(st, 0, "local")
    assert max(len(b.cards) for b in st.board_options(0)) == min(len(st.eligible(0)), rules.cap)


def test_limited_express_cannot_stop_and_sections_cannot_stop(rules):
    st = ready(rules)
    place(st, 0, 2, RIGHT)
    set_card(st, 0, "limited_express")
    assert not st.can_stop(0)
    set_card(st, 0, "rapid")
    assert st.can_stop(0)
    place(st, 0, 3, RIGHT)
    assert not st.can_stop(0)


def test_boarding_only_towards_the_current_direction_and_within_the_cap(rules):
    st = ready(rules)
    place(st, 0, 4, RIGHT)
    set_card(st, 0, "rapid")
    for c in st.eligible(0):
        assert rules.ticket_dest_cell[rules.card_kind[c]] > 4
    st.places[0] = rules.cap
    assert st.board_options(0) == [Board(())]


def test_festival_adds_tickets_beyond_the_platform_size(rules):
    rnd = next(r for r, ev in rules.track.items() if ev.festival_station >= 0)
    st = GameState(rules, 2, 1)
    ev = rules.track[rnd]
    st.round = rnd
    st.begin_round()
    assert len(st.platforms[ev.festival_station]) == rules.platform_size + ev.festival_amount
    st.refill(ev.festival_station)
    assert len(st.platforms[ev.festival_station]) == rules.platform_size + ev.festival_amount


def test_nobody_late_means_no_penalty_and_everybody_gets_the_bonus(rules):
    st = ready(rules, players=3)
    st.finish()
    assert st.penalty == [0, 0, 0] and st.bonus == [rules.no_delay_bonus] * 3


def test_worst_delay_penalty_hits_every_tied_player(rules):
    st = ready(rules, players=3)
    st.late = [2, 2, 1]
    st.delivered = [2, 2, 1]
    st.finish()
    assert st.penalty == [rules.worst_delay_penalty] * 2 + [0]


def test_ties_break_on_deliveries_then_delays(rules):
    st = ready(rules, players=3)
    st.score, st.delivered, st.late = [10, 10, 10], [4, 5, 5], [0, 2, 1]
    assert st.winners() == (2,)
    st.late = [0, 1, 1]
    assert st.winners() == (1, 2)


def test_late_events_after_the_track(rules):
    regular = rules.clock_end - rules.clock_start
    assert GameState(rules, 2, 0).event_for(regular + 1) is None
    repeat = GameState(rules, 2, 0, Options(late_events="repeat_last"))
    assert repeat.event_for(regular + 1) == repeat.event_for(regular + 2) == rules.track[regular]
    assert repeat.event_for(regular) == rules.track[regular]


def test_late_events_never_refill_a_track_a_variant_shortened():
    beginner = variant_rules("beginner")
    repeat = GameState(beginner, 2, 0, Options(late_events="repeat_last"))
    regular = beginner.clock_end - beginner.clock_start
    assert all(repeat.event_for(r) is None for r in range(beginner.track_rounds + 1, regular + 3))


def test_hidden_track_hides_future_events_from_bots():
    hard = variant_rules("hardcore")
    st = GameState(hard, 2, 0)
    view = PlayerView(st, 0)
    assert view.event(1) is not None and view.event(2) is None
    base = GameState(variant_rules(None), 2, 0)
    assert PlayerView(base, 0).event(2) is not None


def test_view_refuses_another_players_private_information(rules):
    view = PlayerView(GameState(rules, 2, 0), 0)
    assert sum(view.deck_left(0)) == len(rules.deck)
    with pytest.raises(PermissionError):
        view.deck_left(1)
    with pytest.raises(PermissionError):
        view.aboard(1)


def test_beginner_variant_has_no_late_events_and_no_crowding_or_works():
    rules = variant_rules("beginner")
    assert all(ev.boarding_limit == 0 and ev.closed_cell < 0 for ev in rules.track.values())
    base = variant_rules(None)
    assert rules.track_rounds < base.track_rounds and rules.cap < base.cap


def test_two_locomotives_seat_four_trains_for_two_players():
    rules = variant_rules("two_locomotives")
    st = GameState(rules, 2, 0)
    assert st.n == 2 * rules.trains_per_player
    assert st.owner == [0, 1, 1, 0]
    assert sorted(st.dir[t] for t in st.trains_of[0]) == [LEFT, RIGHT]


def _until(st: GameState, phase: str) -> None:
    while st.phase != phase:
        assert not st.over, phase
        st.apply(st.legal_actions()[0])


def test_checked_apply_refuses_illegal_actions(rules):
    st = GameState(rules, 2, 0, Options(stop_short=True)).start()
    _until(st, "move")
    t = st.current_train()
    with pytest.raises(IllegalAction):
        st.apply(Move(st.r[t] + 1))
    with pytest.raises(IllegalAction):
        st.apply(Reveal(()))
    _until(st, "board")
    t = st.current_train()
    foreign = next(c for c in range(len(rules.card_kind)) if c not in st.eligible(t))
    with pytest.raises(IllegalAction, match="not waiting here"):
        st.apply(Board((foreign,)))
    with pytest.raises(IllegalAction):
        GameState(rules, rules.players_max + 1, 0)


def test_wait_card_and_leaves_raise_w_capped_at_the_track(rules):
    st = ready(rules)
    wait = kind_index(rules, "wait")
    st.forced = [[wait], []]
    st.reveal([(0, -1), (0, -1)])
    assert st.wait[0] == rules.wait_start + rules.op_wait_gain[wait]
    st.wait[0] = rules.wait_max
    st._gain_wait(0, 5)
    assert st.wait[0] == rules.wait_max


def test_returns_are_final_scores_only_at_the_end(rules):
    st = GameState(rules, 3, 4).start()
    assert st.returns() == [0, 0, 0] and not st.is_terminal()
    while not st.is_terminal():
        st.apply(st.legal_actions()[-1])
    assert st.returns() == st.score and st.clock == rules.clock_end


def test_a_hand_larger_than_the_deck_is_refused(rules):
    with pytest.raises(IllegalAction, match="hand_size"):
        GameState(rules, 2, 0, Options(hand_size=len(rules.deck) + 1))


def test_stall_is_flagged_only_when_no_card_or_event_can_move_any_train():
    hard = variant_rules("hardcore")
    st = GameState(hard, 2, 0)
    st.dispatch = [[], []]
    st.places = [hard.cap] * st.n
    best_event = max(ev.propulsion for ev in hard.track.values())
    assert hard.propulsion(hard.best_op_value, hard.cap, best_event) > hard.propulsion_floor
    assert not st._stalled()                      # a propulsion event is still to come
    st.round = max(r for r, ev in hard.track.items() if ev.propulsion > 0)
    assert hard.propulsion(hard.best_op_value, hard.cap, 0) == hard.propulsion_floor
    assert st._stalled()
    st.places[0] = 0
    assert not st._stalled()
