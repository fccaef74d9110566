"""Issue 23 item 6: a track card carries its own effect values; an operation card's value depends on the train."""

from __future__ import annotations

from cardgen.engine.rules.compiled import compile_rules
from cardgen.model import load
from cardgen.games.rail_journey.faces.formulas import operation_formulas

SNOW = """kinds:
  add:
    - id: heavy_snow
      icon: "S"
      name: {zh: 大雪, en: Heavy Snow}
      effects: [{type: propulsion, amount: -2, min_load: 5}]
      text: {zh: "编成至少 {min_load}：R {amount:+}", en: "Carrying {min_load}+: R {amount:+}"}
"""


def test_a_track_card_changes_its_own_values_only(pack_dir):
    pack_dir.write("events.yaml", SNOW + "track:\n  4: {kind: heavy_snow}\n"
                   "  12: {kind: heavy_snow, values: {amount: -3, min_load: 4}}\n  20: {kind: heavy_snow}\n")
    content = pack_dir.content()
    rules = compile_rules(content)
    assert [(rules.track[r].propulsion, rules.track[r].propulsion_min_load) for r in (4, 12, 20)] == [
        (-2, 5), (-3, 4), (-2, 5)]
    assert content.event_text(content.events.track[12], "en") == "Carrying 4+: R −3"
    assert content.event_text(content.events.track[20], "en") == "Carrying 5+: R −2"


def test_a_card_value_with_a_problem_is_located_at_the_card(pack_dir):
    pack_dir.write("events.yaml", SNOW + "track:\n"
                   "  4: {kind: heavy_snow, values: {amount: -30}}\n"
                   "  12: {kind: heavy_snow, values: {draw: 2}}\n"
                   "  20: {kind: heavy_snow, values: {min_load: 60}}\n"
                   "  18: {kind: heavy_snow, values: {max_load: 2}}\n")
    assert pack_dir.headlines() == [
        "tp/events.yaml:9:42: track.4.values.amount: must be at least -20, got the number -30",
        "tp/events.yaml:10:41: track.12.values.draw: no effect of this kind has 'draw' (fields: amount, at, heading, "
        "lasts, max_deliveries, max_load, max_score, min_deliveries, min_load, min_score, played)",
        "tp/events.yaml:11:45: track.20.values.min_load: must be at most 50, got the number 60",
        "tp/events.yaml:12:45: track.18.values.max_load: max_load is below min_load: no train qualifies",
    ]


def test_a_field_of_two_effects_must_name_its_effect(pack_dir):
    pack_dir.write("events.yaml", """kinds:
  change:
    - {id: fine_weather, effects: [{type: propulsion, amount: 1}, {type: wait_gain, amount: 1}], text: {zh: 晴, en: Sun}}
track:
  9: {kind: fine_weather, values: {amount: 2}}
  18: {kind: fine_weather, values: {wait_gain.amount: 2}}
""")
    assert pack_dir.headlines() == [
        "tp/events.yaml:5:44: track.9.values.amount: 'amount' is a field of several effects of this kind: write "
        "'propulsion.amount' or 'wait_gain.amount'"]
    pack_dir.write("events.yaml", """kinds:
  change:
    - {id: fine_weather, effects: [{type: propulsion, amount: 1}, {type: wait_gain, amount: 1}], text: {zh: 晴, en: Sun}}
track:
  18: {kind: fine_weather, values: {wait_gain.amount: 2}}
""")
    rules = compile_rules(load(pack_dir.root))
    assert (rules.track[18].propulsion, rules.track[18].wait_gain) == (1, 2)
    assert (rules.track[1].propulsion, rules.track[1].wait_gain) == (1, 1)


CLIMB = """kinds:
  change:
    - id: rapid
      value_when:
        - {min_load: 6, value: 1}
        - {max_clock: 12, value: 4}
      text: {zh: "推进 {value}；编成至少 {min_load_1} 时 {value_1}", en: "Advance {value}; {value_1} from {min_load_1}"}
"""


def test_an_operation_value_depends_on_load_and_clock(pack_dir):
    pack_dir.write("operations.yaml", CLIMB)
    content = pack_dir.content()
    rules = compile_rules(content)
    kind = next(k for k in content.operations.kinds if k.id == "rapid")
    k = rules.op_ids.index("rapid")
    for load_, clock, want in ((7, 10, 1), (2, 10, 4), (2, 13, kind.value), (6, 20, 1)):
        assert rules.op_value(k, load_, clock) == content.operation_value(kind, load_, clock) == want
    assert rules.best_op_value == 4                  # a case may exceed every plain value
    assert operation_formulas(content, kind)[1:3] == ["N ≥ 6: C 1", "🕐 ≤ 12: C 4"]
    assert content.operation_set_propulsion == load().operation_set_propulsion   # totals count `value`


def test_value_cases_are_checked_where_written(pack_dir):
    pack_dir.write("operations.yaml", """kinds:
  change:
    - id: rapid
      value_when:
        - {min_load: 6, max_load: 3, value: 1}
      text: {zh: "推进 {value}，{value_2}", en: "Advance {value}, {value_2}"}
""")
    assert pack_dir.headlines() == [
        "tp/operations.yaml:5:35: kinds.change.0.value_when.0.max_load: max_load is below min_load: no train "
        "qualifies",
        "tp/operations.yaml:6:30: kinds.change.0.text.zh: unknown placeholder '{value_2}'; did you mean "
        "'value_1'? known: max_load_1, min_load_1, value, value_1",
        "tp/operations.yaml:6:64: kinds.change.0.text.en: unknown placeholder '{value_2}'; did you mean "
        "'value_1'? known: max_load_1, min_load_1, value, value_1",
    ]
