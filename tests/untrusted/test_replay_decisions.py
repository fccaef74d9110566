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
    ("{dispatch: {card: swap, with: Z}}", "8:38: rounds.1.A.dispatch.with: unknown train 'Z'; trains are A, B"),
    ("{dispatch: {card: swap, with: A}}", "8:38: rounds.1.A.dispatch.with: a train cannot swap with itself"),
    ("{dispatch: {card: swap, with: B}}", "8:19: rounds.1.A.dispatch: 'swap' cannot be played after the move in "
                                          "round 1: the player did not hold it, or a swap found no train adjacent"),
    ("{dispatch: [signal_priority]}", "8:20: rounds.1.A.dispatch.0: 'signal_priority' cannot be played with the "
                                      "operation card in round 1: the player did not hold it"),
    ("{dispatch: [signal_pririty]}", "8:20: rounds.1.A.dispatch.0: unknown dispatch card 'signal_pririty'; known: "
                                     "swap, signal_priority, group_booking"),
    ("{dispatch: {card: swap}}", "8:19: rounds.1.A.dispatch: 'swap' needs 'with': the train a swap is made with"),
    ("{dispatch: {card: signal_priority, pile: S1}}", "8:49: rounds.1.A.dispatch.pile: 'signal_priority' takes no "
                                                      "'pile'"),
    ("{dispatch: [{card: swap, with: B}, {card: swap, with: B}]}", "8:43: rounds.1.A.dispatch.1: 'swap' and 'swap' are both played "
                                                  "after the move: one dispatch card per timing and round"),
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
    script.write_text(HEAD + "    A: {board: [], dispatch: none}\n    B: {dispatch: []}\n", encoding="utf-8")
    assert cli("replay", script).exit_code == 0


def test_a_card_not_held_is_refused_when_the_card_choice_is_asked(tmp_path):
    """With a hand to choose from the operation is asked every round, so the card is checked there."""
    script = tmp_path / "g.yaml"
    script.write_text("title: t\nseed: 1\noptions: {hand_size: 2}\nplayers:\n  - {name: A, bot: heavy, dispatch: []}\n"
                      "  - {name: B, bot: light, dispatch: []}\nrounds:\n  1:\n    A: {dispatch: signal_priority}\n",
                      encoding="utf-8")
    result = cli("replay", script)
    assert result.exit_code == 1
    assert (f"{script}:9:19: rounds.1.A.dispatch: 'signal_priority' cannot be played with the operation card in "
            "round 1: the player did not hold it") in result.output
