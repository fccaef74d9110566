"""Helpers for tests that play whole games: both drivers end in the same state; what the bots played, tallied."""

from __future__ import annotations

from typing import Any, Iterable

from cardgen.engine import GameState, play_game
from cardgen.engine.play.games import make_bots, run_checked, run_fast
from cardgen.engine.rules.compiled import Rules


def drivers_agree(rules: Rules, lineup: list[str], seeds: range) -> None:
    """Play each seed of ``seeds`` on both drivers with ``lineup`` (invariants checked on the fast one) and
    assert the two final states are equal."""
    for seed in seeds:
        fast, checked = GameState(rules, len(lineup), seed), GameState(rules, len(lineup), seed)
        run_fast(fast, make_bots(rules, lineup, seed), check_invariants=True)
        run_checked(checked, make_bots(rules, lineup, seed))
        assert fast.to_dict() == checked.to_dict()


def tally(content: Any, runs: Iterable[tuple[list[str], int]], wanted: dict[str, list[str]]) -> dict[str, int]:
    """Play ``seeds`` games of each (lineup, seeds) in ``runs`` (invariants checked) and add up, for each statistic
    of the result named in ``wanted`` (``dispatch_used``, ``events_effective``...), the counts of the kinds it
    lists: what a test needs to say every bot plays a card and the card matters."""
    counts = {kind: 0 for kinds in wanted.values() for kind in kinds}
    for lineup, seeds in runs:
        for seed in range(seeds):
            result = play_game(content, lineup, seed=seed, check_invariants=True)
            for statistic, kinds in wanted.items():
                for kind in kinds:
                    counts[kind] += getattr(result, statistic)[kind]
    return counts
