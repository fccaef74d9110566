"""``simulate`` with a seed gives the statistics it gave before the rules were rewritten (issue 9 item 4).

tests/engine/data/baseline_stats.json holds figures printed by ``cardgen simulate --games 300
--seed 7 --json`` (lookahead lineup: 40 games) on the tree before the rules moved into one
implementation: win rates, mean scores, blocks, cards played, dispatch cards used and effective
events. Any change to a rule, a bot or the order of random draws moves them. Re-pinned once, for a
rule fix: a Passing Swap may not land a train in a section closed this round (ruling R6; 1 to 4
fewer swaps per run).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.engine.rules.options import Options
from cardgen.engine.simulation.runner import RunSpec, content_for, run
from cardgen.engine.simulation.summary import build_summary

PINNED = json.loads((Path(__file__).parent / "data" / "baseline_stats.json").read_text())
CASES = {
    "default": (None, ("heavy", "light", "balanced", "long"), 300, None),
    "two_locomotives": ("two_locomotives", ("heavy", "light"), 300, None),
    "mixed_bots": (None, ("lookahead", "random", "balanced", "heavy"), 40, None),
    "rulings": (None, ("heavy", "light", "balanced", "long"), 300,
                Options(wait_card_gain="after_order", signal_after_floor=True, booking_platform="any",
                        stop_short=True)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_same_seed_same_statistics_as_before(case):
    variant, lineup, games, options = CASES[case]
    spec = RunSpec(None, variant, lineup, games, 7, options)
    summary = build_summary(content_for(None, variant), spec, run(spec, workers=1))
    got = {key: summary[key] for key in ("win_rate", "cards_played", "dispatch_used", "events_effective")}
    got["score_mean"] = {bot: figures["score"]["mean"] for bot, figures in summary["bots"].items()}
    got["blocks_per_game_mean"] = summary["blocks_per_game"]["mean"]
    assert got == PINNED[case]
