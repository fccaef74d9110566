"""Both drivers play the same games: the fast loop and the checked path, seed by seed, end in the same state."""

from __future__ import annotations

from cardgen.engine import GameState
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
