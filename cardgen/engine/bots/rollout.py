"""Value a dispatch card by rollouts: play the rest of the game on with the card and without it, and compare.

Why: a card whose kind has registered primitives (cardgen/model/effects.py ``register_primitive``) may do
anything its ``apply()`` does, so no hand-written rule can know what it is worth. The lookahead bot asks this
module instead, at the moment the card may be played: in each of a few copies of the game as the player may
believe it to be (:meth:`PlayerView.sampled_game`: what is hidden dealt again), the decision is taken each way
and the game is played to its end by balanced bots through the checked path (which knows where in the round the
copy stands). The choice with the best mean margin (the player's score less the best other score) wins; keeping
the card wins ties. The copies of one decision share their random deal (common random numbers).
"""

from __future__ import annotations

import random
from typing import Optional

from cardgen.engine.bots.archetypes import Archetype, Bot, archetype_targets
from cardgen.engine.play.checked_loop import run_checked
from cardgen.engine.rules.actions import Dispatch, Operation, Reveal
from cardgen.engine.rules.checked import OPERATION, PLAY_MOVED, PLAY_STOP
from cardgen.engine.rules.compiled import AFTER_MOVE, AT_STOP, WITH_REVEAL
from cardgen.engine.rules.state import GameState
from cardgen.engine.rules.view import PlayerView

#: sampled games per decision: each option is played out in every one of them
ROLLOUTS = 4
#: what a rollout plays with: -1 keeps the card; otherwise the choice to name (-1 inside a play: nothing named)
KEEP = None


def best_play(view: PlayerView, t: int, card: int, choices: list[int], rng: random.Random) -> Optional[int]:
    """What to name when playing dispatch card ``card`` for train ``t`` now (-1: nothing), or None to keep it:
    the option whose rollouts end with the best mean margin for ``t``'s owner."""
    options: list[Optional[int]] = [KEEP, *(choices or [-1])]
    seeds = [rng.randrange(1 << 30) for _ in range(ROLLOUTS)]
    best, best_value = KEEP, 0.0
    for index, option in enumerate(options):
        value = sum(_margin(view, t, card, option, seed) for seed in seeds) / ROLLOUTS
        if index == 0 or value > best_value:
            best, best_value = option, value
    return best


def _margin(view: PlayerView, t: int, card: int, option: Optional[int], seed: int) -> float:
    """One rollout: the game sampled with ``seed``, the decision taken as ``option``, played to its end."""
    rng = random.Random(seed)
    game = view.sampled_game(rng)
    bots = _players(game, seed)
    _decide(game, bots, t, card, option)
    run_checked(game, bots)
    p = game.owner[t]
    others = [s for q, s in enumerate(game.score) if q != p]
    return game.score[p] - (max(others) if others else 0)


def _players(game: GameState, seed: int) -> list[Bot]:
    """The balanced archetype for every seat of a rollout, each with its own stream."""
    target = archetype_targets(game.rules)["balanced"]
    return [Archetype(game.rules, seed * 7 + p, "balanced", target) for p in range(game.players)]


def _decide(game: GameState, bots: list[Bot], t: int, card: int, option: Optional[int]) -> None:
    """Put the copy at the decision the real game is at (the card's window, for train ``t``) and take it."""
    window = game.rules.dispatch[card].window
    game.drawn, game.booking, game._stopping = [], -1, False
    played = None if option is KEEP else card
    if window == WITH_REVEAL:
        game.phase, game.cursor = OPERATION, 0
        views = [PlayerView(game, p) for p in range(game.players)]
        wanted = [bots[game.owner[u]].operation(views[game.owner[u]], u) for u in range(game.n)]
        wanted[t] = (wanted[t][0], -1 if played is None else played)
        chosen = game.clamp_dispatch(wanted)
        game.apply(Reveal(tuple(Operation(slot, None if k < 0 else k) for slot, k in chosen)))
        return
    game.cursor = game.order.index(t)
    named = None if option is None or option < 0 else option
    if window == AFTER_MOVE:
        game.phase = PLAY_MOVED
        game.apply(Dispatch(played, target=named if played is not None else None))
    else:
        assert window == AT_STOP
        game.phase = PLAY_STOP
        game.apply(Dispatch(played, pile=named if played is not None else None))
