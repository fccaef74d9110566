"""The factory rules: black squares, mainlines from the loading zone with dealerships, colour-matched
connection, one station of a kind per area, indicators with research access, specs, floor extensions.

The main floor (rows from the top): ``######``, ``######``, ``######``, ``#LL###``, ``#KK###``; so the
loading zone is (1, 1) and (2, 1), the keep-clear zone (1, 0) and (2, 0).
"""

from __future__ import annotations

import pytest

from cardgen.games.horseless_carriage.factory import (DEALERSHIP, INDICATOR, MAINLINE, MARKETING, RESEARCH, STATION,
                                                      Factory)
from cardgen.games.horseless_carriage.rules import Floor

SEDAN, TRUCK = 0, 2
SPEED, RELIABILITY, DESIGN = 0, 1, 2
A, B = 0, 1


def anything(dim, station):
    return True


@pytest.fixture
def factory(rules):
    """A sedan mainline above the loading zone at (1, 2) with its dealership to its left, at (0, 2)."""
    f = Factory.start(rules)
    assert f.why_not_mainline(rules, SEDAN, (1, 2), (0, 2)) is None
    f.tiles[(1, 2)] = (MAINLINE, SEDAN)
    f.tiles[(0, 2)] = (DEALERSHIP,)
    return f


def build(f, rules, name, cell, ind, dim, access=anything):
    assert f.why_not_station(rules, name, cell, ind, dim, access) is None
    step = rules.station_step[name]
    f.tiles[cell] = (STATION, name, step)
    f.tiles[ind] = (INDICATOR, dim, step, cell)


def test_a_tile_goes_only_on_a_free_black_square(rules, factory):
    assert factory.why_not_department(rules, RESEARCH, (1, 1)) == "a tile goes only on a free black square"
    assert factory.why_not_department(rules, RESEARCH, (1, 2)) == "a tile goes only on a free black square"
    assert factory.why_not_department(rules, RESEARCH, (9, 9)) == "a tile goes only on a free black square"
    assert factory.why_not_department(rules, RESEARCH, (5, 4)) is None


def test_mainlines_start_at_the_loading_zone_and_touch_a_dealership(rules, factory):
    assert factory.why_not_mainline(rules, SEDAN, (4, 4), (4, 3)) == \
        "a mainline starts next to a loading zone or one of your mainlines"
    assert factory.why_not_mainline(rules, TRUCK, (3, 1), None) == "a mainline must touch a dealership"
    assert factory.why_not_mainline(rules, TRUCK, (3, 1), (5, 1)) == "the new dealership must touch the new mainline"
    assert factory.why_not_mainline(rules, TRUCK, (0, 1), None) is None   # beside the loading zone and the dealership
    assert factory.why_not_mainline(rules, TRUCK, (3, 1), (4, 1)) is None


def test_dealerships_touch_a_mainline_and_are_limited(rules, factory):
    assert factory.why_not_dealership(rules, (4, 4)) == "a dealership must touch a mainline"
    factory.tiles[(2, 2)] = (DEALERSHIP,)
    factory.tiles[(1, 3)] = (DEALERSHIP,)
    assert factory.why_not_mainline(rules, TRUCK, (3, 1), (4, 1)) == "at most 3 dealerships"


def test_marketing_departments_touch_a_dealership(rules, factory):
    assert factory.why_not_department(rules, MARKETING, (4, 4)) == "a marketing department must touch a dealership"
    assert factory.why_not_department(rules, MARKETING, (0, 3)) is None
    for cell in [(0, 1), (0, 3)]:
        factory.tiles[cell] = (MARKETING,)
    factory.tiles[(3, 3)] = (MARKETING,)
    factory.tiles[(4, 3)] = (MARKETING,)
    assert factory.why_not_department(rules, MARKETING, (0, 4)) == "at most 4 marketing departments"


def test_a_station_connects_through_the_mainline_side_of_its_colour(rules, factory):
    # up is A: (1, 3); right is B: (2, 2). An engine (B) above the mainline is not connected.
    assert factory.why_not_station(rules, "engine", (1, 3), (1, 4), SPEED, anything) == \
        "not connected to a mainline's B side through B tiles"
    assert factory.why_not_station(rules, "engine", (2, 2), (3, 2), SPEED, anything) is None
    # a chassis (A) chained to the A side through another A station and an A indicator
    build(factory, rules, "chassis", (1, 3), (2, 3), SPEED)
    assert factory.why_not_station(rules, "body", (3, 4), (3, 3), DESIGN, anything) is None
    assert factory.why_not_station(rules, "body", (4, 4), (4, 3), DESIGN, anything) == \
        "not connected to a mainline's A side through A tiles"


def test_an_area_holds_one_station_of_a_kind(rules, factory):
    build(factory, rules, "chassis", (1, 3), (2, 3), SPEED)
    assert factory.why_not_station(rules, "chassis", (1, 4), (0, 4), RELIABILITY, anything) == \
        "an area may hold one chassis station"


def test_an_indicator_needs_research_access_to_its_dimension_on_that_station(rules, factory):
    def speed_engine_only(dim, station):
        return (dim, station) == (SPEED, "engine")

    assert factory.why_not_station(rules, "engine", (2, 2), (3, 2), 3, speed_engine_only) == \
        "no range research access to the engine"
    assert factory.why_not_station(rules, "chassis", (1, 3), (1, 4), SPEED, speed_engine_only) == \
        "no research access to the chassis"
    build(factory, rules, "engine", (2, 2), (3, 2), SPEED, speed_engine_only)
    assert factory.why_not_indicator(rules, (2, 2), (2, 3), 3, speed_engine_only) == \
        "no range research access to the engine"
    assert factory.why_not_indicator(rules, (2, 2), (4, 2), SPEED, speed_engine_only) == \
        "an indicator goes next to the station it points at"
    assert factory.why_not_indicator(rules, (2, 2), (2, 3), SPEED, speed_engine_only) is None


def test_specs_count_connected_indicators_and_a_dealership_takes_the_minimum(rules, factory):
    build(factory, rules, "chassis", (1, 3), (1, 4), SPEED)
    build(factory, rules, "engine", (2, 2), (3, 2), SPEED)
    factory.tiles[(2, 3)] = (INDICATOR, DESIGN, A, (1, 3))
    assert factory.mainline_spec((1, 2), rules) == [2, 0, 1, 0, 0]
    # a truck line under the dealership too: its spec is all 0, so the dealership's minimum is 0
    factory.tiles[(0, 1)] = (MAINLINE, TRUCK)
    (dealer,) = factory.dealers(rules)
    assert (dealer.spec, dealer.cars, dealer.mainlines) == ([0, 0, 0, 0, 0], [SEDAN, TRUCK], [(0, 1), (1, 2)])
    del factory.tiles[(0, 1)]
    factory.tiles[(0, 3)] = (MARKETING,)
    (dealer,) = factory.dealers(rules)
    assert (dealer.spec, dealer.cars, dealer.marketing) == ([2, 0, 1, 0, 0], [SEDAN], 1)


def test_floor_extensions_touch_the_factory_and_leave_keep_clear_zones_open(rules, factory):
    floor = Floor("test", (((0, 0), "#"), ((1, 0), "#")))
    assert factory.why_not_extension(floor, 6, 0) is None
    assert factory.why_not_extension(floor, 5, 0) == "an extension may not cover floor"
    assert factory.why_not_extension(floor, 8, 0) == "an extension must touch the factory"
    assert factory.why_not_extension(floor, 1, -1) == "an extension may not touch a keep-clear zone"
    assert factory.why_not_extension(floor, 3, -1) is None   # beside the keep-clear zone's row, not beside it
    own = Floor("own", (((0, 0), "K"), ((0, 1), "L"), ((1, 1), "#")))
    assert factory.why_not_extension(own, 6, 0) == "an extension's keep-clear zone must stay open"
    assert factory.why_not_extension(own, 6, -1) is None
