"""``--fit``: the log-likelihood of a published win-rate table under each point, and the ranking."""

from __future__ import annotations

import json
import math

import pytest

from cardgen.model import DEFAULT_CONTENT
from cardgen.sweep.fit import Published, point_fit, rank, read_published

PUBLISHED = DEFAULT_CONTENT.parents[2] / "docs" / "balance-published.yaml"
TABLE = Published("t.yaml", 40, {2: {"heavy": 0.3, "light": 0.7}})


def iv(rate, low, high):
    return {"rate": rate, "low": low, "high": high}


def test_point_fit_is_the_multinomial_log_likelihood_of_the_counts():
    fit = point_fit(TABLE, 2, {"heavy": iv(0.6, 0.55, 0.65), "light": iv(0.4, 0.35, 0.45)}, 1000)
    ll = 12 * math.log(0.6) + 28 * math.log(0.4)
    sat = 12 * math.log(0.3) + 28 * math.log(0.7)
    assert fit["log_likelihood"] == pytest.approx(ll, abs=1e-4)
    assert fit["deviance"] == pytest.approx(2 * (sat - ll), abs=1e-4)
    assert fit["df"] == 1
    assert [(c["bot"], c["inside"], c["inside_published_noise"]) for c in fit["cells"]] == [
        ("heavy", False, False), ("light", False, False)]


def test_exact_rates_have_zero_deviance_and_are_inside():
    fit = point_fit(TABLE, 2, {"heavy": iv(0.3, 0.28, 0.32), "light": iv(0.7, 0.68, 0.72)}, 1000)
    assert fit["deviance"] == pytest.approx(0, abs=1e-9)
    assert all(c["inside"] and c["inside_published_noise"] for c in fit["cells"])


def test_zero_rate_is_floored_at_half_a_win():
    fit = point_fit(TABLE, 2, {"heavy": iv(0.0, 0.0, 0.01), "light": iv(1.0, 0.99, 1.0)}, 100)
    assert fit["log_likelihood"] == pytest.approx(12 * math.log(0.005), abs=1e-4)


def test_points_that_are_not_comparable_have_no_fit():
    assert point_fit(TABLE, 3, {"heavy": iv(0.5, 0, 1), "light": iv(0.5, 0, 1)}, 10) is None
    assert point_fit(TABLE, 2, {"heavy": iv(1.0, 0, 1)}, 10) is None


def test_rank_sums_player_counts_per_configuration_best_first():
    def p(index, players, hand, ll):
        return {"index": index, "values": {"players": players, "option.hand_size": hand},
                "fit": {"players": players, "log_likelihood": ll, "deviance": -ll, "df": 1,
                        "cells": [{"bot": "heavy", "inside": ll > -5, "inside_published_noise": True}]}}
    ranking = rank([p(0, 2, 1, -10.0), p(1, 2, 3, -4.0), p(2, 3, 1, -1.0), p(3, 3, 3, -9.0)])
    assert [(g["values"], g["points"], g["log_likelihood"]) for g in ranking] == [
        ({"option.hand_size": 1}, [0, 2], -11.0), ({"option.hand_size": 3}, [1, 3], -13.0)]
    assert [g["rank"] for g in ranking] == [1, 2] and ranking[0]["cells_inside"] == 1


def test_fit_end_to_end_ranks_configurations(sweep, spec):
    path = spec("games: 40\naxes:\n  players: [2, 3]\n  option.hand_size: [1, 3]\n")
    res = sweep(path, "--json", "--fit", PUBLISHED)
    doc = json.loads(res.stdout)
    ranking = doc["fit"]["ranking"]
    assert [g["players"] for g in ranking] == [[2, 3], [2, 3]]
    assert {json.dumps(g["values"]) for g in ranking} == {'{"option.hand_size": 1}', '{"option.hand_size": 3}'}
    assert ranking[0]["log_likelihood"] >= ranking[1]["log_likelihood"]
    assert all(p["fit"]["players"] == p["players"] for p in doc["points"])
    text = sweep(path, "--fit", PUBLISHED).stdout
    assert "fit to " in text and "option.hand_size=" in text.split("best first:")[1]


def test_published_table_problems_are_located(tmp_path):
    bad = tmp_path / "p.yaml"
    bad.write_text("win_rates:\n  games: forty\n  by_players:\n    2: {heavy: 0.3, light: 0.9}\n")
    with pytest.raises(Exception) as exc:
        read_published(bad)
    messages = [p.headline() for p in exc.value.problems]
    assert messages == [
        f"{bad}:2:10: win_rates.games: expected a whole number, got text 'forty'",
        f"{bad}:4:8: win_rates.by_players.2: the rates add up to 1.20; a row of win shares adds up to 1"]


def test_the_shipped_table_reads():
    table = read_published(PUBLISHED)
    assert table.games == 40 and table.rates[3] == {"heavy": 0.05, "light": 0.30, "balanced": 0.65}
