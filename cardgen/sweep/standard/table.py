"""A game's sweep as one JSON-ready dict (``--json``) and its ranked text table.

Nothing here depends on the machine or the executor: the same spec gives the same dict anywhere.
"""

from __future__ import annotations

from typing import Any, Sequence

from cardgen.sweep.shared.grid import value_text
from cardgen.sweep.standard.metric import columns
from cardgen.sweep.standard.points import Point
from cardgen.sweep.standard.run import Played
from cardgen.sweep.standard.spec import GameSweep


def sweep_summary(game: str, sweep: GameSweep, metric: str, points: Sequence[Point],
                  played: Sequence[Played | None]) -> dict[str, Any]:
    """Every point's values, problems, metric columns and simulate document, and the ranking by the metric."""
    rows = []
    for point, result in zip(points, played):
        row: dict[str, Any] = {"index": point.index, "grid_index": point.grid_index, "values": point.values,
                               "label": point.label, "played": result is not None,
                               "ok": result.ok if result is not None else False,
                               "problems": [p.as_dict() for p in point.problems],
                               "error": result.error if result is not None else None,
                               "metrics": None, "simulate": result.doc if result is not None else None}
        if result is not None and result.doc is not None:
            try:
                row["metrics"] = columns(result.doc, metric)
            except ValueError as exc:  # a point whose document lacks what the first one had
                row["error"] = str(exc)
        rows.append(row)
    names = list(dict.fromkeys(name for row in rows if row["metrics"] for name in row["metrics"]))
    rank_by = sweep.rank or (names[0] if names else None)
    ranked = [row for row in rows if row["metrics"] and rank_by in row["metrics"]]
    sign = -1 if sweep.order == "high" else 1
    ranked.sort(key=lambda row: (sign * row["metrics"][rank_by], row["index"]))
    problems = [f"POINT FAILED: point {row['index']} ({row['label']}): {row['error']}" for row in rows if row["error"]]
    problems += [f"PLAYABILITY FAILURE: point {row['index']} ({row['label']}): the game's playability checks failed "
                 "(its simulate --json says which)" for row in rows if row["played"] and not row["error"]
                 and not row["ok"]]
    return {
        "game": game, "spec": sweep.file,
        "axes": {axis.name: list(axis.values) for axis in sweep.axes},
        "fixed": {name: value for name, (value, _) in sweep.fixed.items()},
        "players": sweep.players, "lineup": list(sweep.lineup), "variant": sweep.variant, "seed": sweep.seed,
        "games_per_point": points[0].request.games if points else sweep.games,
        "grid_size": sweep.grid_size, "sampled": sweep.sample is not None and sweep.sample < sweep.grid_size,
        "metric": metric, "columns": names, "rank_by": rank_by, "order": sweep.order,
        "points": rows,
        "ranking": [{"rank": i + 1, "index": row["index"], "label": row["label"], "value": row["metrics"][rank_by]}
                    for i, row in enumerate(ranked)],
        "not_played": [row["index"] for row in rows if not row["played"]],
        "problems": problems,
    }


def format_sweep(summary: dict) -> str:
    """The ranked table: best first by the ranked column, then every point not ranked (not played, or failed)."""
    order = "highest" if summary["order"] == "high" else "lowest"
    lines = [f"sweep {summary['spec']} ({summary['game']}): {len(summary['points'])} point(s) x "
             f"{summary['games_per_point']} games, seed {summary['seed']} (common seeds); {summary['metric']}, "
             f"ranked by {summary['rank_by']}, {order} first"]
    names = summary["columns"]
    width = max([len(p["label"]) for p in summary["points"]] + [6])
    cells = [max(len(n), 8) for n in names]
    lines.append(f"{'rank':>4}  {'#':>4}  {'values':<{width}}  " + "  ".join(f"{n:>{w}}" for n, w in zip(names, cells))
                 + "  playable")
    by_index = {p["index"]: p for p in summary["points"]}
    for entry in summary["ranking"]:
        lines.append(_row(str(entry["rank"]), by_index[entry["index"]], names, cells, width))
    ranked = {entry["index"] for entry in summary["ranking"]}
    for p in summary["points"]:
        if p["index"] not in ranked:
            lines.append(_row("-", p, names, cells, width))
    return "\n".join(lines)


def _row(rank: str, p: dict, names: list[str], cells: list[int], width: int) -> str:
    head = f"{rank:>4}  {p['index']:>4}  {p['label']:<{width}}  "
    if not p["played"]:
        return head + f"not played: {len(p['problems'])} problem(s) in its content or settings"
    if p["metrics"] is None:
        return head + f"failed: {p['error']}"
    values = "  ".join(f"{number(p['metrics'].get(n)):>{w}}" for n, w in zip(names, cells))
    return head + values + "  " + ("yes" if p["ok"] else "NO")


def number(value: float | None) -> str:
    """A metric value as the table prints it: a whole number as written, others to two places."""
    if value is None:
        return "-"
    return value_text(value) if isinstance(value, int) else f"{value:.2f}"
