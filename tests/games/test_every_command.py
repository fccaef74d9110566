"""The command line runs for every bundled game: each command the game has, through the seam; each it
lacks, or an option of another game, refused in one line."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.games import installed_games

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


@pytest.mark.parametrize("game", ["rail-journey", "railroad-ink", "horseless-carriage"])
def test_every_bundled_game_validates_by_id(game):
    done = run("validate", game, "--json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["ok"] is True


def test_the_games_are_registered_by_entry_point():
    assert {"rail-journey", "railroad-ink", "horseless-carriage"} <= set(installed_games())


def test_railroad_ink_simulates_and_replays():
    done = run("simulate", "railroad-ink", "--games", "20", "--lineup", "random", "--json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["bots"][0]["bot"] == "random"
    done = run("replay", "cardgen/content/railroad-ink/games/sample.yaml")
    assert done.exit_code == 0, done.output
    assert done.stdout.splitlines()[-1] == "scores match"


def test_horseless_carriage_simulates_and_replays():
    done = run("simulate", "horseless-carriage", "--games", "3", "--players", "3")
    assert done.exit_code == 0, done.output
    done = run("replay", "games/horseless-carriage-3p.yaml")
    assert done.exit_code == 0, done.output


def test_a_command_a_game_lacks_is_one_line():
    done = run("tables", "railroad-ink")
    assert done.exit_code == 2
    assert done.stderr == ("cardgen tables: usage: railroad-ink has no tables "
                           "(it has: build, diff, replay, serve, show, simulate, sweep, validate)\n")


def test_another_games_option_is_refused():
    done = run("simulate", "railroad-ink", "--compare")
    assert done.exit_code == 2
    assert done.stderr == "cardgen simulate: usage: railroad-ink takes no --compare (it is another game's option)\n"


def test_a_replay_script_naming_a_game_not_installed_is_located(tmp_path):
    script = tmp_path / "game.yaml"
    script.write_text("rounds: []\ngame: railroad-inc\n")
    done = run("replay", str(script))
    assert done.exit_code == 1
    assert done.stderr.splitlines()[:3] == [
        f"{script}:2:7: game: no game 'railroad-inc' is installed; did you mean 'railroad-ink'?; installed: "
        "horseless-carriage, rail-journey, railroad-ink",
        "    game: railroad-inc",
        "          ^"]


def test_a_replay_script_naming_no_folder_is_located_not_read_as_another_games(tmp_path):
    script = tmp_path / "game.yaml"
    script.write_text("rounds: []\ncontent: nowhere\n")
    done = run("replay", str(script))
    assert done.exit_code == 1
    assert done.stderr.splitlines()[0] == (f"{script}:2:10: content: content folder 'nowhere' not found "
                                           "(relative to the script)")
