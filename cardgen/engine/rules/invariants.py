"""Facts that must hold after every round of every game, whatever the bots do.

Used by ``play_game(check_invariants=True)`` and by the test harness; a
violation is an engine bug, so it raises :class:`InvariantError`, not a
user-facing :class:`CardgenError`.
"""

from __future__ import annotations

from cardgen.engine.rules.state import GameState


class InvariantError(AssertionError):
    """The engine broke one of its own invariants."""


def check_state(state: GameState) -> None:
    """Raise :class:`InvariantError` naming the first broken invariant."""
    rules = state.rules
    where = f"round {state.round}"
    # section lines
    for c in range(rules.first_cell, rules.last_cell + 1):
        if rules.station_of_cell[c] >= 0:
            continue
        on_line = [t for t in range(state.n) if state.cell[t] == c and state.siding[t] < 0]   # R25: sidings apart
        right = sum(1 for t in on_line if state.dir[t] > 0)
        left = sum(1 for t in on_line if state.dir[t] < 0)
        if (right, left) != (state.occ_right[c], state.occ_left[c]):
            raise InvariantError(f"{where}: occupancy of cell {c} is stale")
        worst = max(right, left) if rules.double_track else right + left
        if worst > rules.line_capacity:
            raise InvariantError(f"{where}: section {rules.section_ids[c]} holds {right} right / {left} left trains")
    # sidings (ruling R25): a train stands in the siding of its own cell; none holds more than its capacity
    for sd, used in enumerate(state.siding_used):
        inside = [t for t in range(state.n) if state.siding[t] == sd]
        if len(inside) != used:
            raise InvariantError(f"{where}: siding {rules.siding_ids[sd]} counts {used} trains, holds {len(inside)}")
        if used > rules.siding_capacity[sd]:
            raise InvariantError(f"{where}: siding {rules.siding_ids[sd]} holds {used} trains, capacity "
                                 f"{rules.siding_capacity[sd]}")
    for t in range(state.n):
        sd = state.siding[t]
        if sd >= 0 and rules.siding_of_cell[state.cell[t]] != sd:
            raise InvariantError(f"{where}: train {t + 1} is in siding {rules.siding_ids[sd]} away from its cell "
                                 f"{state.cell[t]}")
    # tickets conserved
    total = len(rules.card_kind)
    counted = (sum(map(len, state.piles)) + sum(map(len, state.platforms)) + sum(map(len, state.aboard))
               + len(state.delivered_cards) + len(state.discarded) + len(state.drawn))
    if counted != total:
        raise InvariantError(f"{where}: {counted} tickets accounted for, {total} printed")
    seen = [c for group in (state.piles, state.platforms, state.aboard) for lst in group for c in lst]
    seen += state.delivered_cards + state.discarded + state.drawn
    if len(set(seen)) != total:
        raise InvariantError(f"{where}: a ticket is in two places at once")
    for t in range(state.n):
        places = sum(rules.ticket_seats[rules.card_kind[c]] for c in state.aboard[t])
        if places != state.places[t]:
            raise InvariantError(f"{where}: train {t + 1} composition {state.places[t]} but carries {places} places")
        if places > rules.max_cap:
            raise InvariantError(f"{where}: train {t + 1} carries {places} places, cap {rules.max_cap}")
        if state.wait[t] < 0:
            raise InvariantError(f"{where}: train {t + 1} has negative W")
        if not rules.first_cell <= state.cell[t] <= rules.last_cell:
            raise InvariantError(f"{where}: train {t + 1} is off the map at cell {state.cell[t]}")
        d = state.dir[t]
        if (state.cell[t] == rules.first_cell and d < 0) or (state.cell[t] == rules.last_cell and d > 0):
            raise InvariantError(f"{where}: train {t + 1} faces off the end of the line")
    # operation cards conserved
    for t in range(state.n):
        cards = sorted(state.deck[t] + state.discard[t] + state.hand[t])
        if cards != sorted(rules.deck):
            raise InvariantError(f"{where}: train {t + 1}'s operation cards are not one full set")
    # score = deliveries (recomputed from fares and deadlines) + end bonuses
    earned = [0] * state.players
    late = [0] * state.players
    # a round's delivery bonus (open scoring) comes on top of the fare: one of those the track holds
    bonuses = {0} | {ev.delivery_bonus for ev in rules.track.values()}
    for card, (p, boarded, delivered, points) in zip(state.delivered_cards, state.delivery_log):
        k = rules.card_kind[card]
        on_time = rules.on_time(k, boarded, delivered)
        if points - rules.points(k, on_time, delivered) not in bonuses:
            raise InvariantError(f"{where}: ticket {rules.ticket_ids[k]} scored {points}")
        earned[p] += points
        late[p] += not on_time
    for p in range(state.players):
        if state.score[p] != earned[p] + state.bonus[p] + state.penalty[p] + state.award[p] or state.late[p] != late[p]:
            raise InvariantError(f"{where}: player {p + 1} score {state.score[p]} is not deliveries plus bonuses")
