"""The sweep's plain-text table: one line per point, then the fit ranking."""

from __future__ import annotations


def format_sweep(summary: dict, top: int = 10) -> str:
    """Points in run order with each bot's win rate and 95% interval; the best ``top`` configurations if fitted."""
    lines = [f"sweep {summary['spec']}: {len(summary['points'])} point(s) x {summary['games_per_point']} games, "
             f"seed {summary['seed']} (common seeds)"]
    width = max([len(p["label"]) for p in summary["points"]] + [6])
    lines.append(f"{'#':>4}  {'values':<{width}}  win rate (95% CI)")
    for p in summary["points"]:
        rates = ", ".join(f"{bot} {100 * iv['rate']:.1f}% ({100 * iv['low']:.1f}-{100 * iv['high']:.1f})"
                          for bot, iv in p["win_interval"].items())
        lines.append(f"{p['index']:>4}  {p['label']:<{width}}  {rates}")
    fit = summary.get("fit")
    if fit:
        lines.append("")
        lines.append(f"fit to {fit['file']} ({fit['games_per_rate']} games per published rate), best first:")
        lines.append(f"{'rank':>4}  {'log-lik':>9}  {'deviance':>8}  {'df':>3}  {'in CI':>6}  {'in noise':>8}  configuration")
        for g in fit["ranking"][:top]:
            lines.append(f"{g['rank']:>4}  {g['log_likelihood']:>9.2f}  {g['deviance']:>8.2f}  {g['df']:>3}  "
                         f"{g['cells_inside']:>2}/{g['cells']:<3}  {g['cells_inside_published_noise']:>4}/{g['cells']:<3}  "
                         f"{g['label']}")
        if not fit["ranking"]:
            lines.append("  no point is comparable: none plays a published row's player count with its archetypes")
    return "\n".join(lines)
