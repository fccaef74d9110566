"""The self-contained HTML report of a simulation run and/or the reproduced rules tables.

Rendered with Jinja2 (autoescape on); charts are inline SVG from :mod:`cardgen.engine.simulation.svg`;
no script, font or stylesheet is fetched, so the file opens offline. The report
carries no wall-clock figures, so the same run gives the same bytes.
"""

from __future__ import annotations

from pathlib import Path

from markupsafe import Markup

from cardgen.engine.simulation import svg
from cardgen.reports import GENERATOR, write_html
from cardgen.templating import render
def charts(summary: dict) -> dict[str, object]:
    """Every chart of a run, as safe SVG markup."""
    bots = list(summary["win_interval"].items())
    out: dict[str, object] = {
        "win_rate": Markup(svg.ci_bars(bots, summary["fair_share"], "Win rate by bot, 95% CI")),
        "seat": Markup(svg.ci_bars([(f"seat {s}", iv) for s, iv in summary["seat_win_rate"].items()],
                                          {f"seat {s}": 1 / summary["players"] for s in summary["seat_win_rate"]},
                                          "Win rate by seat, 95% CI")),
        "scores": {bot: Markup(svg.histogram(hist, f"Scores of {bot}", "final score",
                                                    colour=svg.series_colour(i)))
                   for i, (bot, hist) in enumerate(summary["score_histogram"].items())},
        "piles": {pile: Markup(svg.histogram(p["rounds"], f"Round pile {pile} runs dry", "round"))
                  for pile, p in summary["pile_dry_round"].items()},
    }
    return out


def tables_charts(tables: dict) -> dict[str, object]:
    """One CI bar chart per player count of the reproduced win-rate table; dashed marks are published rates."""
    published: dict[str, dict[str, float]] = {}
    for row in tables.get("comparison", {}).get("win_rates", []):
        published.setdefault(str(row["players"]), {})[row["bot"]] = row["published"]
    return {p: Markup(svg.ci_bars(list(w["win_interval"].items()), published.get(p),
                                         f"Win rates, {p} players"))
            for p, w in tables.get("win_rates", {}).items()}


def render_report(content, summary: dict | None, tables: dict | None = None) -> str:
    return render(
        "report/report.html.j2",
        title=content.game.name("en"), game=content.game, generator=GENERATOR, summary=summary, tables=tables,
        charts=charts(summary) if summary else None,
        table_charts=tables_charts(tables) if tables else None,
        comparison=comparison(summary) if summary and "delta" in summary else None,
    )


def comparison(summary: dict) -> dict:
    """Both sets side by side (simulate --compare): win rates, the paired deltas, and card usage."""
    from cardgen.engine.simulation.compare import usage_side_by_side
    base = summary["baseline"]
    return {
        "other": summary["compared_with"],
        "bots": [(bot, base["win_rate"][bot], summary["win_rate"][bot], d) for bot, d in summary["delta"].items()],
        "usage": usage_side_by_side(base, summary),
    }


def write_report(path: Path, content, summary: dict | None, tables: dict | None = None) -> None:
    """Render, then replace ``path`` atomically so a failure never leaves half a file."""
    write_html(path, render_report(content, summary, tables))
