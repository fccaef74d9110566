"""``simulate --compare``: the same games on two sets, and each bot's win-rate difference with a 95% interval.

Why paired: both sets play game ``i`` with the same seed and the same bots in the
same seats (cardgen.engine.simulation.runner), so most of the luck is shared and
cancels in the per-game difference. For each bot, game ``i`` gives
``d_i = share_new_i - share_base_i`` (a k-way win counts 1/k); the delta is the
mean of ``d`` and its interval the normal one of a paired mean,
``mean ± z · sd(d) / sqrt(n)``, far narrower than comparing two independent runs.
"""

from __future__ import annotations

import math
from typing import Sequence

from cardgen.engine.simulation.stats import Z95


def shares(winners: Sequence[tuple[str, ...]], bot: str) -> list[float]:
    """The bot's share of each game's win (all its seats together; ties split)."""
    return [w.count(bot) / len(w) if w else 0.0 for w in winners]


def paired_delta(base: Sequence[tuple[str, ...]], new: Sequence[tuple[str, ...]], bots: Sequence[str],
                 z: float = Z95) -> dict[str, dict[str, float]]:
    """``{bot: {"win_rate": d, "low": lo, "high": hi}}``: new minus base, 95% interval of the paired mean.

    >>> paired_delta([("a",), ("b",), ("a",), ("b",)], [("a",), ("a",), ("a",), ("b",)], ["a", "b"])["a"]
    {'win_rate': 0.25, 'low': -0.239991, 'high': 0.739991}
    """
    if len(base) != len(new):
        raise ValueError("a paired comparison needs the same games on both sets")
    n = len(base)
    out: dict[str, dict[str, float]] = {}
    for bot in bots:
        d = [b - a for a, b in zip(shares(base, bot), shares(new, bot))]
        mean = sum(d) / n if n else 0.0
        var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
        half = z * math.sqrt(var / n) if n > 1 else 0.0
        out[bot] = {"win_rate": round(mean, 6), "low": round(mean - half, 6), "high": round(mean + half, 6)}
    return out


def usage_side_by_side(baseline: dict, summary: dict) -> dict[str, list[tuple[str, int | None, int | None]]]:
    """Per usage table, every kind of either set with its count in the base and in the new set (None: absent)."""
    out = {}
    for key in ("cards_played", "dispatch_used", "dispatch_effective", "events_effective", "siding_pulls"):
        old, new = baseline.get(key, {}), summary.get(key, {})
        if not old and not new:
            continue
        kinds = list(dict.fromkeys([*old, *new]))
        out[key] = [(k, old.get(k), new.get(k)) for k in kinds]
    return out


def format_comparison(summary: dict) -> str:
    """The text block ``cardgen simulate --compare`` prints after the new set's own report."""
    base, delta = summary["baseline"], summary["delta"]
    lines = ["", f"Compared with {summary['compared_with']} on the same {summary['games']} games "
                 "(same seeds, same seats; 95% interval of the paired difference)"]
    lines.append(f"  {'bot':<10} {'that set':>9} {'this set':>9} {'delta':>8}   95% interval")  # that: compared with
    for bot, d in delta.items():
        moved = "  *" if d["low"] > 0 or d["high"] < 0 else ""
        lines.append(f"  {bot:<10} {100 * base['win_rate'][bot]:8.1f}% {100 * summary['win_rate'][bot]:8.1f}% "
                     f"{100 * d['win_rate']:+7.1f}%   [{100 * d['low']:+.1f}%, {100 * d['high']:+.1f}%]{moved}")
    lines.append("  (* the interval excludes 0: the change moved this bot's win rate)")
    titles = {"cards_played": "Operation cards played", "dispatch_used": "Dispatch cards used",
              "dispatch_effective": "... of which mattered", "events_effective": "Rounds an event mattered",
              "siding_pulls": "Pulls into a siding"}
    for key, rows in usage_side_by_side(base, summary).items():
        shown = ", ".join(f"{k} {'-' if a is None else a} -> {'-' if b is None else b}" for k, a, b in rows)
        lines.append(f"  {titles[key]:<25} {shown}")
    return "\n".join(lines)
