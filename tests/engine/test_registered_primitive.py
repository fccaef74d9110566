"""Issue 23, one place per primitive: a primitive registered from outside the built-in set (one class each,
tests/engine/primitive_plugin.py) is validated where a pack writes it, documented, played by the engine on both
drivers through its own apply(), and played by every bot: the rule-following ones by its hint (or in the last
round), the lookahead by rollouts."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.engine import GameState, compile_rules
from cardgen.engine.bots.registry import BOTS
from cardgen.engine.play.checked_loop import bot_action
from cardgen.engine.play.games import make_bots
from cardgen.engine.rules.actions import Dispatch, IllegalAction
from cardgen.engine.rules.checked import PLAY_MOVED
from cardgen.engine.rules.view import PlayerView
from cardgen.errors import ContentError
from cardgen.model import load
from cardgen.model.effects import (Lasting, PrimitiveError, Primitive, primitive_name, primitives, register_primitive,
                                   unregister_primitive)
from cardgen.model.reference import schema_reference
from tests.engine.drivers import drivers_agree, tally
from tests.engine.primitive_plugin import PRIMITIVES, Brake, MarketDay, Tip

PACK = Path(__file__).parent / "data" / "plugin-pack"
KINDS = ["tip_jar", "brake_van", "restocker"]


@pytest.fixture
def registered():
    for primitive in PRIMITIVES:
        register_primitive(primitive)
    yield
    for primitive in PRIMITIVES:
        unregister_primitive(primitive_name(primitive))


def messages(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as failed:
        load(folder)
    return [f"{p.file}:{p.line}:{p.col}: {p.message}" for p in failed.value.problems]


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_every_bot_plays_every_registered_primitive_and_it_takes_effect(registered, bot):
    content = load(PACK)
    counts = tally(content, [([bot] * 4, 6)], {"dispatch_used": KINDS})
    effective = tally(content, [([bot] * 4, 6)], {"dispatch_effective": KINDS,
                                                  "events_effective": ["tip_day", "market_day"]})
    assert all(counts[k] > 0 for k in KINDS), counts
    assert all(effective[k] > 0 for k in [*KINDS, "tip_day", "market_day"]), effective


def test_both_drivers_play_the_same_games_through_apply(registered):
    rules = compile_rules(load(PACK))
    assert rules.units
    for lineup in (["balanced", "random", "lookahead", "heavy"], ["random"] * 3, ["lookahead", "light"]):
        drivers_agree(rules, lineup, range(3))


def test_the_checked_path_lists_what_a_registered_primitive_lets_the_player_name(registered):
    rules = compile_rules(load(PACK))
    brake = rules.dispatch_ids.index("brake_van")
    for seed in range(40):
        state = GameState(rules, 4, seed)
        state.start()
        bots = make_bots(rules, ["balanced"] * 4, seed)
        views = [PlayerView(state, p) for p in range(4)]
        while not state.over and state.phase != PLAY_MOVED:
            state.apply(bot_action(state, bots, views))
        if state.over:
            continue
        t = state.current_train()
        if brake not in state.dispatch[state.owner[t]]:
            continue
        named = Brake(type="brake", amount=1, range=2).choices(state, t)
        offered = [a.target for a in state.legal_actions() if isinstance(a, Dispatch) and a.card == brake]
        assert offered == named
        if named:
            stranger = next(u for u in range(state.n) if u not in named)
            with pytest.raises(IllegalAction):
                state.apply(Dispatch(brake, target=stranger))
            return
    pytest.fail("no seed offered the brake van after a move")


def test_a_registered_primitive_is_checked_where_the_pack_writes_it(registered, tmp_path):
    for name in ("pack.yaml", "dispatch.yaml", "events.yaml"):
        (tmp_path / name).write_text((PACK / name).read_text(encoding="utf-8"), encoding="utf-8")
    text = (tmp_path / "dispatch.yaml").read_text(encoding="utf-8")
    (tmp_path / "dispatch.yaml").write_text(text.replace("{type: tip, amount: 1}", "{type: tipp, amount: 1}")
                                            .replace("{type: restock}", "{type: restock, range: 2}"),
                                            encoding="utf-8")
    got = messages(tmp_path)
    folder = tmp_path.name
    assert got[0].startswith(f"{folder}/dispatch.yaml:11:24: unknown type 'tipp'; did you mean 'tip'?")
    assert got[1] == f"{folder}/dispatch.yaml:27:33: unknown key 'range'"


def test_a_registered_event_primitive_lasts_its_rounds(registered, monkeypatch):
    """tip_day (round 7) lasts two rounds: its tip applies to every train as rounds 7 and 8 begin, beside round
    8's own card, and in no other round."""
    content = load(PACK)
    rounds, problems = content.lasting
    assert problems == []
    assert [e.type for e in rounds[8].effects if e.type == "tip"] == ["tip"] and rounds[8].card.kind != "tip_day"
    applied: list[int] = []

    def counted(self, game, train, choice):
        if game.round in (7, 8, 9) and self in game.rules.track[game.round].units:
            applied.append(game.round)
        return True

    monkeypatch.setattr(Tip, "apply", counted)
    state = GameState(compile_rules(content), 4, 1)
    state.start()
    bots = make_bots(state.rules, ["balanced"] * 4, 1)
    views = [PlayerView(state, p) for p in range(4)]
    while not state.over and state.round < 10:
        state.apply(bot_action(state, bots, views))
    assert applied == [7] * 4 + [8] * 4


def test_a_registered_event_primitive_is_given_the_station_its_card_names(registered, monkeypatch):
    """market_day (round 9, `station: S3`) is applied to every train with S3's index; its card prints the text
    its phrase generates."""
    content = load(PACK)
    rules = compile_rules(content)
    assert rules.track[9].unit_target == rules.station_ids.index("S3") and rules.track[7].unit_target == -1
    given: list[tuple[int, int]] = []

    def seen(self, game, train, choice):
        given.append((game.round, choice))
        return False

    monkeypatch.setattr(MarketDay, "apply", seen)
    state = GameState(rules, 4, 1)
    state.start()
    bots = make_bots(rules, ["balanced"] * 4, 1)
    views = [PlayerView(state, p) for p in range(4)]
    while not state.over and state.round < 10:
        state.apply(bot_action(state, bots, views))
    assert given == [(9, rules.station_ids.index("S3"))] * 4
    kind = content.event_kinds["market_day"]
    assert content.event_text(content.event_track[8][1], "en") == "Each train within 3 cells of Market scores 1."
    assert kind.text is None


def test_a_registered_primitive_lasts_on_an_event_card_only(registered, tmp_path):
    for name in ("pack.yaml", "dispatch.yaml", "events.yaml"):
        (tmp_path / name).write_text((PACK / name).read_text(encoding="utf-8"), encoding="utf-8")
    text = (tmp_path / "dispatch.yaml").read_text(encoding="utf-8")
    (tmp_path / "dispatch.yaml").write_text(text.replace("{type: tip, amount: 1}", "{type: tip, amount: 1, lasts: 3}"),
                                            encoding="utf-8")
    text = (tmp_path / "events.yaml").read_text(encoding="utf-8")
    (tmp_path / "events.yaml").write_text(text.replace("lasts: 2", "lasts: until_stop"), encoding="utf-8")
    folder = tmp_path.name
    assert messages(tmp_path) == [
        f"{folder}/dispatch.yaml:11:47: a 'tip' effect lasts beyond its round on an event card only (a registered "
        "primitive applies again as each round begins)",
        f"{folder}/events.yaml:8:47: 'until_stop' ends at a train's stop: a 'tip' effect is not carried by a train "
        "(lasts: round, a number or game)"]


def test_without_registration_the_type_is_unknown():
    got = messages(PACK)
    assert got[0].startswith("plugin-pack/dispatch.yaml:11:24: unknown type 'tip'; expected one of "
                             "ignore_boarding_limit, no_stop")


def test_the_reference_documents_a_registered_primitive(registered):
    assert Brake in primitives()
    reference = schema_reference()
    assert "### `brake`\n\nAfter the move, a train the player names within `range` cells loses `amount` W" in reference
    assert "Timings: `after_movement`. Example: `{type: brake, amount: 1}`" in reference


class Nameless(Primitive):
    """Has no type."""


class Stale(Tip):
    """A pile named after the move."""

    TIMINGS = ("after_movement",)
    CHOOSES = "pile"


class Everlasting(Brake, Lasting):
    """A brake that would last: a named train is named once, after the move."""


class Roaming(Tip):
    """A tip at a station a dispatch card would name."""

    TIMINGS = ("any_time",)
    TARGET = "station"


@pytest.mark.parametrize("cls, message", [
    (Nameless, "Nameless needs a `type: Literal[\"name\"]` field"),
    (Roaming, "primitive 'tip': TARGET ('station' or 'section') is what an event card names: TIMINGS = ('event',), "
              "and it lasts its round (no Lasting)"),
    (Everlasting, "primitive 'brake': a registered primitive lasts beyond its round on an event card (subclass "
                  "Lasting with EVENT among its TIMINGS, TRAIN_HELD False)"),
    (Stale, "primitive 'tip': a pile is named at timing 'any_time' only (TIMINGS = ('any_time',))"),
])
def test_registration_says_what_is_wrong_with_a_class(cls, message):
    with pytest.raises(PrimitiveError) as refused:
        register_primitive(cls)
    assert str(refused.value) == message


def test_a_built_in_name_cannot_be_registered_again():
    from cardgen.model.effects import NoStop
    with pytest.raises(PrimitiveError, match="primitive 'no_stop' is built in"):
        register_primitive(NoStop)
