"""Replaying scripted games: the golden sample's hand-worked scores, and every bad script a located error."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.errors import ContentError
from cardgen.games.railroad_ink.model import CONTENT
from cardgen.games.railroad_ink.replay import replay

SAMPLE = CONTENT / "games" / "sample.yaml"


def test_the_sample_game_scores_as_worked_out_by_hand(content):
    report = replay(content, SAMPLE)
    assert report.ok and report.exit_code == 0
    assert report.scores == {"exits": 32, "longest_road": 11, "longest_rail": 11, "centre": 5, "errors": -6,
                             "total": 53}


def script(tmp_path: Path, old: str = "", new: str = "") -> Path:
    text = SAMPLE.read_text(encoding="utf-8")
    if old:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def problems(content, path: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        replay(content, path)
    return [p.headline() for p in caught.value.problems]


def test_a_score_that_differs_is_reported(content, tmp_path):
    report = replay(content, script(tmp_path, "errors: -6, total: 53", "errors: -5, total: 54"))
    assert report.exit_code == 1
    assert report.lines()[1:] == ["game.yaml: errors: expected -5, got -6", "game.yaml: total: expected 54, got 53",
                                  "2 score(s) differ from the script"]


@pytest.mark.parametrize("old, new, expected", [
    # an illegal placement: named with its round and why
    ("- {face: rail-straight, cell: [0, 3], orientation: 0}", "- {face: rail-straight, cell: [0, 3], orientation: 1}",
     ["game.yaml:40:9: rounds.3.moves.3: round 4: 'rail-straight' on [0, 3]: none of its road or rail sides joins "
      "a road or rail drawn before or an exit"]),
    ("- {face: road-straight, cell: [3, 0], orientation: 1}", "- {face: road-straight, cell: [3, 0], orientation: 0}",
     ["game.yaml:21:9: rounds.0.moves.3: round 1: 'road-straight' on [3, 0]: none of its road or rail sides joins a "
      "road or rail drawn before or an exit"]),
    ("- {special: rail-cross, cell: [1, 3], orientation: 0}", "- {special: road-cross, cell: [1, 3], orientation: 0}",
     ["game.yaml:41:9: rounds.3.moves.4: round 4: special route 'road-cross' was drawn before (each is drawn once)"]),
    ("- {face: overpass, cell: [5, 2], orientation: 0}", "- {face: rail-t, cell: [5, 2], orientation: 0}",
     ["game.yaml:56:9: rounds.6.moves.0: round 7: 'rail-t' is not among the dice left to draw this round "
      "(rail-straight, rail-straight, rail-straight, overpass)"]),
    ("      - {face: rail-straight, cell: [5, 6], orientation: 1}\n", "",
     ["game.yaml:56:7: rounds.6.moves: round 7: die 3 ('rail-straight') is neither drawn nor discarded"]),
    # bad values
    ("- dice: [rail-straight, rail-straight, rail-t, overpass]", "- dice: [rail-straight, rail-straight, overpass, overpass]",
     ["game.yaml:42:42: rounds.4.dice.2: round 5: 'overpass' is not a face of the route die (die 3)"]),
    ("{face: road-straight, cell: [4, 1], orientation: 0}", "{face: road-straight, cell: [4, 1], orientation: 9}",
     ["game.yaml:25:58: rounds.1.moves.0.orientation: must be at most 7, got the number 9"]),
    ("{face: road-straight, cell: [4, 1], orientation: 0}", "{face: road-straight, cell: [9, 1], orientation: 0}",
     ["game.yaml:25:9: rounds.1.moves.0: round 2: cell [9, 1] is off the 7x7 board"]),
    ("expected: {exits: 32", "expected: {exit: 32",
     ["game.yaml:60:12: expected.exit: unknown scoring row 'exit'; did you mean 'exits'? (rows: exits, "
      "longest_road, longest_rail, centre, errors, total)"]),
    ("game: railroad-ink", "game: rail-journey",
     ["game.yaml:14:7: game: expected 'railroad-ink', got text 'rail-journey'"]),
])
def test_bad_scripts_are_located(content, tmp_path, old, new, expected):
    assert problems(content, script(tmp_path, old, new)) == expected


def test_a_script_without_dice_needs_a_seed(content, tmp_path):
    path = script(tmp_path, "  - dice: [road-straight, road-straight, road-straight, overpass]\n    moves:\n"
                            "      - {face: road-straight, cell: [0, 1], orientation: 0}",
                  "  - moves:\n      - {face: road-straight, cell: [0, 1], orientation: 0}")
    assert problems(content, path) == ["game.yaml:16:5: rounds.0: round 1 lists no dice and the script has no "
                                       "seed to roll them"]


@pytest.mark.parametrize("expansion", [None, "river", "lake", "lava", "meteor"])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_a_recorded_bot_game_replays_to_the_same_scores(content, tmp_path, expansion, bot):
    import random

    from cardgen.games.railroad_ink.bots import BOTS, play_game
    from cardgen.games.railroad_ink.replay import record
    from cardgen.games.railroad_ink.rules import new_game, scores

    state = new_game(content, expansion, seed=11)
    play_game(state, [BOTS[bot]], random.Random(11))
    path = tmp_path / "recorded.yaml"
    path.write_text(record(state), encoding="utf-8")
    report = replay(content, path)
    assert report.ok, report.lines()
    assert report.scores == scores(state)[0]


def test_expansion_moves_are_checked(content, tmp_path):
    path = script(tmp_path, "      - {face: road-straight, cell: [0, 1], orientation: 0}\n",
                  "      - {volcano: [0, 0]}\n      - {face: road-straight, cell: [0, 1], orientation: 0}\n")
    assert problems(content, path) == ["game.yaml:18:9: rounds.0.moves.0: round 1: a volcano is drawn only with "
                                       "the lava expansion"]
    path = script(tmp_path, "      - {face: road-straight, cell: [0, 1], orientation: 0}\n",
                  "      - {face: road-straight, cell: [0, 1], ignore: road-cross}\n")
    assert problems(content, path) == ["game.yaml:18:9: rounds.0.moves.0: ignore goes with a meteor move"]
