"""Issue 10 item 7: a scripted decision that cannot apply is a located error, never silently ignored."""

from __future__ import annotations

import pytest

from tests.untrusted.conftest import cli

HEAD = """title: t
seed: 1
players:
  - {name: A, bot: heavy, cards: [limited_express], dispatch: []}
  - {name: B, bot: light, dispatch: []}
rounds:
  1:
"""


@pytest.mark.parametrize("decision, message", [
    ("{swap: Z}", "8:15: rounds.1.A.swap: unknown train 'Z'; trains are A, B"),
    ("{swap: A}", "8:15: rounds.1.A.swap: a train cannot swap with itself"),
    ("{swap: B}", "8:15: rounds.1.A.swap: swap cannot apply in round 1: no swap was possible (the player held "
                  "no Passing Swap card, or no train was adjacent)"),
    ("{signal: true}", "8:17: rounds.1.A.signal: signal cannot apply in round 1: the player held no Signal "
                       "Priority card"),
    ("{card: express}", "8:15: rounds.1.A.card: card cannot apply in round 1: the card is chosen only with "
                        "options.hand_size > 1"),
    ("{board: [S1-S2]}", "8:16: rounds.1.A.board: board cannot apply in round 1: the train did not stop at a "
                         "station where a ticket could board"),
])
def test_a_decision_that_cannot_apply_is_located(tmp_path, decision, message):
    script = tmp_path / "g.yaml"
    script.write_text(HEAD + f"    A: {decision}\n", encoding="utf-8")
    result = cli("replay", script)
    assert result.exit_code == 1
    assert f"{script}:{message}" in result.output


def test_decisions_that_ask_for_nothing_fit_any_round(tmp_path):
    script = tmp_path / "g.yaml"
    script.write_text(HEAD + "    A: {board: [], swap: none, signal: false}\n", encoding="utf-8")
    assert cli("replay", script).exit_code == 0


def test_signal_without_the_card_is_refused_when_the_card_choice_is_asked(tmp_path):
    """With a hand to choose from the operation is asked every round, so the card is checked there."""
    script = tmp_path / "g.yaml"
    script.write_text("title: t\nseed: 1\noptions: {hand_size: 2}\nplayers:\n  - {name: A, bot: heavy, dispatch: []}\n"
                      "  - {name: B, bot: light, dispatch: []}\nrounds:\n  1:\n    A: {signal: true}\n",
                      encoding="utf-8")
    result = cli("replay", script)
    assert result.exit_code == 1
    assert (f"{script}:9:17: rounds.1.A.signal: signal cannot apply in round 1: the player held no Signal "
            "Priority card") in result.output
