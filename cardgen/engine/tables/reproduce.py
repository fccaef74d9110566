"""Reproduce the rules' own tables from the definitions and compare them with published values.

The computed side reads only the content model (and the engine, for win rates); the
published side is a separate data file transcribed from the rules
(``docs/balance-published.yaml``), so a wrong number on either side shows up as a
mismatch instead of being copied into the other.
"""

from __future__ import annotations

from typing import Any, Callable

from cardgen.engine.simulation.stats import wilson
from cardgen.engine.tables.published import TABLE_KEYS

DECIMALS = 3  # the rules print efficiencies and means with three decimals


def cliff_table(content) -> list[dict[str, Any]]:
    """Rules 6.5: per composition, the penalty, each kind's R, and each kind's capacity N x R."""
    rows = []
    for row in content.cliff_table():
        n = row["composition"]
        flat = {"composition": n, "penalty": row["penalty"]}
        flat.update(row["r"])
        flat.update({f"capacity_{kind}": n * r for kind, r in row["r"].items()})
        rows.append(flat)
    return rows


def capacity_peaks(content) -> dict[str, int]:
    """The composition with the highest capacity N x R for each operation kind (ties: the smallest)."""
    rows = cliff_table(content)
    peaks = {}
    for kind in (k.id for k in content.operations.kinds):
        best = max(rows, key=lambda r: (r[f"capacity_{kind}"], -r["composition"]))
        peaks[kind] = best["composition"]
    return peaks


def fare_table(content) -> list[dict[str, Any]]:
    """Rules 5.2: fare, slack, cells occupied and fare per cell by span."""
    return [{"span": r["span"], "fare": r["fare"], "slack": r["slack"], "cells": r["cells"],
             "efficiency": round(r["efficiency"], DECIMALS)} for r in content.fare_table()]


def deck_totals(content) -> dict[str, Any]:
    """Rules 5.1: cards per operation set, total propulsion and mean value."""
    return {"cards": content.operation_set_size, "propulsion": content.operation_set_propulsion,
            "mean": round(content.operation_mean, DECIMALS)}


def compare_rows(computed: list[dict], published: dict, key: str) -> list[dict]:
    """Cell-by-cell comparison of a computed table with a published ``{columns, rows}`` table."""
    columns = published["columns"]
    by_key = {row[key]: row for row in computed}
    out = []
    for values in published["rows"]:
        pub = dict(zip(columns, values))
        mine = by_key.get(pub[key], {})
        cells = []
        for col in columns:
            got = mine.get(col)
            ok = got is not None and (round(float(got), DECIMALS) == round(float(pub[col]), DECIMALS))
            cells.append({"column": col, "published": pub[col], "computed": got, "match": ok})
        out.append({key: pub[key], "cells": cells, "match": all(c["match"] for c in cells)})
    return out


def compare_deck(computed: dict, published: dict) -> list[dict]:
    return [{"column": k, "published": v, "computed": computed.get(k),
             "match": computed.get(k) is not None and round(float(computed[k]), DECIMALS) == round(float(v), DECIMALS)}
            for k, v in published.items()]


def compare_win_rates(summaries: dict[int, dict], published: dict) -> list[dict]:
    """Our win rate per archetype and count beside the published one, with a verdict sentence."""
    pub_games = published["games"]  # checked by cardgen.engine.tables.published
    rows = []
    for players, rates in sorted(published["by_players"].items(), key=lambda kv: int(kv[0])):
        summary = summaries.get(int(players))
        if summary is None:
            continue
        for bot, pub_rate in rates.items():
            ours = summary["win_interval"].get(bot)
            if ours is None:
                continue
            pub_iv = wilson(pub_rate * pub_games, pub_games) if pub_games else None
            seats = summary.get("lineup", [bot]).count(bot) or 1
            rows.append({"players": int(players), "bot": bot, "seats": seats, "published": pub_rate, "ours": ours,
                         "published_interval": pub_iv.as_dict() if pub_iv else None,
                         "games": summary["games"],
                         "verdict": verdict(ours, pub_rate, pub_iv, pub_games)
                         + (f" Ours is the total of {seats} seats played by this archetype." if seats > 1 else "")})
    return rows


def verdict(ours: dict, published: float, pub_iv, pub_games: int) -> str:
    """One sentence on how a published win rate relates to ours, using both intervals."""
    diff = 100 * (ours["rate"] - published)
    if ours["low"] <= published <= ours["high"]:
        return f"consistent: the published {published:.0%} lies inside our 95% CI."
    direction = "higher" if diff > 0 else "lower"
    text = f"differs: ours is {abs(diff):.1f} points {direction} and the published {published:.0%} is outside our CI"
    if pub_iv is not None:
        overlap = pub_iv.low <= ours["high"] and ours["low"] <= pub_iv.high
        text += (f"; a {pub_games}-game estimate has its own CI {pub_iv.low:.0%}-{pub_iv.high:.0%}, which "
                 + ("overlaps ours, so the gap may be sampling noise in the published run." if overlap else
                    "does not overlap ours, so our bots or rulings play differently from the published script."))
    else:
        text += "."
    return text


def reproduce(content, published: dict | None, win_rate_runs: Callable[[], dict[int, dict]] | None) -> dict:
    """All reproduced tables, each with its comparison when published values are given."""
    out: dict[str, Any] = {
        "cliff_table": cliff_table(content),
        "capacity_peak": capacity_peaks(content),
        "fare_table": fare_table(content),
        "deck": deck_totals(content),
    }
    summaries = win_rate_runs() if win_rate_runs else {}
    out["win_rates"] = {str(p): {"games": s["games"], "lineup": s["lineup"], "win_interval": s["win_interval"],
                                 "seat_win_rate": s["seat_win_rate"], "problems": s["problems"]}
                        for p, s in summaries.items()}
    if published:
        cmp: dict[str, Any] = {}
        if "cliff_table" in published:
            cmp["cliff_table"] = compare_rows(out["cliff_table"], published["cliff_table"], TABLE_KEYS["cliff_table"])
        if "fare_table" in published:
            cmp["fare_table"] = compare_rows(out["fare_table"], published["fare_table"], TABLE_KEYS["fare_table"])
        if "deck" in published:
            cmp["deck"] = compare_deck(out["deck"], published["deck"])
        if "win_rates" in published and summaries:
            cmp["win_rates"] = compare_win_rates(summaries, published["win_rates"])
        out["comparison"] = cmp
    return out
