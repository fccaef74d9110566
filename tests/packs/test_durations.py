"""Issue 23: an event or a dispatch card's effect lasts its round, N rounds, until a train's stop or the rest of the
game."""

from __future__ import annotations

from cardgen.engine import GameState
from cardgen.engine.rules.compiled import compile_rules
from cardgen.games.rail_journey.faces.formulas import effects_formula

FOG = """kinds:
  add:
    - id: fog
      icon: "F"
      name: {zh: 雾, en: Fog}
      effects: [{type: propulsion, amount: -1, lasts: 3}]
      text: {zh: "{lasts} 轮内 R {amount:+}", en: "For {lasts} rounds: R {amount:+}"}
"""


def test_an_effect_lasts_its_rounds_and_adds_to_theirs(pack_dir):
    pack_dir.write("events.yaml", FOG + "track:\n  3: {kind: fog, station: null}\n"
                   "  18: {kind: fog, values: {lasts: game}}\n")
    content = pack_dir.content()
    rules = compile_rules(content)
    # round 3's fog: rounds 3-5; round 4's Rainstorm (R −1) adds up; round 5's Track Works keeps its closure
    assert [rules.track[r].propulsion for r in (3, 4, 5, 6)] == [-1, -2, -1, 0]
    assert rules.track[5].closed_cell == content.sections["T3"].cell
    assert rules.event_ids[rules.track[5].kind] == "track_works"
    # round 18's fog with its own `lasts: game`: every later round of the track
    assert [rules.track[r].propulsion for r in (17, 18, 19, 20)] == [0, -1, -1, -2]
    assert content.event_text(content.events.track[3], "en") == "For 3 rounds: R −1"
    assert effects_formula(content.card_effects(content.events.track[3])) == "R −1 ⏳3"
    assert effects_formula(content.card_effects(content.events.track[18])) == "R −1 ⏳∞"


def test_effects_that_cannot_be_combined_are_located_at_the_lasting_card(pack_dir):
    pack_dir.write("events.yaml", FOG + "track:\n  3: {kind: fog, station: null, values: {min_load: 5}}\n")
    assert pack_dir.headlines() == [
        "tp/events.yaml:9:6: track.3: two 'propulsion' effects in force in one round apply to different loads "
        "(0-50 and 5-50): round 3's effect lasts into round 4"]


def test_an_operation_card_does_not_last(pack_dir):
    pack_dir.write("operations.yaml", "kinds:\n  change:\n    - id: wait\n"
                   "      effects: [{type: wait_gain, amount: 2, lasts: 2}]\n")
    assert pack_dir.headlines() == [
        "tp/operations.yaml:4:53: kinds.change.0.effects.0.lasts: 'lasts' is how long an event or a dispatch card's "
        "effect lasts: only an event or a dispatch card can have it"]


def reveal_with(state, t: int, card: int) -> None:
    """Round of ``state`` where train ``t`` plays dispatch card ``card`` with the reveal, nobody else anything."""
    state.dispatch[state.owner[t]].append(card)
    state.reveal([(0, card if u == t else -1) for u in range(state.n)])


def finish_round(state, stop: set[int]) -> None:
    """The rest of the round with no move: the trains in ``stop`` make a stop (alight, then its last step)."""
    for u in sorted(stop):
        state.alight(u)
        state.end_stop(u)
    state.end_round()


def test_a_dispatch_card_lasts_its_rounds(pack_dir):
    pack_dir.write("dispatch.yaml", "kinds:\n  change:\n    - id: signal_priority\n"
                   "      effects: [{type: propulsion, amount: 2, lasts: 2}]\n")
    rules = compile_rules(pack_dir.content())
    signal = rules.dispatch_ids.index("signal_priority")
    state = GameState(rules, 4, 0)
    plain = GameState(rules, 4, 0)
    reveal_with(state, 0, signal)
    plain.reveal([(0, -1)] * plain.n)
    assert state.r[0] == rules.propulsion(rules.op_values[state.card[0]], 0, 2 + _event_r(state))
    finish_round(state, {0})
    finish_round(plain, {0})
    for rnd in (2, 3):    # round 2: still +2 (it lasts 2 rounds), stop or not; round 3: over
        state.reveal([(0, -1)] * state.n)
        plain.reveal([(0, -1)] * plain.n)
        carried = 2 if rnd == 2 else 0
        assert state.r[0] == rules.propulsion(rules.op_values[state.card[0]], 0, carried + _event_r(state)), rnd
        finish_round(state, set())
        finish_round(plain, set())


def _event_r(state) -> int:
    return state.event.propulsion if state.event is not None else 0


def test_until_a_stop_each_train_carries_it_to_its_own_stop(pack_dir):
    pack_dir.write("dispatch.yaml", "kinds:\n  change:\n    - id: signal_priority\n"
                   "      effects: [{type: capacity, amount: 2, lasts: until_stop}]\n")
    rules = compile_rules(pack_dir.content())
    signal = rules.dispatch_ids.index("signal_priority")
    state = GameState(rules, 4, 0)
    reveal_with(state, 0, signal)
    reveal_card = state.card[0]
    assert state.cap_now(0) == rules.cap + 2 + rules.op_capacity[reveal_card]
    finish_round(state, set())            # no stop this round: train 1 carries it on
    state.reveal([(0, -1)] * state.n)
    assert state.cap_now(0) == rules.cap + 2 + rules.op_capacity[state.card[0]]
    finish_round(state, {0})              # its next stop ends it
    state.reveal([(0, -1)] * state.n)
    assert state.cap_now(0) == rules.cap + rules.op_capacity[state.card[0]] and state.held[0] == []


def test_an_event_until_a_stop_follows_each_train(pack_dir):
    pack_dir.write("events.yaml", FOG.replace("lasts: 3", "lasts: until_stop").replace("{lasts} 轮内", "停靠前")
                   .replace("For {lasts} rounds", "Until your next stop") + "track:\n  1: {kind: fog}\n")
    content = pack_dir.content()
    rules = compile_rules(content)
    assert rules.track[1].propulsion == -1 and rules.track[1].held >= 0
    assert effects_formula(content.card_effects(content.events.track[1])) == "R −1 ⏳🚉"
    state = GameState(rules, 4, 0)
    state.reveal([(0, -1)] * state.n)
    finish_round(state, {1})                 # train 2 stops in round 1: the fog ends for it; the others carry it
    assert [len(h) for h in state.held] == [1, 0, 1, 1]
    state.reveal([(0, -1)] * state.n)
    assert state.r[0] == rules.propulsion(rules.op_values[state.card[0]], 0, -1 + _event_r(state))
    assert state.r[1] == rules.propulsion(rules.op_values[state.card[1]], 0, _event_r(state))


def test_only_a_trains_effect_lasts_until_a_stop(pack_dir):
    pack_dir.write("events.yaml", "kinds:\n  add:\n    - id: fair\n      icon: F\n      name: {zh: 集, en: Fair}\n"
                   "      effects: [{type: delivery_bonus, amount: 2, lasts: until_stop}]\n"
                   "      text: {zh: \"加 {amount}\", en: \"plus {amount}\"}\n")
    assert pack_dir.headlines() == [
        "tp/events.yaml:6:58: kinds.add.0.effects.0.lasts: 'until_stop' ends at a train's stop: a 'delivery_bonus' "
        "effect is not carried by a train (lasts: round, a number or game)"]


def test_a_track_cards_own_until_stop_is_checked_too(pack_dir):
    pack_dir.write("events.yaml", "track:\n  8: {kind: crowded_train, values: {lasts: until_stop}}\n")
    assert pack_dir.headlines()[:1] == [
        "tp/events.yaml:2:44: track.8.values.lasts: 'until_stop' ends at a train's stop: a 'boarding_limit' "
        "effect is not carried by a train (lasts: round, a number or game)"]


CROWD = """kinds:
  add:
    - id: crowd
      icon: "C"
      name: {zh: 人潮, en: Crowd}
      effects: [{type: boarding_limit, amount: 1%s}]
      target: station
      text: {zh: "{station} 限 {amount}", en: "{station}: {amount} per stop"}
track:
  8: {kind: crowd, station: S3%s}
"""


def test_a_boarding_limit_at_one_station_lasts_its_round_only(pack_dir):
    pack_dir.write("events.yaml", CROWD % ("", ""))
    content = pack_dir.content()
    rules = compile_rules(content)
    assert rules.track[8].limit_station == rules.station_ids.index("S3")
    assert effects_formula(content.card_effects(content.events.track[8]), content.events.track[8]) == "S3 🎫 ≤ 1"
    pack_dir.write("events.yaml", CROWD % (", lasts: 2", ""))
    assert pack_dir.headlines() == [
        "tp/events.yaml:6:58: kinds.add.0.effects.0.lasts: a 'boarding_limit' at one station lasts its round only"]
    pack_dir.write("events.yaml", CROWD % ("", ", values: {lasts: 2}"))
    assert pack_dir.headlines() == ["tp/events.yaml:10:41: track.8.values: an effect at one station lasts its "
                                    "round only"]


def test_only_an_event_or_dispatch_card_asks_where_a_train_stands(pack_dir):
    pack_dir.write("operations.yaml", "kinds:\n  change:\n    - id: wait\n"
                   "      effects: [{type: wait_gain, amount: 2, at: station}]\n")
    assert pack_dir.headlines() == [
        "tp/operations.yaml:4:50: kinds.change.0.effects.0.at: 'at' is a condition on where a train stands or heads: "
        "only an event or a dispatch card can have it"]
