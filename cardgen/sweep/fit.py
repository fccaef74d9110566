"""How well each sweep point reproduces a published win-rate table (rules 10.16).

The published table gives, per player count, each archetype's share of wins in
``games`` games (40 for 10.16). Read as counts (rate x games), the log-likelihood
of those counts under a point's simulated win rates is the multinomial

    LL = sum_k c_k log p_k          (c_k published count, p_k our win rate)

and the deviance ``2 (LL_saturated - LL)``, with LL_saturated the same sum at
p_k = c_k / games, is ~ chi-squared with (archetypes - 1) degrees of freedom per
row when the point plays like the published script. A configuration (the values of
every axis except ``players``) sums its rows over the player counts it was run at,
and configurations are ranked by that total. A simulated rate of 0 is read as
half a win (``0.5 / games``), so one unseen win does not make a configuration
infinitely unlikely.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.engine.simulation.stats import wilson
from cardgen.engine.tables.published import read_published as published_values
from cardgen.sweep.shared.grid import label



@dataclass(frozen=True)
class Published:
    """Published win rates: player count -> {archetype: rate}, each from ``games`` games."""

    file: str
    games: int
    rates: dict[int, dict[str, float]]


def read_published(path: Path) -> Published:
    """The ``win_rates`` table of a published-values file (docs/balance-published.yaml), checked and located
    (cardgen.engine.tables.published: the same reader as ``cardgen tables --published``)."""
    data, name = published_values(path, need="win_rates")
    table = data["win_rates"]
    rates = {players: {str(bot): float(rate) for bot, rate in row.items()}
             for players, row in table["by_players"].items()}
    return Published(name, table["games"], rates)


def point_fit(published: Published, players: int, win_interval: dict[str, dict], games: int) -> dict[str, Any] | None:
    """The fit of one point's win rates to the published row for its player count, or None if not comparable
    (no row for the count, or the point's bots are not the row's archetypes)."""
    row = published.rates.get(players)
    if row is None or set(row) != set(win_interval):
        return None
    floor = 0.5 / games
    ll = sat = 0.0
    cells = []
    for bot, rate in row.items():
        count = rate * published.games
        ours = win_interval[bot]
        p = max(ours["rate"], floor)
        ll += count * math.log(p)
        sat += count * math.log(rate) if rate > 0 else 0.0
        theirs = wilson(count, published.games)
        cells.append({"bot": bot, "published": rate, "ours": ours["rate"],
                      "inside": ours["low"] <= rate <= ours["high"],
                      "inside_published_noise": theirs.low <= ours["rate"] <= theirs.high})
    return {"players": players, "log_likelihood": round(ll, 4), "deviance": round(2 * (sat - ll), 4),
            "df": len(row) - 1, "cells": cells}


def rank(points: list[dict]) -> list[dict]:
    """Configurations (values without ``players``) ranked by summed log-likelihood, best first.

    Each point dict needs ``index``, ``values`` and ``fit`` (None when not comparable). Ties keep
    the sweep's order, so the ranking is the same on every run.
    """
    groups: dict[str, dict] = {}
    for p in points:
        if p["fit"] is None:
            continue
        config = {k: v for k, v in p["values"].items() if k != "players"}
        key = repr(sorted(config.items(), key=lambda kv: kv[0]))
        g = groups.setdefault(key, {"values": config, "label": label(config) or "(as written)",
            "points": [], "players": [], "log_likelihood": 0.0,
                                    "deviance": 0.0, "df": 0, "cells": 0, "cells_inside": 0,
                                    "cells_inside_published_noise": 0, "outside": []})
        fit = p["fit"]
        g["points"].append(p["index"])
        g["players"].append(fit["players"])
        g["log_likelihood"] += fit["log_likelihood"]
        g["deviance"] += fit["deviance"]
        g["df"] += fit["df"]
        for cell in fit["cells"]:
            g["cells"] += 1
            g["cells_inside"] += cell["inside"]
            g["cells_inside_published_noise"] += cell["inside_published_noise"]
            if not cell["inside_published_noise"]:
                g["outside"].append(f"{fit['players']}p {cell['bot']}")
    out = sorted(groups.values(), key=lambda g: -g["log_likelihood"])
    for i, g in enumerate(out, 1):
        g["rank"] = i
        g["log_likelihood"] = round(g["log_likelihood"], 4)
        g["deviance"] = round(g["deviance"], 4)
    return out
