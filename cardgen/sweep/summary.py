"""A sweep's results as one JSON-ready dict (text, ``--json`` and the HTML report share it).

Each point keeps the figures of ``cardgen simulate --json`` that compare across
points (win rates with Wilson intervals, seats, scores, delays), judged by the
same playability and balance checks. Nothing here depends on the machine, so the
same spec gives the same dict on any executor.
"""

from __future__ import annotations

from typing import Any, Sequence

from cardgen.engine.simulation.summary import build_summary
from cardgen.engine.simulation.runner import Tally, content_for
from cardgen.sweep.fit import Published, point_fit, rank
from cardgen.sweep.shared.grid import label
from cardgen.sweep.points import Point
from cardgen.sweep.spec import Spec

POINT_FIELDS = ("players", "lineup", "options", "win_rate", "win_interval", "win_rate_per_copy", "fair_share",
                "seat_win_rate", "ties", "problems", "warnings", "notes")


def sweep_summary(spec: Spec, points: Sequence[Point], tallies: Sequence[Tally],
                  published: Published | None = None) -> dict[str, Any]:
    """Every point's figures (and, with ``published``, its fit and the ranking of configurations)."""
    out_points = []
    for point, tally in zip(points, tallies):
        run = point.run
        full = build_summary(content_for(run.folder, run.variant, run.edits), run, tally)
        row: dict[str, Any] = {"index": point.index, "grid_index": point.grid_index, "values": point.values,
                               "label": label(point.values), "games": tally.games}
        row.update({name: full[name] for name in POINT_FIELDS})
        row["score_mean"] = {bot: stats["score"].get("mean") for bot, stats in full["bots"].items()}
        row["delays_mean"] = {bot: stats["delays"].get("mean") for bot, stats in full["bots"].items()}
        if published is not None:
            row["fit"] = point_fit(published, run.players, full["win_interval"], tally.games)
        out_points.append(row)
    summary: dict[str, Any] = {
        "spec": spec.file,
        "axes": {axis.name: list(axis.values) for axis in spec.axes},
        "fixed": {name: value for name, (value, _) in spec.fixed.items()},
        "fixed_label": label({name: value for name, (value, _) in spec.fixed.items()}),
        "seed": spec.seed,
        "games_per_point": points[0].run.games if points else 0,
        "grid_size": spec.grid_size,
        "sampled": spec.sample is not None and spec.sample < spec.grid_size,
        "points": out_points,
        "problems": [f"point {p['index']} ({p['label']}): {msg}" for p in out_points for msg in p["problems"]],
    }
    summary["fit"] = None
    if published is not None:
        summary["fit"] = {"file": published.file, "games_per_rate": published.games,
                          "ranking": rank(out_points)}
    return summary
