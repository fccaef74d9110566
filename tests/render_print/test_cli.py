"""``cardgen build`` on the command line: exit codes, messages, nothing written on failure."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.model import DEFAULT_CONTENT

runner = CliRunner()


@pytest.mark.parametrize("args, message", [
    (["--players", "7"], "--players 7"),
    (["--players", "1"], "--players 1"),
    (["--paper", "a3"], "--paper 'a3'"),
    (["--duplex", "sideways"], "--duplex 'sideways'"),
    (["--lang", "fr"], "--lang"),
    (["--bleed", "-1"], "--bleed -1"),
    (["--only", "tickets"], "--only tickets"),
    (["--only", "card_back"], "printed with their deck"),
    (["--only", ","], "--only needs"),
])
def test_bad_options_exit_2_with_a_clear_message(args, message, tmp_path):
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "--out", str(out), *args])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert not out.exists()


def test_bad_content_exits_1_with_located_errors_and_writes_nothing(tmp_path):
    folder = tmp_path / "pack"
    shutil.copytree(DEFAULT_CONTENT, folder)
    game = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(game.replace("composition_cap: 9", "composition_cap: -9"), encoding="utf-8")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(folder), "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert "game.yaml:" in result.output and "composition_cap" in result.output and "nothing written" in result.output
    assert not out.exists()


def test_a_small_build_from_the_command_line(tmp_path):
    out = tmp_path / "set"
    result = runner.invoke(app, ["build", "--out", str(out), "--only", "dispatch", "--lang", "en", "--players", "3",
                                 "--paper", "letter", "--duplex", "short"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["options"] == {"paper": "letter", "lang": "en", "players": 3, "bleed_mm": 3.0,
                                   "duplex": "short", "only": ["dispatch"]}
    assert set(manifest["counts"]) == {"dispatch", "card_back"}
    assert "dispatch" in result.output
