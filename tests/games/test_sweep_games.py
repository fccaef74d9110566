"""`cardgen sweep` for every game with a simulate (cardgen.sweep.standard): Railroad Ink and Horseless Carriage
swept over their content values, on common seeds, every problem located, the same results on any worker count."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.games.railroad_ink import model as ri_model, simulate as ri_simulate
from cardgen.games.standard import SimulateRequest
from cardgen.resources import bundled_path
from cardgen.sweep.standard.command import run_game_sweep
from cardgen.sweep.standard.patch import patch_text
from cardgen.sweep.standard.points import SweptGame
from cardgen.sweep.shared.specfile import SpecError

REPO = Path(__file__).resolve().parents[2]
RI = SweptGame("railroad-ink", ri_model.load_content, ri_simulate.simulate_request,
               bundled_path("content", "railroad-ink"))


def sweep(*args: str | Path):
    return CliRunner().invoke(app, ["sweep", *map(str, args)])


def failed(*args: str | Path):
    """A sweep that must exit 1 (its output shown when it does not)."""
    res = sweep(*args)
    assert res.exit_code == 1, res.output
    return res


def located(res, path: Path) -> list[str]:
    """The lines of a sweep's stderr located in the spec at ``path``."""
    return [line for line in res.stderr.splitlines() if line.startswith(str(path))]


@pytest.fixture
def spec(tmp_path):
    def write(text: str) -> Path:
        path = tmp_path / "spec.yaml"
        path.write_text(text, encoding="utf-8")
        return path
    return write


RI_SPEC = """content: railroad-ink
games: 6
seed: 5
lineup: [random, greedy]
axes:
  game.specials.per_game: [1, 3]
  scoring.exits.table.12: [45, -1]
metric: bots.*.mean
rank: greedy
"""


def test_a_bad_spec_is_located_value_by_value(spec):
    path = spec("content: railroad-ink\ngames: 0\nsed: 1\nplayers: 1000\nlineup: []\n"
                "axes:\n  playrs: [1]\n  scoring: [1]\n  game.rounds: {from: 1, to: 10000}\n  game.tiebreak: [a, a]\n"
                "order: best\nfixed: {players: 2}\n")
    res = failed(path)
    assert res.stderr.splitlines()[::3] == [
        f"{path}:2:8: games: must be at least 1, got the number 0",
        f"{path}:3:1: sed: unknown key 'sed'; known: game, content, games, seed, players, lineup, variant, fixed, "
        "axes, sample, metric, rank, order; did you mean 'seed'?",
        f"{path}:4:10: players: must be at most 100, got the number 1000",
        f"{path}:5:9: lineup: must have at least 1 item, got 0",
        f"{path}:7:3: axes.playrs: 'playrs' is not FILE.PATH; a setting is players, lineup, variant or FILE.PATH "
        "(a value in a content file: scoring.exits.table.12); did you mean 'players'?",
        f"{path}:8:3: axes.scoring: 'scoring' is not FILE.PATH; a setting is players, lineup, variant or FILE.PATH "
        "(a value in a content file: scoring.exits.table.12)",
        f"{path}:9:16: axes.game.rounds: the range holds 10,000 values; an axis needs 1 to 1,000",
        f"{path}:11:8: order: expected 'high' or 'low', got text 'best'",
        f"{path}:12:9: fixed.players: 'players' is not a content value: write it at the spec's top (players: ...), "
        "or vary it under axes",
        "cardgen sweep: error: 9 problem(s) in the sweep",
    ]


def test_names_the_content_lacks_are_located_before_anything_plays(spec):
    path = spec("content: railroad-ink\nlineup: [random]\naxes:\n  scorin.exits.table.12: [1]\n"
                "  scoring.exit.table.12: [1]\n  game.board.exits.20.route: [road]\n  scoring.exits.table.13: [1]\n"
                "metric: bots.*.mean\n")
    res = failed(path)
    assert located(res, path) == [
        f"{path}:4:3: axes.scorin.exits.table.12: no content file scorin.yaml; files: components.yaml, dice.yaml, "
        "expansions.yaml, game.yaml, scoring.yaml, specials.yaml, strings.yaml; did you mean 'scoring.yaml'?",
        f"{path}:5:3: axes.scoring.exit.table.12: scoring.yaml has no key 'exit' at its top; known: exits, longest_road, "
        "longest_rail, centre, errors; did you mean 'exits'?",
        f"{path}:6:3: axes.game.board.exits.20.route: game.yaml at board.exits is a list of 12: name an item from 0 to "
        "11, not '20'",
        f"{path}:7:3: axes.scoring.exits.table.13: scoring.yaml has no key '13' at exits.table; known: 2, 3, 4, 5, 6, 7, "
        "8, 9, 10, 11, 12; did you mean '3'?",
    ]


def test_a_metric_the_simulate_lacks_is_located(spec):
    path = spec("content: railroad-ink\ngames: 1\nlineup: [random]\naxes:\n  game.rounds: [7]\n"
                "metric: bots.*.meen\n")
    res = failed(path)
    assert res.stderr.splitlines()[0] == (
        f"{path}:6:9: metric: metric 'bots.*.meen': bots.random has no 'meen'; known: bot, scores, mean, sd, min, "
        "max, p10, p25, p50, p75, p90, rows")


def test_a_bot_or_player_count_the_game_refuses_is_located_at_it(spec):
    path = spec("content: railroad-ink\ngames: 1\naxes:\n  players: [1, 13]\n  lineup: [[robot], greedy]\n"
                "metric: bots.*.mean\n")
    res = failed(path)
    assert located(res, path) == [
        f"{path}:4:16: players: with players=13, lineup=greedy: --players 13: this game takes 1-12",
        f"{path}:4:16: players: with players=13, lineup=robot: --players 13: this game takes 1-12",
        f"{path}:5:12: lineup: with players=1, lineup=robot: --lineup robot: no such bot (bots: greedy, lookahead, "
        "random, all)"]
    assert res.stdout.splitlines()[2].split()[:3] == ["1", "1", "players=1,"]  # the one point played


def test_a_point_whose_content_is_invalid_is_located_and_the_others_play(spec):
    path = spec(RI_SPEC)
    res = failed(path, "--json")
    err = res.stderr.splitlines()
    assert err[0] == (f"{path}:7:32: exits.table.12: with game.specials.per_game=1, scoring.exits.table.12=-1: "
                      "must be at least 0, got the number -1")
    assert err[1:3] == ["      scoring.exits.table.12: [45, -1]", " " * 35 + "^"]
    assert err[3].endswith("with game.specials.per_game=3, scoring.exits.table.12=-1: must be at least 0, got the "
                           "number -1")
    assert err[-1] == "cardgen sweep: 2 point(s) not played: 2 problem(s) in their content or settings"
    summary = json.loads(res.stdout)
    assert [(p["label"], p["played"]) for p in summary["points"]] == [
        ("game.specials.per_game=1, scoring.exits.table.12=45", True),
        ("game.specials.per_game=1, scoring.exits.table.12=-1", False),
        ("game.specials.per_game=3, scoring.exits.table.12=45", True),
        ("game.specials.per_game=3, scoring.exits.table.12=-1", False)]
    assert summary["not_played"] == [1, 3]
    ranked = [(r["index"], r["value"]) for r in summary["ranking"]]
    means = {p["index"]: p["metrics"]["greedy"] for p in summary["points"] if p["played"]}
    assert ranked == sorted(means.items(), key=lambda item: (-item[1], item[0]))


def test_a_problem_the_value_causes_elsewhere_points_into_the_content_file(spec):
    path = spec("content: railroad-ink\ngames: 1\nlineup: [random]\naxes:\n  game.board.size: [5]\n"
                "metric: bots.*.mean\n")
    res = failed(path)
    assert res.stderr.splitlines()[:3] == [
        "game.yaml:17:14: board.exits.2.cell: with game.board.size=5: cell [0, 5] is off the 5x5 board",
        "        - {cell: [0, 5], side: n, route: road}", "                 ^"]


def test_every_point_plays_the_seeds_simulate_plays():
    summary, problems, _ = run_game_sweep(RI, REPO / "sweeps" / "railroad-ink-exits.yaml", games=4)
    assert problems == [] and summary["problems"] == []
    point = summary["points"][0]
    content = ri_model.load_content(RI.content)
    alone = ri_simulate.simulate_request(content, SimulateRequest(4, summary["seed"], summary["players"],
                                                                  tuple(summary["lineup"]), summary["variant"]))
    base = {name: values[0] for name, values in summary["axes"].items()}
    assert point["values"] == base  # the first point of the shipped sweep is the content as shipped
    assert point["simulate"] == alone.to_dict()


def test_one_and_two_workers_give_the_same_sweep_and_report(spec, tmp_path):
    path = spec(RI_SPEC.replace("[45, -1]", "[45, 60]"))
    one, _, _ = run_game_sweep(RI, path, workers=1, report=tmp_path / "one.html")
    two, _, _ = run_game_sweep(RI, path, workers=2, report=tmp_path / "two.html")
    for summary in (one, two):
        del summary["seconds"], summary["executor"]
    assert one == two
    assert len(one["ranking"]) == 4
    html = (tmp_path / "one.html").read_text()
    assert html == (tmp_path / "two.html").read_text()
    assert html.count("<svg") == 2  # a heat map per bot over the two axes
    assert "<title>bots.*.mean: greedy</title>" in html


def test_horseless_carriage_sweeps_its_clock(spec):
    path = spec("content: horseless-carriage\ngames: 2\nplayers: 3\nlineup: [greedy, random]\n"
                "axes:\n  game.clock.start.3: [5, 11]\nmetric: wealth_by_strategy.*\n")
    res = sweep(path, "--workers", "2")
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert lines[0] == (f"sweep {path} (horseless-carriage): 2 point(s) x 2 games, seed 1 (common seeds); "
                        "wealth_by_strategy.*, ranked by greedy, highest first")
    assert lines[1].split() == ["rank", "#", "values", "greedy", "random", "playable"]


def test_a_spec_naming_its_game_sweeps_the_bundled_content_by_the_game_s_metric(spec):
    path = spec("game: railroad-ink\ngames: 2\nlineup: [random]\naxes:\n  game.specials.per_round: [1, 2]\n")
    res = sweep(path, "--json")
    summary = json.loads(res.stdout)
    assert (summary["game"], summary["metric"], summary["columns"]) == ("railroad-ink", "bots.*.mean", ["random"])
    assert [p["played"] for p in summary["points"]] == [True, True]


def test_a_game_other_than_the_content_s_is_located(spec):
    path = spec("game: horseless-carriage\ncontent: railroad-ink\naxes:\n  game.rounds: [7]\n")
    res = failed(path)
    assert res.stderr.splitlines()[0] == (f"{path}:1:7: game: the spec names the game horseless-carriage, but its "
                                          "content is railroad-ink's")


def test_a_spec_without_a_metric_for_a_game_without_one_is_told_to_name_one(spec):
    path = spec("content: railroad-ink\ngames: 1\nlineup: [random]\naxes:\n  game.rounds: [7]\n")
    with pytest.raises(SpecError) as caught:
        run_game_sweep(RI, path)
    assert [p.headline() for p in caught.value.problems] == [
        f"{path}:1:1: metric: name a metric: railroad-ink has no default (a path into simulate --json)"]


def test_a_report_replaces_only_a_cardgen_report(spec, tmp_path):
    other = tmp_path / "notes.html"
    other.write_text("my notes")
    res = sweep(spec(RI_SPEC), "--report", other)
    assert (res.exit_code, res.stderr) == (
        2, f"cardgen sweep: usage: --report: {other} exists and was not written by cardgen; choose another path "
           "or pass --force to replace it\n")
    assert other.read_text() == "my notes"


def test_rail_journey_options_are_refused_by_name(spec):
    res = sweep(spec(RI_SPEC), "--fit", "docs/balance-published.yaml")
    assert (res.exit_code, res.stderr) == (
        2, "cardgen sweep: usage: railroad-ink takes no --fit (it is another game's option)\n")


def test_a_patched_value_keeps_every_other_line_and_column():
    text = "a: {x: 1, y: 22}\nb:\n  - 3  # three\n  - 'four'\n"
    out, positions = patch_text(text, "f.yaml", [(("a", "x"), 100), (("b", 1), "a: b")])
    assert out == "a: {x: 100, y: 22}\nb:\n  - 3  # three\n  - \"a: b\"\n"
    assert [(p.line, p.col) for p in positions] == [(1, 8), (4, 5)]


@pytest.mark.slow
def test_a_dask_cluster_gives_the_local_sweep(spec, tmp_path):
    from tests.sweep.dask_cluster import local_cluster

    path = spec(RI_SPEC.replace("[45, -1]", "[45, 60]"))
    local, _, _ = run_game_sweep(RI, path, workers=1)
    with local_cluster(tmp_path, workers=2) as address:
        remote, _, _ = run_game_sweep(RI, path, scheduler=address)
    assert remote["executor"] == address
    for summary in (local, remote):
        del summary["seconds"], summary["executor"]
    assert local == remote


def _fragile(content, request):
    """Railroad Ink's simulate, failing as a game's code might on one content."""
    if content.game.rounds == 6:
        raise ZeroDivisionError("division by zero")
    return ri_simulate.simulate_request(content, request)


def test_a_point_the_game_fails_on_is_reported_and_the_others_play(spec):
    path = spec("content: railroad-ink\ngames: 2\nlineup: [random]\naxes:\n  game.rounds: [7, 6]\n"
                "metric: bots.*.mean\n")
    fragile = SweptGame("railroad-ink", ri_model.load_content, _fragile, RI.content)
    summary, problems, _ = run_game_sweep(fragile, path)
    assert problems == []
    assert [(p["played"], p["metrics"] is not None) for p in summary["points"]] == [(True, True), (True, False)]
    assert "POINT FAILED: point 1 (game.rounds=6): ZeroDivisionError: division by zero" in summary["problems"]


def test_a_point_failing_the_game_s_playability_checks_is_named(spec):
    res = failed(spec("game: railroad-ink\ngames: 1\nlineup: [random]\naxes:\n  game.specials.per_round: [1]\n"))
    assert res.stderr == ("cardgen sweep: PLAYABILITY FAILURE: point 0 (game.specials.per_round=1): the game's "
                          "playability checks failed (its simulate --json says which)\n")
