"""Issue 23: targets a player picks: a train within a range (after the move) and a station's pile and platform (as
a stop begins); the checked path lists them, both drivers apply them through Core.play, every bot plays them. And a
section an event card names, for its R and W changes."""

from __future__ import annotations

from cardgen.engine import GameState, compile_rules
from cardgen.engine.rules.actions import Dispatch
from cardgen.engine.rules.checked import PLAY_MOVED, PLAY_STOP
from cardgen.engine.rules.compiled import propulsion_change
from cardgen.games.rail_journey.faces.formulas import effects_formula
from tests.engine.drivers import drivers_agree, tally

KINDS = """kinds:
  add:
    - id: give_way
      icon: "G"
      copies: 4
      timing: after_movement
      name: {zh: 让行, en: Give Way}
      effects: [{type: wait_gain, amount: 2, train: chosen, range: 3%s}]
      text: {zh: "{range} 格内一列车 W +{amount}", en: "A train within {range} cells: W +{amount}"}
      timing_text: {zh: 移动后, en: After the move}
    - id: tour_bus
      icon: "B"
      copies: 4
      timing: any_time
      name: {zh: 巴士, en: Tour Bus}
      effects: [{type: platform_extra, amount: 2}]
      text: {zh: "任选一站：{amount} 张", en: "Any station: {amount} tickets"}
      timing_text: {zh: 停靠开始时, en: As a stop begins}
"""


def holding(pack_dir, kind: str, kinds: str = KINDS) -> tuple[GameState, int]:
    """A game of the pack with ``kinds`` (dispatch.yaml) in which train 1's owner holds one more dispatch card of
    ``kind``."""
    pack_dir.write("dispatch.yaml", kinds % "")
    rules = compile_rules(pack_dir.content())
    state = GameState(rules, 4, 0)
    card = rules.dispatch_ids.index(kind)
    state.dispatch[state.owner[0]].append(card)
    return state, card


def offered(state: GameState, card: int, phase: str) -> list[Dispatch]:
    """The actions playing ``card`` the checked path lists for train 1 at ``phase``."""
    state.phase, state.cursor, state.order = phase, 0, list(range(state.n))
    return [a for a in state.legal_actions() if isinstance(a, Dispatch) and a.card == card]


def test_a_card_gives_its_effect_to_a_train_chosen_within_range(pack_dir):
    state, give = holding(pack_dir, "give_way")
    assert state.rules.dispatch[give].pick_train and state.rules.dispatch[give].wait_range == 3
    state.cell[:4] = [2, 4, 5, 9]
    assert state.card_targets(0, give) == [1, 2]
    assert offered(state, give, PLAY_MOVED) == [Dispatch(give, target=1), Dispatch(give, target=2)]
    rules = state.rules
    before = list(state.wait)
    state.play(0, give, 2)
    assert state.wait[2] == min(before[2] + 2, rules.wait_max) and state.wait[0] == before[0]


def test_a_card_deals_onto_the_platform_of_a_pile_chosen(pack_dir):
    state, bus = holding(pack_dir, "tour_bus")
    assert state.rules.dispatch[bus].pick_pile and state.rules.dispatch[bus].festival_amount == 2
    assert offered(state, bus, PLAY_STOP) == [Dispatch(bus, pile=s) for s, pile in enumerate(state.piles) if pile]
    platform, pile = list(state.platforms[3]), list(state.piles[3])
    state.play(0, bus, pile=3)
    assert state.platforms[3] == platform + pile[::-1][:2] and state.piles[3] == pile[:-2]


def every_bot_plays(pack_dir, kinds: str, ids: list[str]):
    """Every bot plays each of the dispatch kinds ``ids`` of ``kinds`` (dispatch.yaml), and both drivers agree;
    the pack's content, for more checks."""
    pack_dir.write("dispatch.yaml", kinds % "")
    content = pack_dir.content()
    lineups = [(["balanced"] * 4, 6), (["random"] * 4, 6), (["lookahead", "heavy", "light", "long"], 6)]
    for lineup, seeds in lineups:       # each bot, not only all of them together
        used = tally(content, [(lineup, seeds)], {"dispatch_used": ids})
        assert all(used.values()), (lineup, used)
    drivers_agree(compile_rules(content), ["random", "balanced", "random", "heavy"], range(3))
    return content


def test_every_bot_plays_them_and_both_drivers_agree(pack_dir):
    every_bot_plays(pack_dir, KINDS, ["give_way", "tour_bus"])


def test_a_chosen_train_is_picked_after_the_move_for_its_round(pack_dir):
    pack_dir.write("dispatch.yaml", KINDS.replace("after_movement", "any_time") % "")
    assert pack_dir.headlines() == [
        "tp/dispatch.yaml:8:53: kinds.add.0.effects.0.train: a chosen train is picked after the move: only at "
        "timing 'after_movement'"]
    pack_dir.write("dispatch.yaml", KINDS % ", lasts: 2")
    assert pack_dir.headlines() == [
        "tp/dispatch.yaml:8:78: kinds.add.0.effects.0.lasts: an effect on a chosen train lasts its round only"]
    pack_dir.write("dispatch.yaml", KINDS.replace("train: chosen, ", "") % "")
    assert pack_dir.headlines() == [
        "tp/dispatch.yaml:8:53: kinds.add.0.effects.0.range: 'range' is how far a chosen train or section may be: it "
        "needs train: chosen or section: chosen"]


GALE = """kinds:
  add:
    - id: gale
      icon: "G"
      name: {zh: 强风, en: Gale}
      target: section
      effects: [{type: propulsion, amount: -2%s}]
      text: {zh: "{section} 内列车 R {amount:+}", en: "Trains in {section}: R {amount:+}"}
track:
  3: {kind: gale, section: T2, station: null}
"""


def test_an_event_may_aim_at_the_section_its_card_names(pack_dir):
    pack_dir.write("events.yaml", GALE % "")
    content = pack_dir.content()
    rules = compile_rules(content)
    gale, t2 = rules.track[3], content.sections["T2"].cell
    assert gale.propulsion_cell == t2 and content.event_text(content.events.track[3], "en") == "Trains in T2: R −2"
    assert effects_formula(content.card_effects(content.events.track[3]), content.events.track[3]) == "T2 R −2"
    state = GameState(rules, 4, 0)
    state.cell[0], state.cell[1] = t2, t2 + 2
    assert [propulsion_change(gale, 0, state.place_of(t)) for t in (0, 1)] == [-2, 0]
    assert propulsion_change(gale, 0) == -2      # a bot predicting without a place: it counts
    pack_dir.write("events.yaml", GALE % ", lasts: 2")
    assert pack_dir.headlines() == [
        "tp/events.yaml:7:55: kinds.add.0.effects.0.lasts: a 'propulsion' at one section lasts its round only"]


SCRIPT = """title: t
seed: 1
content: ../tp
players:
  - {name: A, bot: heavy, dispatch: [give_way]}
  - {name: B, bot: light, dispatch: []}
rounds:
  %d:
    A: %s
"""


def test_a_replay_names_the_chosen_train(pack_dir, tmp_path):
    import json

    from tests.untrusted.conftest import cli
    pack_dir.write("dispatch.yaml", KINDS % "")
    (tmp_path / "s").mkdir()
    script = tmp_path / "s" / "g.yaml"

    def wait_of_b(decision: str, rnd: int = 2) -> int:
        script.write_text(SCRIPT % (rnd, decision), encoding="utf-8")
        result = cli("replay", script, "--json")
        assert result.exit_code == 0, result.output
        return json.loads(result.output)["rounds"][rnd - 1]["trains"][1]["wait"]

    # round 2: B stands in A's section after the moves; A's card gives it W +2
    assert wait_of_b("{dispatch: {card: give_way, with: B}}") == wait_of_b("{dispatch: none}") + 2
    script.write_text(SCRIPT % (1, "{dispatch: {card: give_way, with: B}}"), encoding="utf-8")
    result = cli("replay", script)
    assert result.exit_code == 1
    assert (f"{script}:9:19: rounds.1.A.dispatch: 'give_way' cannot be played after the move in round 1: the player "
            "did not hold it, or no other train stood within its range") in result.output
