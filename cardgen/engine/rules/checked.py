"""The checked path: stop at every real decision, list the legal actions, validate each answer.

People, scripts and tests drive a game through :meth:`CheckedDriver.apply`;
steps that offer a single choice are resolved automatically. The rules
themselves live in :class:`cardgen.engine.rules.core.Core`, which this driver
extends, so the checked path and the fast loop run the same rule methods.
"""

from __future__ import annotations

import itertools
from typing import Optional

from cardgen.engine.rules.actions import (
    Action, Board, Booking, IllegalAction, Keep, Move, Operation, Reveal, Swap,
)
from cardgen.engine.rules.core import BOARD, BOOKING, KEEP, MOVE, OPERATION, OVER, SWAP, Core

__all__ = ["BOARD", "BOOKING", "KEEP", "MOVE", "OPERATION", "OVER", "SWAP", "CheckedDriver"]


class CheckedDriver(Core):
    """Decision bookkeeping (``phase``, ``cursor``) over the rule methods of :class:`Core`."""

    def current_train(self) -> Optional[int]:
        """The train whose decision is pending (None for the joint reveal or a finished game)."""
        if self.phase in (OPERATION, OVER):
            return None
        return self.order[self.cursor]

    def current_player(self) -> Optional[int]:
        t = self.current_train()
        return None if t is None else self.owner[t]

    def operation_options(self, t: int) -> list[Operation]:
        slots = range(len(self.hand[t])) if self.options.hand_size > 1 else (0,)
        signals = (False, True) if self.signal_allowed(t) else (False,)
        return [Operation(s, g) for s in slots for g in signals]

    def board_options(self, t: int) -> list[Board]:
        """Every legal set of tickets to board (order as on the platform), the empty set first."""
        rules = self.rules
        cands = self.eligible(t)
        room = self.room(t)
        limit = self.boarding_limit(t) or len(cands)
        out: list[Board] = []
        for size in range(min(limit, len(cands)) + 1):
            for combo in itertools.combinations(cands, size):
                if sum(rules.ticket_seats[rules.card_kind[c]] for c in combo) <= room:
                    out.append(Board(combo))
        return out

    def legal_actions(self) -> list[Action]:
        """Every action the pending decision allows (the joint reveal lists all combinations)."""
        ph = self.phase
        if ph == OVER:
            return []
        if ph == OPERATION:
            per = [self.operation_options(t) for t in range(self.n)]
            out: list[Action] = []
            for combo in itertools.product(*per):
                if self._signals_affordable(combo):
                    out.append(Reveal(tuple(combo)))
            return out
        t = self.order[self.cursor]
        if ph == MOVE:
            return [Move(c) for c in range(self.r[t] + 1)]
        if ph == SWAP:
            swaps: list[Action] = [Swap(None)]
            return swaps + [Swap(u) for u in self.swap_targets(t)]
        if ph == BOOKING:
            bookings: list[Action] = [Booking(None)]
            return bookings + [Booking(s) for s, pile in enumerate(self.piles) if pile]
        if ph == KEEP:
            keep = min(self.rules.booking_keep, len(self.drawn))
            combos = list(itertools.combinations(range(len(self.drawn)), keep))
            if self.options.booking_platform == "any":
                return [Keep(c, s) for c in combos for s in range(len(self.platforms))]
            return [Keep(c) for c in combos]
        boards: list[Action] = list(self.board_options(t))
        return boards

    def clamp_signals(self, choices: list[tuple[int, bool]]) -> list[tuple[int, bool]]:
        """Drop Signal Priority claims beyond the cards each player holds (a player with two trains
        and one card: the lower-numbered train gets it). Bot drivers use this; people get an error."""
        left = [self.dispatch[p].count(self.rules.dispatch_signal) for p in range(self.players)]
        out = []
        for t, (slot, sig) in enumerate(choices):
            p = self.owner[t]
            if sig and left[p] > 0:
                left[p] -= 1
                out.append((slot, True))
            else:
                out.append((slot, False))
        return out

    def _check_board(self, t: int, cards: tuple[int, ...]) -> None:
        """Boarding is legal in any order: check the set against direction, cap and the stop limit."""
        rules = self.rules
        where = f"round {self.round}: train {t + 1} at cell {self.cell[t]}"
        eligible = self.eligible(t)
        if len(set(cards)) != len(cards):
            raise IllegalAction(f"{where}: a ticket is boarded twice")
        for c in cards:
            if c not in eligible:
                name = rules.ticket_ids[rules.card_kind[c]] if 0 <= c < len(rules.card_kind) else str(c)
                raise IllegalAction(f"{where}: ticket {name} (#{c}) is not waiting here for a train going this way")
        places = sum(rules.ticket_seats[rules.card_kind[c]] for c in cards)
        if places > self.room(t):
            raise IllegalAction(f"{where}: boarding {places} places onto a load of {self.places[t]} makes "
                                f"{self.places[t] + places}, over the composition cap {self.cap_now()}")
        limit = self.boarding_limit(t)
        if limit and len(cards) > limit:
            raise IllegalAction(f"{where}: at most {limit} ticket(s) may board at this stop")

    def _signals_affordable(self, combo) -> bool:
        need = [0] * self.players
        for t, op in enumerate(combo):
            if op.signal:
                need[self.owner[t]] += 1
        sig = self.rules.dispatch_signal
        return all(need[p] <= self.dispatch[p].count(sig) for p in range(self.players))

    def apply(self, action: Action) -> None:
        """Validate ``action`` against the pending decision, apply it and run on to the next decision."""
        ph = self.phase
        if ph == OVER:
            raise IllegalAction("the game is over")
        if ph == OPERATION:
            self._apply_reveal(action)
        elif ph == BOARD and isinstance(action, Board):
            self._check_board(self.order[self.cursor], action.cards)
            self._apply_step(action)
        else:
            if action not in self.legal_actions():
                who = self.order[self.cursor] + 1
                raise IllegalAction(f"round {self.round}: {action!r} is not legal for train {who} in phase "
                                    f"'{ph}'; legal: {self.legal_actions()!r}")
            self._apply_step(action)
        self._advance()

    def _apply_reveal(self, action: Action) -> None:
        if not isinstance(action, Reveal) or len(action.choices) != self.n:
            raise IllegalAction(f"round {self.round}: the operation phase needs a Reveal with {self.n} choices")
        for t, op in enumerate(action.choices):
            if op not in self.operation_options(t):
                raise IllegalAction(f"round {self.round}: train {t + 1} cannot play {op!r}; "
                                    f"legal: {self.operation_options(t)!r}")
        if not self._signals_affordable(action.choices):
            raise IllegalAction(f"round {self.round}: more Signal Priority cards used than held")
        self.reveal([(op.slot, op.signal) for op in action.choices])
        self.phase, self.cursor = MOVE, 0

    def _apply_step(self, action: Action) -> None:
        t = self.order[self.cursor]
        if isinstance(action, Move):
            self.move(t, action.cells)
            self.phase = SWAP
        elif isinstance(action, Swap):
            if action.target is not None:
                self.swap(t, action.target)
            self._next_mover()
        elif isinstance(action, Booking):
            if action.pile is None:
                self.phase = BOARD
                self._stop_begin(t)
            else:
                self.drawn = self.booking_draw(t, action.pile)
                self.phase = KEEP
        elif isinstance(action, Keep):
            self.booking_keep(self.drawn, action.picks, action.platform)
            self.drawn = []
            self.phase = BOARD
            self._stop_begin(t)
        elif isinstance(action, Board):
            self.board(t, action.cards)
            self._stop_end(t)

    def _next_mover(self) -> None:
        self.cursor += 1
        if self.cursor < self.n:
            self.phase = MOVE
        else:
            self.phase, self.cursor = BOOKING, 0

    def _stop_begin(self, t: int) -> None:
        """After any Group Booking: alight now; boarding is the decision that follows."""
        self._stopping = self.can_stop(t)
        if self._stopping:
            self.alight(t)

    def _stop_end(self, t: int) -> None:
        if self._stopping:
            self.refill(self.rules.station_of_cell[self.cell[t]])
            self._stopping = False
        self.cursor += 1
        self.phase = BOOKING
        if self.cursor >= self.n:
            self.cursor = 0
            self.end_round()
            if self.phase != OVER:
                self.phase = OPERATION

    def _advance(self) -> None:
        """Resolve every step that offers a single choice, stopping at the next real decision."""
        while True:
            ph = self.phase
            if ph == OVER:
                return
            if ph == OPERATION:
                if all(len(self.operation_options(t)) == 1 for t in range(self.n)):
                    self._apply_reveal(Reveal(tuple(self.operation_options(t)[0] for t in range(self.n))))
                    continue
                return
            t = self.order[self.cursor]
            if ph == MOVE:
                if self.options.stop_short and self.r[t] > 0:
                    return
                self.move(t)
                self.phase = SWAP
                continue
            if ph == SWAP:
                if self.swap_targets(t):
                    return
                self._next_mover()
                continue
            if ph == BOOKING:
                if self.booking_allowed(t):
                    return
                self.phase = BOARD
                self._stop_begin(t)
                continue
            if ph == KEEP:
                return
            if ph == BOARD:
                if self._stopping and self.eligible(t):
                    return
                self._stop_end(t)
                continue

    def start(self) -> "CheckedDriver":
        """Run the automatic steps up to the first decision (call once after construction)."""
        self._advance()
        return self
