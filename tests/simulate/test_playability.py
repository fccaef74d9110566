"""A run that shows an unplayable set exits 1 and names the problem."""

import shutil

import pytest

import fake_engine
from cardgen.engine.simulation.playability import MATTERS_SHARE, NEVER_ALPHA, never_check_games, playability_problems
from cardgen.engine.simulation.runner import RunSpec, content_for, play_chunk
from cardgen.model import DEFAULT_CONTENT


@pytest.mark.parametrize("kind, words", [
    ("wait", "operation card kind 'wait' was never played"),
    ("group_booking", "dispatch card kind 'group_booking' was never used"),
    ("crowded_train", "event kind 'crowded_train' never took effect"),
])
def test_a_kind_that_never_matters_fails_the_run(monkeypatch, cli, kind, words):
    fake_engine.use_engine(monkeypatch, fake_engine.never_plays(kind))
    res = cli("--games", str(never_check_games()))
    assert res.exit_code == 1
    assert f"PLAYABILITY FAILURE: {words}" in res.stderr


def test_a_dispatch_kind_played_that_never_changes_anything_fails_the_run(monkeypatch, cli):
    fake_engine.use_engine(monkeypatch, fake_engine.never_matters("signal_priority"))
    res = cli("--games", str(never_check_games()))
    assert res.exit_code == 1
    assert ("PLAYABILITY FAILURE: dispatch card kind 'signal_priority' was used but never took effect in the "
            "whole run") in res.stderr


def test_dispatch_is_not_required_when_the_variant_removes_it(monkeypatch, cli):
    fake_engine.use_engine(monkeypatch, fake_engine.never_plays("swap"))
    games = str(never_check_games())
    assert cli("--games", games).exit_code == 1
    res = cli("--games", games, "--variant", "no_dispatch")
    assert res.exit_code == 0, res.stderr


def test_a_short_run_is_inconclusive_not_a_failure(monkeypatch, cli):
    """Too few games to tell a dead card from an unlucky draw: a NOTE with the numbers, exit 0."""
    fake_engine.use_engine(monkeypatch, fake_engine.never_plays("group_booking"))
    short = never_check_games() - 1
    res = cli("--games", str(short))
    assert res.exit_code == 0, res.stderr
    assert "PLAYABILITY FAILURE" not in res.stderr
    assert (f"NOTE: inconclusive: only {short} game(s), and dispatch card kind 'group_booking' was never used "
            f"in them") in res.stderr
    assert f"run at least {never_check_games()} games" in res.stderr


def test_the_minimum_run_is_the_first_that_would_catch_a_kind_of_the_chosen_share():
    n = never_check_games()
    assert (1 - MATTERS_SHARE) ** n <= NEVER_ALPHA < (1 - MATTERS_SHARE) ** (n - 1)


def test_stalled_games_are_counted_and_located(monkeypatch, cli):
    fake_engine.use_engine(monkeypatch, fake_engine.Stalling(every=3))
    res = cli("--games", "30")
    assert res.exit_code == 1
    assert "game(s) stalled" in res.stderr and "first: game" in res.stderr and "seed" in res.stderr


def test_a_game_that_overruns_the_clock_fails():
    content = content_for(None, None)

    def overrun(content, lineup, seed, options=None, check_invariants=False):
        game = fake_engine.play_game(content, lineup, seed)
        return type(game)(**{**game.__dict__, "rounds": game.rounds + 1})

    spec = RunSpec(None, None, ("heavy", "light"), 4, 1)
    problems = playability_problems(content, spec, play_chunk(spec, overrun, (0, 4)))
    assert len(problems) == 1
    assert "4 game(s) did not end with the clock at 20 within 22 rounds" in problems[0]


def test_real_engine_flags_an_event_that_changes_nothing(cli, tmp_path):
    """Content whose Fine Weather adds 0 to R: the real engine never finds it effective."""
    folder = tmp_path / "pack"
    shutil.copytree(DEFAULT_CONTENT, folder)
    events = folder / "events.yaml"
    text = events.read_text(encoding="utf-8")
    assert "effects: [{type: propulsion, amount: 1}]" in text
    events.write_text(text.replace("effects: [{type: propulsion, amount: 1}]", "effects: [{type: propulsion, amount: 0}]"),
                      encoding="utf-8")
    res = cli(str(folder), "--games", str(never_check_games()))
    assert res.exit_code == 1
    assert "event kind 'fine_weather' never took effect" in res.stderr


def test_real_engine_bundled_content_is_playable(cli):
    res = cli("--games", "40", "--players", "3")
    assert res.exit_code == 0, res.stderr
    assert "PLAYABILITY" not in res.stderr


def test_a_siding_never_pulled_into_fails_the_run_and_pulls_are_reported():
    """onsen-line's Pass Loop (P1) is counted per game; a run where no train ever pulls in fails like a card never
    played (the same games with their pulls taken away)."""
    from cardgen.engine.play.games import play_game
    from cardgen.engine.simulation.summary import build_summary
    from cardgen.resources import bundled_path

    folder = bundled_path("content", "packs", "onsen-line")
    spec = RunSpec(folder, None, ("heavy", "light", "balanced", "long"), never_check_games(), 1)
    content = content_for(folder, None)
    played = play_chunk(spec, play_game, (0, spec.games))
    assert played.siding_pulls["P1"] > 0
    assert build_summary(content, spec, played)["siding_pulls"] == {"P1": played.siding_pulls["P1"]}
    assert not [p for p in playability_problems(content, spec, played) if "siding" in p]

    def never_pulls(content, lineup, seed, options=None, check_invariants=False):
        return play_game(content, lineup, seed, options)._replace(siding_pulls={"P1": 0})

    problems = playability_problems(content, spec, play_chunk(spec, never_pulls, (0, spec.games)))
    assert "siding 'P1' was never pulled into in the whole run" in problems


def test_the_report_names_the_cards_of_a_module_that_is_off(cli):
    """harbour-festival's fireworks module is off by default: its event is in the box, never played, and said so."""
    res = cli("harbour-festival", "--games", "20")
    assert res.exit_code == 0, res.stderr
    assert "Out of play (module off) fireworks (fireworks)" in res.stdout.splitlines()
    asked = cli("--games", "20", "--workers", "2")
    assert ("on 1 worker(s), compiled kernel (2 asked: the games are played in chunks of 200, one worker a chunk)"
            in asked.stdout) or "python kernel (2 asked" in asked.stdout


def test_award_points_are_reported_per_bot_where_the_content_has_awards(cli):
    """onsen-line's end-of-game award is scored and shown ('award' per bot); the base game has none."""
    import json

    awarded = json.loads(cli("onsen-line", "--games", "40", "--json").stdout)
    assert sum(stats["award"]["mean"] for stats in awarded["bots"].values()) > 0
    assert any(line.split()[:1] == ["award"] for line in cli("onsen-line", "--games", "40").stdout.splitlines())
    plain = cli("--games", "40")
    assert not any(line.split()[:1] == ["award"] for line in plain.stdout.splitlines())
    assert json.loads(cli("--games", "40", "--json").stdout)["bots"]["heavy"]["award"]["max"] == 0
