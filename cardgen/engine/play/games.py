"""Play whole games with bots, fast: the simulator's entry point.

Two drivers over the same rule methods of :class:`GameState`: the fast loop
(:func:`cardgen.engine.play.fast.run_fast`, no action objects, no validation) and
:func:`cardgen.engine.play.checked_loop.run_checked`, where every bot answer becomes an action the checked
path validates. Both ask the same questions in the same order, so a seed gives
the same game on both (tests/engine/test_fast_path.py).
"""

from __future__ import annotations

from typing import Mapping, NamedTuple

from cardgen.engine.bots.archetypes import Bot
from cardgen.engine.bots.registry import BOTS, BotFactory
from cardgen.engine.rules.options import Options
from cardgen.engine.rules.compiled import Rules, compile_rules
from cardgen.engine.play.checked_loop import run_checked  # noqa: F401  (re-exported: both drivers here)
from cardgen.engine.play.fast import run_fast
from cardgen.engine.rules.state import GameState
from cardgen.errors import UsageError
from cardgen.model import Content


class PlayerResult(NamedTuple):
    """One player's end of game. ``late`` and ``delays`` are both L (a late delivery adds 1 to L).

    Results are named tuples, not dataclasses: the simulator makes five of them a game, and a frozen
    dataclass costs several times more to build.
    """

    seat: int               # 0-based player index
    bot: str
    score: int
    delivered: int
    late: int
    delays: int
    wait: int               # final W (summed over the player's trains)
    blocked: int            # rounds a train moved fewer cells than R, not by choice
    blocked_by_train: int   # ... of which a train ahead on the same line stopped it
    bonus: int
    penalty: int
    award: int = 0          # end-of-game awards' points (scoring.awards)


class GameResult(NamedTuple):
    """One finished game, for statistics."""

    players: tuple[PlayerResult, ...]
    winners: tuple[int, ...]
    rounds: int
    final_clock: int
    pile_empty_round: dict[str, int | None]
    cards_played: dict[str, int]
    dispatch_used: dict[str, int]
    events_effective: dict[str, int]
    dispatch_effective: dict[str, int]   # dispatch cards played that changed something (R, W, a move, a swap...)
    stalled: bool
    blocks: int             # total short moves not by choice, all trains
    variant: str | None
    siding_pulls: dict[str, int] = {}   # siding id -> times a train pulled into it (ruling R25)


_RULES: dict[int, tuple[Content, Rules]] = {}


def rules_for(content: Content | Rules) -> Rules:
    """Compile once per content object (the simulator calls play_game thousands of times)."""
    if isinstance(content, Rules):
        return content
    hit = _RULES.get(id(content))
    if hit is None or hit[0] is not content:
        hit = _RULES[id(content)] = (content, compile_rules(content.in_play))  # optional modules: R23
    return hit[1]


def make_bots(rules: Rules, lineup: list[str] | tuple[str, ...], seed: int,
              bots: Mapping[str, BotFactory] | None = None) -> list[Bot]:
    """One bot per player, each with its own random stream derived from the game seed.

    ``bots`` replaces some names' factories (a sweep's tuned archetypes); the rest come from BOTS."""
    table = {**BOTS, **bots} if bots else BOTS
    unknown = [name for name in lineup if name not in table]
    if unknown:
        raise UsageError(f"unknown bot(s) {', '.join(unknown)}; known: {', '.join(table)}")
    return [table[name](rules, seed * 1_000_003 + seat) for seat, name in enumerate(lineup)]


def result_of(state: GameState, lineup: list[str] | tuple[str, ...]) -> GameResult:
    rules = state.rules
    wait, blocked, by_train = state.wait, state.blocked, state.blocked_by_train
    if rules.trains_per_player == 1:          # train t is player t's: no sums (this runs once a game)
        waits, blocks, by_trains = wait, blocked, by_train
    else:
        groups = state.trains_of
        waits = [sum(wait[t] for t in g) for g in groups]
        blocks = [sum(blocked[t] for t in g) for g in groups]
        by_trains = [sum(by_train[t] for t in g) for g in groups]
    # positional, in field order: the simulator builds these for every game
    players = tuple(map(PlayerResult, range(state.players), lineup, state.score, state.delivered, state.late,
                        state.late, waits, blocks, by_trains, state.bonus, state.penalty, state.award))
    return GameResult(
        players=players, winners=state.winners(), rounds=state.round, final_clock=state.clock,
        pile_empty_round=dict(zip(rules.station_ids, state.pile_empty_round)),
        cards_played=dict(zip(rules.op_ids, state.cards_played)),
        dispatch_used=dict(zip(rules.dispatch_ids, state.dispatch_used)),
        events_effective=dict(zip(rules.event_ids, state.events_effective)),
        dispatch_effective=dict(zip(rules.dispatch_ids, state.dispatch_effective)),
        stalled=state.stalled_round is not None, blocks=sum(blocked), variant=rules.variant,
        siding_pulls=dict(zip(rules.siding_ids, state.siding_pulls)))


def play_game(content: Content | Rules, lineup: list[str] | tuple[str, ...], seed: int = 0,
              options: Options | None = None, check_invariants: bool = False,
              bots: Mapping[str, BotFactory] | None = None) -> GameResult:
    """Play one game with one bot per player (``len(lineup)`` players); deterministic for ``seed``.
    ``bots`` overrides the factories of some bot names (see :func:`make_bots`)."""
    rules = rules_for(content)
    state = GameState(rules, len(lineup), seed, options)
    run_fast(state, make_bots(rules, lineup, seed, bots), check_invariants)
    return result_of(state, lineup)
