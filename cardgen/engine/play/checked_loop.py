"""The checked loop: a whole game (or the rest of one) through the checked path, every bot answer an action.

Beside the fast loop (:mod:`cardgen.engine.play.fast`) for the simulator's tests that both drivers play the same
game, for replay scripts, and for the lookahead bot's rollouts (:mod:`cardgen.engine.bots.rollout`), which
continue a copied game from the middle of a round: the checked path knows where in the round it stands.
"""

from __future__ import annotations

from cardgen.engine.bots.archetypes import Bot
from cardgen.engine.rules.actions import Action, Board, Dispatch, Keep, Move, Operation, Reveal, Siding
from cardgen.engine.rules.checked import BOARD, KEEP, MOVE, OPERATION, PLAY_MOVED, PLAY_STOP, SIDING
from cardgen.engine.rules.state import GameState
from cardgen.engine.rules.view import PlayerView


def run_checked(state: GameState, bots: list[Bot]) -> None:
    """Play ``state`` through the checked path: every bot answer becomes an action that
    :meth:`GameState.apply` validates. Slower than :func:`run_fast`, same game for the same seed.
    """
    views = [PlayerView(state, p) for p in range(state.players)]
    state.start()
    while not state.over:
        state.apply(bot_action(state, bots, views))


def bot_action(state: GameState, bots: list[Bot], views: list[PlayerView]) -> Action:
    """The action the bots (one per player, each with its ``views`` entry) take at the pending decision."""
    ph = state.phase
    if ph == OPERATION:
        wanted = [bots[state.owner[t]].operation(views[state.owner[t]], t) for t in range(state.n)]
        return Reveal(tuple(Operation(slot, _card(card)) for slot, card in state.clamp_dispatch(wanted)))
    t = state.current_train()
    assert t is not None  # a train decides in every phase but the joint reveal
    bot, view = bots[state.owner[t]], views[state.owner[t]]
    if ph == MOVE:
        return Move(bot.move(view, t, state.r[t]))
    if ph == SIDING:
        return Siding(bot.siding(view, t))
    if ph == PLAY_MOVED:
        card, u = bot.after_move(view, t, *state.after_move_cards(t))
        if card >= 0 and state.rules.dispatch[card].pick_section:   # the bot's answer names a section cell
            return Dispatch(card, section=u)
        return Dispatch(_card(card), target=_card(u) if card >= 0 else None)
    if ph == PLAY_STOP:
        card, pile = bot.at_stop(view, t, state.stop_cards(t))
        return Dispatch(_card(card), pile=_card(pile) if card >= 0 else None)
    if ph == KEEP:
        keep = state.rules.dispatch[state.booking].keep
        return Keep(tuple(bot.keep(view, t, state.drawn, keep)), bot.booking_platform(view, t))
    assert ph == BOARD
    return Board(tuple(bot.board(view, t, state.eligible(t), state.room(t), state.boarding_limit(t))))


def _card(index: int) -> int | None:
    """A bot's -1 ("none") as an action's None."""
    return None if index < 0 else index


