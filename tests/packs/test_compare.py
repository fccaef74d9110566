"""``simulate --compare``: paired games on two sets, per-bot deltas with 95% intervals, usage side by side."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.engine.simulation.compare import paired_delta
from cardgen.resources import DEFAULT_CONTENT


def run(*args):
    return CliRunner().invoke(app, ["simulate", *args])


def test_an_empty_pack_plays_exactly_the_base_games(pack_dir):
    result = run(str(pack_dir.root), "--compare", "--games", "100", "--players", "4", "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["compared_with"] == str(DEFAULT_CONTENT.resolve())
    assert doc["baseline"]["win_rate"] == doc["win_rate"]       # same seeds, same seats: the same games
    assert doc["delta"] == {bot: {"win_rate": 0.0, "low": 0.0, "high": 0.0} for bot in doc["win_rate"]}


def test_a_changed_pack_moves_win_rates_and_shows_usage(pack_dir, tmp_path):
    pack_dir.write("events.yaml", "track:\n  5: {kind: rainstorm, section: null}\n  11: {kind: rainstorm, section: null}\n")
    report = tmp_path / "r.html"
    result = run(str(pack_dir.root), "--compare", "--games", "200", "--players", "4", "--report", str(report))
    assert result.exit_code == 0, result.output
    assert "Compared with" in result.stdout and "95% interval" in result.stdout
    assert "track_works 5" in result.stdout.split("Compared with")[1] or "track_works" in result.stdout
    html = report.read_text(encoding="utf-8")
    assert "Compared with" in html and "this set" in html


def test_compare_with_any_folder_and_refusals(pack_dir):
    same = run(str(DEFAULT_CONTENT), "--compare", str(DEFAULT_CONTENT), "--games", "20", "--json")
    assert same.exit_code == 0, same.output
    assert all(d["win_rate"] == 0.0 for d in json.loads(same.stdout)["delta"].values())
    lone = run(str(DEFAULT_CONTENT), "--compare", "--games", "20")
    assert lone.exit_code == 2 and "this is not a pack" in lone.output
    stray = run(str(DEFAULT_CONTENT), str(DEFAULT_CONTENT), "--games", "20")
    assert stray.exit_code == 2 and "is only read with --compare" in stray.output


def test_paired_interval():
    d = paired_delta([("a",), ("b",), ("a", "b"), ("b",)], [("a",), ("a",), ("a",), ("b",)], ["a", "b"])
    assert d["a"]["win_rate"] == 0.375 and d["b"]["win_rate"] == -0.375
    assert d["a"]["low"] < 0.375 < d["a"]["high"]


def test_a_boost_for_light_trains_is_played(pack_dir):
    """content-format.md's own example, {type: propulsion, amount: 1, max_load: 4}, was never played: the
    bots spent an R boost only at loads of 6 or more, so simulate called the card unplayable."""
    pack_dir.write("dispatch.yaml", """kinds:
  add:
    - id: light_boost
      name: {zh: 轻装提速, en: Light Boost}
      icon: "🪶"
      timing: with_operation_reveal
      timing_text: {zh: 打出运转卡的同时声明, en: Declare as you play your operation card}
      text: {zh: "载客不超过 4 人的列车本轮推进力 R +1。", en: "A train carrying at most 4 gets R +1 this round."}
      effects: [{type: propulsion, amount: 1, max_load: 4}]
      copies: 3
""")
    result = CliRunner().invoke(app, ["simulate", str(pack_dir.root), "--players", "4", "--games", "100", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["dispatch_effective"]["light_boost"] > 0
