"""Issue 23: a card of a deck carries its own numbers (`cards:` on an operation or dispatch kind). Each such card
is a kind of its own (`KIND.2`) that prints and plays its numbers, the kind keeps its other copies, a condition
naming the kind names its cards too, and what is wrong is located where the pack writes it."""

from __future__ import annotations

import re

from cardgen.engine import compile_rules
from cardgen.engine.play.games import play_game
from cardgen.games.rail_journey.faces.design import build_faces
from cardgen.model import load
from cardgen.model.deck_cards import expanded

DISPATCH = """kinds:
  change:
    - id: signal_priority
      cards:
        - {copies: 1, values: {amount: 3}}
"""
OPERATIONS = """set_totals: {cards: 9, propulsion: 21}
kinds:
  change:
    - id: rapid
      cards:
        - {copies: 1, values: {value: 3}}
"""


def test_a_card_with_its_own_numbers_is_a_kind_of_its_own(pack_dir):
    content = pack_dir.write("dispatch.yaml", DISPATCH).write("operations.yaml", OPERATIONS).content()
    dispatch = {k.id: k for k in content.dispatch.kinds}
    assert (dispatch["signal_priority"].copies, dispatch["signal_priority.2"].copies) == (4, 1)
    assert [e.amount for e in dispatch["signal_priority.2"].effects] == [3]
    assert dispatch["signal_priority.2"].name == dispatch["signal_priority"].name
    ops = {k.id: k for k in content.operations.kinds}
    assert (ops["rapid"].value, ops["rapid"].copies, ops["rapid.2"].value, ops["rapid.2"].copies) == (2, 2, 3, 1)
    assert content.operation_set_propulsion == 21 and content.dispatch_count == load().dispatch_count
    faces = {f.id: re.sub(r"<[^>]+>|\s+", "", f.html) for f in build_faces(content, lang="en")}
    assert "YourpropulsionRis+3thisround." in faces["dispatch-signal_priority.2"]
    assert "YourpropulsionRis+2thisround." in faces["dispatch-signal_priority"]
    assert "Advance3." in faces["operation-red-rapid.2"]


def test_the_engine_deals_and_plays_the_cards_and_a_condition_on_the_kind_names_them(pack_dir):
    conditioned = "      effects: [{type: propulsion, amount: 2, played: [rapid]}]\n      cards:"
    pack_dir.write("dispatch.yaml", DISPATCH.replace("      cards:", conditioned))
    content = pack_dir.write("operations.yaml", OPERATIONS).content()
    rules = compile_rules(content)
    assert rules.dispatch_ids.count("signal_priority.2") == 1 and "rapid.2" in rules.op_ids
    who = rules.dispatch[rules.dispatch_ids.index("signal_priority.2")].propulsion_who
    named = {rules.op_ids[k] for k in range(len(rules.op_ids)) if who.cards >> k & 1}
    assert named == {"rapid", "rapid.2"}
    plain = pack_dir.write("dispatch.yaml", DISPATCH).content()
    played = [play_game(plain, ["heavy", "light", "balanced", "long"], seed) for seed in range(40)]
    assert sum(r.cards_played["rapid.2"] for r in played) > 0
    assert sum(r.dispatch_used["signal_priority.2"] for r in played) > 0


def test_what_is_wrong_with_a_card_is_located_where_the_pack_writes_it(pack_dir):
    pack_dir.write("dispatch.yaml", """kinds:
  change:
    - id: signal_priority
      cards:
        - {copies: 4, values: {amount: 3}}
        - {copies: 2, values: {draw: 2}}
""")
    pack_dir.write("operations.yaml", OPERATIONS.replace("{value: 3}", "{value: 99}"))
    assert pack_dir.headlines() == [
        "tp/dispatch.yaml:5:9: kinds.change.0.cards: 6 copies with their own values, but the kind has 5",
        "tp/dispatch.yaml:6:38: kinds.change.0.cards.1.values.draw: no effect of this kind has 'draw' (fields: "
        "amount, at, heading, lasts, max_deliveries, max_load, max_score, min_deliveries, min_load, min_score, "
        "played)",
        "tp/operations.yaml:1:36: set_totals.propulsion: values add up to 117, set_totals say 21",
        "tp/operations.yaml:6:39: kinds.change.0.cards.0.values.value: an operation card's value is a whole number "
        "0 to 20",
    ]


def test_content_without_such_cards_is_left_as_it_is():
    base = load()
    assert expanded(base) is base


def test_a_card_whose_id_is_a_kind_of_the_deck_already_is_refused(pack_dir):
    pack_dir.write("dispatch.yaml", DISPATCH.replace("kinds:\n", "kinds:\n  add:\n    - {id: signal_priority.2, icon: "
                                                     "\"🚥\", copies: 1, timing: with_operation_reveal, "
                                                     "name: {zh: 二, en: Two}, timing_text: {zh: 时, en: With it}, "
                                                     "effects: [{type: propulsion, amount: 1}]}\n", 1))
    assert pack_dir.headlines() == [
        "tp/dispatch.yaml:7:11: kinds.change.0.cards.0: this card is 'signal_priority.2', already a kind's id"]
