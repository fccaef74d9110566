"""The sweep's self-contained HTML report: a table of points, and heat maps when the sweep has two axes.

Built like the simulate report (same Jinja environment, autoescaped and strict;
inline SVG only), and free of wall-clock figures, so a sweep gives the same bytes
on any executor.
"""

from __future__ import annotations

from pathlib import Path

from markupsafe import Markup

from cardgen.reports import GENERATOR, write_html
from cardgen.templating import render
from cardgen.sweep.shared.heatmap import Series, axis_heatmaps


def heatmaps(summary: dict) -> list[Markup]:
    """One heat map per bot's win rate (and the fit's deviance) when exactly two axes vary."""
    points = summary["points"]
    bots = list(dict.fromkeys(bot for p in points for bot in p["win_rate"]))
    series: list[Series] = [(f"Win rate of {bot}", {p["index"]: p["win_rate"][bot] for p in points if bot in p["win_rate"]},
                             lambda v: f"{100 * v:.1f}%", True) for bot in bots]
    fitted = {p["index"]: p["fit"]["deviance"] for p in points if p.get("fit")}
    if fitted:
        series.append(("Deviance from the published rates (lower fits better)", fitted, lambda v: f"{v:.1f}", False))
    return [Markup(chart) for chart in axis_heatmaps(summary["axes"], points, series)]


def write_sweep_report(path: Path, title: str, summary: dict) -> None:
    """Render the report and replace ``path`` atomically."""
    html = render("report/sweep.html.j2", title=title, summary=summary, heatmaps=heatmaps(summary),
                  generator=GENERATOR)
    write_html(path, html)
