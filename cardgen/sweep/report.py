"""The sweep's self-contained HTML report: a table of points, and heat maps when the sweep has two axes.

Built like the simulate report (same Jinja environment, autoescaped and strict;
inline SVG only), and free of wall-clock figures, so a sweep gives the same bytes
on any executor.
"""

from __future__ import annotations

from pathlib import Path

from markupsafe import Markup

from cardgen.engine.simulation.report import write_html
from cardgen.engine.simulation.report import GENERATOR
from cardgen.templating import render
from cardgen.sweep.heatmap import heatmap
from cardgen.sweep.grid import value_text


def heatmaps(summary: dict) -> list[Markup]:
    """One heat map per bot's win rate (and the fit's deviance) when exactly two axes vary."""
    axes = list(summary["axes"].items())
    if len(axes) != 2:
        return []
    (x_name, x_values), (y_name, y_values) = axes
    xs, ys = [value_text(v) for v in x_values], [value_text(v) for v in y_values]
    where = {}
    for p in summary["points"]:
        where[p["index"]] = (xs.index(value_text(p["values"][x_name])), ys.index(value_text(p["values"][y_name])))
    bots = list(dict.fromkeys(bot for p in summary["points"] for bot in p["win_rate"]))
    out = []
    for bot in bots:
        cells = {where[p["index"]]: p["win_rate"][bot] for p in summary["points"] if bot in p["win_rate"]}
        out.append(Markup(heatmap(xs, ys, cells, f"Win rate of {bot}", x_name, y_name,
                                  lambda v: f"{100 * v:.1f}%", min(cells.values()), max(cells.values()))))
    fitted = {where[p["index"]]: p["fit"]["deviance"] for p in summary["points"] if p.get("fit")}
    if fitted:
        out.append(Markup(heatmap(xs, ys, fitted, "Deviance from the published rates (lower fits better)",
                                  x_name, y_name, lambda v: f"{v:.1f}", max(fitted.values()), min(fitted.values()))))
    return out


def write_sweep_report(path: Path, title: str, summary: dict) -> None:
    """Render the report and replace ``path`` atomically."""
    html = render("report/sweep.html.j2", title=title, summary=summary, heatmaps=heatmaps(summary),
                  generator=GENERATOR)
    write_html(path, html)
