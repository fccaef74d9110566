"""The market rules the digest states exactly: requirements, windows, shut-out, prices, repricing, sparks."""

from __future__ import annotations

import pytest

from cardgen.games.horseless_carriage import market as mk

SEDAN, SPORTS, TRUCK = 0, 1, 2


@pytest.fixture
def market(rules):
    board = mk.Market.empty(rules)
    board.axis_dims = [0, 1]   # speed along the bottom, reliability along the left
    return board


def cell(rules, x, y):
    return rules.cell(x, y)


def test_four_neighbouring_cells_ask_the_same_specs_read_from_the_axes(rules, market):
    assert [mk.requirement(rules, market, x, 0)[0] for x in range(8)] == [0, 0, 1, 1, 2, 2, 3, 3]
    market.axis_base = [1, 2]  # a track back in play starts at its minimum spec
    assert mk.requirement(rules, market, 3, 5) == (2, 4)


def test_a_window_fits_when_every_covered_cell_is_within_the_spec(rules, market):
    spec = [1, 2, 0, 0, 0]
    assert mk.window_legal(rules, market, spec, 2, 4, 2, 2)          # columns 2-3 ask 1, rows 4-5 ask 2
    assert not mk.window_legal(rules, market, spec, 3, 4, 2, 2)      # column 4 asks speed 2
    assert not mk.window_legal(rules, market, spec, 2, 5, 2, 2)      # row 6 asks reliability 3


def test_a_window_may_hang_over_the_edge_but_not_lie_off_the_board(rules, market):
    assert mk.window_legal(rules, market, [0] * 5, -1, -2, 3, 3)
    assert mk.window_cells(rules, -1, -2, 3, 3) == [cell(rules, 0, 0), cell(rules, 1, 0)]
    assert mk.window_cells(rules, 7, 7, 3, 3) == [cell(rules, 7, 7)]
    assert not mk.window_legal(rules, market, [9] * 5, -2, 0, 2, 1)
    assert mk.window_cells(rules, 8, 0, 2, 1) == []


def test_marketing_departments_set_the_window_size(rules):
    assert [mk.window_shapes(rules, m) for m in range(4)] == [[(2, 1), (1, 2)], [(2, 2)], [(3, 3)], [(3, 3)]]


def test_a_dealership_below_any_minimum_spec_is_shut_out():
    assert mk.shut_out([3, 3, 0, 3, 3], [0, 0, 1, 0, 0])
    assert not mk.shut_out([0, 0, 1, 0, 0], [0, 0, 1, 0, 0])


def test_a_sale_scores_the_segment_price_with_the_truck_and_sports_bonus(rules, market):
    market.prices = [0, 5, 6, 0]
    top = cell(rules, 4, 5)  # x + y = 9: the third segment
    assert mk.sale_value(rules, market, top, SEDAN, 3) == 18
    assert mk.sale_value(rules, market, top, TRUCK, 3) == 21
    assert mk.sale_value(rules, market, top, SPORTS, 2) == 16


def test_repricing_goes_from_the_top_right_and_skips_empty_segments(rules, market):
    market.buyers[SEDAN][cell(rules, 0, 1)] = 2      # first segment
    market.buyers[TRUCK][cell(rules, 5, 4)] = 1      # third segment
    mk.reprice(rules, market)
    assert market.prices == [5, 0, 6, 0]
    market.buyers[SPORTS][cell(rules, 7, 7)] = 1
    mk.reprice(rules, market)
    assert market.prices == [4, 0, 5, 6]


def test_at_most_two_sparks_of_a_type_on_a_cell(rules, market):
    here = cell(rules, 2, 2)
    assert [mk.add_spark(rules, market, SEDAN, here) for _ in range(3)] == [True, True, False]
    assert mk.add_spark(rules, market, TRUCK, here)
    assert market.sparks[SEDAN][here] == 2 and market.sparks[TRUCK][here] == 1


def test_each_spark_grows_a_buyer_up_to_two_per_spark(rules, market):
    one, two, crowded = cell(rules, 1, 1), cell(rules, 2, 2), cell(rules, 3, 3)
    mk.add_spark(rules, market, SEDAN, one)
    for _ in range(2):
        mk.add_spark(rules, market, SEDAN, two)
    mk.add_spark(rules, market, SEDAN, crowded)
    market.buyers[SEDAN][crowded] = 5  # neutral buyers are not held to the spark limit
    grown = []
    for _ in range(3):
        mk.grow(rules, market)
        grown.append([market.buyers[SEDAN][c] for c in (one, two, crowded)])
    assert grown == [[1, 2, 5], [2, 4, 5], [2, 4, 5]]


def test_a_card_marks_cells_of_the_quadrant_it_is_laid_beside(rules, market):
    card = rules.neutral[0]
    quadrant_iv = 3
    cells = mk.quadrant_cells(rules, quadrant_iv, card)
    assert cells == [cell(rules, 4 + x, 4 + y) for x, y in card.cells]
    mk.place_neutral(rules, market, quadrant_iv, card)
    assert [market.buyers[card.car][c] for c in cells] == [1] * len(cells)
