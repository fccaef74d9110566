"""``cardgen sweep``: grids and samples, common seeds, checks before play, JSON, table and report."""

from __future__ import annotations

import json

import pytest

from cardgen.engine.simulation.summary import build_summary
from cardgen.engine.simulation.runner import RunSpec, content_for, run
from cardgen.engine.rules.options import Options
from tests.sweep.conftest import points_of

GRID = """\
games: 60
seed: 3
axes:
  players: [2, 4]
  option.hand_size: [1, 3]
"""


def test_grid_json_has_every_point_with_values_and_intervals(sweep, spec):
    points = points_of(sweep(spec(GRID), "--json"))
    assert [p["values"] for p in points] == [
        {"players": 2, "option.hand_size": 1}, {"players": 2, "option.hand_size": 3},
        {"players": 4, "option.hand_size": 1}, {"players": 4, "option.hand_size": 3}]
    for p in points:
        assert set(p["win_interval"]) == set(p["win_rate"]) == set(p["lineup"])
        assert p["games"] == 60 and p["problems"] == []
        assert sum(p["win_rate"].values()) == pytest.approx(1.0, abs=1e-5)
        for iv in p["win_interval"].values():
            assert iv["low"] <= iv["rate"] <= iv["high"]


def test_a_point_plays_exactly_the_simulate_run_of_its_settings(sweep, spec):
    """Common seeds: a point is the run `cardgen simulate` would make with the same settings and seed."""
    point = points_of(sweep(spec(GRID), "--json"))[3]
    run_spec = RunSpec(None, None, ("heavy", "light", "balanced", "long"), 60, 3, Options(hand_size=3))
    expected = build_summary(content_for(None, None), run_spec, run(run_spec))
    assert point["win_interval"] == expected["win_interval"]
    assert point["seat_win_rate"] == expected["seat_win_rate"]


def test_results_do_not_depend_on_the_worker_count(sweep, spec, tmp_path):
    path = spec(GRID)
    one = json.loads(sweep(path, "--json", "--report", tmp_path / "a.html").stdout)
    two = json.loads(sweep(path, "--json", "--workers", "2", "--report", tmp_path / "b.html").stdout)
    assert one["points"] == two["points"]
    assert (tmp_path / "a.html").read_bytes() == (tmp_path / "b.html").read_bytes()


def test_games_option_overrides_the_spec(sweep, spec):
    points = points_of(sweep(spec(GRID), "--json", "--games", "7"))
    assert {p["games"] for p in points} == {7}


def test_sample_is_seeded_and_in_grid_order(sweep, spec):
    text = "games: 5\naxes:\n  players: [2, 3, 4, 5]\n  option.hand_size: [1, 2, 3]\nsample: {points: 4, seed: 11}\n"
    first = points_of(sweep(spec(text), "--json"))
    again = points_of(sweep(spec(text), "--json"))
    assert len(first) == 4 and first == again
    grid = [p["grid_index"] for p in first]
    assert grid == sorted(grid) and len(set(grid)) == 4
    other = points_of(sweep(spec(text.replace("seed: 11", "seed: 12")), "--json"))
    assert [p["grid_index"] for p in other] != grid


def test_content_values_change_the_game(sweep, spec):
    text = "games: 40\naxes:\n  players: [4]\n  content.game.composition_cap: [9, 3]\n"
    a, b = points_of(sweep(spec(text), "--json"))
    assert a["values"]["content.game.composition_cap"] == 9 and b["values"]["content.game.composition_cap"] == 3
    assert a["score_mean"] != b["score_mean"]


def test_bot_parameters_change_only_that_bot(sweep, spec):
    text = "games: 40\naxes:\n  players: [2]\n  bots.heavy.target: [8, 2]\n"
    a, b = points_of(sweep(spec(text), "--json"))
    assert a["win_rate"] != b["win_rate"]
    # target 8 is the heavy archetype as derived from the content: the same games as no tuning at all
    plain = points_of(sweep(spec("games: 40\naxes:\n  players: [2]\n"), "--json"))[0]
    assert a["win_interval"] == plain["win_interval"]


def test_lineup_axis_and_fixed_settings(sweep, spec):
    text = ("games: 10\nfixed:\n  option.late_events: repeat_last\n"
            "axes:\n  lineup: [[heavy, heavy], [light, random, balanced]]\n")
    a, b = points_of(sweep(spec(text), "--json"))
    assert a["players"] == 2 and a["lineup"] == ["heavy", "heavy"] and list(a["win_rate"]) == ["heavy"]
    assert b["players"] == 3 and a["options"]["late_events"] == "repeat_last"


def test_table_lists_each_point(sweep, spec):
    res = sweep(spec(GRID), "--games", "5")
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert lines[0].endswith("4 point(s) x 5 games, seed 3 (common seeds)")
    assert lines[2].split()[:3] == ["0", "players=2,", "option.hand_size=1"]
    assert len(lines) == 6


def test_report_has_a_heat_map_per_bot_for_two_axes(sweep, spec, tmp_path):
    out = tmp_path / "r.html"
    res = sweep(spec("games: 5\naxes:\n  option.hand_size: [1, 3]\n  option.stop_short: [false, true]\n"),
                "--report", out)
    assert res.exit_code == 0, res.output
    html = out.read_text()
    assert html.count("class='chart heatmap'") == 4
    assert "Win rate of balanced" in html and "option.stop_short" in html


def test_report_without_two_axes_has_no_heat_map(sweep, spec, tmp_path):
    out = tmp_path / "r.html"
    assert sweep(spec("games: 5\naxes:\n  players: [2, 3, 4]\n"), "--report", out).exit_code == 0
    assert "heatmap" not in out.read_text()


def test_progress_bar_counts_every_game_of_every_point(sweep, spec):
    res = sweep(spec(GRID), "--games", "5", "--progress")
    assert "20/20 games" in res.stderr


def test_shipped_sweeps_are_valid():
    """The calibration specs the README and docs/balance.md run: every point checks."""
    from pathlib import Path

    from cardgen.engine.bots.registry import BOTS
    from cardgen.sweep.points import resolve_points
    from cardgen.sweep.spec import read_spec
    root = Path(__file__).parents[2]
    for name, count in (("calibrate-published.yaml", 1024), ("calibrate-confirm.yaml", 64)):
        assert len(resolve_points(read_spec(root / "sweeps" / name), None, BOTS)) == count
    assert len(resolve_points(read_spec(root / "benchmarks" / "sweep-20.yaml"), None, BOTS)) == 20


def test_an_axis_may_be_a_range(sweep, spec):
    points = points_of(sweep(spec("games: 3\naxes:\n  players: {from: 2, to: 5}\n  bots.heavy.target: "
                                  "{from: 4, to: 8, step: 2}\n"), "--json"))
    assert [(p["values"]["players"], p["values"]["bots.heavy.target"]) for p in points][:4] == [
        (2, 4), (2, 6), (2, 8), (3, 4)]
    assert len(points) == 12


def test_a_bad_range_is_located(sweep, spec):
    path = spec("games: 3\naxes:\n  players: {from: 2, to: 5, step: 0}\n  bots.heavy.target: {from: 9, to: 1}\n")
    res = sweep(path)
    assert res.exit_code == 1
    assert f"{path}:3:35: axes.players.step: must be at least 1, got the number 0" in res.stderr
    assert f"{path}:4:22: axes.bots.heavy.target: the range holds 0 values; an axis needs 1 to 1,000" in res.stderr


def test_workers_are_capped_at_the_jobs_and_the_cpus(sweep, spec, monkeypatch):
    """--workers 1000 on 8 one-chunk points starts min(8, CPUs) processes (it started 837), and says so."""
    import multiprocessing.pool
    import os
    started = []

    class CountingPool(multiprocessing.pool.Pool):
        def __init__(self, processes=None, *args, **kwargs):
            started.append(processes)
            super().__init__(1, *args, **kwargs)  # one process is enough to play the games
    monkeypatch.setattr(multiprocessing.pool, "Pool", CountingPool)
    text = "games: 5\naxes:\n  players: [2, 3, 4, 5]\n  option.hand_size: [1, 2]\n"
    doc = json.loads(sweep(spec(text), "--json", "--workers", "1000").stdout)
    used = min(8, os.cpu_count() or 1)
    assert len(doc["points"]) == 8
    assert started == ([used] if used > 1 else [])
    assert doc["executor"] == f"local, {used} worker(s)"
