"""The clock start is written once (game.clock.start); the engine reads it from there."""

from __future__ import annotations

import shutil

from cardgen.engine.rules.compiled import compile_rules
from cardgen.model import DEFAULT_CONTENT, load
from cardgen.model.schema import Setup


def test_setup_has_no_second_clock_field():
    assert "clock_marker" not in Setup.model_fields


def test_engine_starts_the_clock_where_game_yaml_says(tmp_path):
    folder = tmp_path / "pack"
    shutil.copytree(DEFAULT_CONTENT, folder)
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert text.count("clock: {start: 0, end: 20}") == 1
    game.write_text(text.replace("clock: {start: 0, end: 20}", "clock: {start: 1, end: 21}"), encoding="utf-8")
    rules = compile_rules(load(folder))
    assert (rules.clock_start, rules.clock_end) == (1, 21)
