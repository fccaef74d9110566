"""Recorded games replay exactly; a replay's first unreadable or illegal action is a located problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.errors import ContentError
from cardgen.games.horseless_carriage.replay import dump, record, replay
from tests.content_copy import edit

SAMPLE = Path(__file__).parents[3] / "games" / "horseless-carriage-3p.yaml"


def problem(path: Path) -> str:
    with pytest.raises(ContentError) as caught:
        replay(path)
    (only,) = caught.value.problems
    return only.headline()


def test_the_sample_game_replays_as_recorded():
    report = replay(SAMPLE)
    assert report.ok, report.mismatches
    assert report.lines()[0] == "horseless-carriage-3p.yaml: 155 actions replayed, the game ended in year 6"


@pytest.mark.parametrize("players", [2, 4])
def test_a_recorded_game_replays_to_the_same_end(rules, tmp_path, players):
    recorded = record(rules, players, seed=11, bots=["random", "greedy"])
    path = tmp_path / "game.yaml"
    path.write_text(dump(recorded), encoding="utf-8")
    report = replay(path)
    assert report.ok and report.wealth == recorded["expect"]["wealth"] and report.years == recorded["expect"]["years"]


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "game.yaml"
    path.write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def test_an_illegal_action_is_located_with_the_reason(game):
    line = edit(game, "  - [department, planning, [2, 2]]", "  - [department, planning, [2, 1]]")
    assert problem(game) == f"game.yaml:{line}:5: actions.1: not legal for player 3 in year 1, phase setup"


def test_a_build_action_says_why_it_is_refused(game):
    line = edit(game, "  - [mainline, truck, [0, 1], [0, 2]]", "  - [mainline, truck, [4, 4], [4, 3]]")
    assert problem(game) == (f"game.yaml:{line}:5: actions.12: not legal for player 1 in year 1, phase build: "
                             "a mainline starts next to a loading zone or one of your mainlines")


def test_an_unreadable_action_is_located(game):
    line = edit(game, "  - [department, planning, [2, 2]]", "  - [department, canteen, [2, 2]]")
    assert problem(game) == (f"game.yaml:{line}:5: actions.1: no department 'canteen'; expected one of "
                             "research, planning, marketing")
    edit(game, "  - [department, canteen, [2, 2]]", "  - [department, planning, 2]")
    assert problem(game) == f"game.yaml:{line}:5: actions.1: a square is written [x, y], not 2"


def test_a_different_ending_is_a_mismatch(game):
    edit(game, "expect: {wealth: [28, 0, 5], years: 6}", "expect: {wealth: [28, 1, 5], years: 7}")
    report = replay(game)
    assert not report.ok
    assert report.mismatches == ["expected the game to end in year 7, it ended in 6",
                                 "expected wealth [28, 1, 5], got [28, 0, 5]"]


def test_a_replay_of_another_game_or_player_count_is_refused(game):
    line = edit(game, "players: 3", "players: 6")
    assert problem(game) == f"game.yaml:{line}:10: players: this game takes 2-4 players"
    edit(game, "players: 6", "players: 3")
    line = edit(game, "game: horseless-carriage", "game: rail-journey")
    assert problem(game) == f"game.yaml:{line}:7: game: this is a Horseless Carriage replay, not 'rail-journey'"
