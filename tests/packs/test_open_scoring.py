"""Issue 23 item 5: open scoring: a round bonus per delivery and end-of-game awards."""

from __future__ import annotations

from cardgen.engine import GameState, compile_rules
from cardgen.engine.play.games import make_bots, run_fast
from cardgen.games.rail_journey.faces.reference import quick_reference_data
from cardgen.games.rail_journey.faces.words import Words

AWARD = """scoring:
  awards:
    - {most: on_time, points: 4, text: {zh: "准点最多：{points:+}", en: "Most on time: {points:+}"}}
"""
BONUS = """kinds:
  add:
    - id: rush
      icon: "R"
      name: {zh: 高峰, en: Rush}
      effects: [{type: delivery_bonus, amount: 3, lasts: 2}]
      text: {zh: "每次送达 {amount:+}", en: "Each delivery {amount:+}"}
track:
  9: {kind: rush}
"""


def test_a_round_bonus_and_an_award_score(pack_dir):
    pack_dir.write("game.yaml", AWARD).write("events.yaml", BONUS)
    content = pack_dir.content()
    rules = compile_rules(content)
    assert [rules.track[r].delivery_bonus for r in (8, 9, 10, 11)] == [0, 3, 3, 0]
    clocks = {clock_before: rnd for rnd, clock_before in _clock_by_round(content).items()}
    bonus_seen = 0
    for seed in range(6):
        state = GameState(rules, 4, seed)
        run_fast(state, make_bots(rules, ["heavy", "light", "balanced", "long"], seed), check_invariants=True)
        on_time = [d - late for d, late in zip(state.delivered, state.late)]
        assert state.award == [4 if n == max(on_time) else 0 for n in on_time]
        for card, (_p, boarded, delivered, points) in zip(state.delivered_cards, state.delivery_log):
            k = rules.card_kind[card]
            fare = rules.points(k, rules.on_time(k, boarded, delivered))
            assert points == fare + (3 if clocks[delivered] in (9, 10) else 0)
            bonus_seen += clocks[delivered] in (9, 10)
    assert bonus_seen


def _clock_by_round(content) -> dict[int, int]:
    """The clock each round is played at (deliveries are stamped with it)."""
    out, clock = {}, content.game.clock.start
    for rnd, after, _ in content.round_schedule():
        out[rnd] = clock
        clock = after
    return out


def test_the_quick_reference_prints_the_award(pack_dir):
    pack_dir.write("game.yaml", AWARD)
    content = pack_dir.content()
    ref = quick_reference_data(content, Words(content, "en"), content.printing.full_set, 4)
    assert "Most on time: +4" in ref["scoring"]


def test_a_bonus_of_zero_and_an_unknown_award_placeholder_are_refused(pack_dir):
    pack_dir.write("game.yaml", AWARD.replace("{points:+}\"}", "{amount}\"}"))
    pack_dir.write("events.yaml", BONUS.replace("amount: 3", "amount: 0"))
    assert pack_dir.headlines() == [
        "tp/events.yaml:6:48: kinds.add.0.effects.0.amount: an amount of 0 changes nothing",
        "tp/game.yaml:3:83: scoring.awards.0.text.en: unknown placeholder '{amount}'; known: points",
    ]


def test_a_fare_depends_on_the_delivery_time(pack_dir):
    pack_dir.write("tickets.yaml", "kinds:\n  add:\n    - {id: S1-S6.early, origin: S1, destination: S6, copies: 1, "
                   "fare_when: [{max_clock: 12, fare: 22}, {min_clock: 18, fare: 10}]}\n")
    rules = compile_rules(pack_dir.content())
    k = rules.ticket_ids.index("S1-S6.early")
    divisor = rules.late_fare_divisor
    assert [rules.points(k, True, clock) for clock in (9, 12, 13, 18)] == [22, 22, 14, 10]
    assert rules.points(k, False, 10) == 22 // divisor and rules.points(k, True) == 14
    pack_dir.write("tickets.yaml", "kinds:\n  add:\n    - {id: S1-S6.early, origin: S1, destination: S6, copies: 1, "
                   "fare_when: [{min_clock: 14, max_clock: 12, fare: 22}]}\n")
    assert pack_dir.headlines() == [
        "tp/tickets.yaml:3:104: kinds.add.0.fare_when.0.max_clock: max_clock is below min_clock: never true"]


def test_a_track_card_whose_own_bonus_is_zero_is_refused(pack_dir):
    """The card's own values meet the kind's rule: a bonus of 0 changes nothing (capacity and size alike)."""
    pack_dir.write("events.yaml", BONUS.replace("  9: {kind: rush}", "  9: {kind: rush, values: {amount: 0}}"))
    assert pack_dir.headlines() == [
        "tp/events.yaml:9:36: track.9.values.amount: an amount of 0 changes nothing",
    ]
