"""Each expansion's placement rules and scoring, on boards built by hand and through the checked rules."""

from __future__ import annotations

import random

import pytest

from cardgen.games.railroad_ink.board import CRATER
from cardgen.games.railroad_ink.bots import BOTS, play_game
from cardgen.games.railroad_ink.expansions.lake import fill
from cardgen.games.railroad_ink.expansions.lava import draw_volcano
from cardgen.games.railroad_ink.expansions.meteor import landing, strike
from cardgen.games.railroad_ink.rules import (
    IllegalMove, discard, end_turn, is_terminal, new_game, place, scores, tables,
)
from cardgen.games.railroad_ink.scoring import exit_score
from tests.games.railroad_ink.helpers import put

BASE = ["road-straight", "road-straight", "rail-straight", "overpass"]


def cell(state, row, col):
    return state.tables.geo.cell(row, col)


# ---------------------------------------------------------------- river

def test_river_starts_anywhere_meets_only_river_and_may_be_left_undrawn(content):
    state = new_game(content, "river", dice=BASE + ["river-straight", "river-curve"])
    place(state, 0, 0, cell(state, 0, 1), 0)
    with pytest.raises(IllegalMove) as caught:
        place(state, 0, 4, cell(state, 0, 2), 1)
    assert str(caught.value) == "'river-straight' on [0, 2]: its river on the west side meets a blank side"
    place(state, 0, 4, cell(state, 3, 3), 0)  # anywhere, joined to nothing
    with pytest.raises(IllegalMove) as caught:
        place(state, 0, 1, cell(state, 2, 3), 0)
    assert str(caught.value) == "'road-straight' on [2, 3]: its road on the south side meets a river"
    discard(state, 0, 5)  # a river die may be left undrawn though it could be drawn


def test_river_scoring(content):
    tab = tables(content, "river")
    ext = new_game(content, "river").ext
    board = tab.new_board()
    for row in range(7):  # from the north edge to the south edge: 7 cells and the bonus, no open end
        put(tab, board, "river-straight", row, 0)
    put(tab, board, "river-straight", 3, 3)  # a river of one cell, two open ends
    assert ext.score(board, None) == 7 + 3 - 2


# ---------------------------------------------------------------- lake

def test_a_cell_enclosed_by_three_lake_sides_fills_and_the_smallest_lake_scores(content):
    tab = tables(content, "lake")
    ext = new_game(content, "lake").ext
    board = tab.new_board()
    put(tab, board, "lake-one", 2, 3, 2)   # lake on its south side
    put(tab, board, "lake-one", 3, 2, 1)   # east
    assert fill(tab, board, tab.geo.cell(3, 2)) == []
    put(tab, board, "lake-one", 3, 4, 3)   # west: [3, 3] now faces three lake sides
    assert fill(tab, board, tab.geo.cell(3, 4)) == [tab.geo.cell(3, 3)]
    put(tab, board, "lake-one", 6, 6)      # a lake of one cell
    assert ext.score(board, None) == 1
    assert ext.score(tab.new_board(), None) == 0


def test_routes_through_a_lake_are_one_network(content):
    # road exit north of [0, 1] -> road -> a road pier into a full lake -> a pier out -> road to the south exit
    tab = tables(content, "lake")
    board = tab.new_board()
    put(tab, board, "road-straight", 0, 1)
    put(tab, board, "lake-road", 1, 1, 2)  # road north, lake south
    board.place(tab.geo.cell(2, 1), tab.fill.orients[0][1])  # a filled lake cell
    put(tab, board, "lake-road", 3, 1)     # lake north, road south
    for row in (4, 5, 6):
        put(tab, board, "road-straight", row, 1)
    assert exit_score(tab, board) == 4


# ---------------------------------------------------------------- lava

LAVA = BASE + ["lava-one", "lava-corner"]


def test_lava_starts_at_a_volcano_and_joins_lava(content):
    state = new_game(content, "lava", dice=LAVA)
    board = state.players[0].board
    assert board.cells[cell(state, 3, 3)] == state.tables.volcano.orients[0][1]
    with pytest.raises(IllegalMove) as caught:
        place(state, 0, 4, cell(state, 0, 0), 0)
    assert str(caught.value) == "'lava-one' on [0, 0]: none of its lava sides joins a lava drawn before"
    with pytest.raises(IllegalMove) as caught:
        discard(state, 0, 4)
    assert str(caught.value) == "die 5 ('lava-one') can be drawn legally, so it may not be discarded"
    place(state, 0, 4, cell(state, 2, 3), 2)  # lava on its south side, onto the volcano
    discard(state, 0, 5)                       # one lava die a round is enough


def test_a_new_volcano_once_a_round_where_no_lava_touches(content):
    state = new_game(content, "lava", dice=LAVA)
    with pytest.raises(IllegalMove) as caught:
        draw_volcano(state, 0, cell(state, 3, 4))
    assert str(caught.value) == "a volcano may not go on [3, 4]: lava touches it or a route there refuses lava"
    draw_volcano(state, 0, cell(state, 0, 0))
    with pytest.raises(IllegalMove) as caught:
        draw_volcano(state, 0, cell(state, 6, 6))
    assert str(caught.value) == "a volcano was drawn this round already (one a round)"


def test_lava_scoring(content):
    tab = tables(content, "lava")
    state = new_game(content, "lava")
    ext, board = state.ext, state.players[0].board
    assert ext.score(board, None) == -4 + 1  # the volcano: four open sides, a lake of one cell
    for row, col, turn in ((2, 3, 2), (3, 4, 3), (4, 3, 0), (3, 2, 1)):  # each lava-one's lava faces the volcano
        put(tab, board, "lava-one", row, col, turn)
    assert ext.score(board, None) == 5 + 5  # closed: the bonus, and five cells


# ---------------------------------------------------------------- meteor

def test_a_meteor_bounces_off_the_edge_and_passes_craters(content):
    tab = tables(content, "meteor")
    board = tab.new_board()
    assert landing(board, tab.geo.cell(3, 3), "w", 3) == tab.geo.cell(3, 0)
    assert landing(board, tab.geo.cell(3, 1), "w", 3) == tab.geo.cell(3, 2)
    board.mark_crater(tab.geo.cell(3, 2))  # the seed's example: one cell, the edge, two back, a crater, one on
    assert landing(board, tab.geo.cell(3, 1), "w", 3) == tab.geo.cell(3, 3)


def test_a_meteor_erases_a_route_and_route_ends_at_craters_score(content):
    state = new_game(content, "meteor", dice=BASE)
    state.ext_roll = {"distance": 3, "direction": "w"}
    place(state, 0, 0, cell(state, 3, 0), 1)   # road from the west exit, east-west
    place(state, 0, 1, cell(state, 3, 1), 1)
    with pytest.raises(IllegalMove) as caught:
        end_turn(state, 0)
    assert str(caught.value).startswith("dice 3 ('rail-straight'), 4 ('overpass') are neither")
    with pytest.raises(IllegalMove) as caught:
        strike(state, 0, "n")
    assert str(caught.value) == "the direction die shows w; the meteor cannot go n"
    assert strike(state, 0) == cell(state, 3, 0)   # from the centre, 3 west: the road on [3, 0] is gone
    board = state.players[0].board
    assert board.cells[cell(state, 3, 0)] == CRATER
    rows = scores(state)[0]
    assert (rows["errors"], rows["meteor"]) == (-1, 2)  # [3, 1]'s west end meets the crater; its east end is open


def test_a_meteor_may_be_ignored_with_a_special_route(content):
    state = new_game(content, "meteor", dice=BASE)
    state.ext_roll = {"distance": 1, "direction": "any"}
    with pytest.raises(IllegalMove) as caught:
        strike(state, 0)
    assert str(caught.value) == "the direction die shows the cross: choose the meteor's direction (n, e, s or w)"
    assert strike(state, 0, "n", ignore="road-cross") is None
    assert state.players[0].specials_used == ["road-cross"]
    with pytest.raises(IllegalMove) as caught:
        place(state, 0, "rail-cross", cell(state, 0, 3), 0)
    assert str(caught.value) == "a special route was drawn this round already (at most 1 a round)"


@pytest.mark.parametrize("expansion", ["river", "lake", "lava", "meteor"])
def test_every_bot_plays_every_expansion_to_the_end(content, expansion):
    for bot in sorted(BOTS):
        state = new_game(content, expansion, seed=4, players=2)
        play_game(state, [BOTS[bot], BOTS["random"]], random.Random(4))
        assert is_terminal(state) and state.round == 6
        for rows in scores(state):
            assert rows["total"] == sum(v for k, v in rows.items() if k != "total")
            assert expansion in rows


def test_a_lake_along_an_exit_joins_no_exit(content):
    state = new_game(content, "lake", dice=BASE + ["lake-one", "lake-corner"])
    place(state, 0, 4, cell(state, 0, 1), 0)  # lake on the north side, along the road exit
    board = state.players[0].board
    assert exit_score(state.tables, board) == 0
    assert board.exits_of[board.find(cell(state, 0, 1) * 4)] == 0
