"""What one player may see, and nothing more: the only thing a bot is given.

Public: positions, directions, compositions, W, scores, platforms, pile sizes,
the clock and the event track (only up to this round when the track is hidden,
variant 9.2). Private to the player: its own tickets aboard, its own dispatch
cards, its hand, and which cards remain in its own decks, but never their order.
Lists are the live state lists for speed; bots must treat them as read-only.
"""

from __future__ import annotations

import random
from typing import Optional

from cardgen.engine.rules.options import Options
from cardgen.engine.rules.compiled import EventEffect, Rules
from cardgen.engine.rules.state import GameState, shuffle


class PlayerView:
    """Read-only window on a :class:`GameState` for player ``player``."""

    def __init__(self, state: GameState, player: int) -> None:
        self._state: GameState = state
        self.player: int = player
        self.rules: Rules = state.rules
        self.options: Options = state.options
        self.trains: list[int] = state.trains_of[player]
        self.cell: list[int] = state.cell
        self.dir: list[int] = state.dir
        self.places: list[int] = state.places
        self.wait: list[int] = state.wait
        self.platforms: list[list[int]] = state.platforms
        self.score: list[int] = state.score
        self.siding: list[int] = state.siding     # the siding a train stands in, or -1 (ruling R25)

    @property
    def round(self) -> int:
        return self._state.round

    @property
    def clock(self) -> int:
        return self._state.clock

    @property
    def n_trains(self) -> int:
        return self._state.n

    def owner(self, t: int) -> int:
        return self._state.owner[t]

    def event(self, rnd: int) -> Optional[EventEffect]:
        """The event of round ``rnd``; None if there is none or it is still face down."""
        if self.rules.track_hidden and rnd > self._state.round:
            return None
        return self._state.event_for(rnd)

    def pile_size(self, station: int) -> int:
        return len(self._state.piles[station])

    def aboard(self, t: int) -> list[tuple[int, int]]:
        """(card, clock at boarding) of one of this player's own trains."""
        self._own(t)
        st = self._state
        return list(zip(st.aboard[t], st.boarded[t]))

    def deck_left(self, t: int) -> list[int]:
        """Counts by operation kind of the cards still to come before the next reshuffle (order hidden)."""
        self._own(t)
        counts = [0] * len(self.rules.op_ids)
        for k in self._state.deck[t]:
            counts[k] += 1
        return counts

    def hand(self, t: int) -> list[int]:
        self._own(t)
        return self._state.hand[t]

    def dispatch(self) -> list[int]:
        return self._state.dispatch[self.player]

    def card(self, t: int) -> int:
        """The operation card train ``t`` revealed this round (public once revealed)."""
        return self._state.card[t]

    def card_choices(self, t: int, card: int) -> list[int]:
        """What a player names when playing dispatch card ``card`` for train ``t`` now: trains (a swap, a chosen
        train), section cells (a chosen section) or piles (a booking, a festival), as its kind picks; public, like
        the trains and piles."""
        if self.rules.dispatch[card].pick_train:
            return self._state.card_targets(t, card)
        if self.rules.dispatch[card].pick_section:
            return self._state.card_sections(t, card)
        return self._state.card_piles(t, card) if self.rules.dispatch[card].pick_pile else []

    def r(self, t: int) -> int:
        return self._state.r[t]

    def moved(self, t: int) -> int:
        """Cells train ``t`` ran this round (public: everyone watches the trains move)."""
        return self._state.moved[t]

    def sampled_game(self, rng: random.Random) -> GameState:
        """A copy of the game as this player may believe it to be: what it sees as it is, what is hidden from it
        dealt again at random (each deck's order, the other players' hands and dispatch cards, the piles' order,
        the dispatch deck). A rollout plays such a copy (cardgen/engine/bots/rollout.py). A face-down event
        track (variant 9.2) is part of the rules and stays as it is: a rollout there knows the events to come."""
        game = GameState.from_dict(self.rules, self._state.to_dict())
        for t in range(game.n):
            if game.owner[t] != self.player and game.hand[t]:
                pool = game.hand[t] + game.deck[t]
                shuffle(rng, pool)
                game.hand[t], game.deck[t] = pool[:len(game.hand[t])], pool[len(game.hand[t]):]
            else:
                shuffle(rng, game.deck[t])
        for pile in game.piles:
            shuffle(rng, pile)
        pool = list(game.dispatch_deck)
        for p in range(game.players):
            if p != self.player:
                pool += game.dispatch[p]
        shuffle(rng, pool)
        for p in range(game.players):
            if p != self.player:
                held = len(game.dispatch[p])
                game.dispatch[p], pool = pool[:held], pool[held:]
        game.dispatch_deck = pool
        return game

    def to_move(self, t: int) -> list[int]:
        """The trains that move after train ``t`` this round (public: the move order is W's, on the table)."""
        order = self._state.order
        return order[order.index(t) + 1:]

    def closed(self, cell: int) -> bool:
        """Whether section ``cell`` is closed now (the event's closure, or a dispatch card's: ruling R26)."""
        return self._state.closed_now(cell)

    def _own(self, t: int) -> None:
        if self._state.owner[t] != self.player:
            raise PermissionError(f"player {self.player} may not see train {t}'s private information")
