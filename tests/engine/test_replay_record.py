"""Replay output that can test every rule (issue 13 item 6): start positions, platform queues, per-delivery
records, dispatch cards used, and ``expect:`` assertions that make a script a self-checking test."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.engine.replay.scripted import replay_file
from cardgen.engine.replay.script import ScriptError

GAME = Path(__file__).resolve().parents[2] / "games" / "sample-4p.yaml"


def script(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_start_row_has_positions_platforms_and_dispatch():
    start = replay_file(GAME).start
    assert [(t["train"], t["cell"], t["direction"]) for t in start["trains"]] == [
        ("阿重", 0, "right"), ("小急", 10, "left"), ("老均", 4, "right"), ("阿远", 8, "left")]
    assert start["platforms"]["S3"] == ["S3-S6", "S3-S6", "S3-S5"]   # the sample's scripted S3 pile
    assert start["dispatch"] == {"阿重": [], "小急": [], "老均": [], "阿远": []}


def test_round_rows_have_platforms_and_deliveries():
    rounds = replay_file(GAME).rounds
    r6 = rounds[5]
    # 7.4 R06: 小急 delivers the S4-S2 ticket boarded at clock 0 late (2 points); 阿重 two S3-S6 on time
    assert {"player": "小急", "ticket": "S4-S2", "boarded": 0, "delivered": 5, "on_time": False,
            "points": 2} in r6["deliveries"]
    assert [d["ticket"] for d in r6["deliveries"] if d["player"] == "阿重"] == ["S3-S6", "S3-S6"]
    assert sum(len(r["deliveries"]) for r in rounds) == sum(f["delivered"] for f in replay_file(GAME).final)
    assert set(r6["platforms"]) == {"S1", "S2", "S3", "S4", "S5", "S6"}


def test_dispatch_cards_used_are_shown(tmp_path):
    path = script(tmp_path, "seed: 2\nplayers:\n  - {name: A, bot: heavy, dispatch: [signal_priority]}\n"
                            "  - {name: B, bot: light, dispatch: []}\nrounds:\n  1:\n    A: {dispatch: signal_priority}\n")
    rows = replay_file(path).rounds
    assert rows[0]["dispatch_used"] == {"A": ["signal_priority"]}
    assert all(not r["dispatch_used"] for r in rows[1:])


EXPECTING = """\
seed: 3
players:
  - {name: A, bot: heavy, cards: [express]}
  - {name: B, bot: light}
expect:
  start: {A: {cell: 0, direction: right}}
  rounds:
    1:
      A: {card: express, moved: 4}
      clock: 1
  final: {A: {bot: heavy}}
"""


def test_expect_met_runs_clean(tmp_path):
    replay = replay_file(script(tmp_path, EXPECTING))
    assert replay.rounds[0]["trains"][0]["card"] == "express"


def test_expect_mismatches_are_located(tmp_path):
    path = script(tmp_path, EXPECTING.replace("moved: 4", "moved: 2").replace("clock: 1", "clock: 7\n    40: {clock: 1}")
                  .replace("direction: right", "direction: left"))
    with pytest.raises(ScriptError) as info:
        replay_file(path)
    got = [p.headline() for p in info.value.problems]
    assert got == [
        f"{path}:6:35: expect.start.A.direction: expected 'left', got 'right'",
        f"{path}:9:33: expect.rounds.1.A.moved: expected 2, got 4",
        f"{path}:10:14: expect.rounds.1.clock: expected 7, got 1",
        f"{path}:11:9: expect.rounds.40: round 40 is never played (the game has 22 rounds)",
    ]


def test_expect_unknown_names_are_located(tmp_path):
    path = script(tmp_path, EXPECTING.replace("clock: 1", "C: {cell: 1}").replace("final: {A: {bot: heavy}}",
                                                                                   "final: {A: {colour: red}}"))
    with pytest.raises(ScriptError) as info:
        replay_file(path)
    messages = [p.message for p in info.value.problems]
    assert messages[0].startswith("'C' is neither a train nor a field of the round; known: A, B, round, clock")
    assert messages[1].startswith("no 'colour' here; known: player, bot, score")


def test_events_override_rounds_of_the_track(tmp_path):
    base = "seed: 3\nplayers:\n  - {name: A, bot: heavy}\n  - {name: B, bot: light}\n"
    text = base + "events: {1: none, 2: rainstorm, 3: {kind: festival, station: S5}}\n"
    rows = replay_file(script(tmp_path, text)).rounds
    assert [r["event"] for r in rows[:4]] == [None, "rainstorm", "festival", "rainstorm"]
    plain = replay_file(script(tmp_path, base)).rounds
    assert [r["event"] for r in plain[:2]] == ["fine_weather", "fallen_leaves"]


@pytest.mark.parametrize("events, col, message", [
    ("{2: hailstorm}", 13, "unknown event kind 'hailstorm'"),
    ("{30: rainstorm}", 10, "round 30 is after the track's last round (20)"),
    ("{3: festival}", 13, "'festival' needs station: one of S1, S2, S3, S4, S5, S6"),
    ("{3: {kind: rainstorm, station: S2}}", 13, "'rainstorm' takes no target, not station"),
])
def test_events_override_mistakes_are_located(tmp_path, events, col, message):
    base = "seed: 3\nplayers:\n  - {name: A, bot: heavy}\n  - {name: B, bot: light}\n"
    with pytest.raises(ScriptError) as info:
        replay_file(script(tmp_path, base + f"events: {events}\n"))
    problem = info.value.problems[0]
    assert (problem.line, problem.col) == (5, col) and problem.message.startswith(message)


def test_variants_combine_in_order(tmp_path):
    base = "seed: 3\nplayers:\n  - {name: A, bot: heavy}\n  - {name: B, bot: light}\n"
    replay = replay_file(script(tmp_path, base + "variant: [beginner, no_dispatch]\n"))
    assert replay.start["dispatch"] == {"A": [], "B": []}           # no_dispatch
    assert max(t["load"] for r in replay.rounds for t in r["trains"]) <= 6   # beginner's cap
    assert len(replay.rounds) == 21                                  # beginner's track keeps one hold
    with pytest.raises(ScriptError) as info:
        replay_file(script(tmp_path, base + "variant: [beginner, begginer]\n"))
    assert info.value.problems[0].path == "variant.1" and "did you mean 'beginner'" in info.value.problems[0].message


TWO_LOCOS = """\
seed: 3
variant: two_locomotives
players:
  - {name: A, bot: heavy, cards: {1: [express, express], 2: [local]}}
  - {name: B, bot: light}
"""


def test_two_locomotives_script_each_trains_cards(tmp_path):
    first = replay_file(script(tmp_path, TWO_LOCOS)).rounds[0]["trains"]
    cards = {t["train"]: t["card"] for t in first}
    assert cards["A/1"] == "express" and cards["A/2"] == "local"
    second = replay_file(script(tmp_path, TWO_LOCOS)).rounds[1]["trains"]
    assert {t["train"]: t["card"] for t in second}["A/1"] == "express"


def test_two_locomotives_card_mistakes_are_located(tmp_path):
    with pytest.raises(ScriptError) as info:
        replay_file(script(tmp_path, TWO_LOCOS.replace("2: [local]", "3: [local]")))
    assert info.value.problems[0].message == "train 3 does not exist: this player runs 2 train(s)"
    with pytest.raises(ScriptError) as info:
        replay_file(script(tmp_path, TWO_LOCOS.replace("2: [local]", "2: [local, local]")))
    assert info.value.problems[0].path == "players.0.cards.2.1"
    with pytest.raises(ScriptError) as info:
        replay_file(script(tmp_path, TWO_LOCOS.replace("{1: [express, express], 2: [local]}", "[express]")))
    assert info.value.problems[0].message.startswith("this player runs 2 trains: give cards per train")


BOOKING = """\
seed: 2
players:
  - {name: A, bot: heavy, dispatch: [group_booking]}
  - {name: B, bot: light, dispatch: []}
rounds:
  1:
    A: {dispatch: {card: group_booking, pile: S1, keep: [KEEP], platform: S3}}
"""


def test_booking_target_platform_needs_the_r7_option(tmp_path):
    with pytest.raises(ScriptError) as info:
        replay_file(script(tmp_path, BOOKING.replace("keep: [KEEP], ", "")))
    assert info.value.problems[0].path == "rounds.1.A.dispatch.platform"
    assert "needs options: {booking_platform: any} (R7)" in info.value.problems[0].message


def test_booking_target_platform_lays_the_ticket_there(tmp_path):
    text = BOOKING.replace("keep: [KEEP], ", "") + "options: {booking_platform: any}\n"
    replay = replay_file(script(tmp_path, text))
    assert replay.rounds[0]["dispatch_used"] == {"A": ["group_booking"]}
    s3 = replay.rounds[0]["platforms"]["S3"]
    assert any(kind.startswith("S1-") for kind in s3), s3   # an S1 ticket waits at S3: laid there, not at S1


def test_table_output_shows_start_deliveries_and_platforms():
    from cardgen.engine.replay.command import format_replay
    text = format_replay(replay_file(GAME))
    assert "Start  阿重 S1 ->, 小急 S6 <-, 老均 S3 ->, 阿远 S5 <-" in text
    round6 = text.split("Round 6 ")[1].split("Round 7 ")[0]
    assert "  delivered: 小急 S4-S2 late 2; " in round6
    assert "  platforms: S1 [" in round6
