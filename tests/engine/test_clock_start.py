"""The clock start is written once (game.clock.start); the engine reads it from there."""

from __future__ import annotations

from cardgen.engine.rules.compiled import compile_rules
from cardgen.model import load
from cardgen.model.schema import Setup
from tests.content_copy import copy_with


def test_setup_has_no_second_clock_field():
    assert "clock_marker" not in Setup.model_fields


def test_engine_starts_the_clock_where_game_yaml_says(tmp_path):
    folder = tmp_path / "pack"
    copy_with(folder, "game.yaml", "clock: {start: 0, end: 20}", "clock: {start: 1, end: 21}")
    rules = compile_rules(load(folder))
    assert (rules.clock_start, rules.clock_end) == (1, 21)
