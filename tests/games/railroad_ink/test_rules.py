"""Legal placement, round structure and special-route limits, each refused move with its exact reason."""

from __future__ import annotations

import pytest

from cardgen.games.railroad_ink import rules
from cardgen.games.railroad_ink.rules import IllegalMove, discard, end_turn, new_game, place
from cardgen.games.railroad_ink.tiles import Shape, orientations, ROAD, NONE, RAIL


def cell(state, row, col):
    return state.tables.geo.cell(row, col)


def game(content, dice=("road-straight", "road-straight", "rail-straight", "overpass")):
    return new_game(content, seed=1, dice=list(dice))


def test_orientations_are_deduplicated():
    curve = Shape((ROAD, ROAD, NONE, NONE), (0b0011,))
    station = Shape((ROAD, RAIL, NONE, NONE), (0b0011,), True)
    assert len(orientations(Shape((ROAD, NONE, ROAD, NONE), (0b0101,)))) == 2
    assert len(orientations(curve)) == 4
    assert len(orientations(station)) == 8  # a road-rail corner and its mirror differ


def test_a_route_must_join_a_route_or_an_exit(content):
    state = game(content)
    with pytest.raises(IllegalMove) as caught:
        place(state, 0, 0, cell(state, 3, 3), 0)
    assert str(caught.value) == ("'road-straight' on [3, 3]: none of its road or rail sides joins a road or rail "
                                 "drawn before or an exit")
    place(state, 0, 0, cell(state, 0, 1), 0)  # the road exit on the north of [0, 1]
    place(state, 0, 1, cell(state, 1, 1), 0)  # joins the road above


def test_road_meeting_rail_without_station_is_refused(content):
    state = game(content, ("road-straight", "rail-straight", "station-straight", "overpass"))
    with pytest.raises(IllegalMove) as caught:
        place(state, 0, 0, cell(state, 0, 3), 0)
    assert str(caught.value) == "'road-straight' on [0, 3]: its road on the north side meets a rail exit"
    place(state, 0, 0, cell(state, 0, 1), 0)
    with pytest.raises(IllegalMove) as caught:
        place(state, 0, 1, cell(state, 1, 1), 0)
    assert str(caught.value) == "'rail-straight' on [1, 1]: its rail on the north side meets a road"
    place(state, 0, 2, cell(state, 1, 1), 0)  # a station: road on the north, rail on the south
    place(state, 0, 1, cell(state, 2, 1), 0)


def test_every_die_is_drawn_unless_it_cannot_be(content):
    state = game(content)
    with pytest.raises(IllegalMove) as caught:
        end_turn(state, 0)
    assert str(caught.value) == ("dice 1 ('road-straight'), 2 ('road-straight'), 3 ('rail-straight'), "
                                 "4 ('overpass') are neither drawn nor discarded")
    with pytest.raises(IllegalMove) as caught:
        discard(state, 0, 3)
    assert str(caught.value) == "die 4 ('overpass') can be drawn legally, so it may not be discarded"


def test_a_die_with_no_legal_placement_is_discarded(content):
    state = game(content)
    board = state.players[0].board
    board.frontier.clear()  # nothing joinable left (a hand-made dead end)
    discard(state, 0, 3)
    assert state.players[0].pending == [0, 1, 2]


def test_special_routes_one_a_round_three_a_game_each_once(content):
    state = game(content)
    place(state, 0, "road-cross", cell(state, 0, 1), 0)
    with pytest.raises(IllegalMove) as caught:
        place(state, 0, "rail-cross", cell(state, 0, 3), 0)
    assert str(caught.value) == "a special route was drawn this round already (at most 1 a round)"
    state.players[0].specials_this_round = 0
    with pytest.raises(IllegalMove) as caught:
        place(state, 0, "road-cross", cell(state, 0, 5), 0)
    assert str(caught.value) == "special route 'road-cross' was drawn before (each is drawn once)"
    for special, at in (("rail-cross", (0, 3)), ("station-corner", (1, 1))):
        state.players[0].specials_this_round = 0
        place(state, 0, special, cell(state, *at), 0)
    state.players[0].specials_this_round = 0
    with pytest.raises(IllegalMove) as caught:
        place(state, 0, "station-across", cell(state, 1, 2), 0)
    assert str(caught.value) == "3 special routes were drawn already (at most 3 a game)"


def test_placed_cells_and_orientations_are_checked(content):
    state = game(content)
    place(state, 0, 0, cell(state, 0, 1), 0)
    with pytest.raises(IllegalMove) as caught:
        place(state, 0, 1, cell(state, 0, 1), 0)
    assert str(caught.value) == "cell [0, 1] is not empty"
    with pytest.raises(IllegalMove) as caught:
        place(state, 0, 0, cell(state, 1, 1), 0)
    assert str(caught.value) == "die 1 was drawn or discarded already this round"
    with pytest.raises(IllegalMove) as caught:
        place(state, 0, 1, cell(state, 1, 1), 9)
    assert str(caught.value) == "orientation 9 is not 0..7 (a quarter turn count, plus 4 when mirrored)"


def test_the_game_ends_after_its_rounds(content):
    state = new_game(content, seed=3)
    assert state.rounds == 7
    for _ in range(7):
        for k in list(state.players[0].pending):
            state.players[0].pending.remove(k)
        end_turn(state, 0)
    assert rules.is_terminal(state)
    with pytest.raises(IllegalMove) as caught:
        end_turn(state, 0)
    assert str(caught.value) == "the game is over"
