"""Judge a simulation run: is the set playable, and is any strategy far too strong?

Playability problems make ``cardgen simulate`` exit 1; balance findings are warnings
(exit 0) because a dominant bot says something about the design, not a broken set.
"""

from __future__ import annotations

from collections import Counter

from cardgen.engine.sim_stats import wilson
from cardgen.engine.simulate import RunSpec, Tally, expected_max_rounds, game_seed, seat_lineup

# A bot is flagged when the lower 95% bound of its per-copy win rate exceeds
# DOMINANCE_FACTOR x its fair share, or its per-copy win rate exceeds DOMINANCE_RATE.
DOMINANCE_FACTOR = 2.0
DOMINANCE_RATE = 0.75


def _example(spec: RunSpec, index: int) -> str:
    bots = ",".join(seat_lineup(spec.lineup, index))
    return f"game {index} (seed {game_seed(spec.seed, index)}, seats {bots})"


def playability_problems(content, spec: RunSpec, tally: Tally) -> list[str]:
    """Every reason the run shows the set is not playable as written; empty when fine."""
    problems: list[str] = []
    clock = content.game.clock
    if tally.overlong_count:
        problems.append(
            f"{tally.overlong_count} game(s) did not end with the clock at {clock.end} within "
            f"{expected_max_rounds(content)} rounds (clock span + clock holds on the event track); "
            f"first: {_example(spec, tally.overlong[0])}")
    if tally.stalled_count:
        problems.append(
            f"{tally.stalled_count} game(s) stalled (a round where no train can ever move again); "
            f"first: {_example(spec, tally.stalled[0])}")
    problems += _never(tally.cards_played, [k.id for k in content.operations.kinds],
                       "operation card kind", "was never played")
    if content.game.setup.dispatch_per_player > 0:
        problems += _never(tally.dispatch_used, [k.id for k in content.dispatch.kinds],
                           "dispatch card kind", "was never used")
    on_track = sorted({card.kind for _, card in content.event_track})
    problems += _never(tally.events_effective, on_track, "event kind", "never took effect")
    return problems


def _never(counts: Counter, kinds: list[str], what: str, verb: str) -> list[str]:
    return [f"{what} '{kind}' {verb} in the whole run" for kind in kinds if counts.get(kind, 0) == 0]


def balance_warnings(spec: RunSpec, tally: Tally) -> list[str]:
    """Bots that win far more than their fair share (per copy when a bot sits twice)."""
    warnings = []
    copies = Counter(spec.lineup)
    for bot, k in sorted(copies.items()):
        per_copy = tally.bot_share.get(bot, 0) / k
        interval = wilson(per_copy, tally.games)
        fair = 1 / spec.players
        if interval.low > DOMINANCE_FACTOR * fair or interval.rate > DOMINANCE_RATE:
            warnings.append(
                f"bot '{bot}' wins {interval.rate:.1%} of games per seat (95% CI {interval.low:.1%}-"
                f"{interval.high:.1%}) against a fair share of {fair:.1%}")
    return warnings
