"""Markdown rendering of the reproduced rules tables (pasteable into docs/balance.md)."""

from __future__ import annotations

from typing import Any

from cardgen.engine.tables.published import TABLE_KEYS


def _table(header: list[str], rows: list[list[Any]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return out


def _cell(value: Any) -> str:
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def _mark(ok: bool) -> str:
    return "ok" if ok else "MISMATCH"


def _compared_table(table: list[dict], comparison: list[dict] | None, key: str) -> list[str]:
    """A computed table, with an ok/MISMATCH column when it was compared with published values."""
    cols = list(table[0].keys())
    rows = [[r[c] for c in cols] for r in table]
    if comparison is not None:
        status = {row[key]: _mark(row["match"]) for row in comparison}
        cols.append("vs published")
        rows = [row + [status.get(row[0], "not published")] for row in rows]
    return _table(cols, rows)


def format_tables(result: dict) -> str:
    cmp = result.get("comparison", {})
    lines: list[str] = ["## Cliff table (rules 6.5), computed from R = max(floor, C - floor(N / divisor))", ""]
    lines += _compared_table(result["cliff_table"], cmp.get("cliff_table"), TABLE_KEYS["cliff_table"])
    peaks = ", ".join(f"{k} at N={n}" for k, n in result["capacity_peak"].items())
    lines += ["", f"Capacity N x R peaks: {peaks}.", "",
              "## Fare efficiency (rules 5.2), computed from the fare table", ""]
    lines += _compared_table(result["fare_table"], cmp.get("fare_table"), TABLE_KEYS["fare_table"])
    deck = result["deck"]
    lines += ["", "## Operation set (rules 5.1)", "",
              f"{deck['cards']} cards, total propulsion {deck['propulsion']}, mean {deck['mean']:.3f}."]
    if "deck" in cmp:
        lines += [""] + _table(["value", "published", "computed", ""],
                               [[c["column"], c["published"], c["computed"], _mark(c["match"])] for c in cmp["deck"]])
    if result["win_rates"]:
        lines += ["", "## Win rates by archetype (rules 10.14-10.16)", ""]
        if "win_rates" in cmp:
            lines += _table(["players", "bot", "published", "ours (95% CI)", "games", "verdict"],
                            [[r["players"], _bot(r), f"{r['published']:.0%}", _ci(r["ours"]), r["games"], r["verdict"]]
                             for r in cmp["win_rates"]])
        else:
            lines += _table(["players", "bot", "ours (95% CI)", "games"],
                            [[p, bot, _ci(iv), w["games"]] for p, w in result["win_rates"].items()
                             for bot, iv in w["win_interval"].items()])
        for p, w in result["win_rates"].items():
            for problem in w["problems"]:
                lines.append(f"- PLAYABILITY ({p} players): {problem}")
    return "\n".join(lines) + "\n"


def _bot(row: dict) -> str:
    return row["bot"] + (f" ({row['seats']} seats)" if row["seats"] > 1 else "")


def _ci(iv: dict) -> str:
    return f"{iv['rate']:.1%} ({iv['low']:.1%}-{iv['high']:.1%})"
