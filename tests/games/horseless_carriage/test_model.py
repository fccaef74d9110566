"""Horseless Carriage content: the bundled folder loads, and each kind of mistake is one exact located problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.errors import ContentError
from cardgen.games.horseless_carriage.model import load_content, summary
from tests.content_copy import edit


def problems(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load_content(folder)
    return [p.headline() for p in caught.value.problems]


def test_bundled_content_loads_and_summarises(content):
    assert summary(content) == [
        "Horseless Carriage (无马之车): 2-4 players, at most 7 years",
        "market: 8x8 cells, 4 price segments, prices $6, $5, $4, $3",
        "research: 5 tracks, 17 tech stations in 4 steps",
        "factory: a main floor and 6 extension floors per player",
        "demand: 5 industrialists (17, 17, 17, 17, 17 cards), 20 neutral cards",
        "strings: 111 names in zh and en",
    ]


def test_a_schema_error_is_located_in_plain_words(copy):
    line = edit(copy / "market.yaml", "size: 8", "size: eight")
    assert problems(copy) == [f"market.yaml:{line}:7: size: expected a whole number, got text 'eight'"]


def test_an_unknown_key_suggests_the_known_one(copy):
    line = edit(copy / "planning.yaml", "  setup_last: 1", "  setup_lats: 1")
    assert problems(copy) == [f"planning.yaml:{line}:3: gantt.setup_lats: unknown key 'setup_lats'; "
                              "did you mean 'setup_last'?"]


def test_every_problem_of_every_file_is_listed(copy):
    track = edit(copy / "research.yaml", "[engine, transmission, chassis,", "[engine, gearbox, chassis,")
    card = edit(copy / "demand.yaml", "{car: sedan, year: 0, clocks: 0, cells: [[1, 2]]}",
                "{car: bus, year: 0, clocks: 0, cells: [[1, 4]]}")
    assert problems(copy) == [
        f"demand.yaml:{card}:15: industrialists.0.cards.0.car: no car type 'bus'",
        f"demand.yaml:{card}:48: industrialists.0.cards.0.cells.0: cell [1, 4] is outside the 4x4 quadrant",
        f"research.yaml:{track}:24: tracks.0.stations.1: no tech station 'gearbox'",
    ]


def test_a_station_on_no_track_cannot_be_built(copy):
    edit(copy / "research.yaml", "body, steering_column, dashboard", "body, dashboard")
    line = edit(copy / "research.yaml", "  B: [engine, transmission, steering_column, brakes]",
                "  B: [engine, transmission, steering_column, brakes]")
    assert problems(copy) == [f"research.yaml:{line}:29: stations.B.2: tech station 'steering_column' is on no research track, "
                              "so nobody can build it"]


def test_segments_must_end_on_the_top_right_diagonal(copy):
    line = edit(copy / "market.yaml", "{id: s4, last_diagonal: 14}", "{id: s4, last_diagonal: 13}")
    at = edit(copy / "market.yaml", "segments:\n", "segments:\n")
    assert line > at
    assert problems(copy) == [f"market.yaml:{at + 1}:3: segments: the last segment must end on the top right "
                              "cell's diagonal 14, not 13"]


def test_the_time_card_table_covers_each_player_count(copy):
    line = edit(copy / "game.yaml", "start: {2: 7, 3: 11, 4: 15}", "start: {2: 7, 3: 11, 5: 15}")
    assert problems(copy) == [
        f"game.yaml:{line}:10: clock.start: no starting time-card value for 4 players",
        f"game.yaml:{line}:24: clock.start.5: the game takes 2-4 players, not 5",
    ]


def test_a_floor_row_of_another_length(copy):
    line = edit(copy / "factory.yaml", '{id: e3, rows: ["####", "#..#"]}', '{id: e3, rows: ["####", "#.#"]}')
    assert problems(copy) == [f"factory.yaml:{line}:31: floors.extensions.2.rows.1: row is 3 squares long, "
                              "the first row 4"]


def test_a_name_missing_from_strings(copy):
    edit(copy / "strings.yaml", "station.horn: {zh: 喇叭, en: Horn}\n", "")
    assert problems(copy) == ["strings.yaml:3:1: no name for 'station.horn' (write station.horn: {zh: ..., en: ...})"]


def test_a_missing_file_is_named(copy):
    (copy / "planning.yaml").unlink()
    assert problems(copy) == ["planning.yaml:1:1: file is missing"]


def test_the_supply_holds_the_setup_departments(copy):
    line = edit(copy / "factory.yaml", "supply: {mainline: 8, research: 10, planning: 10}",
                "supply: {mainline: 8, research: 10, planning: 3}")
    assert problems(copy) == [f"factory.yaml:{line}:47: supply.planning: 4 players place 4 planning departments "
                              "at setup"]
