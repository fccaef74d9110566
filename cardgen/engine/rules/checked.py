"""The checked path: stop at every real decision, list the legal actions, validate each answer.

People, scripts and tests drive a game through :meth:`CheckedDriver.apply`;
steps that offer a single choice are resolved automatically. The rules
themselves live in :class:`cardgen.engine.rules.core.Core`, which this driver
extends, so the checked path and the fast loop run the same rule methods.
"""

from __future__ import annotations

import itertools
from typing import Optional

from cardgen.engine.rules.actions import Action, Board, Dispatch, IllegalAction, Keep, Move, Operation, Reveal, Siding
from cardgen.engine.rules.compiled import WITH_REVEAL
from cardgen.engine.rules.core import BOARD, KEEP, MOVE, OPERATION, OVER, PLAY_MOVED, PLAY_STOP, SIDING, Core

__all__ = ["BOARD", "KEEP", "MOVE", "OPERATION", "OVER", "PLAY_MOVED", "PLAY_STOP", "SIDING", "CheckedDriver"]


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
        """Each hand slot (the top card without a hand), alone or with each dispatch card held for the reveal."""
        slots = range(len(self.hand[t])) if self.options.hand_size > 1 else (0,)
        fx = self.rules.dispatch
        cards: list[Optional[int]] = [None]
        for k in self.dispatch[self.owner[t]]:
            if fx[k].window == WITH_REVEAL and k not in cards:
                cards.append(k)
        return [Operation(s, k) for s in slots for k in cards]

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
                if self._dispatch_affordable(combo):
                    out.append(Reveal(tuple(combo)))
            return out
        t = self.order[self.cursor]
        if ph == MOVE:
            return [Move(c) for c in range(self.r[t] + 1)]
        if ph == SIDING:
            return [Siding(False), Siding(True)]
        if ph in (PLAY_MOVED, PLAY_STOP):
            return self._dispatch_actions(t, ph == PLAY_MOVED)
        if ph == KEEP:
            keep = min(self.rules.dispatch[self.booking].keep, len(self.drawn))
            combos = list(itertools.combinations(range(len(self.drawn)), keep))
            plain: list[Action] = [Keep(c) for c in combos]  # each kept ticket onto its origin platform (R7)
            if self.options.booking_platform == "any":  # or, named, onto any platform (booking_keep takes both)
                return plain + [Keep(c, s) for c in combos for s in range(len(self.platforms))]
            return plain
        boards: list[Action] = list(self.board_options(t))
        return boards

    def _dispatch_actions(self, t: int, moved: bool) -> list[Action]:
        """Pass, or play a card held for this window (after the move, else as the stop begins): a swap with each
        adjacent train, a booking on each pile, a closure of each section within the card's range."""
        out: list[Action] = [Dispatch(None)]
        fx = self.rules.dispatch
        cards, targets = self.after_move_cards(t) if moved else (self.stop_cards(t), [])
        for k in cards:
            if fx[k].pick_train:
                out += [Dispatch(k, target=u) for u in (targets if fx[k].swap else self.card_targets(t, k))]
            elif fx[k].pick_section:
                out += [Dispatch(k, section=c) for c in self.card_sections(t, k)]
            elif fx[k].pick_pile:
                out += [Dispatch(k, pile=s) for s in self.card_piles(t, k)]
            else:
                out.append(Dispatch(k))
        return out

    def clamp_dispatch(self, choices: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Drop dispatch cards claimed with the reveal beyond those each player holds (a player with two trains
        and one card: the lower-numbered train gets it, ruling R16). Bot drivers use this; people get an error."""
        left = [list(hand) for hand in self.dispatch]
        out = []
        for t, (slot, card) in enumerate(choices):
            hand = left[self.owner[t]]
            if card >= 0 and card in hand:
                hand.remove(card)
                out.append((slot, card))
            else:
                out.append((slot, -1))
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
                                f"{self.places[t] + places}, over the composition cap {self.cap_now(t)}")
        limit = self.boarding_limit(t)
        if limit and len(cards) > limit:
            raise IllegalAction(f"{where}: at most {limit} ticket(s) may board at this stop")

    def _check_section(self, action: Action) -> None:
        """A dispatch card played for the train now that names a section out of its range: say which it may name."""
        if not isinstance(action, Dispatch) or action.card is None or action.section is None:
            return
        t, rules = self.order[self.cursor], self.rules
        if not 0 <= action.card < len(rules.dispatch) or not rules.dispatch[action.card].pick_section:
            return
        cells = self.card_sections(t, action.card)
        if action.section not in cells:
            named = rules.section_ids[action.section] if 0 <= action.section <= rules.last_cell else ""
            what = f"section {named}" if named else f"cell {action.section}, not a section,"
            reach = rules.dispatch[action.card].section_range
            raise IllegalAction(f"round {self.round}: train {t + 1} cannot choose {what} for "
                                f"'{rules.dispatch_ids[action.card]}': sections within {reach} cells of cell "
                                f"{self.cell[t]}: {', '.join(rules.section_ids[c] for c in cells) or 'none'}")

    def _dispatch_affordable(self, combo) -> bool:
        """No player plays more copies of a dispatch kind with the reveal than it holds."""
        need: list[list[int]] = [[] for _ in range(self.players)]
        for t, op in enumerate(combo):
            if op.dispatch is not None:
                need[self.owner[t]].append(op.dispatch)
        for p in range(self.players):
            for k in need[p]:
                if need[p].count(k) > self.dispatch[p].count(k):
                    return False
        return True

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
                self._check_section(action)
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
        if not self._dispatch_affordable(action.choices):
            raise IllegalAction(f"round {self.round}: a player plays more dispatch cards of one kind than it holds")
        self.reveal([(op.slot, -1 if op.dispatch is None else op.dispatch) for op in action.choices])
        self.phase, self.cursor = MOVE, 0

    def _apply_step(self, action: Action) -> None:
        t = self.order[self.cursor]
        if isinstance(action, Move):
            self.move(t, action.cells)
            self._moved(t)
        elif isinstance(action, Siding):
            if action.enter:
                self.pull_off(t)
            self.phase = PLAY_MOVED
        elif isinstance(action, Dispatch) and self.phase == PLAY_MOVED:
            if action.card is not None:
                self.play(t, action.card, -1 if action.target is None else action.target,
                          section=-1 if action.section is None else action.section)
            self._next_mover()
        elif isinstance(action, Dispatch):
            if action.card is not None and self.rules.dispatch[action.card].draw:
                self.drawn = self.play(t, action.card, pile=-1 if action.pile is None else action.pile)
                self.booking = action.card
                self.phase = KEEP
                return
            if action.card is not None:
                self.play(t, action.card, pile=-1 if action.pile is None else action.pile)
            self.phase = BOARD
            self._stop_begin(t)
        elif isinstance(action, Keep):
            self.booking_keep(self.drawn, action.picks, action.platform)
            self.drawn, self.booking = [], -1
            self.phase = BOARD
            self._stop_begin(t)
        elif isinstance(action, Board):
            self.board(t, action.cards)
            self._stop_end(t)

    def _moved(self, t: int) -> None:
        """After train ``t``'s move: the siding question when it may pull in (ruling R25), else its dispatch cards."""
        self.phase = SIDING if self.siding_used and self.siding_open(t) >= 0 else PLAY_MOVED

    def _next_mover(self) -> None:
        self.cursor += 1
        if self.cursor < self.n:
            self.phase = MOVE
        else:
            self.phase, self.cursor = PLAY_STOP, 0

    def _stop_begin(self, t: int) -> None:
        """After any Group Booking: alight now; boarding is the decision that follows."""
        self._stopping = self.can_stop(t)
        if self._stopping:
            self.alight(t)

    def _stop_end(self, t: int) -> None:
        if self._stopping:
            self.end_stop(t)
            self._stopping = False
        self.cursor += 1
        self.phase = PLAY_STOP
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
                self._moved(t)
                continue
            if ph == SIDING:
                return
            if ph == PLAY_MOVED:
                if self.after_move_cards(t)[0]:
                    return
                self._next_mover()
                continue
            if ph == PLAY_STOP:
                if self.stop_cards(t):
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
