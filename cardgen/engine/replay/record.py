"""What a replay shows beyond the trains: start positions, platform queues, deliveries, dispatch cards used.

Read from the game state after set-up and after every round, so a script can
see (and ``expect:``) every fact a rule decides: where each train starts, which
tickets wait on each platform, each delivery (ticket, on time or late, points)
and which dispatch card each player spent that round.
"""

from __future__ import annotations

from cardgen.engine.rules.state import GameState


def place_name(rules, cell: int, siding: int = -1) -> str:
    """The station or section at ``cell``, or the siding (ruling R25) a train stands in there."""
    if siding >= 0:
        return rules.siding_ids[siding]
    s = rules.station_of_cell[cell]
    return rules.station_ids[s] if s >= 0 else rules.section_ids[cell]


def platforms(state: GameState) -> dict[str, list[str]]:
    """Station id -> ticket kinds waiting on its platform, in the order they were laid."""
    rules = state.rules
    return {rules.station_ids[s]: [rules.ticket_ids[rules.card_kind[c]] for c in queue]
            for s, queue in enumerate(state.platforms)}


class Recorder:
    """Turns the state into the replay's start row and per-round extras, remembering what it already showed."""

    def __init__(self, state: GameState, labels: list[str], players: list[str]):
        self.labels, self.players = labels, players
        self.delivered = len(state.delivery_log)
        self.hands = [list(hand) for hand in state.dispatch]

    def start(self, state: GameState) -> dict:
        """Set-up: each train's start cell and direction, the platforms and the dispatch cards dealt."""
        rules = state.rules
        return {
            "trains": [{"train": self.labels[t], "cell": state.cell[t], "place": place_name(rules, state.cell[t]),
                        "direction": "right" if state.dir[t] > 0 else "left"} for t in range(state.n)],
            "platforms": platforms(state),
            "dispatch": {self.players[p]: [rules.dispatch_ids[k] for k in hand]
                         for p, hand in enumerate(state.dispatch)},
        }

    def extras(self, state: GameState) -> dict:
        """This round's platforms (after refills), deliveries and dispatch cards spent."""
        rules = state.rules
        deliveries = []
        for card, (p, boarded, clock, points) in zip(state.delivered_cards[self.delivered:],
                                                     state.delivery_log[self.delivered:]):
            k = rules.card_kind[card]
            deliveries.append({"player": self.players[p], "ticket": rules.ticket_ids[k], "boarded": boarded,
                               "delivered": clock, "on_time": rules.on_time(k, boarded, clock),
                               "points": points})
        self.delivered = len(state.delivery_log)
        used = {}
        for p, hand in enumerate(state.dispatch):
            left = list(hand)
            spent = []
            for k in self.hands[p]:
                if k in left:
                    left.remove(k)
                else:
                    spent.append(rules.dispatch_ids[k])
            if spent:
                used[self.players[p]] = spent
            self.hands[p] = list(hand)
        return {"platforms": platforms(state), "deliveries": deliveries, "dispatch_used": used}
