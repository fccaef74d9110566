"""`cardgen replay`: output for people and machines, located errors for bad scripts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from cardgen.engine.replay import command as replay_command
from cardgen.engine.replay.scripted import replay_file
from cardgen.engine.replay.script import ScriptError

GAME = Path(__file__).resolve().parents[2] / "games" / "sample-4p.yaml"


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def _root() -> None:
        """Test app holding only the replay command."""

    replay_command.register(app)
    return app


def run(*args: str):
    return CliRunner().invoke(_app(), ["replay", *args])


def test_json_output_has_every_round_and_train():
    res = run(str(GAME), "--json")
    assert res.exit_code == 0, res.stderr
    data = json.loads(res.stdout)
    assert len(data["rounds"]) == 22
    first = data["rounds"][0]
    assert first["clock"] == 1
    assert {t["train"] for t in first["trains"]} == {"阿重", "小急", "老均", "阿远"}
    assert set(first["trains"][0]) >= {"cell", "direction", "load", "wait", "delays", "score"}


def test_table_output_and_byte_identical_reruns():
    a, b = run(str(GAME)), run(str(GAME))
    assert a.exit_code == 0
    assert a.stdout == b.stdout
    assert "Round 22" in a.stdout and "winner" in a.stdout


def _script(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return path


BASE = """\
seed: 3
players:
  - {name: A, bot: heavy, cards: [express]}
  - {name: B, bot: light}
"""


@pytest.mark.parametrize("extra, line, needle", [
    ("rounds:\n  1:\n    A: {board: [S9-S1]}\n", 7, "unknown ticket kind"),
    ("rounds:\n  1:\n    C: {board: []}\n", 7, "unknown train 'C'"),
    ("rounds:\n  1:\n    A: {fly: true}\n", 7, "unknown decision 'fly'"),
    ("piles:\n  S2: [S1-S2]\n", 6, "not in the S2 pile"),
    ("options: {hand_size: 0}\n", 5, "whole number of at least 1, got 0"),
    ("options: {stop_short: \"no\"}\n", 5, "expected true or false, got 'no'"),
    ("options: {hand_size: \"3\"}\n", 5, "whole number of at least 1, got '3'"),
    ("options: {late_events: sometimes}\n", 5, "expected 'none' or 'repeat_last'"),
    ("options: {flying: true}\n", 5, "unknown option 'flying'"),
    ("options: {hand_size: 10}\n", 5, "larger than the 9-card operation set"),
    ("rounds:\n  1:\n    A: {board: [S3-S1]}\n", 7, "no 'S3-S1' ticket waits here"),
    ("rounds:\n  1:\n    A: {board: S1-S2}\n", 7, "expected a list, got text 'S1-S2'"),
    ("rounds:\n  40:\n    A: {board: []}\n", 6, "never played"),
    ("rounds:\n  1:\n    A: {dispatch: 1}\n", 7, "expected none, a dispatch card id,"),
    ("rounds:\n  1:\n    A: {dispatch: {card: group_booking, pile: S1, take: 1}}\n", 7,
     "unknown key 'take'; known: card, with, section, pile, keep, platform"),
    ("rounds:\n  1:\n    A: {signal: true}\n", 7, "unknown decision 'signal'; known: board, card, dispatch, move, siding"),
    # these three were tracebacks or passed unchecked
    ("rounds:\n  1:\n    5: {board: []}\n", 7, "a train label is a player's name (or NAME/N), not 5"),
    ("piles:\n  S1: [{a: 1}]\n", 6, "expected text, got a mapping of keys"),
    ("rounds:\n  1:\n    A/1: {board: []}\n", 7, "unknown train 'A/1'; trains are A, B"),
    ("variant: single_line\n", 5, "variant 'single_line' (rules 9.5) is for 5 players, not 2"),
])
def test_bad_scripts_get_located_errors(tmp_path, extra, line, needle):
    _located(tmp_path, BASE + extra, line, needle)


@pytest.mark.parametrize("keep, got", [("[]", 0), ("[S3-S6, S3-S2]", 2)])
def test_a_booking_keeping_the_wrong_number_is_refused_at_its_keep(tmp_path, keep, got):
    """keep: [] or two tickets printed the internal Keep(...) objects at the round, not at the keep."""
    script = BASE.replace("bot: heavy, cards: [express]", "bot: heavy, cards: [express], dispatch: [group_booking]")
    script += f"rounds:\n  1:\n    A: {{dispatch: {{card: group_booking, pile: S3, keep: {keep}}}}}\n"
    problem = _located(tmp_path, script, 7, "keep 1 of the tickets drawn (")
    assert problem.message.endswith(f"not {got}") and "Keep(" not in problem.message


def _located(tmp_path, text, line, needle):
    path = _script(tmp_path, text)
    with pytest.raises(ScriptError) as info:
        replay_file(path)
    problem = info.value.problems[0]
    assert needle in problem.message
    assert problem.line == line
    res = run(str(path))
    assert res.exit_code == 1
    assert f"game.yaml:{line}:" in res.stderr and "Traceback" not in res.stderr
    return problem


def test_impossible_card_order_points_at_the_card(tmp_path):
    path = _script(tmp_path, "seed: 1\nplayers:\n  - {name: A, bot: heavy, cards: [wait, wait]}\n"
                             "  - {name: B, bot: light}\n")
    with pytest.raises(ScriptError) as info:
        replay_file(path)
    problem = info.value.problems[0]
    assert problem.path == "players.0.cards.1" and "not left in its deck" in problem.message


def test_unreadable_and_missing_files_exit_1(tmp_path):
    bad = _script(tmp_path, "players: [\n")
    res = run(str(bad))
    assert res.exit_code == 1 and "invalid YAML" in res.stderr
    res = run(str(tmp_path / "nope.yaml"))
    assert res.exit_code == 1 and "missing" in res.stderr


def test_wrong_player_count_is_refused(tmp_path):
    path = _script(tmp_path, "players:\n  - {name: A, bot: heavy}\n")
    res = run(str(path))
    assert res.exit_code == 1 and "1 players" in res.stderr


def test_two_locomotive_scripts_label_trains_per_player(tmp_path):
    path = _script(tmp_path, "variant: two_locomotives\nseed: 2\nplayers:\n  - {name: A, bot: balanced}\n"
                             "  - {name: B, bot: heavy}\nrounds:\n  1:\n    A/2: {board: []}\n")
    replay = replay_file(path)
    assert replay.labels == ["A/1", "B/1", "B/2", "A/2"]
    assert replay.rounds[0]["trains"][3]["load"] == 0      # A/2 boarded nobody in round 1


def test_unknown_variant_is_a_clear_error(tmp_path):
    path = _script(tmp_path, "variant: turbo\n" + BASE)
    res = run(str(path))
    assert res.exit_code == 1 and "unknown variant 'turbo'" in res.stderr
    assert "game.yaml:1:10: variant:" in res.stderr and "variants.yaml" not in res.stderr
    assert "known variants: beginner," in res.stderr
    assert "    variant: turbo\n             ^" in res.stderr      # the line and a caret, as `validate` prints


def test_a_valid_option_value_is_applied(tmp_path):
    from cardgen.engine.replay.script import read_script

    script = read_script(_script(tmp_path, BASE + "options: {stop_short: true, hand_size: 3, seating: round_robin}\n"))
    assert (script.options.stop_short, script.options.hand_size, script.options.seating) == (True, 3, "round_robin")


@pytest.mark.parametrize("hands, path, needle", [
    (["[swap, swap, swap]", "[]"], "players.0.dispatch", "3 dispatch cards dealt; each player is dealt 2"),
    (["[swap, swap]", "[swap, swap]", "[group_booking, swap]", "[swap]"], "players.3.dispatch.0",
     "more 'swap' cards dealt than the 5 in the dispatch deck"),
])
def test_scripted_dispatch_deal_is_checked_against_the_deck(tmp_path, hands, path, needle):
    players = "".join(f"  - {{name: P{i}, bot: light, dispatch: {hand}}}\n" for i, hand in enumerate(hands))
    with pytest.raises(ScriptError) as info:
        replay_file(_script(tmp_path, "players:\n" + players))
    problem = info.value.problems[0]
    assert problem.path == path and needle in problem.message
    assert problem.line == 2 + int(path.split(".")[1])


def test_no_dispatch_variant_deals_no_dispatch_cards(tmp_path):
    path = _script(tmp_path, "variant: no_dispatch\n" + BASE.replace("light}", "light, dispatch: [swap]}"))
    with pytest.raises(ScriptError) as info:
        replay_file(path)
    assert "each player is dealt 0" in info.value.problems[0].message


# Player A holds Signal Priority and Group Booking; S4's pile puts S4-S6 first among the cards a booking draws.
BOOKING = """\
seed: 5
players:
  - {name: A, bot: heavy, cards: [express], dispatch: [signal_priority, group_booking]}
  - {name: B, bot: light, dispatch: []}
piles:
  S4: [S4-S5, S4-S1, S4-S2, S4-S6, S4-S3, S4-S3]
rounds:
  1:
"""


def test_scripted_signal_priority_and_group_booking(tmp_path):
    """Round 1: Signal Priority adds its R; Group Booking draws below the platform and keeps one."""
    path = _script(tmp_path, BOOKING + "    A: {dispatch: [signal_priority, {card: group_booking, pile: S4, "
                                       "keep: [S4-S6]}], board: [S4-S6, S4-S5]}\n")
    from cardgen.engine import compile_rules
    from cardgen.model import load

    rules = compile_rules(load())
    first = replay_file(path).rounds[0]["trains"][0]
    ev = rules.track[1]
    express = rules.op_values[rules.op_ids.index("express")]
    assert first["r"] == express + ev.propulsion + rules.dispatch[rules.dispatch_ids.index("signal_priority")].propulsion
    assert first["place"] == "S4"
    assert first["aboard"] == ["S4-S6", "S4-S5"]


def test_scripted_booking_of_a_ticket_not_drawn_is_located(tmp_path):
    path = _script(tmp_path, BOOKING + "    A: {dispatch: [signal_priority, {card: group_booking, pile: S4, "
                                       "keep: [S4-S1]}]}\n")
    with pytest.raises(ScriptError) as info:
        replay_file(path)
    assert info.value.problems[0].path == "rounds.1.A.dispatch.1.keep"
    assert "was not drawn" in info.value.problems[0].message


def test_a_passing_swap_never_lands_a_train_in_a_closed_section(tmp_path):
    """The swap card ignores blocking, not closures (5.4: a closed section may be entered from neither line):
    D swapped with B into T5 while Track Works closed it, in the same round C was stopped before T5."""
    path = _script(tmp_path, """\
seed: 1
events: {1: none, 2: {kind: track_works, section: T5}}
piles: {S5: [S5-S4, S5-S3, S5-S2]}
players:
  - {name: A, bot: balanced, dispatch: []}
  - {name: B, bot: balanced, cards: [local, wait], dispatch: []}
  - {name: C, bot: balanced, dispatch: []}
  - {name: D, bot: balanced, cards: [wait, local], dispatch: [swap]}
rounds:
  1: {D: {board: [S5-S4, S5-S3, S5-S2], dispatch: none}}
  2: {D: {board: [], dispatch: {card: swap, with: B}}}
""")
    res = run(str(path))
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert f"{path}:11:" in res.stderr and "swap" in res.stderr, res.stderr


def test_a_booking_without_a_platform_under_any_platform_goes_to_its_origin(tmp_path):
    """Under booking_platform: any, the rules function (and the simulator's fast loop) took a booking that names
    no platform, but the checked path offered only named platforms: the replay refused the same move."""
    path = _script(tmp_path, """\
seed: 1
options: {booking_platform: any}
players:
  - {name: A, bot: balanced, cards: [rapid], dispatch: [group_booking]}
  - {name: B, bot: balanced, dispatch: []}
rounds:
  1: {A: {dispatch: {card: group_booking, pile: S3}}}
""")
    res = run(str(path), "--json")
    assert res.exit_code == 0, res.stderr


@pytest.mark.parametrize("expect, line, needle", [
    ("expect: {rounds: [{A: {score: 999}}]}\n", 5, "expected a mapping of keys, got a list of 1 item"),
    ("expect: {rounds: {3: 42}}\n", 5, "expected a mapping of keys, got the number 42"),
])
def test_an_expect_of_the_wrong_shape_fails_instead_of_checking_nothing(tmp_path, expect, line, needle):
    """These passed with exit 0: a typo turned a self-checking script into one that always passes."""
    path = _script(tmp_path, BASE + expect)
    res = run(str(path))
    assert res.exit_code == 1, res.output
    assert f"game.yaml:{line}:" in res.stderr and needle in res.stderr, res.stderr


SIDING_SCRIPT = """\
content: content
seed: 3
events: {1: none, 2: none}
players:
  - {name: A, bot: light, cards: [local, rapid], dispatch: []}
  - {name: B, bot: light, cards: [local, rapid], dispatch: []}
rounds:
"""


def _siding_content(tmp_path: Path) -> None:
    """The bundled content with siding P1 beside T1 (cell 1), where a Local from Central ends its move."""
    from tests.content_copy import copy_with
    last = "  - {id: T5, cell: 9, between: [S5, S6]}\n"
    copy_with(tmp_path / "content", "map.yaml", last, last + "sidings:\n  - {id: P1, cell: 1, name: {zh: 中央待避线, "
              "en: Central Loop}}\n")


def test_a_scripted_siding_move_is_played_and_shown(tmp_path):
    _siding_content(tmp_path)
    replay = replay_file(_script(tmp_path, SIDING_SCRIPT + "  1: {A: {siding: true}}\n"))
    first, second = ({t["train"]: t for t in row["trains"]} for row in replay.rounds[:2])
    assert (first["A"]["cell"], first["A"]["place"]) == (1, "P1")    # pulled off the line beside T1
    assert (second["A"]["cell"], second["A"]["place"]) == (3, "T2")  # the Rapid (2) leaves it: S2, then T2
    stays = replay_file(_script(tmp_path, SIDING_SCRIPT + "  1: {A: {siding: false}}\n"))
    assert {t["train"]: t["place"] for t in stays.rounds[0]["trains"]}["A"] == "T1"


def test_a_siding_move_where_there_is_no_siding_is_located(tmp_path):
    _siding_content(tmp_path)
    problem = _located(tmp_path, SIDING_SCRIPT + "  2: {A: {siding: true}}\n", 8, "siding cannot apply in round 2")
    assert problem.message == ("siding cannot apply in round 2: the train's move did not end in a section beside a "
                               "siding with room (ruling R25)")
    bad = _located(tmp_path, SIDING_SCRIPT + "  1: {A: {siding: maybe}}\n", 8, "true or false")
    assert (bad.path, bad.message) == ("rounds.1.A.siding", "expected true or false, got text 'maybe'")
