"""Simulation: reproducible distributions per bot, usage errors, and the playability checks failing on content
that validates but cannot be played in full."""

from __future__ import annotations

import pytest

from cardgen.errors import PlayabilityError, UsageError
from cardgen.games.railroad_ink.model import load_content
from cardgen.games.railroad_ink.playability import require_playable
from cardgen.games.railroad_ink.simulate import simulate
from tests.games.railroad_ink.conftest import edit


def test_reports_are_reproducible_and_per_bot(content):
    one = simulate(content, expansion=None, bot="random,greedy", games=12, seed=5)
    two = simulate(content, expansion=None, bot="random,greedy", games=12, seed=5)
    assert one.to_dict() == two.to_dict()
    random_, greedy = one.to_dict()["bots"]
    assert (random_["bot"], greedy["bot"]) == ("random", "greedy")
    assert random_["min"] <= random_["p10"] <= random_["p50"] <= random_["p90"] <= random_["max"]
    assert greedy["mean"] > random_["mean"]
    assert set(greedy["rows"]) == {"exits", "longest_road", "longest_rail", "centre", "errors"}
    assert one.failures == []
    lines = one.lines()
    assert lines[0] == "railroad-ink: 12 games, 1 player(s), seed 5"
    assert lines[-1] == "playability: passed (faces-placeable, rows-scored, specials-placeable)"


def test_several_players_each_score(content):
    report = simulate(content, expansion=None, bot="greedy", games=3, seed=1, players=4)
    assert report.to_dict()["bots"][0]["scores"] == 12


@pytest.mark.parametrize("kwargs, message", [
    ({"bot": "greedie"}, "--lineup greedie: no such bot; did you mean 'greedy'? (bots: greedy, lookahead, random, all)"),
    ({"players": 13}, "--players 13: this game takes 1-12"),
    ({"games": 0}, "--games 0: play 1 to 1,000,000 games"),
    ({"expansion": "rivers"}, "--variant rivers: no such expansion; did you mean 'river'? (expansions: river, "
                              "lake, lava, meteor)"),
])
def test_usage_errors(content, kwargs, message):
    args = {"expansion": None, "bot": "random", "games": 1, "seed": 0, **kwargs}
    with pytest.raises(UsageError) as caught:
        simulate(content, **args)
    assert str(caught.value) == message


def test_playability_fails_for_content_that_cannot_be_played_in_full(folder):
    # no rail exit, no station on the junction die and no special route allowed: no rail can ever join
    # anything (nor the rail crossroads), and the centre is empty, so its row can never score
    for name, old, new in (("game.yaml", "route: rail", "route: road"), ("game.yaml", "per_game: 3", "per_game: 0"),
                           ("game.yaml", "per_round: 1", "per_round: 0"), ("dice.yaml", "        station: true\n", "")):
        path = folder / name
        path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    text = (folder / "dice.yaml").read_text(encoding="utf-8")
    head, junction = text.split("  - id: junction")
    (folder / "dice.yaml").write_text(head + "  - id: junction" + junction.replace("rail", "road"), encoding="utf-8")
    edit(folder, "game.yaml", "centre: [[2, 2], [2, 3], [2, 4], [3, 2], [3, 3], [3, 4], [4, 2], [4, 3], [4, 4]]",
         "centre: []")
    report = simulate(load_content(folder), expansion=None, bot="random", games=20, seed=2)
    assert report.failures == [
        "faces-placeable: face 'rail-curve' was rolled 60 times and never had a legal placement",
        "faces-placeable: face 'rail-straight' was rolled 72 times and never had a legal placement",
        "faces-placeable: face 'rail-t' was rolled 68 times and never had a legal placement",
        "rows-scored: scoring row 'longest_rail' scored nothing in 20 games of every bot",
        "rows-scored: scoring row 'centre' scored nothing in 20 games of every bot",
        "specials-placeable: special route 'rail-cross' never had a legal placement in 20 games",
    ]
    with pytest.raises(PlayabilityError) as caught:
        require_playable(report)
    assert str(caught.value).startswith("faces-placeable: face 'rail-curve' was rolled 60 times")


def test_the_seams_request_names_expansion_bots_and_seats(content):
    from cardgen.games.railroad_ink.simulate import simulate_request
    from cardgen.games.standard import SimulateRequest

    report = simulate_request(content, SimulateRequest(games=2, seed=3, players=None, bots=(), variant="river"))
    assert report.ok and report.expansion == "river" and report.players == 1
    assert [b["bot"] for b in report.to_dict()["bots"]] == ["greedy", "lookahead", "random"]


def test_the_command_refuses_zero_players_rather_than_playing_one(content):
    from cardgen.games.railroad_ink.simulate import simulate_request
    from cardgen.games.standard import SimulateRequest

    with pytest.raises(UsageError) as caught:
        simulate_request(content, SimulateRequest(games=1, seed=0, players=0, bots=(), variant=None))
    assert str(caught.value) == "--players 0: this game takes 1-12"
