"""Issue 23 item 4: an event card's effect lasts its round, N rounds or the rest of the game."""

from __future__ import annotations

from cardgen.engine.rules.compiled import compile_rules
from cardgen.render.faces.formulas import effects_formula

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


def test_only_an_event_card_lasts(pack_dir):
    pack_dir.write("dispatch.yaml", "kinds:\n  change:\n    - id: signal_priority\n"
                   "      effects: [{type: propulsion, amount: 2, lasts: 2}]\n")
    assert pack_dir.headlines() == [
        "tp/dispatch.yaml:4:54: kinds.change.0.effects.0.lasts: 'lasts' is how long an event card's effect lasts: "
        "only an event card can have it"]


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
