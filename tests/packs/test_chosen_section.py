"""Issue 23: a section the player picks (`section: chosen`) on a dispatch card played after the move: the checked
path lists each section within the card's range and refuses another by name, both drivers apply it through
Core.play, a closure stops the trains still to move (ruling R26), every bot plays it by its hint, a replay names it,
the validator refuses it where it has no meaning, and the formula prints it."""

from __future__ import annotations

import pytest

from cardgen.engine import GameState, compile_rules
from cardgen.engine.rules.actions import Dispatch, IllegalAction
from cardgen.engine.rules.checked import PLAY_MOVED
from cardgen.games.rail_journey.faces.formulas import effects_formula
from cardgen.model.text import render
from tests.engine.drivers import drivers_agree, tally
from tests.packs import test_targets as targets

KINDS = """kinds:
  add:
    - id: points_failure
      icon: "P"
      copies: 4
      timing: after_movement
      name: {zh: 道岔故障, en: Points Failure}
      effects: [{type: section_closed, section: chosen, range: 2%s}]
      text: {zh: "本轮封闭你的列车 {range} 格内的一个区间", en: "Close a section within {range} cells of your train this round"}
      timing_text: {zh: 移动后, en: After the move}
    - id: flag_down
      icon: "F"
      copies: 4
      timing: after_movement
      name: {zh: 挥旗, en: Flag Down}
      effects: [{type: wait_gain, amount: 1, section: chosen, range: 2}]
      text: {zh: "{range} 格内一个区间里的每列车 W +{amount}", en: "Every train in a section within {range} cells: W +{amount}"}
      timing_text: {zh: 移动后, en: After the move}
"""


def holding(pack_dir, kind: str) -> tuple[GameState, int]:
    """A game of the pack with KINDS in which train 1's owner holds one more dispatch card of ``kind``."""
    return targets.holding(pack_dir, kind, KINDS)


def test_a_card_closes_a_section_chosen_within_range_for_the_trains_still_to_move(pack_dir):
    state, shut = holding(pack_dir, "points_failure")
    fx = state.rules.dispatch[shut]
    assert fx.pick_section and fx.section_closed and fx.section_range == 2 and not fx.pick_train
    state.cell[:4] = [4, 0, 8, 10]
    assert state.card_sections(0, shut) == [3, 5]                   # T2 and T3, either way of cell 4
    state.phase, state.cursor, state.order = PLAY_MOVED, 0, [0, 1, 2, 3]
    assert [a for a in state.legal_actions() if isinstance(a, Dispatch) and a.card == shut] == [
        Dispatch(shut, section=3), Dispatch(shut, section=5)]
    state.play(0, shut, section=3)
    assert state.closed_now(3) and not state.closed_now(5)
    # train 2, at cell 0 heading right, runs into T2 (cell 3) and stops before it; the card took effect once
    state.dir[1], state.r[1], wait = 1, 4, state.wait[1]
    effective = state.dispatch_effective[shut]
    assert state.move(1) == 2 and state.cell[1] == 2
    assert state.wait[1] == min(wait + state.rules.blocked_wait_gain, state.rules.wait_max)
    assert state.dispatch_effective[shut] == effective + 1 and not state.effective   # the card's, not the event's
    state.end_round()
    assert not state.shut and not state.closed_now(3)                # the closure lasts its round only


def test_a_card_gives_its_w_to_the_trains_in_a_section_chosen(pack_dir):
    state, flag = holding(pack_dir, "flag_down")
    state.cell[:4] = [4, 5, 5, 9]
    state.dir[:3] = [1, 1, -1]
    before = list(state.wait)
    state.play(0, flag, section=5)
    top = state.rules.wait_max
    assert state.wait == [before[0], min(before[1] + 1, top), min(before[2] + 1, top), before[3]]


def test_the_checked_path_refuses_a_section_out_of_range_by_name(pack_dir):
    state, shut = holding(pack_dir, "points_failure")
    state.cell[:4] = [4, 0, 8, 10]
    state.phase, state.cursor, state.order = PLAY_MOVED, 0, [0, 1, 2, 3]
    with pytest.raises(IllegalAction) as caught:
        state.apply(Dispatch(shut, section=9))
    assert str(caught.value) == ("round 1: train 1 cannot choose section T5 for 'points_failure': sections within 2 "
                                 "cells of cell 4: T2, T3")
    with pytest.raises(IllegalAction) as caught:
        state.apply(Dispatch(shut, section=6))
    assert str(caught.value) == ("round 1: train 1 cannot choose cell 6, not a section, for 'points_failure': "
                                 "sections within 2 cells of cell 4: T2, T3")


def test_every_bot_plays_them_and_both_drivers_agree(pack_dir):
    content = targets.every_bot_plays(pack_dir, KINDS, ["points_failure", "flag_down"])
    closed = tally(content, [(["balanced"] * 4, 12)], {"dispatch_effective": ["points_failure"]})
    assert closed["points_failure"] > 0                               # a rival was stopped by it
    drivers_agree(compile_rules(content), ["balanced", "light", "long", "lookahead"], range(2))


def test_a_bot_closes_the_section_a_rival_still_to_move_runs_into(pack_dir):
    from cardgen.engine.bots.registry import BOTS
    from cardgen.engine.rules.view import PlayerView
    state, shut = holding(pack_dir, "points_failure")
    state.cell[:4] = [4, 2, 8, 10]
    state.dir[:4] = [1, 1, -1, -1]
    state.r[:4] = [0, 3, 0, 0]
    state.order = [0, 1, 2, 3]
    assert state.owner[1] != state.owner[0]
    bot = BOTS["balanced"](state.rules, 0)
    view = PlayerView(state, state.owner[0])
    assert bot.chosen_section(view, 0, shut) == 3                    # T2: the first section of train 2's run
    state.order = [1, 0, 2, 3]                                        # train 2 moved already: nobody to stop
    assert bot.chosen_section(view, 0, shut) is None


def test_a_chosen_section_is_picked_after_the_move_for_its_round(pack_dir):
    def headlines(old: str, new: str, count: int = 1) -> list[str]:
        pack_dir.write("dispatch.yaml", KINDS.replace(old, new, count) % "")
        return pack_dir.headlines()

    assert headlines("timing: after_movement", "timing: with_operation_reveal") == [
        "tp/dispatch.yaml:8:24: kinds.add.0.effects.0.type: effect 'section_closed' cannot be used at timing "
        "'with_operation_reveal' (allowed: event, after_movement)"]
    assert headlines("timing: after_movement", "timing: any_time", 2)[1:] == [
        "tp/dispatch.yaml:16:55: kinds.add.1.effects.0.section: a chosen section is picked after the move: only at "
        "timing 'after_movement'"]
    gain = "wait_gain, amount: 1, section: chosen, range: 2"
    assert headlines(gain, gain + ", lasts: 2") == [
        "tp/dispatch.yaml:16:80: kinds.add.1.effects.0.lasts: an effect on a chosen section lasts its round only"]
    assert headlines(gain, gain.replace("range", "train: chosen, range")) == [
        "tp/dispatch.yaml:16:55: kinds.add.1.effects.0.section: an effect goes to a chosen train or to the trains in a "
        "chosen section, not both"]
    assert headlines("section: chosen, range: 2%s", "range: 2%s") == [
        "tp/dispatch.yaml:8:47: kinds.add.0.effects.0.range: 'range' is how far a chosen train or section may be: it "
        "needs train: chosen or section: chosen"]
    assert headlines("[{type: section_closed", "[{type: swap_adjacent}, {type: section_closed") == [
        "tp/dispatch.yaml:8:47: kinds.add.0.effects.1.type: 'swap_adjacent' makes the player name a train or a pile and "
        "'section_closed' a section: a card that names a section names nothing else"]
    pack_dir.write("dispatch.yaml", KINDS.replace("section: chosen, range: 2%s", "").replace(
        "{range} 格内的一个区间", "前方区间").replace("a section within {range} cells of your train", "the section ahead"))
    assert pack_dir.headlines() == [
        "tp/dispatch.yaml:8:24: kinds.add.0.effects.0.type: a dispatch card's 'section_closed' closes a section its "
        "player picks: write section: chosen"]


EVENT = """kinds:
  add:
    - id: landslip
      icon: "L"
      name: {zh: 塌方, en: Landslip}
      target: section
      effects: [{type: section_closed%s}]
      text: {zh: "{section} 封闭", en: "{section} closed"}
track:
  3: {kind: landslip, section: T2, station: null%s}
"""


def test_an_event_card_closes_its_own_section_never_a_chosen_one(pack_dir):
    pack_dir.write("events.yaml", EVENT % (", section: chosen", ""))
    assert pack_dir.headlines() == [
        "tp/events.yaml:7:49: kinds.add.0.effects.0.section: a chosen section is picked after the move: only at "
        "timing 'after_movement'"]
    pack_dir.write("events.yaml", EVENT % ("", ", values: {section: chosen}"))
    assert pack_dir.headlines() == [
        "tp/events.yaml:10:69: track.3.values.section: a chosen section is picked after the move: only at "
        "timing 'after_movement'"]


def test_the_formula_prints_the_chosen_section_by_its_range(pack_dir):
    pack_dir.write("dispatch.yaml", KINDS % "")
    content = pack_dir.content()
    kinds = {k.id: k for k in content.dispatch.kinds}
    assert effects_formula(kinds["points_failure"].effects) == "🛤±2 🚫"
    assert effects_formula(kinds["flag_down"].effects) == "🛤±2 W +1"
    shut = kinds["points_failure"]
    assert render(content, shut, shut.text, "en") == "Close a section within 2 cells of your train this round"
    assert render(content, shut, shut.text, "zh") == "本轮封闭你的列车 2 格内的一个区间"


SCRIPT = """title: t
seed: 1
content: ../tp
players:
  - {name: A, bot: heavy, dispatch: [points_failure], cards: [express, express]}
  - {name: B, bot: light, dispatch: [], cards: [express, express]}
rounds:
  2:
    A: %s
"""


def test_a_replay_names_the_chosen_section(pack_dir, tmp_path):
    import json

    from tests.untrusted.conftest import cli
    pack_dir.write("dispatch.yaml", KINDS % "")
    (tmp_path / "s").mkdir()
    script = tmp_path / "s" / "g.yaml"

    def run(decision: str):
        script.write_text(SCRIPT % decision, encoding="utf-8")
        return cli("replay", script, "--json")

    def round_2(decision: str) -> list[tuple]:
        result = run(decision)
        assert result.exit_code == 0, result.output
        return [(t["cell"], t["moved"], t["wait"]) for t in json.loads(result.output)["rounds"][1]["trains"]]

    # round 2: A moves first (W tied, the first player's) from cell 4 to 7; B, from 6 heading left, runs into T3
    assert round_2("{dispatch: none}") == [(7, 3, 1), (3, 3, 1)]
    assert round_2("{dispatch: {card: points_failure, section: T3}}") == [(7, 3, 1), (6, 0, 2)]   # stopped: W +1
    far = run("{dispatch: {card: points_failure, section: T1}}")
    assert far.exit_code == 1
    assert (f"{script}:9:51: rounds.2.A.dispatch.section: cannot choose section 'T1'; sections within 2 cells: T3, "
            "T4, T5\n") in far.output
    unnamed = run("{dispatch: {card: points_failure}}")
    assert unnamed.exit_code == 1
    assert f"{script}:9:19: rounds.2.A.dispatch: 'points_failure' needs 'section': the section the card closes\n" \
        in unnamed.output
    other = run("{dispatch: {card: points_failure, section: T1, with: B}}")
    assert other.exit_code == 1
    assert f"{script}:9:61: rounds.2.A.dispatch.with: 'points_failure' takes no 'with'\n" in other.output
