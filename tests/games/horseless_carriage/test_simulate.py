"""simulate: game length, wealth by strategy and seat, and the playability checks, each able to fail."""

from __future__ import annotations

import pytest

from cardgen.errors import UsageError
from cardgen.games.horseless_carriage.model import load_content
from cardgen.games.horseless_carriage.simulate import simulate, simulate_request
from cardgen.games.standard import SimulateRequest
from tests.content_copy import edit


def test_a_mixed_table_reports_by_strategy_and_seat(content):
    report = simulate(content, players=3, bot="greedy,random", games=6, seed=2)
    assert report.bots == ["greedy", "random", "greedy"]
    assert sum(report.years.values()) == 6 and 1 <= report.mean_years <= 7
    assert len(report.wealth_by_seat) == 3
    assert set(report.wealth_by_strategy) == {"greedy", "random"}
    assert report.wealth_by_strategy["greedy"] > report.wealth_by_strategy["random"]
    assert abs(sum(report.wins_by_strategy.values()) - 1) < 1e-9
    assert report.flags == [] and report.ok
    lines = report.lines()
    assert lines[0] == "6 games of 3 players, seed 2, bots by player: greedy, random, greedy"
    assert lines[-1] == "playability: every check passed"
    assert report.to_dict()["ok"] is True


def test_the_same_seed_plays_the_same_games(content):
    one = simulate(content, players=2, bot="random", games=5, seed=7).to_dict()
    assert simulate(content, players=2, bot="random", games=5, seed=7).to_dict() == one


def test_a_clock_that_ends_games_before_year_3_is_flagged(copy):
    edit(copy / "game.yaml", "start: {2: 7, 3: 11, 4: 15}", "start: {2: 1, 3: 1, 4: 1}")
    edit(copy / "planning.yaml", "clocks: [4, 8]", "clocks: [1, 2, 3, 4, 5, 6, 7, 8]")  # phase 4 of year 1 ticks
    report = simulate(load_content(copy), players=2, bot="greedy", games=4, seed=0)
    assert report.years == {1: 4}
    assert report.flags == ["the clock ends 100% of games before year 3"]
    assert "PLAYABILITY: the clock ends 100% of games before year 3" in report.lines()


def test_a_card_no_factory_reaches_and_a_window_never_legal_are_flagged(copy):
    edit(copy / "demand.yaml", "{car: sedan, year: 6, clocks: 0, cells: [[1, 3], [3, 3]]}",
         "{car: sedan, year: 7, clocks: 0, cells: [[1, 3], [3, 3]]}")
    edit(copy / "market.yaml", "steps: [0, 1, 2, 3]", "steps: [90, 91, 92, 93]")
    report = simulate(load_content(copy), players=2, bot="random", games=1, seed=0)
    assert report.flags == ["a demand card can never be placed: benz card 16 (year 7; 6 extensions at most)",
                            "the small window can never be legal", "the medium window can never be legal",
                            "the large window can never be legal"]


def test_bad_options_are_usage_errors(content):
    with pytest.raises(UsageError, match=r"^--players 5: this game takes 2-4$"):
        simulate(content, players=5, bot="random", games=1, seed=0)
    with pytest.raises(UsageError, match=r"^no bot 'smart'; bots: random, greedy$"):
        simulate(content, players=2, bot="smart", games=1, seed=0)


def test_the_seam_request_names_players_and_bots(content):
    report = simulate_request(content, SimulateRequest(games=2, seed=0, players=2, bots=("random",), variant=None))
    assert (report.players, report.bots, report.games) == (2, ["random", "random"], 2)
    assert simulate_request(content, SimulateRequest(2, 0, None, (), None)).bots == ["greedy"] * 3
    with pytest.raises(UsageError, match=r"^--variant solo: Horseless Carriage has no variants$"):
        simulate_request(content, SimulateRequest(1, 0, None, (), "solo"))
    with pytest.raises(UsageError, match=r"^--players 0: this game takes 2-4$"):
        simulate_request(content, SimulateRequest(1, 0, 0, (), None))


def test_a_window_no_dealership_in_play_could_lay_is_flagged(copy):
    edit(copy / "market.yaml", "steps: [0, 1, 2, 3]", "steps: [3, 4, 5, 6]")   # legal only from spec 3 up
    report = simulate(load_content(copy), players=2, bot="random", games=3, seed=0)
    assert report.never_legal_windows == []                                     # the supply could reach it
    assert report.windows_placeable == {"small": [0, 4], "medium": [0, 5], "large": [0, 0]}
    assert report.flags == ["the small window had no legal place in any of its 4 chances",
                            "the medium window had no legal place in any of its 5 chances"]


def test_every_due_window_had_a_place_in_the_bundled_game(content):
    report = simulate(content, players=3, bot="greedy", games=4, seed=0)
    assert all(placed == due and due > 0 for placed, due in report.windows_placeable.values())
