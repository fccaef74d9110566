"""The game's own rules on a whole state: setup, turn order by focus and Gantt cards, research and the
clock, selling to every buyer of a cell within capacity, the yearly market shake-up, the end."""

from __future__ import annotations

import pytest

from cardgen.games.horseless_carriage import market as mk
from cardgen.games.horseless_carriage.factory import DEALERSHIP, INDICATOR, MAINLINE, RESEARCH, STATION
from cardgen.games.horseless_carriage.state import ASSEMBLY, BUILD, DEMAND, FOCUS, OVER, RESEARCH_PHASE, State

SEDAN, SPORTS, TRUCK = 0, 1, 2


def after_setup(rules, players=3, seed=0):
    state = State(rules, players, seed)
    while state.phase == "setup":
        state.apply(state.legal_actions()[0])
    return state


def test_setup_follows_the_digest(rules):
    state = State(rules, 3, seed=4)
    by_history = sorted(state.players, key=lambda p: p.history)
    assert [p.history for p in by_history] == [1, 2, 3]
    assert [p.gantt for p in by_history] == [3, 2, 1]         # the last player 1, the one before 2...
    assert state.time == 11
    starting = sum(len(rules.neutral[c].cells) for c in state.discard)
    assert len(state.discard) == 4                               # players + 1 neutral cards
    quadrant_i = [rules.cell(x, y) for x in range(4) for y in range(4)]
    assert sum(sum(row[c] for c in quadrant_i) for row in state.market.buyers) == starting
    assert sum(map(sum, state.market.buyers)) == starting
    bottom, left = state.in_play
    assert all(p.markers[bottom] == 1 and p.markers[left] == 1 for p in state.players)
    assert all(p.markers[d] == 0 for p in state.players for d in state.off_market)
    assert {len(set(p.factory.tiles.values())) for p in after_setup(rules, seed=4).players} == {2}


def test_research_moves_any_marker_once_per_turn_and_clocks_tick(rules):
    state = after_setup(rules)
    assert state.phase == RESEARCH_PHASE
    p = state.current_player()
    other = (p + 1) % 3
    dim = state.off_market[0]
    state.players[other].markers[dim] = 3               # speed/design/safety show a clock at 4, the others at 3
    clock = min(rules.track_clocks[dim])
    state.players[other].markers[dim] = clock - 1
    time = state.time
    assert ("research", dim, other) in state.legal_actions()
    state.apply(("research", dim, other))
    assert state.players[other].markers[dim] == clock and state.time == time - 1
    assert state.current_player() != p                   # one research department: one action


def test_the_same_marker_moves_once_a_turn(rules):
    state = after_setup(rules)
    p = state.current_player()
    state.actions_left = 2
    state.apply(("research", ASSEMBLY, p))
    assert ("research", ASSEMBLY, p) not in state.legal_actions()
    assert ("research", state.in_play[0], p) in state.legal_actions()


def test_focus_goes_by_gantt_cards_then_history_and_leftovers_fill_in_order(rules):
    state = after_setup(rules)
    while state.phase == RESEARCH_PHASE:
        state.apply(("done",))
    assert state.phase == FOCUS
    gantt = {p: state.players[p].gantt for p in range(3)}
    first = state.current_player()
    assert gantt[first] == max(gantt.values())
    state.apply(("focus", 4))                             # the sales end; Gantt cards spent
    assert state.players[first].gantt == 0
    state.apply(("pass",))
    state.apply(("pass",))
    assert state.phase == BUILD
    waiting = sorted((p for p in range(3) if p != first), key=lambda p: state.players[p].history)
    assert [state.players[p].focus for p in waiting] == [1, 2]
    assert state.order == waiting + [first]               # building goes from the engineering end


def selling_state(rules, assembly=0):
    """Player 0 has a sedan and a truck line at one dealership with speed 1 and design 1 and no marketing."""
    state = after_setup(rules)
    f = state.players[0].factory
    f.tiles[(1, 2)] = (MAINLINE, SEDAN)
    f.tiles[(0, 2)] = (DEALERSHIP,)
    f.tiles[(0, 1)] = (MAINLINE, TRUCK)
    state.players[0].assembly = assembly
    state.market.buyers = [[0] * 64 for _ in rules.cars]
    state.market.axis_dims = [0, 1]
    state._brochure()
    state._start_selling()
    state.selling = [0, 1, 2]
    return state


def test_selling_takes_every_buyer_of_the_cell_the_dealership_can_serve(rules):
    state = selling_state(rules, assembly=1)             # each line makes 3 cars this year
    here = rules.cell(0, 0)
    state.market.buyers[SEDAN][here] = 2
    state.market.buyers[TRUCK][here] = 1
    state.market.buyers[SPORTS][here] = 1                # no sports line: these stay
    state.market.buyers[SEDAN][rules.cell(1, 0)] = 1
    mk.reprice(rules, state.market)
    assert state.market.prices[0] == 6
    state.apply(("window", 0, 0, 0, 2, 1))
    assert state.legal_actions().count(("sell", 0, here)) == 1
    state.apply(("sell", 0, here))
    assert state.players[0].wealth == 2 * 6 + (6 + 1)
    assert [row[here] for row in state.market.buyers] == [0, 1, 0]
    assert state.selling == [0]                          # one sale a turn; the others had nothing to do
    state.apply(("sell", 0, rules.cell(1, 0)))
    assert state.players[0].wealth == 2 * 6 + (6 + 1) + 6 and state.phase == DEMAND


def test_a_cell_with_more_buyers_than_capacity_cannot_be_sold(rules):
    state = selling_state(rules)
    here = rules.cell(0, 0)
    state.market.buyers[SEDAN][here] = 3                 # capacity is 2 at the first assembly space
    mk.reprice(rules, state.market)
    state.windows[0][0] = (0, 0, 2, 1)
    assert state.sale(0, 0, here) == []
    state.players[0].assembly = 1
    assert state.sale(0, 0, here) == [(SEDAN, 3, (1, 2))]


def test_a_dealership_short_of_a_minimum_spec_gets_no_window(rules):
    state = selling_state(rules)
    state.minimum[4] = 1
    state._brochure()
    assert state.eligible[0] == [False]
    assert not [a for a in state.legal_actions() if a[0] == "window" and a[1] == 0 and state.current_player() == 0]


def test_expectations_retire_the_obsolete_track_and_bring_in_the_most_innovative(rules):
    state = after_setup(rules)
    bottom, left = state.in_play
    a, b, c = state.off_market
    state.players[0].markers[b] = 2                      # 1 + 2 = 3
    state.players[1].markers[c] = 2                      # 3 as well, but a tie goes to ...
    state.players[2].markers[c] = 1                      # ... c has 4 in all
    state._expectations()
    assert state.minimum[bottom] == 1 and state.innovation[bottom] == 1
    assert state.in_play == [c, left] and state.market.axis_dims == [c, left]
    assert state.market.axis_base == [0, 0]
    assert state.off_market == [a, b, bottom]
    assert state.obsolete == 1                           # next year the left track goes
    assert state.innovation_score(b) == (3, 2)


def test_a_flipped_time_card_ends_the_game_at_the_end_check(rules):
    state = selling_state(rules)
    state.time = 0
    state.selling = []
    state._settle()
    assert state.phase == OVER and state.is_terminal()
    assert state.year == 1


def test_the_game_goes_on_to_demand_while_time_is_left(rules):
    state = selling_state(rules)
    state.selling = []
    state._settle()
    assert state.phase == DEMAND
    player = state.players[state.current_player()]
    deck = rules.decks[player.industrialist]
    assert {deck[a[1]].year for a in state.legal_actions()} <= {0}   # no floor extension laid yet


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_station_with_its_indicator_is_placed_by_the_state(rules, players):
    state = after_setup(rules, players)
    while state.phase != BUILD:
        state.apply(("done",) if state.phase == RESEARCH_PHASE else ("pass",))
    p = state.current_player()
    f = state.players[p].factory
    f.tiles.pop((1, 2), None)
    for cell in [(1, 2), (0, 2), (2, 2), (3, 2)]:
        f.tiles.pop(cell, None)
    state.apply(("mainline", SEDAN, (1, 2), (0, 2)))
    bottom = state.in_play[0]
    name = rules.track_stations[bottom][0]           # the first station of an in-play track: reached at setup
    step = rules.station_step[name]
    dx, dy = rules.step_side[step]
    cell = (1 + dx, 2 + dy)
    f.tiles.pop(cell, None)  # cleared like the mainline's squares: the test never depends on where setup put tiles
    ind = next(c for c in [(cell[0] + 1, cell[1]), (cell[0], cell[1] + 1), (cell[0] - 1, cell[1])]
               if f.free(c))
    action = ("station", name, cell, ind, bottom)
    assert state.why_not(action) is None
    before = state.stations[name]
    state.apply(action)
    assert f.tiles[cell] == (STATION, name, step) and f.tiles[ind] == (INDICATOR, bottom, step, cell)
    assert state.stations[name] == before - 1


def test_the_shared_supply_runs_out(rules):
    state = after_setup(rules)
    while state.phase != BUILD:
        state.apply(("done",) if state.phase == RESEARCH_PHASE else ("pass",))
    p = state.current_player()
    other = state.players[(p + 1) % 3].factory
    for i in range(rules.mainline_copies):
        other.tiles[(100 + i, 100)] = (MAINLINE, TRUCK)
    assert state.why_not(("mainline", TRUCK, (1, 2), (0, 2))) == "no truck mainline left in the supply"
    assert state.why_not(("mainline", SEDAN, (1, 2), (0, 2))) in (None, "a tile goes only on a free black square")
    for i in range(rules.department_copies["research"]):
        other.tiles[(100 + i, 101)] = (RESEARCH,)
    assert state.why_not(("department", RESEARCH, (5, 4))) == "no research department left in the supply"


def test_demand_cards_lay_sparks_by_quadrant_then_buyers_grow_and_neutral_cards_follow(rules):
    state = selling_state(rules)
    state.selling = []
    state._settle()
    assert state.phase == DEMAND
    state.market.buyers = [[0] * 64 for _ in rules.cars]
    before_discard = len(state.discard) + 3
    time = state.time
    played = []
    while state.phase == DEMAND:
        p = state.current_player()
        deck = rules.decks[state.players[p].industrialist]
        card = next(a for a in state.legal_actions() if a[2] == 3)      # beside quadrant IV
        played.append(deck[card[1]])
        state.apply(card)
    assert state.year == 2 and state.phase == RESEARCH_PHASE
    assert time - state.time == sum(c.clocks for c in played)
    for card in played:
        for x, y in card.cells:
            cell = rules.cell(4 + x, 4 + y)
            assert state.market.sparks[card.car][cell] >= 1
            assert state.market.buyers[card.car][cell] >= 1         # each spark grew a buyer
    # 3 players draw one neutral card each for quadrants II, III and (3 - 2) I: one buyer per marked cell
    drawn = [rules.neutral[c] for c in state.discard[-3:]]
    assert len(state.discard) == before_discard
    assert sum(map(sum, state.market.buyers)) == sum(map(sum, state.market.sparks)) + sum(len(c.cells) for c in drawn)
    holding = sorted({rules.segment_of[c] for row in state.market.buyers for c, n in enumerate(row) if n})
    assert [state.market.prices[s] for s in reversed(holding)] == list(rules.prices[:len(holding)])


def test_engineering_focus_opens_the_patents_of_players_further_towards_sales(rules):
    state = after_setup(rules)
    engineer, seller = 0, 1
    state.players[engineer].focus, state.players[seller].focus, state.players[2].focus = 1, 3, 2
    dim = state.off_market[0]
    station = rules.track_stations[dim][2]
    state.players[seller].markers[dim] = 3
    state.players[engineer].markers[dim] = 0
    assert state.access(engineer, dim, station) and not state.reached(engineer, dim, station)
    state.players[seller].markers[dim] = 0
    state.players[engineer].markers[dim] = 3
    assert not state.access(seller, dim, station)
    assert (dim, station) in state.access_table(engineer) and (dim, station) not in state.access_table(seller)


def test_research_goes_from_the_engineering_end_of_the_history_track(rules):
    state = after_setup(rules)
    assert state.order == sorted(range(3), key=lambda p: state.players[p].history)
    assert state.current_player() == state.order[0]


def test_gantt_cards_for_planning_departments_tick_the_clock_on_its_symbols(rules):
    state = after_setup(rules)
    player = state.players[0]
    player.gantt = min(rules.gantt_clocks) - 1
    time = state.time
    others = sum(1 for q in state.players[1:] if q.gantt + 1 in rules.gantt_clocks)
    state._brochure()                                         # one planning department each
    assert player.gantt == min(rules.gantt_clocks)
    assert time - state.time == 1 + others
    player.gantt = rules.gantt_most
    state._brochure()
    assert player.gantt == rules.gantt_most                   # the track ends there


def test_assembly_research_raises_each_line_s_output_and_ticks_on_clocks(rules):
    state = after_setup(rules)
    p = state.current_player()
    state.players[p].assembly = min(rules.assembly_clocks) - 1
    time = state.time
    state.apply(("research", ASSEMBLY, p))
    assert state.players[p].assembly == min(rules.assembly_clocks) and state.time == time - 1
    assert rules.assembly_values[state.players[p].assembly] == 4


def test_windows_may_overlap_each_other_completely(rules):
    state = selling_state(rules)
    f = state.players[0].factory
    f.tiles[(1, 3)] = (DEALERSHIP,)                           # a second dealership above the sedan line
    state._brochure()
    state._start_selling()
    state.selling = [0, 1, 2]
    state.market.buyers[SEDAN][rules.cell(1, 0)] = 1        # something to sell: player 0 stays in the phase
    mk.reprice(rules, state.market)
    state.apply(("window", 0, 0, 0, 2, 1))
    assert ("window", 1, 0, 0, 2, 1) in state.legal_actions()
    state.apply(("window", 1, 0, 0, 2, 1))
    assert state.windows[0] == {0: (0, 0, 2, 1), 1: (0, 0, 2, 1)}
