"""The fast loop: a whole game of bots over the rule methods of :class:`GameState`, no action objects.

Why a second driver beside the checked path: the simulator plays thousands of
games a second, and listing and validating every legal action costs more than
the rules themselves. This loop calls the very same rule methods
(:mod:`cardgen.engine.rules.core`) and asks each bot only the questions the
rules let it decide, in the order the checked driver asks them, so a seed plays
the same game on both (tests/engine/test_fast_path.py). ``setup.py`` compiles
this module, the rules and the bots together with mypyc (:mod:`cardgen.engine.native`).
"""

from __future__ import annotations

from cardgen.engine.bots.archetypes import Bot
from cardgen.engine.rules.compiled import AFTER_MOVE, AT_STOP, WITH_REVEAL
from cardgen.engine.rules.invariants import check_state
from cardgen.engine.rules.state import GameState
from cardgen.engine.rules.view import PlayerView

#: the operation choice when there is none: the top card, no dispatch card
NO_CHOICE = (0, -1)


def run_fast(state: GameState, bots: list[Bot], check_invariants: bool = False) -> None:
    """Play ``state`` to the end, asking ``bots`` (one per player) every decision the rules leave open."""
    rules, opts = state.rules, state.options
    views = [PlayerView(state, p) for p in range(state.players)]
    owner, n = state.owner, state.n
    seat_bot = [bots[owner[t]] for t in range(n)]
    seat_view = [views[owner[t]] for t in range(n)]
    stop_short, use_hand = opts.stop_short, opts.hand_size > 1
    fx = rules.dispatch
    dispatch = state.dispatch
    trains = range(n)
    sidings = bool(rules.siding_ids)
    while not state.over:
        # phase 2: only ask a bot when it has a choice (a hand to pick from, or a dispatch card to play with it)
        choices: list[tuple[int, int]] = []
        claimed = False
        for t in trains:
            if use_hand or (dispatch[owner[t]] and state.holds_for(owner[t], WITH_REVEAL)):
                choice = seat_bot[t].operation(seat_view[t], t)
                claimed = claimed or choice[1] >= 0
                choices.append(choice)
            else:
                choices.append(NO_CHOICE)
        if claimed:
            choices = state.clamp_dispatch(choices)
        state.reveal(choices)
        r = state.r
        # phase 3: each train in order, then the dispatch cards played after its move (Passing Swap)
        for t in state.order:
            if stop_short and r[t] > 0:
                state.move(t, seat_bot[t].move(seat_view[t], t, r[t]))
            else:
                state.move(t)
            if sidings and state.siding_open(t) >= 0 and seat_bot[t].siding(seat_view[t], t):   # ruling R25
                state.pull_off(t)
            if dispatch[owner[t]] and state.holds_for(owner[t], AFTER_MOVE):
                cards, targets = state.after_move_cards(t)
                if cards:
                    card, u = seat_bot[t].after_move(seat_view[t], t, cards, targets)
                    if card >= 0:
                        if fx[card].pick_section:   # the bot's answer names a section cell
                            state.play(t, card, section=u)
                        else:
                            state.play(t, card, u)
        # phase 4: the dispatch cards played as the stop begins (Group Booking), then the stop (alight, board,
        # refill), in move order
        for t in state.order:
            bot, view = seat_bot[t], seat_view[t]
            if dispatch[owner[t]] and state.holds_for(owner[t], AT_STOP):
                cards = state.stop_cards(t)
                if cards:
                    card, pile = bot.at_stop(view, t, cards)
                    if card >= 0:
                        drawn = state.play(t, card, pile=pile)
                        if fx[card].draw:
                            keep = bot.keep(view, t, drawn, fx[card].keep)
                            state.booking_keep(drawn, keep, bot.booking_platform(view, t))
            if state.can_stop(t):
                if state.aboard[t]:
                    state.alight(t)
                eligible = state.eligible(t)
                if eligible:
                    state.board(t, bot.board(view, t, eligible, state.room(t), state.boarding_limit(t)))
                state.end_stop(t)
        if check_invariants:
            check_state(state)
        state.end_round()
    if check_invariants:
        check_state(state)
