"""Issue 10 item 2: content and script files are regular files inside their folder; nothing of another file leaks."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.untrusted.conftest import SAMPLE_GAME, cli

OUTSIDE = ("fares.yaml:1:1: is a link to a file outside its folder; content and script files must be "
           "regular files inside their folder")


@pytest.fixture
def secret(tmp_path):
    path = tmp_path / "secret.yaml"
    path.write_text("spans:\n  1: {fare: SECRET_TOKEN_1234, slack: 3}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [["validate"], ["simulate", "--games", "1"], ["tables"],
                                     ["build", "--only", "train_token", "--out", "OUT"]])
def test_link_out_of_the_folder_is_refused_by_every_command(content, secret, tmp_path, command):
    content.path("fares.yaml").unlink()
    content.path("fares.yaml").symlink_to(secret)
    args = [a if a != "OUT" else tmp_path / "out" for a in command]
    result = cli(args[0], content.root, *args[1:])
    assert result.exit_code == 1
    assert OUTSIDE in result.output
    assert "SECRET_TOKEN" not in result.output
    assert not (tmp_path / "out").exists()


def test_proc_environ_is_refused_and_never_echoed(content, monkeypatch):
    monkeypatch.setenv("CARDGEN_LEAK_CANARY", "canary-value-42")
    content.path("fares.yaml").unlink()
    content.path("fares.yaml").symlink_to("/proc/self/environ")
    result = cli("validate", content.root)
    assert result.exit_code == 1
    assert OUTSIDE in result.output
    assert "canary-value-42" not in result.output and "PATH=" not in result.output


def test_fifo_behind_a_link_is_refused_without_blocking(content):
    os.mkfifo(content.path("pipe"))
    content.path("map.yaml").unlink()
    content.path("map.yaml").symlink_to("pipe")
    result = cli("validate", content.root)
    assert "map.yaml:1:1: expected a regular file (found a pipe, socket or device)" in result.output
    assert result.exit_code == 1


def test_a_link_that_stays_inside_the_folder_is_read(content):
    shutil.move(content.path("fares.yaml"), content.path("fares-v2.yaml"))
    content.path("fares.yaml").symlink_to("fares-v2.yaml")
    assert cli("validate", content.root).exit_code == 0


def test_replay_script_linked_out_of_its_folder_is_refused(tmp_path, secret):
    games = tmp_path / "games"
    games.mkdir()
    (games / "g.yaml").symlink_to(secret)
    result = cli("replay", games / "g.yaml")
    assert result.exit_code == 1
    assert f"{games / 'g.yaml'}:1:1: is a link to a file outside its folder" in result.output
    assert "SECRET_TOKEN" not in result.output


def test_replay_script_naming_a_content_folder_with_a_link_out(tmp_path, content, secret):
    content.path("fares.yaml").unlink()
    content.path("fares.yaml").symlink_to(secret)
    script = tmp_path / "g.yaml"
    script.write_text(SAMPLE_GAME.read_text(encoding="utf-8") + f"\ncontent: {content.root}\n", encoding="utf-8")
    result = cli("replay", script)
    assert result.exit_code == 1
    assert OUTSIDE in result.output
    assert "SECRET_TOKEN" not in result.output
