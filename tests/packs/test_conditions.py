"""Issue 23: conditions on the operation card a train played and on its owner's score and deliveries, composing
with the load, place and heading conditions, read by both drivers through one function."""

from __future__ import annotations

from cardgen.engine import GameState
from cardgen.engine.rules.compiled import compile_rules, propulsion_change, wait_change
from cardgen.games.rail_journey.faces.formulas import effects_formula


def signal(extra: str) -> str:
    return ("kinds:\n  change:\n    - id: signal_priority\n"
            f"      effects: [{{type: propulsion, amount: 2{extra}}}]\n")


def event(kind: str, effect: str) -> str:
    return f"kinds:\n  change:\n    - id: {kind}\n      effects: [{effect}]\n"


def test_an_effect_may_ask_for_the_card_played(pack_dir):
    pack_dir.write("dispatch.yaml", signal(", played: [local, express], min_load: 0"))
    content = pack_dir.content()
    rules = compile_rules(content)
    fx = rules.dispatch[rules.dispatch_ids.index("signal_priority")]
    local, rapid, express = (rules.op_ids.index(k) for k in ("local", "rapid", "express"))
    assert [propulsion_change(fx, 0, card=k) for k in (local, rapid, express, -1)] == [2, 0, 2, 0]
    assert propulsion_change(fx, 0) == 2           # a bot predicting without the card: it counts
    assert effects_formula(next(k for k in content.dispatch.kinds if k.id == "signal_priority").effects) == "R +2 (🃏 local / express)"
    for card, boost in ((local, 2), (rapid, 0)):
        state = GameState(rules, 4, 0)
        state.forced[0] = [card]
        state.dispatch[state.owner[0]].append(rules.dispatch_ids.index("signal_priority"))
        state.reveal([(0, rules.dispatch_ids.index("signal_priority"))] + [(0, -1)] * (state.n - 1))
        assert state.card[0] == card
        assert state.r[0] == rules.propulsion(rules.op_values[card], 0, boost + state.event.propulsion)


def test_an_effect_may_ask_for_the_owners_score_and_deliveries(pack_dir):
    pack_dir.write("events.yaml", event("fine_weather", "{type: propulsion, amount: 1, min_score: 10, "
                                                        "max_deliveries: 3, max_load: 4}"))
    content = pack_dir.content()
    rules = compile_rules(content)
    sun = rules.track[1]
    assert [propulsion_change(sun, 0, score=s, delivered=d) for s, d in ((10, 3), (9, 3), (10, 4), (50, 0))] == \
        [1, 0, 0, 1]
    assert propulsion_change(sun, 5, score=10, delivered=0) == 0   # and the load condition still holds
    assert effects_formula(content.event_kinds["fine_weather"].effects) == "R +1 (N ≤ 4, Σ ≥ 10, 🎫✓ ≤ 3)"
    state = GameState(rules, 4, 0)
    state.score[state.owner[0]] = 10
    state.reveal([(0, -1)] * state.n)
    assert [state.r[t] - rules.propulsion(rules.op_values[state.card[t]], 0, 0) for t in (0, 1)] == [1, 0]


def test_an_events_w_reads_the_card_played_the_round_before(pack_dir):
    pack_dir.write("events.yaml", event("fallen_leaves", "{type: wait_gain, amount: 1, played: [local]}"))
    rules = compile_rules(pack_dir.content())
    leaves = rules.track[2]
    local = rules.op_ids.index("local")
    assert [wait_change(leaves, 0, card=k) for k in (local, -1)] == [1, 0]
    state = GameState(rules, 4, 0)
    state.forced[0], state.forced[1] = [local], [rules.op_ids.index("rapid")]
    state.reveal([(0, -1)] * state.n)
    before = list(state.wait)
    for t in state.order:
        state.move(t, 0)
    state.end_round()                        # round 2 begins: its event reads round 1's cards
    assert state.wait[0] == before[0] + 1 and state.wait[1] == before[1]


def test_a_card_played_names_an_operation_kind(pack_dir):
    pack_dir.write("dispatch.yaml", signal(", played: [lcoal]"))
    assert pack_dir.headlines() == [
        "tp/dispatch.yaml:4:56: kinds.change.0.effects.0.played.0: unknown operation kind 'lcoal'; "
        "did you mean 'local'?"]


def test_crossed_bounds_and_operation_cards_are_refused(pack_dir):
    pack_dir.write("dispatch.yaml", signal(", min_score: 30, max_score: 20"))
    assert pack_dir.headlines() == [
        "tp/dispatch.yaml:4:73: kinds.change.0.effects.0.max_score: max_score is below min_score: "
        "no train qualifies"]
    pack_dir.write("dispatch.yaml", signal(""))
    pack_dir.write("operations.yaml", "kinds:\n  change:\n    - id: wait\n"
                   "      effects: [{type: wait_gain, amount: 2, min_deliveries: 2}]\n")
    assert pack_dir.headlines() == [
        "tp/operations.yaml:4:62: kinds.change.0.effects.0.min_deliveries: 'min_deliveries' is a condition on the "
        "card a train played or its owner's score or deliveries: only an event or a dispatch card can have it"]


def test_effects_in_force_together_share_their_conditions(pack_dir):
    pack_dir.write("events.yaml", "kinds:\n  add:\n    - id: fog\n      icon: F\n      name: {zh: 雾, en: Fog}\n"
                   "      effects: [{type: propulsion, amount: -1, lasts: 2, min_score: 5}]\n"
                   "      text: {zh: \"R {amount:+}\", en: \"R {amount:+}\"}\n"
                   "track:\n  3: {kind: fog, station: null}\n")
    assert pack_dir.headlines() == [
        "tp/events.yaml:9:6: track.3: two 'propulsion' effects in force in one round apply to trains meeting "
        "different conditions (min_score): round 3's effect lasts into round 4"]
