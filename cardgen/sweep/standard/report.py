"""A game's sweep as a self-contained HTML page: the ranking, the problems, and a heat map per metric column
when exactly two axes vary. Built like Rail Journey's sweep report (autoescaped templates, inline SVG, no
wall-clock figure), so the same spec gives the same bytes on any executor and worker count.
"""

from __future__ import annotations

from pathlib import Path

from markupsafe import Markup

from cardgen.errors import Problem
from cardgen.reports import GENERATOR, write_html
from cardgen.sweep.shared.heatmap import Series, axis_heatmaps
from cardgen.sweep.standard.table import number
from cardgen.templating import render


def write_game_sweep_report(path: Path, summary: dict, problems: list[Problem]) -> None:
    """Render the report and replace ``path`` atomically."""
    points = summary["points"]
    series: list[Series] = [(f"{summary['metric']}: {name}",
                             {p["index"]: p["metrics"][name] for p in points if p["metrics"] and name in p["metrics"]},
                             number, summary["order"] == "high") for name in summary["columns"]]
    html = render("report/game-sweep.html.j2", summary=summary, problems=[p.headline() for p in problems],
                  heatmaps=[Markup(chart) for chart in axis_heatmaps(summary["axes"], points, series)],
                  by_index={p["index"]: p for p in points}, ranked={r["index"] for r in summary["ranking"]},
                  number=number, generator=GENERATOR)
    write_html(path, html)
