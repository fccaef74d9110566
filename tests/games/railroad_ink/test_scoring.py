"""Scoring rows on boards built by hand, each total worked out in the comment above it."""

from __future__ import annotations

from cardgen.games.railroad_ink.rules import new_game, scores, tables, winners
from cardgen.games.railroad_ink.scoring import gain, longest_path, score
from cardgen.games.railroad_ink.tiles import shape_of
from tests.games.railroad_ink.helpers import put


def test_a_road_from_exit_to_exit(content):
    # a straight road down column 1: the road exits north of [0, 1] and south of [6, 1] are one network of
    # 2 exits (4), 7 road cells (7), no centre cell, no open end: 11
    tab = tables(content, None)
    board = tab.new_board()
    for row in range(7):
        put(tab, board, "road-straight", row, 1)
    assert score(tab, board) == {"exits": 4, "longest_road": 7, "longest_rail": 0, "centre": 0, "errors": 0,
                                 "total": 11}


def test_open_ends_blank_sides_and_the_outer_edge(content):
    # a curve at [0, 1] from the north exit to the east: its east end meets an empty cell (-1); a straight
    # road turned east-west at [3, 0] ends on the outer edge west (not an error: there is the road exit) and
    # meets a blank side of the rail-straight at [3, 1] east (-1); one exit per network scores 0
    tab = tables(content, None)
    board = tab.new_board()
    put(tab, board, "road-curve", 0, 1)
    put(tab, board, "road-straight", 3, 0, 1)
    put(tab, board, "rail-straight", 3, 1)
    rows = score(tab, board)
    assert rows["errors"] == -2 - 2  # and the rail's two ends meet empty cells
    assert rows["exits"] == 0
    assert (rows["longest_road"], rows["longest_rail"]) == (1, 1)


def test_overpass_and_station_networks(content):
    # rail exit north of [0, 3] -> rail [0, 3] -> overpass [1, 3] (rail north-south, its road east-west) ->
    # station [2, 3] (rail north, road south) -> road [3, 3]. One exit: 0. Rail 3 cells ([0, 3], the overpass,
    # the station), road 2 cells (the station, [3, 3]). Centre [2, 3] and [3, 3]: 2. Open ends: the overpass's
    # road east and west, [3, 3] south: -3. Total 4.
    tab = tables(content, None)
    board = tab.new_board()
    put(tab, board, "rail-straight", 0, 3)
    put(tab, board, "overpass", 1, 3, 1)
    put(tab, board, "station-straight", 2, 3, 2)
    put(tab, board, "road-straight", 3, 3)
    assert score(tab, board) == {"exits": 0, "longest_road": 2, "longest_rail": 3, "centre": 2, "errors": -3,
                                 "total": 4}


def test_longest_path_takes_the_longest_branch_and_loops():
    tree = [[1], [0, 2, 3], [1], [1, 4], [3]]          # 0-1-3-4 with a spur 2
    assert longest_path(tree) == 4
    square = [[1, 3], [0, 2], [1, 3], [2, 0]]          # a loop of four
    assert longest_path(square) == 4
    assert longest_path([]) == 0


def test_gain_counts_exits_joined_and_ends_closed(content):
    # a road along row 0 from the road exit of [0, 1] to that of [0, 5]: the first curve adds an open end (-1);
    # the last curve closes the road's open end (+1) and joins two one-exit networks (4 - 0 - 0): +5
    tab = tables(content, None)
    board = tab.new_board()
    first = tab.shape_index(_shape(tab, "road-curve", 0))
    assert gain(tab, board, tab.geo.cell(0, 1), first) == -1
    board.place(tab.geo.cell(0, 1), first)
    for col in (2, 3, 4):
        put(tab, board, "road-straight", 0, col, 1)
    last = tab.shape_index(_shape(tab, "road-curve", 3))
    assert gain(tab, board, tab.geo.cell(0, 5), last) == 5
    board.place(tab.geo.cell(0, 5), last)
    assert score(tab, board) == {"exits": 4, "longest_road": 5, "longest_rail": 0, "centre": 0, "errors": 0,
                                 "total": 9}


def _shape(tab, face, orientation):
    return shape_of(tab.faces[face].tile).oriented(orientation)


def test_ties_go_to_fewer_errors_then_are_shared(content):
    state = new_game(content, seed=0, players=3)
    tab = state.tables
    # players 1 and 2: a road from exit to exit down column 1 or 5 (11, no error); player 3: column 1 and two
    # roads on the centre cells [2, 3] and [3, 3] (centre +2, their two open ends -2: 11 too, 2 errors)
    for p, col in ((0, 1), (1, 5), (2, 1)):
        for row in range(7):
            put(tab, state.players[p].board, "road-straight", row, col)
    for row in (2, 3):
        put(tab, state.players[2].board, "road-straight", row, 3)
    assert [rows["total"] for rows in scores(state)] == [11, 11, 11]
    assert winners(state) == [0, 1]



def test_the_path_search_stops_at_its_budget(monkeypatch):
    from cardgen.games.railroad_ink import scoring

    ring = [[(n - 1) % 8, (n + 1) % 8] for n in range(8)]  # a loop of eight: the whole loop is the path
    assert longest_path(ring) == 8
    monkeypatch.setattr(scoring, "SEARCH_BUDGET", 3)
    assert longest_path(ring) == 3  # the longest found in three steps
