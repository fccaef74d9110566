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
from cardgen.engine.rules.invariants import check_state
from cardgen.engine.rules.state import GameState
from cardgen.engine.rules.view import PlayerView

#: the operation choice when there is none: the top card, no Signal Priority
NO_CHOICE = (0, False)


def run_fast(state: GameState, bots: list[Bot], check_invariants: bool = False) -> None:
    """Play ``state`` to the end, asking ``bots`` (one per player) every decision the rules leave open."""
    rules, opts = state.rules, state.options
    views = [PlayerView(state, p) for p in range(state.players)]
    owner, n = state.owner, state.n
    seat_bot = [bots[owner[t]] for t in range(n)]
    seat_view = [views[owner[t]] for t in range(n)]
    stop_short, use_hand = opts.stop_short, opts.hand_size > 1
    station_of_cell, no_stop = rules.station_of_cell, rules.op_no_stop
    swap_k, book_k, sig_k = rules.dispatch_swap, rules.dispatch_booking, rules.dispatch_signal
    dispatch = state.dispatch
    trains = range(n)
    while not state.over:
        # phase 2: only ask a bot when it has a choice (a hand to pick from, or Signal Priority to play)
        choices: list[tuple[int, bool]] = []
        signals = False
        for t in trains:
            if use_hand or (sig_k >= 0 and sig_k in dispatch[owner[t]]):
                choice = seat_bot[t].operation(seat_view[t], t)
                signals = signals or choice[1]
                choices.append(choice)
            else:
                choices.append(NO_CHOICE)
        if signals:
            choices = state.clamp_signals(choices)
        state.reveal(choices)
        r = state.r
        # phase 3: each train in order, then its Passing Swap
        for t in state.order:
            if stop_short and r[t] > 0:
                state.move(t, seat_bot[t].move(seat_view[t], t, r[t]))
            else:
                state.move(t)
            if swap_k >= 0 and swap_k in dispatch[owner[t]]:
                targets = state.swap_targets(t)
                if targets:
                    u = seat_bot[t].swap(seat_view[t], t, targets)
                    if u is not None:
                        state.swap(t, u)
        # phase 4: Group Booking, then the stop (alight, board, refill), in move order
        for t in state.order:
            bot, view = seat_bot[t], seat_view[t]
            if book_k >= 0 and book_k in dispatch[owner[t]] and state.booking_allowed(t):
                pile = bot.booking(view, t)
                if pile is not None:
                    drawn = state.booking_draw(t, pile)
                    state.booking_keep(drawn, bot.keep(view, t, drawn), bot.booking_platform(view, t))
            s = station_of_cell[state.cell[t]]
            if s >= 0 and not no_stop[state.card[t]]:   # state.can_stop(t)
                if state.aboard[t]:
                    state.alight(t)
                eligible = state.eligible(t)
                if eligible:
                    state.board(t, bot.board(view, t, eligible, state.room(t), state.boarding_limit(t)))
                state.refill(s)
        if check_invariants:
            check_state(state)
        state.end_round()
    if check_invariants:
        check_state(state)
