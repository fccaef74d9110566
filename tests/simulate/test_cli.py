"""``cardgen simulate`` end to end: JSON keys, exit codes, bad input, warnings, progress."""

import json
import shutil

import pytest

import fake_engine
from tests.content_copy import copy_with
from cardgen.model import DEFAULT_CONTENT

REQUIRED_KEYS = {"games", "players", "rounds", "final_clock", "win_rate", "games_per_second",
                 "win_interval", "seat_win_rate", "bots", "blocks_per_game", "pile_dry_round",
                 "cards_played", "dispatch_used", "dispatch_effective", "events_effective", "problems", "warnings"}


def test_json_has_the_documented_keys(fake, cli):
    res = cli("--games", "50", "--json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert REQUIRED_KEYS <= set(doc)
    assert doc["games"] == 50 and doc["players"] == 4
    assert set(doc["rounds"]) >= {"min", "max"} and set(doc["final_clock"]) >= {"min", "max"}
    assert set(doc["win_rate"]) == {"heavy", "light", "balanced", "long"}
    assert sum(doc["win_rate"].values()) == pytest.approx(1.0, abs=1e-5)
    assert doc["games_per_second"] > 0


@pytest.mark.parametrize("players, lineup", [
    (2, ["heavy", "light"]), (3, ["heavy", "light", "balanced"]),
    (5, ["heavy", "light", "balanced", "long", "balanced"]),
])
def test_default_lineup_per_player_count(fake, cli, players, lineup):
    doc = json.loads(cli("--players", str(players), "--games", "10", "--json").stdout)
    assert doc["lineup"] == lineup and doc["players"] == players


def test_real_engine_run_is_reproducible(cli):
    a = json.loads(cli("--games", "40", "--seed", "9", "--json").stdout)
    b = json.loads(cli("--games", "40", "--seed", "9", "--json", "--workers", "2").stdout)
    for doc in (a, b):
        doc.pop("games_per_second"), doc.pop("seconds"), doc.pop("workers"), doc.pop("workers_asked")
    assert a == b
    assert a["problems"] == [] and a["final_clock"]["max"] == 20


@pytest.mark.parametrize("args, message", [
    (["--lineup", "heavy,nosuchbot"], "unknown bot"),
    (["--players", "6"], "2-5 players"),
    (["--players", "3", "--lineup", "heavy,light"], "--players 3"),
    (["--games", "0"], "--games"),
    (["--workers", "0"], "--workers"),
    (["--option", "nosuch=1"], "unknown option"),
    (["--option", "strict=maybe"], "expected true or false"),
    (["--option", "novalue"], "name=value"),
    (["--variant", "two_locomotives", "--players", "4"], "is for 2 players"),
    (["--report", "/nonexistent-dir/r.html"], "does not exist"),
])
def test_bad_input_is_a_usage_error(fake, cli, args, message):
    res = cli(*args)
    assert res.exit_code == 2, res.output
    assert message in res.stderr
    assert "Traceback" not in res.output


def test_a_variant_for_one_player_count_picks_it_by_default(fake, cli):
    doc = json.loads(cli("--variant", "two_locomotives", "--games", "4", "--json").stdout)
    assert doc["players"] == 2 and doc["variant"] == "two_locomotives"


def test_unknown_variant_is_a_usage_error(fake, cli):
    res = cli("--variant", "nosuch", "--games", "5")
    assert res.exit_code == 2 and "--variant: unknown variant 'nosuch'" in res.stderr and "known variants: beginner" in res.stderr


def test_broken_content_is_reported_not_raised(fake, cli, tmp_path):
    folder = tmp_path / "pack"
    shutil.copytree(DEFAULT_CONTENT, folder)
    (folder / "fares.yaml").write_text("spans: {1: {fare: two}}\n", encoding="utf-8")
    res = cli(str(folder), "--games", "5")
    assert res.exit_code == 1 and "fares.yaml" in res.stderr and "Traceback" not in res.output


def test_dominant_bot_is_a_warning_not_a_failure(monkeypatch, cli):
    fake_engine.use_engine(monkeypatch, fake_engine.play_game)
    res = cli("--lineup", "strong,light,balanced,long", "--games", "40")
    assert res.exit_code == 0
    assert "WARNING: balance: bot 'strong'" in res.stderr


def test_option_reaches_the_engine(monkeypatch, cli):
    seen = []

    def spy(content, lineup, seed, options=None, check_invariants=False):
        seen.append(options)
        return fake_engine.play_game(content, lineup, seed, options, check_invariants)

    fake_engine.use_engine(monkeypatch, spy)
    res = cli("--games", "3", "--option", "late_events=repeat_last", "--option", "strict=yes")
    assert res.exit_code == 0, res.output
    assert {(o.late_events, o.strict) for o in seen} == {("repeat_last", True)}


def test_real_option_is_validated_by_the_engine(cli):
    res = cli("--games", "3", "--option", "late_events=sometimes")
    assert res.exit_code == 2 and "late_events" in res.stderr


@pytest.mark.parametrize("option, message", [
    ("hand_size=0", "--option hand_size: expected a whole number of at least 1, got 0"),
    ("hand_size=10", "--option hand_size: hand_size 10 is larger than the 9-card operation set"),
    ("seating=zigzag", "--option seating: expected 'snake' or 'round_robin', got 'zigzag'"),
])
def test_option_values_the_engine_cannot_honour_are_usage_errors(cli, option, message):
    res = cli("--games", "2", "--option", option)
    assert res.exit_code == 2, res.output
    assert message in res.stderr and "Traceback" not in res.output


def test_an_option_that_would_make_the_game_endless_is_refused(cli, tmp_path):
    """With the last regular round's card holding the clock, repeating it in the late rounds (R4's option)
    would hold the clock for ever: refused before a game starts, not a hang."""
    copy_with(tmp_path / "c", "events.yaml", "  20: {kind: rainstorm}", "  20: {kind: extended_operation}")
    assert cli(str(tmp_path / "c"), "--games", "2").exit_code == 0
    res = cli(str(tmp_path / "c"), "--games", "2", "--option", "late_events=repeat_last")
    assert res.exit_code == 2, res.output
    assert ("--option late_events: late_events repeat_last would play round 20's event 'extended_operation' in "
            "every round past the track, and it holds the clock: the game would never end") in res.stderr


def test_content_errors_show_the_line_and_a_caret_like_validate(fake, cli, tmp_path):
    folder = tmp_path / "pack"
    shutil.copytree(DEFAULT_CONTENT, folder)
    fares = folder / "fares.yaml"
    text = fares.read_text(encoding="utf-8")
    assert "  1: {fare: 2, slack: 3}" in text
    fares.write_text(text.replace("  1: {fare: 2, slack: 3}", "  1: {fare: two, slack: 3}"), encoding="utf-8")
    broken = "  1: {fare: two, slack: 3}"
    res = cli(str(folder), "--games", "2")
    assert res.exit_code == 1
    assert "fares.yaml:7:13: spans.1.fare:" in res.stderr
    assert f"\n    {broken}\n" + " " * 16 + "^" in res.stderr


def test_progress_bar_only_on_request(fake, cli):
    assert "games" not in cli("--games", "20").stderr
    assert "20/20 games" in cli("--games", "20", "--progress").stderr


def test_commands_are_registered_on_the_cardgen_app():
    from typer.testing import CliRunner
    from cardgen.cli import app
    out = CliRunner().invoke(app, ["--help"]).output
    assert "simulate" in out and "tables" in out


def test_an_absurd_game_count_is_a_usage_error(tmp_path):
    """--games 99999999999999999999 listed every chunk of games up front: 5.5 GB in 15 s."""
    from typer.testing import CliRunner

    from cardgen.cli import app

    result = CliRunner().invoke(app, ["simulate", "--games", "99999999999999999999"])
    assert result.exit_code == 2, result.output
    assert "--games must be from 1 to 10,000,000, not 99999999999999999999" in result.output
