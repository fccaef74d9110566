"""Judge a simulation run: is the set playable, and is any strategy far too strong?

Playability problems make ``cardgen simulate`` exit 1; balance findings are warnings
(exit 0) because a dominant bot says something about the design, not a broken set.
"""

from __future__ import annotations

import math
from collections import Counter

from cardgen.engine.simulation.stats import wilson
from cardgen.engine.simulation.runner import RunSpec, Tally, expected_max_rounds, game_seed, seat_lineup

# A bot is flagged when the lower 95% bound of its per-copy win rate exceeds
# DOMINANCE_FACTOR x its fair share, or its per-copy win rate exceeds DOMINANCE_RATE.
DOMINANCE_FACTOR = 2.0
DOMINANCE_RATE = 0.75

# "A kind never mattered" is only evidence when the run is long enough. A kind that
# matters in a share p of games goes unseen in n independent games with chance
# (1 - p) ** n, so the check is a failure only from the run length at which a kind
# mattering in MATTERS_SHARE of games would be missed with chance below NEVER_ALPHA
# (90 games with these values); shorter runs print an "inconclusive" note instead.
# Both are tuning constants of the judgement, not rules of the game.
MATTERS_SHARE = 0.05   # a kind mattering in fewer than 1 game in 20 counts as dead weight
NEVER_ALPHA = 0.01     # accepted chance of failing a set because of an unlucky run


def never_check_games() -> int:
    """The fewest games after which "never played" is a failure rather than chance.

    >>> never_check_games()
    90
    """
    return math.ceil(math.log(NEVER_ALPHA) / math.log(1 - MATTERS_SHARE))


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
    if tally.games >= never_check_games():
        problems += [f"{kind} {verb} in the whole run" for kind, verb in _unseen(content, tally)]
    return problems


def playability_notes(content, tally: Tally) -> list[str]:
    """What a run too short for the "never played" checks could not judge (see MATTERS_SHARE)."""
    unseen = _unseen(content, tally)
    need = never_check_games()
    if tally.games >= need or not unseen:
        return []
    chance = (1 - MATTERS_SHARE) ** tally.games
    listed = "; ".join(f"{kind} {verb}" for kind, verb in unseen)
    return [f"inconclusive: only {tally.games} game(s), and {listed} in them. A kind that matters in "
            f"{MATTERS_SHARE:.0%} of games goes unseen in {tally.games} game(s) with chance {chance:.0%}; "
            f"run at least {need} games to judge it"]


def _unseen(content, tally: Tally) -> list[tuple[str, str]]:
    """(kind, what happened never) for every card or event kind that never mattered in the run; spares and the
    cards of modules not enabled are not expected to (Content.expects_effect)."""
    expected = content.expects_effect
    found = _never(tally.cards_played, [k.id for k in content.operations.kinds if expected(k)],
                   "operation card kind", "was never played")
    if content.game.setup.dispatch_per_player > 0:
        kinds = [k.id for k in content.dispatch.kinds if expected(k)]
        found += _never(tally.dispatch_used, kinds, "dispatch card kind", "was never used")
        found += _never(tally.dispatch_effective, [k for k in kinds if tally.dispatch_used.get(k, 0)],
                        "dispatch card kind", "was used but never took effect")
    on_track = sorted({card.kind for _, card in content.event_track if expected(card)})
    found += _never(tally.siding_pulls, [sd.id for sd in content.map.sidings], "siding", "was never pulled into")
    return found + _never(tally.events_effective, on_track, "event kind", "never took effect")


def _never(counts: Counter, kinds: list[str], what: str, verb: str) -> list[tuple[str, str]]:
    return [(f"{what} '{kind}'", verb) for kind in kinds if counts.get(kind, 0) == 0]


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
